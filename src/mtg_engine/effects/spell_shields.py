""" "Spells you control can't be countered by blue or black spells this turn, and
creatures you control can't be the targets of blue or black spells this turn"
(Autumn's Veil): rules effects of a resolving spell or ability on spells and
permanents (CR 611.2a, 101.2). A description ("spells you control") covers the
objects it describes while the effect lasts, those cast or entering later too: the
effect changes the rules, not the objects' characteristics (CR 611.2c); named
objects ("target creature") are locked in as it begins. The rules read them:
countering (rules/uncounterable.py) and targeting (rules/targets.py).
"""

from __future__ import annotations

from ..cards.abilities import EachRef, Effect, Filter
from ..game.events import EventKind
from ..game.records import ContinuousEffect
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect
from .permanents import _UNTIL, duration_holds, duration_of

#: op -> (what can't happen, the rule it restricts)
_TEXT = {
    "cant_be_countered": ("can't be countered", "701.6a"),
    "cant_be_targeted": ("can't be targeted", "115.1"),
}


@effect("cant_be_countered", "cant_be_targeted")
def spell_shield(ctx: Ctx, e: Effect) -> bool:
    """CR 611.2a, 101.2: a "can't be countered [by ...]" or "can't be the target(s) of
    ..." of a resolving spell, for its duration; ``filter`` (by whom) limits it to
    the spells or abilities it names."""
    g = ctx.game
    duration = duration_of(e)
    if not duration_holds(ctx, duration):
        return True  # CR 611.2b: the duration ended before the effect began
    what = e.args.get("what")
    args: dict[str, object] = {}
    ids: tuple[int, ...] = ()
    if isinstance(what, EachRef) and isinstance(what.filter, Filter):
        args["filter"] = ctx.concrete(what.filter)
        names = "what it describes"
    else:
        objs = ctx.objects(what)
        ids = tuple(o.id for o in objs)
        if not ids:
            return True
        names = ", ".join(o.name for o in objs)
    by = e.args.get("filter")
    if isinstance(by, Filter):
        args["by"] = by
    ce = ContinuousEffect(
        "r", g.new_timestamp(), ctx.source.id, ctx.controller, ids, e.op, args, duration
    )
    g.effects = [*g.effects, ce]
    text, rule = _TEXT[e.op]
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("611.2a", "101.2", rule),
        f"{ctx.source.name}: {names} {text}{' by the spells it names' if by else ''}"
        f"{_UNTIL.get(duration, '')}",
    )
    return True


register(
    "effect:cant_be_countered",
    "effect:cant_be_targeted",
    "arg:cant_be_countered.filter",
    "arg:cant_be_targeted.filter",
)
