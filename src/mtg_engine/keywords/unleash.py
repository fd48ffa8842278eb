"""Unleash (CR 702.98).

702.98a: unleash is two static abilities: "You may have this permanent enter with
an additional +1/+1 counter on it" (a replacement effect its controller may
decline, 614.1c) and "This permanent can't block as long as it has a +1/+1 counter
on it" (509.1b: any +1/+1 counter, however it got there). Both are compiled once
from the rule's own words.
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

register_keywords("Unleash")

#: what "Unleash" means, as CR 702.98a words it
TEXT = (
    "You may have this creature enter with a +1/+1 counter on it.\n"
    "This creature can't block as long as it has a +1/+1 counter on it."
)


@expansion("Unleash")
def unleash_abilities(a: Ability) -> tuple[Ability, ...]:
    """The two static abilities "Unleash" stands for (CR 702.98a)."""
    return reminder_abilities("Unleash", "702.98a", TEXT, ("Creature",))
