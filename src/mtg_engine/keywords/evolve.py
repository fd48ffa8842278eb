"""Evolve (CR 702.100).

702.100a: "Whenever a creature you control enters, if that creature's power is
greater than this creature's power and/or that creature's toughness is greater
than this creature's toughness, put a +1/+1 counter on this creature." The
intervening "if" (CR 603.4) is checked as the creature enters and again as the
ability resolves (the condition ``evolves``, rules/conditions.py), with the
entering creature's last known information if it has left (CR 608.2h). Only
creatures compare (702.100c); each instance triggers separately (702.100d).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Condition, Effect, SelfRef, Trigger
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

EVOLVE = "Evolve"
register_keywords(EVOLVE)

_ABILITY = keyword_trigger(
    EVOLVE,
    "Evolve (Whenever a creature you control enters, if that creature has greater power "
    "or toughness than this creature, put a +1/+1 counter on this creature.)",
    (Effect("put_counters", {"what": SelfRef(), "counter": "+1/+1", "amount": 1}),),
    trigger=Trigger("keyword", condition=Condition("evolves", {})),
    rule="702.100a",
)


def greater(new: tuple[int, int], evolver: GameObject, game: Game) -> bool:
    """CR 702.100a, 702.100c: the entering creature's power or toughness is greater."""
    c = chars(game, evolver)
    if "Creature" not in c.types:
        return False
    return new[0] > (c.power or 0) or new[1] > (c.toughness or 0)


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(EVOLVE,))
def _on_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.100a: each evolve creature of the entering creature's controller."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or new.phased_out:
        return
    c = chars(game, new)
    if "Creature" not in c.types:
        return
    pt = (c.power or 0, c.toughness or 0)
    if game._batch is not None and EVOLVE in c.keywords:
        _with_earlier_entries(game, new)
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if oid == new.id or o.controller != new.controller or o.phased_out:
            continue
        if EVOLVE not in chars(game, o).keywords:
            continue
        for inst in keyword_instances(game, o, EVOLVE):
            if inst.trigger is not None or not greater(pt, o, game):
                continue  # CR 603.4: the condition as it would trigger
            event = {"obj": new.id, "new_power": pt[0], "new_toughness": pt[1]}
            add_pending_trigger(game, o, o.controller, _ABILITY, event, cause=ev)


def _with_earlier_entries(game: Game, new: GameObject) -> None:
    """CR 603.6a, 603.2: creatures entering in one simultaneous event see each other
    enter. The entering evolver compares itself with each creature of its
    controller that entered earlier in the same event (those entries were checked
    before it was on the battlefield)."""
    assert game._batch is not None
    for ev, _ in game._batch.events:
        if ev.kind != EventKind.ZONE_CHANGE or ev.data.get("to_zone") != "battlefield":
            continue
        other = game.objects.get(ev.data.get("obj", -1))
        if other is None or other is new or other.zone != Zone.BATTLEFIELD:
            continue
        if other.controller != new.controller or other.phased_out:
            continue
        oc = chars(game, other)
        if "Creature" not in oc.types:
            continue
        pt = (oc.power or 0, oc.toughness or 0)
        for inst in keyword_instances(game, new, EVOLVE):
            if inst.trigger is not None or not greater(pt, new, game):
                continue  # CR 603.4
            event = {"obj": other.id, "new_power": pt[0], "new_toughness": pt[1]}
            add_pending_trigger(game, new, new.controller, _ABILITY, event, cause=ev)
