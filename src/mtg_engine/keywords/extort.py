"""Extort (CR 702.101).

702.101a: "Extort" means "Whenever you cast a spell, you may pay {W/B}. If you
do, each opponent loses 1 life and you gain life equal to the total life lost
this way." 702.101b: each instance triggers separately. Only permanents have it
working: a creature spell with extort doesn't trigger on its own casting.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Amount, Condition, ControllerRef, EachRef, Effect, Filter
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

EXTORT = "Extort"
register_keywords(EXTORT)

_OPPONENTS = EachRef(Filter(("player",), conditions=(("opponent", True),)))
_YOU_DO = Condition("you_do")

#: CR 702.101a
EXTORT_ABILITY = keyword_trigger(
    EXTORT,
    "Extort (Whenever you cast a spell, you may pay {W/B}. If you do, each opponent loses "
    "1 life and you gain that much life.)",
    (
        Effect("pay", {"player": ControllerRef(), "mana": "{W/B}"}, optional=True),
        Effect("lose_life", {"player": _OPPONENTS, "amount": 1}, condition=_YOU_DO),
        Effect(
            "gain_life",
            {"player": ControllerRef(), "amount": Amount(kind="that_much")},
            condition=_YOU_DO,
        ),
    ),
    rule="702.101a",
)


@on_event(EventKind.CAST, keywords=(EXTORT,))
def _on_cast(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.101a-b: each extort instance of each permanent the caster controls."""
    caster = ev.data.get("player")
    if not isinstance(caster, int):
        return
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if o.controller != caster or o.phased_out:
            continue
        for _ in keyword_instances(game, o, EXTORT):
            add_pending_trigger(game, o, caster, EXTORT_ABILITY, {"obj": ev.data.get("obj")})
