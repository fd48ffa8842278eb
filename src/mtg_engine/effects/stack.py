"""Effects on the stack: countering (CR 701.6)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
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
        if cant_be_countered(g, o, ctx.obj):
            g.emit(EventKind.NOT_COUNTERED, ("101.2", "701.6a"), f"{o.name} can't be countered")
            continue
        if o.stack_kind == "spell":
            # "If that spell is countered this way, exile it instead of putting it into
            # its owner's graveyard": a self-replacement effect (CR 614.15)
            # (or "put it into its owner's hand instead of into that player's
            # graveyard", Remand; "on top of its owner's library", Memory Lapse)
            effects = ctx.obj.ability.effects if ctx.obj.ability is not None else ()
            cause = "countered"
            for x in effects:
                if x.op == "countered_exile_instead":
                    cause = "countered_exile"
                elif x.op == "countered_instead":
                    cause = f"countered_{x.args['to']}"
            move(
                g,
                o.id,
                Zone.GRAVEYARD,
                ("701.6a",),
                reason="is countered and put into its owner's graveyard",
                cause=cause,
            )
        else:
            g.stack.remove(o.id)
            del g.objects[o.id]
            g.emit(EventKind.COUNTERED, ("701.6b",), f"{o.name}'s ability is countered")
    return True


@effect("countered_exile_instead", "countered_instead")
def countered_exile_instead(ctx: Ctx, e: Effect) -> bool:
    """ "If that spell is countered this way, exile it instead ...", "... put it into
    its owner's hand instead ...": applied by ``counter`` as the spell is countered
    (a self-replacement effect, CR 614.15)."""
    return True
