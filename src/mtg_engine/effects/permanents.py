"""Effects on permanents: tap/untap (701.26), counters (122), P/T and ability changes (613)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.objects import Zone
from ..game.state import ContinuousEffect
from ..rules.effects_runner import Ctx
from . import effect


@effect("tap", "untap")
def tap(ctx: Ctx, e: Effect) -> bool:
    g = ctx.game
    names = []
    for o in ctx.objects(e.args.get("what")):
        if o.zone == Zone.BATTLEFIELD:
            o.tapped = e.op == "tap"
            names.append(o.name)
    if names:
        g.invalidate()
        g.emit(
            e.op,
            ("701.26a" if e.op == "tap" else "701.26b",),
            f"{', '.join(names)} {'becomes tapped' if e.op == 'tap' else 'untaps'}",
        )
    return True


@effect("put_counters", "remove_counters")
def counters(ctx: Ctx, e: Effect) -> bool:
    g = ctx.game
    kind = e.args.get("counter", "+1/+1")
    n = ctx.amount(e.args.get("amount", 1))
    for o in ctx.objects(e.args.get("what")):
        if e.op == "put_counters":
            amount = ctx.obj.division.get(o.id, n) if ctx.obj.division else n
            o.counters[kind] = o.counters.get(kind, 0) + amount
            g.emit("counters", ("122.1",), f"{amount} {kind} counter(s) are put on {o.name}")
        else:
            have = o.counters.get(kind, 0)
            o.counters[kind] = max(0, have - n)
            if not o.counters[kind]:
                del o.counters[kind]
            g.emit(
                "counters",
                ("122.1",),
                f"{min(n, have)} {kind} counter(s) are removed from {o.name}",
            )
    g.invalidate()
    return True


def _continuous(ctx: Ctx, e: Effect, layer: str, op: str, args: dict, rule: str, text: str) -> bool:
    """CR 611.2c: the affected set is locked in as the effect begins."""
    g = ctx.game
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    if not objs:
        return True
    duration = e.args.get("duration") or "permanent"
    g.effects = [
        *g.effects,
        ContinuousEffect(
            layer,
            g.new_timestamp(),
            ctx.source.id,
            ctx.controller,
            tuple(o.id for o in objs),
            op,
            args,
            duration,
        ),
    ]
    g.invalidate()
    until = " until end of turn" if duration == "end_of_turn" else ""
    g.emit(
        "continuous_effect", (rule, "611.2c"), f"{', '.join(o.name for o in objs)} {text}{until}"
    )
    return True


@effect("modify_pt")
def modify_pt(ctx: Ctx, e: Effect) -> bool:
    """Layer 7c (CR 613.4c): "gets +N/+N"."""
    p = ctx.amount(e.args.get("power", 0))
    t = ctx.amount(e.args.get("toughness", 0))
    return _continuous(
        ctx, e, "7c", "modify_pt", {"power": p, "toughness": t}, "613.4c", f"gets {p:+d}/{t:+d}"
    )


@effect("set_pt")
def set_pt(ctx: Ctx, e: Effect) -> bool:
    """Layer 7b (CR 613.4b)."""
    p = ctx.amount(e.args.get("power", 0))
    t = ctx.amount(e.args.get("toughness", 0))
    return _continuous(
        ctx,
        e,
        "7b",
        "set_pt",
        {"power": p, "toughness": t},
        "613.4b",
        f"has base power and toughness {p}/{t}",
    )


@effect("grant_keyword")
def grant_keyword(ctx: Ctx, e: Effect) -> bool:
    """Layer 6 (CR 613.1f): "gains flying"."""
    kw = e.args.get("keyword")
    return _continuous(
        ctx, e, "6", "grant_keyword", {"keyword": kw}, "613.1f", f"gains {str(kw).lower()}"
    )


@effect("lose_all_abilities")
def lose_all(ctx: Ctx, e: Effect) -> bool:
    return _continuous(ctx, e, "6", "lose_all_abilities", {}, "613.1f", "loses all abilities")


@effect("gain_control")
def gain_control(ctx: Ctx, e: Effect) -> bool:
    """Layer 2 (CR 613.1b): kept as the controller field, with its rule logged."""
    g = ctx.game
    for o in ctx.objects(e.args.get("what")):
        if o.zone == Zone.BATTLEFIELD and o.controller != ctx.controller:
            o.controller = ctx.controller
            o.controlled_since = g.turn
            g.emit(
                "control",
                ("613.1b",),
                f"{g.players[ctx.controller].name} gains control of {o.name}",
            )
    g.invalidate()
    return True


@effect("regenerate")
def regenerate(ctx: Ctx, e: Effect) -> bool:
    """CR 701.19a: the next time it would be destroyed this turn, instead ..."""
    for o in ctx.objects(e.args.get("what")):
        o.regen_shields += 1
        ctx.game.emit("regeneration_shield", ("701.19a",), f"{o.name} gets a regeneration shield")
    return True


@effect("attach")
def attach(ctx: Ctx, e: Effect) -> bool:
    """CR 701.3a."""
    g = ctx.game
    what = ctx.objects(e.args.get("what"))
    to = ctx.objects(e.args.get("to"))
    if what and to:
        what[0].attached_to = to[0].id
        what[0].timestamp = g.new_timestamp()  # CR 613.7e
        g.invalidate()
        g.emit("attach", ("701.3a",), f"{what[0].name} becomes attached to {to[0].name}")
    return True
