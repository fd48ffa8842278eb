"""Case cards (CR 719): "this Case becomes solved", the instruction of its "To solve"
ability (719.3a).

Solved is a designation of the permanent (CR 719.3b), kept in its ``chosen`` (a new
object after a zone change isn't solved, CR 400.7); the filter key ``solved``
(rules/filters.py) reads it for its "Solved —" abilities (719.3c, 702.169).
"""

from __future__ import annotations

from typing import Final

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect

register("effect:become_solved")

#: the key of the solved designation in a permanent's ``chosen`` (CR 719.3b)
SOLVED: Final = "solved"


@effect("become_solved")
def become_solved(ctx: Ctx, e: Effect) -> bool:
    """CR 719.3a-b: the Case becomes solved; it stays solved until it leaves the
    battlefield. Nothing happens once it has left (CR 400.7)."""
    src = ctx.source
    if src.zone != Zone.BATTLEFIELD or src.id != ctx.obj.source_id:
        ctx.game.emit(
            EventKind.NO_EFFECT, ("719.3a",), f"{src.name} has left the battlefield; not solved"
        )
        return True
    src.chosen = {**(src.chosen or {}), SOLVED: True}
    ctx.game.invalidate()  # its "Solved —" abilities now function (CR 719.3c)
    ctx.game.emit(EventKind.SOLVED, ("719.3a", "719.3b"), f"{src.name} becomes solved", obj=src.id)
    return True
