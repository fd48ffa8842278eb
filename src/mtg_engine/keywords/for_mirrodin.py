"""For Mirrodin! (CR 702.163).

702.163a: For Mirrodin! is a triggered ability. "For Mirrodin!" means "When this
Equipment enters, create a 2/2 red Rebel creature token, then attach this
Equipment to it." The keyword stands for that ordinary triggered ability (603.6a),
compiled once from the rule's own words; the Rebel is an ordinary token, and if
the Equipment has left the battlefield by then, the token is still created and
nothing is attached (701.3b).
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

FOR_MIRRODIN = "For Mirrodin!"
register_keywords(FOR_MIRRODIN)

#: the ability's text as CR 702.163a words it
TEXT = (
    "When this Equipment enters, create a 2/2 red Rebel creature token, "
    "then attach this Equipment to it."
)


@expansion(FOR_MIRRODIN)
def for_mirrodin_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "For Mirrodin!" stands for (CR 702.163a)."""
    return reminder_abilities(FOR_MIRRODIN, "702.163a", TEXT, ("Artifact",), ("Equipment",))
