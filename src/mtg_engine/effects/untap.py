""" "That creature doesn't untap during its controller's next untap step"; "It
doesn't untap during its controller's untap step for as long as this creature
remains tapped" (CR 502.3, 611.2b)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.layers import WHILE_TAPPED
from ..rules.untap_restrictions import hold_tapped, skip_next_untap
from . import effect
from .permanents import duration_holds, duration_of


@effect("doesnt_untap")
def doesnt_untap(ctx: Ctx, e: Effect) -> bool:
    """CR 502.3, 611.2c: the permanents affected now skip their controller's next
    untap step, or all their untap steps while the duration lasts (611.2b)."""
    ids = [o.id for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    duration = duration_of(e)
    if not ids:
        return True
    src = ctx.source.id if ctx.source.id in ctx.game.objects else None
    names = ", ".join(ctx.game.objects[i].name for i in ids)
    if duration in WHILE_TAPPED:
        if not duration_holds(ctx, duration) or src is None:
            return True  # CR 611.2b: the duration ended before the effect began
        hold_tapped(ctx.game, ids, src, ctx.controller, duration)
        ctx.game.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("502.3", "611.2b", "611.2c"),
            f"{names} doesn't untap during its controller's untap step for as long as "
            f"{ctx.source.name} remains tapped",
        )
        return True
    skip_next_untap(ctx.game, ids, src, ctx.controller)
    ctx.game.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("502.3", "611.2c"),
        f"{names} won't untap during its controller's next untap step",
    )
    return True
