"""Saddle's effect (CR 702.171a-b): "This permanent becomes saddled until end of turn"."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from . import effect


@effect("become_saddled")
def become_saddled(ctx: Ctx, e: Effect) -> bool:
    """CR 702.171b: the permanent is saddled until end of turn or until it leaves the
    battlefield (the mark is on this object only, and isn't copiable)."""
    src = ctx.source
    if src.zone != Zone.BATTLEFIELD or src.id != ctx.obj.source_id:
        return True
    src.chosen = {**(src.chosen or {}), "saddled_turn": ctx.game.turn}
    ctx.game.invalidate()
    ctx.game.emit(EventKind.SADDLED, ("702.171b",), f"{src.name} becomes saddled until end of turn")
    return True
