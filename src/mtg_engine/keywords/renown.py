"""Renown (CR 702.112).

702.112a: "Renown N" means "When this creature deals combat damage to a player,
if it isn't renowned, put N +1/+1 counters on it and it becomes renowned."
702.112b: renowned is a designation of the permanent (kept in its ``chosen``
record), until it leaves the battlefield (a new object, CR 400.7).
702.112c: each instance triggers; the first to resolve makes it renowned and the
others then do nothing (the intervening "if", CR 603.4, checked again).
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, Condition, Effect, SelfRef, Trigger
from ..game.events import EventKind
from ..game.hooks import CONDITIONS, on_event
from ..game.objects import Zone
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

RENOWN = "Renown"
#: the designation (CR 702.112b), a key of ``GameObject.chosen``
RENOWNED = "renowned"
register_keywords(RENOWN)
register("condition:not_renowned", "effect:become_renowned", "trigger:becomes_renowned")


def is_renowned(o: GameObject | None) -> bool:
    return o is not None and bool((o.chosen or {}).get(RENOWNED))


def _not_renowned(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """The intervening "if it isn't renowned" (CR 702.112a, 603.4)."""
    return source is not None and source.zone == Zone.BATTLEFIELD and not is_renowned(source)


CONDITIONS.setdefault("not_renowned", _not_renowned)


@lru_cache(maxsize=16)
def renown_ability(n: int) -> Ability:
    """The triggered ability "Renown N" stands for (CR 702.112a)."""
    counters = "a +1/+1 counter" if n == 1 else f"{n} +1/+1 counters"
    return keyword_trigger(
        RENOWN,
        f"Renown {n} (When this creature deals combat damage to a player, if it isn't "
        f"renowned, put {counters} on it and it becomes renowned.)",
        (
            Effect("put_counters", {"what": SelfRef(), "counter": "+1/+1", "amount": n}),
            Effect("become_renowned", {}),
        ),
        trigger=Trigger("keyword", condition=Condition("not_renowned")),
        rule="702.112a",
    )


@on_event(EventKind.DAMAGE, keywords=(RENOWN,))
def _on_combat_damage(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.112a: a creature with renown deals combat damage to a player."""
    d = ev.data
    if not d.get("combat") or not isinstance(d.get("player"), int):
        return
    src = game.objects.get(d.get("source", -1))
    if src is None or src.zone != Zone.BATTLEFIELD or is_renowned(src):
        return
    for inst in keyword_instances(game, src, RENOWN):
        add_pending_trigger(
            game, src, src.controller, renown_ability(int(inst.keyword_args.get("n", 1)))
        )
