"""Decayed (CR 702.147).

702.147a: decayed represents a static ability and a triggered ability:
"This creature can't block" (checked with the other blocking restrictions,
CR 509.1b) and "When this creature attacks, sacrifice it at end of combat"
(a triggered ability that makes a delayed triggered ability, CR 603.7, which
triggers at the beginning of the end of combat step, CR 511.2). Both are
compiled once from the rule's own words, so a token created "with decayed"
(CR 111.10) and a creature that gains decayed get the same abilities.
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

register_keywords("Decayed")

#: what "Decayed" means, as CR 702.147a words it
TEXT = "This creature can't block.\nWhen this creature attacks, sacrifice it at end of combat."


@expansion("Decayed")
def decayed_abilities(a: Ability) -> tuple[Ability, ...]:
    """The static and triggered abilities "Decayed" stands for (CR 702.147a)."""
    return reminder_abilities("Decayed", "702.147a", TEXT, ("Creature",))
