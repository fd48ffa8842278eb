"""Earthbend (CR 701.66).

701.66a: "Earthbend N" means "Target land you control becomes a 0/0 land creature
with haste in addition to its other types. Put N +1/+1 counters on it. When that
land dies or is put into exile, return it to the battlefield tapped under your
control." The target is the instruction's own (the compiler gives the ability
"target land you control"); the land stays a creature with haste for as long as
it's that permanent (no duration, CR 611.2a), and the delayed triggered ability
(603.7a) watches that permanent only (603.7c). 701.66b ("whenever you earthbend")
triggers aren't implemented.
"""

from __future__ import annotations

from ..cards.abilities import Effect, Trigger, TriggerRef
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.counters import put_counters
from ..rules.delayed import create
from ..rules.effects_runner import Ctx
from . import effect
from .permanents import add_continuous

#: the delayed triggered ability of 701.66a
_RETURN_TEXT = (
    "When that land dies or is put into exile, return it to the battlefield tapped "
    "under your control (earthbend)."
)
_RETURN = Effect("return_to_battlefield", {"what": TriggerRef(), "tapped": True, "under": "you"})


@effect("earthbend")
def earthbend(ctx: Ctx, e: Effect) -> bool:
    """CR 701.66a: the target land becomes a 0/0 creature with haste that's still a
    land, gets N +1/+1 counters, and returns tapped when it dies or is exiled."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 0))
    lands = [
        o
        for o in ctx.objects(e.args.get("what"))
        if o.zone == Zone.BATTLEFIELD and not o.phased_out
    ]
    if not lands:
        return True  # the target is gone (CR 608.2b): nothing happens
    args = {"power": 0, "toughness": 0, "types": ("Creature",), "keywords": ("Haste",)}
    add_continuous(ctx, lands, "4", "become", {**args, "retain": True}, "permanent")
    names = ", ".join(o.name for o in lands)
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("701.66a", "613.1d", "613.4b", "611.2c"),
        f"{names} becomes a 0/0 land creature with haste (earthbend {n})",
    )
    for o in lands:
        put_counters(g, o, "+1/+1", n, ("701.66a", "122.1"))
    g.invalidate()
    problem = create(ctx, Trigger("dies_or_exiled"), (_RETURN,), _RETURN_TEXT, e.args.get("what"))
    if problem:
        g.emit(EventKind.UNSUPPORTED, ("701.66a",), f"{ctx.obj.name}: {problem}")
    return True
