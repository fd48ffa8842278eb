"""Undaunted (CR 702.125).

702.125a: undaunted means "This spell costs {1} less to cast for each opponent you
have": a cost reduction of the spell's own (601.2f), the static ability the keyword
stands for. 702.125b: players who have left the game aren't counted. 702.125c: each
instance applies (each instance stands for its own reduction).
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

register_keywords("Undaunted")

#: the ability's text as CR 702.125a words it
TEXT = "This spell costs {1} less to cast for each opponent."


@expansion("Undaunted")
def undaunted_ability(a: Ability) -> tuple[Ability, ...]:
    """The cost reduction "Undaunted" stands for (CR 702.125a)."""
    return reminder_abilities("Undaunted", "702.125a", TEXT, ("Sorcery",))
