"""The condition "if its [keyword] cost was paid" (CR 702.76a prowl, 702.74a
evoke, 702.117a surge ...): the alternative cost chosen while casting the
spell, which a permanent knows from the spell it was (CR 400.7d)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.hooks import condition
from ..rules.support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:alt_cost_paid")


@condition("alt_cost_paid")
def alt_cost_paid(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "if its prowl cost was paid": the spell (or the permanent it became) was cast
    with that alternative cost."""
    alt = str((getattr(cond, "args", {}) or {}).get("alt", ""))
    paid = source.paid if source is not None else None
    return bool(paid) and str((paid or {}).get("alt") or "") == alt
