"""Living weapon (CR 702.92).

702.92a: "Living weapon" means "When this Equipment enters, create a 0/0 black
Phyrexian Germ creature token, then attach this Equipment to it." The keyword
stands for that ordinary triggered ability (CR 603.6a); the Germ is an ordinary
token, so it dies to state-based actions (704.5f) once the Equipment leaves it,
unless something else raises its toughness.
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

register_keywords("Living weapon")

#: the ability's text as CR 702.92a words it
TEXT = (
    "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, "
    "then attach this Equipment to it."
)


@expansion("Living weapon")
def living_weapon_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Living weapon" stands for (CR 702.92a)."""
    return reminder_abilities("Living weapon", "702.92a", TEXT, ("Artifact",), ("Equipment",))
