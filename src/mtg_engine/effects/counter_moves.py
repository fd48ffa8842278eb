"""Counters moved from one object onto another (CR 122.5, 122.8).

* ``move_counters`` — "move a +1/+1 counter from this artifact onto target
  creature", "move all counters from target creature onto another target
  creature" (CR 122.5: removed from the first, put onto the second; if either
  isn't possible — the same object, no such counter, either gone from the
  battlefield, the second can't have that kind put on it — nothing moves). "A counter" of no named kind is a counter of a
  kind the player chooses among those the first object has.
* ``put_counters_it_had`` — "if it had counters on it, put those counters on this
  artifact" of a leaves-the-battlefield trigger (CR 122.8): the same number of
  each kind the object last had on the battlefield is put onto the second.

The counters are removed and put through :mod:`mtg_engine.rules.counters`, so
replacement effects and counter triggers see them as any others.
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.counters import counters_forbidden, put_counters, remove_counters
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect

register("arg:move_counters.from", "arg:put_counters_it_had.from")

_RULES = ("122.5",)


@effect("move_counters")
def move_counters(ctx: Ctx, e: Effect) -> bool:
    """CR 122.5 (see the module docstring)."""
    g = ctx.game
    srcs, dsts = ctx.objects(e.args.get("from")), ctx.objects(e.args.get("to"))
    if not srcs or not dsts:
        return True
    src, dst = srcs[0], dsts[0]
    if src.id == dst.id or src.zone != Zone.BATTLEFIELD or dst.zone != Zone.BATTLEFIELD:
        g.emit(EventKind.COUNTERS, _RULES, f"No counter moves from {src.name} onto {dst.name}")
        return True
    kind = str(e.args.get("counter", "+1/+1"))
    every = e.args.get("amount") == "all"
    if kind == "any" and not every:
        kinds = sorted(k for k, n in src.counters.items() if n > 0)
        if len(kinds) > 1:
            chosen = ctx.choose_option(
                ctx.controller,
                kinds,
                "122.5",
                f"Choose the kind of counter to move from {src.name} onto {dst.name}",
                DecisionPurpose.CHOOSE,
            )
            if chosen is None:
                return False
            kinds = [str(chosen)]
    else:
        kinds = sorted(src.counters) if kind == "any" else [kind]
    for k in kinds:
        had = src.counters.get(k, 0)
        n = had if every else min(had, ctx.amount(e.args.get("amount", 1)))
        if n <= 0:
            continue
        why = counters_forbidden(g, dst, k, n)
        if why:
            # CR 122.5: the counter can't be put onto the second object, so it isn't
            # removed from the first either
            g.emit(EventKind.COUNTERS, ("122.5", "101.2"), f"No {k} counter moves: {why}")
            continue
        moved = remove_counters(g, src, k, n, _RULES, f" (moved onto {dst.name})")
        put_counters(g, dst, k, moved, _RULES, f" (moved from {src.name})")
    g.invalidate()
    return True


@effect("put_counters_it_had")
def put_counters_it_had(ctx: Ctx, e: Effect) -> bool:
    """CR 122.8 (see the module docstring)."""
    g = ctx.game
    ref = e.args.get("from")
    info = ctx.looked_back(ref)
    if info is not None:
        had = dict(info.get("counters") or {})
    else:
        here = [o for o in ctx.objects(ref) if o.zone == Zone.BATTLEFIELD]
        had = dict(here[0].counters) if here else {}
    for o in ctx.objects(e.args.get("what")):
        if o.zone != Zone.BATTLEFIELD:
            continue
        for k, n in sorted(had.items()):
            put_counters(g, o, k, int(n), ("122.8",))
    g.invalidate()
    return True
