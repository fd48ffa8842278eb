"""Effects on the stack: countering (CR 701.6)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.uncounterable import cant_be_countered
from ..rules.zones import move
from . import effect


@effect("counter")
def counter(ctx: Ctx, e: Effect) -> bool:
    """CR 701.6a: a countered spell goes to its owner's graveyard; a countered
    ability is removed from the stack (701.6b)."""
    g = ctx.game
    for o in ctx.objects(e.args.get("what")):
        if o.zone != Zone.STACK:
            continue
        if cant_be_countered(g, o):
            g.emit("not_countered", ("101.2", "701.6a"), f"{o.name} can't be countered")
            continue
        if o.stack_kind == "spell":
            move(
                g,
                o.id,
                Zone.GRAVEYARD,
                ("701.6a",),
                reason="is countered and put into its owner's graveyard",
            )
        else:
            g.stack.remove(o.id)
            del g.objects[o.id]
            g.emit("countered", ("701.6b",), f"{o.name}'s ability is countered")
    return True
