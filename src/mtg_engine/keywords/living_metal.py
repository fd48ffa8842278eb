"""Living metal (CR 702.161).

702.161a: living metal is a keyword ability found on some Vehicles. "Living
metal" means "During your turn, this permanent is an artifact creature in
addition to its other types": a static ability whose effect is a type-changing
effect (layer 4, CR 613.1d) that applies while it's its controller's turn. It is
compiled once from the rule's own words, so a permanent that gains living metal
gets the same ability.
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

LIVING_METAL = "Living metal"
register_keywords(LIVING_METAL)

#: what "Living metal" means, as CR 702.161a words it
TEXT = "During your turn, this permanent is an artifact creature in addition to its other types."


@expansion(LIVING_METAL)
def living_metal_abilities(a: Ability) -> tuple[Ability, ...]:
    """The static ability "Living metal" stands for (CR 702.161a)."""
    return reminder_abilities(LIVING_METAL, "702.161a", TEXT, ("Artifact",), ("Vehicle",))
