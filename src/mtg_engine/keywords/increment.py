"""Increment (not yet in the Comprehensive Rules of 2026-01-16; its reminder text).

"Increment" means "Whenever you cast a spell, if the amount of mana you spent is
greater than this creature's power or toughness, put a +1/+1 counter on this
creature." It stands for that ordinary triggered ability: a "cast" trigger (CR
603.2) with an intervening "if" (CR 603.4), checked as it triggers and again as it
resolves, against the mana spent to cast that spell (CR 601.2h; a copy isn't cast,
CR 707.10) and the creature's power and toughness then. Each instance triggers
separately (like prowess, CR 702.108b).
"""

from __future__ import annotations

from ..cards.abilities import Ability, AbilityKind, Condition, Effect, Filter, SelfRef, Trigger
from ..rules.support import register_keywords
from . import expansion

register_keywords("Increment")

_TEXT = (
    "Whenever you cast a spell, if the amount of mana you spent is greater than this "
    "creature's power or toughness, put a +1/+1 counter on this creature."
)

_TRIGGER = Trigger(
    "cast",
    Filter(kinds=("player",), zone="battlefield", conditions=(("you", True),)),
    player="you",
    details=(("what", Filter(kinds=("spell",), zone="stack")),),
    condition=Condition("spent_more_than_power_or_toughness"),
)


@expansion("Increment")
def increment_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Increment" stands for (its reminder text)."""
    ab = Ability(
        AbilityKind.TRIGGERED,
        text=_TEXT,
        effects=(Effect("put_counters", {"what": SelfRef(), "counter": "+1/+1", "amount": 1}),),
        trigger=_TRIGGER,
        keyword="Increment",
        keyword_args={"rule": "603.4"},
    )
    return (ab,)
