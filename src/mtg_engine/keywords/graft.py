"""Graft's triggered ability (CR 702.58a): "Whenever another creature enters, if
this permanent has a +1/+1 counter on it, you may move a +1/+1 counter from
this permanent onto that creature." It isn't targeted (ruling 502.54.4), it
triggers even if the graft permanent isn't a creature (502.54.2), and each
instance triggers separately (702.58b). Its "enters with" part is in
:mod:`.etb_counters`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect, TriggerRef
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

MOVE = keyword_trigger(
    "Graft",
    "Graft: you may move a +1/+1 counter from this permanent onto that creature",
    (Effect("move_counter", {"to": TriggerRef(), "rule": "702.58a"}),),
    optional=True,
    rule="702.58a",
)


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=("Graft",))
def another_creature_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    d = ev.data
    if d.get("to_zone") != "battlefield":
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None:
        return
    if "Creature" not in chars(game, new).types:
        return
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if oid == new.id or o.phased_out or o.counters.get("+1/+1", 0) <= 0:
            continue  # CR 603.4: the intervening "if"
        for a in chars(game, o).abilities:
            if a.keyword == "Graft":
                add_pending_trigger(game, o, o.controller, MOVE, {"obj": new.id}, cause=ev)
