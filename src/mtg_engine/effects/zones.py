"""Effects that move objects: destroy, exile, return to hand, sacrifice (CR 701)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.filters import objects_matching
from ..rules.permanents import destroy_permanent, enter_battlefield, sacrifice
from ..rules.zones import move
from . import effect


@effect("destroy")
def destroy(ctx: Ctx, e: Effect) -> bool:
    """CR 701.8a."""
    for o in ctx.objects(e.args.get("what")):
        if o.zone == Zone.BATTLEFIELD:
            destroy_permanent(
                ctx.game, o.id, ("701.8a",), can_regenerate=not e.args.get("no_regenerate")
            )
    return True


@effect("exile")
def exile(ctx: Ctx, e: Effect) -> bool:
    """CR 406.2 / 701.13."""
    moved = []
    for o in ctx.objects(e.args.get("what")):
        nid = move(ctx.game, o.id, Zone.EXILE, ("406.2",), reason="is exiled")
        moved.append(nid)
    ctx.set_parent("it", moved)
    return True


@effect("return_to_hand")
def bounce(ctx: Ctx, e: Effect) -> bool:
    """ "Return ... to its owner's hand" (CR 400.3)."""
    for o in ctx.objects(e.args.get("what")):
        move(ctx.game, o.id, Zone.HAND, ("400.3",), reason="is returned to its owner's hand")
    return True


@effect("put_on_library")
def to_library(ctx: Ctx, e: Effect) -> bool:
    bottom = e.args.get("position") == "bottom"
    for o in ctx.objects(e.args.get("what")):
        move(
            ctx.game,
            o.id,
            Zone.LIBRARY,
            ("401.1",),
            bottom=bottom,
            reason=f"is put on the {'bottom' if bottom else 'top'} of its owner's library",
        )
    return True


@effect("return_to_battlefield", "reanimate")
def to_battlefield(ctx: Ctx, e: Effect) -> bool:
    for o in ctx.objects(e.args.get("what")):
        controller = ctx.controller if e.args.get("under") == "you" else o.owner
        enter_battlefield(ctx.game, o.id, controller=controller, tapped=bool(e.args.get("tapped")))
    return True


@effect("sacrifice")
def sacrifice_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 701.21a: each affected player chooses what to sacrifice."""
    g = ctx.game
    if "what" in e.args:
        # "sacrifice this creature", "sacrifice it": those permanents, if their
        # controller is the sacrificing player (CR 701.21a)
        players = set(ctx.players(e.args.get("player"))) or {ctx.controller}
        for o in ctx.objects(e.args["what"]):
            if o.zone == Zone.BATTLEFIELD and o.controller in players:
                sacrifice(g, o.id)
        return True
    flt = e.args.get("filter")
    n = ctx.amount(e.args.get("amount", 1))
    s = ctx.scratch
    if "players" not in s:
        s["players"] = ctx.players(e.args.get("player"))
    while s["players"]:
        p = s["players"][0]
        choices = (
            [o.id for o in objects_matching(g, flt, p, ctx.source) if o.controller == p]
            if flt
            else []
        )
        chosen = ctx.choose_exactly(
            p, choices, n, "701.21a", f"Choose {n} permanent(s) to sacrifice", "sacrifice"
        )
        if chosen is None:
            return False
        for oid in chosen:
            sacrifice(g, oid)
        s["players"].pop(0)
    return True


@effect("shuffle_into_library")
def shuffle_into(ctx: Ctx, e: Effect) -> bool:
    from ..rules.zones import shuffle_library

    owners = set()
    for o in ctx.objects(e.args.get("what")):
        owners.add(o.owner)
        move(
            ctx.game, o.id, Zone.LIBRARY, ("701.24",), reason="is shuffled into its owner's library"
        )
    for p in owners:
        shuffle_library(ctx.game, p)
    return True
