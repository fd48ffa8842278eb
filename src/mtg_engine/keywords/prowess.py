"""Prowess (CR 702.108).

702.108a: "Prowess" means "Whenever you cast a noncreature spell, this creature
gets +1/+1 until end of turn." 702.108b: each instance triggers separately.

The keyword stands for that ordinary triggered ability (a "cast" trigger, CR
603.2), so copies of spells, which aren't cast (CR 707.10), don't trigger it.
"""

from __future__ import annotations

from ..cards.abilities import Ability, AbilityKind, Effect, Filter, SelfRef, Trigger
from ..rules.support import register_keywords
from . import expansion

register_keywords("Prowess")


_TRIGGER = Trigger(
    "cast",
    Filter(kinds=("player",), zone="battlefield", conditions=(("you", True),)),
    player="you",
    details=(
        ("what", Filter(kinds=("spell",), zone="stack", conditions=(("not_type", "Creature"),))),
    ),
)


@expansion("Prowess")
def prowess_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Prowess" stands for (CR 702.108a)."""
    ab = Ability(
        AbilityKind.TRIGGERED,
        text="Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.",
        effects=(
            Effect(
                "modify_pt",
                {"what": SelfRef(), "power": 1, "toughness": 1, "duration": "end_of_turn"},
            ),
        ),
        trigger=_TRIGGER,
        keyword="Prowess",
        keyword_args={"rule": "702.108a"},
    )
    return (ab,)
