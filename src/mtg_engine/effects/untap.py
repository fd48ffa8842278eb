""" "That creature doesn't untap during its controller's next untap step" (CR 502.3)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.untap_restrictions import skip_next_untap
from . import effect


@effect("doesnt_untap")
def doesnt_untap(ctx: Ctx, e: Effect) -> bool:
    """CR 502.3, 611.2c: the permanents affected now skip their controller's next untap."""
    ids = [o.id for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    if ids:
        src = ctx.source.id if ctx.source.id in ctx.game.objects else None
        skip_next_untap(ctx.game, ids, src, ctx.controller)
        names = ", ".join(ctx.game.objects[i].name for i in ids)
        ctx.game.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("502.3", "611.2c"),
            f"{names} won't untap during its controller's next untap step",
        )
    return True
