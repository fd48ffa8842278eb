"""Keyword actions that grow "this permanent" once: monstrosity (CR 701.37) and adapt
(CR 701.46).

``monstrosity``: ``amount`` (N, or the announced X of "Monstrosity X", 701.37b).
If the permanent isn't monstrous, it gets N +1/+1 counters and becomes monstrous
(701.37a), a designation kept with the permanent (``chosen["monstrous"]``, a new
object after a zone change is no longer monstrous, CR 400.7); "when this creature
becomes monstrous" triggers on the :attr:`EventKind.MONSTROUS` event (701.37c).

``adapt``: ``amount``. If the permanent has no +1/+1 counters on it, it gets N
+1/+1 counters (701.46a).

Either does nothing once its source has left the battlefield (an ability of a
permanent refers to that permanent only, CR 400.7).
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules.counters import put_counters
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect

register("effect:monstrosity", "effect:adapt", "trigger:becomes_monstrous")

#: the key of the monstrous designation in a permanent's ``chosen`` (CR 701.37a)
MONSTROUS = "monstrous"


def _permanent(ctx: Ctx) -> GameObject | None:
    """The permanent the ability belongs to, if it is still on the battlefield."""
    src = ctx.source
    if src is ctx.obj or src.id not in ctx.game.objects or src.zone != Zone.BATTLEFIELD:
        return None
    return src


def _nothing(ctx: Ctx, rule: str, action: str, why: str) -> bool:
    """The action's "if" doesn't hold, or the permanent is gone: nothing happens."""
    text = f"{action}: {ctx.source.name} {why} or is gone; nothing happens"
    ctx.game.emit(EventKind.NO_EFFECT, (rule,), text)
    return True


@effect("monstrosity")
def monstrosity(ctx: Ctx, e: Effect) -> bool:
    """CR 701.37a: "If this permanent isn't monstrous, put N +1/+1 counters on it
    and it becomes monstrous." """
    g = ctx.game
    src = _permanent(ctx)
    n = ctx.count(e.args.get("amount", 0))
    if src is None or (src.chosen or {}).get(MONSTROUS):
        return _nothing(ctx, "701.37a", f"Monstrosity {n}", "is already monstrous")
    put_counters(g, src, "+1/+1", n, ("701.37a",), why=" (monstrosity)")
    # CR 701.37c: its other abilities' X is the X it became monstrous with
    src.chosen = {**(src.chosen or {}), MONSTROUS: True, "monstrous_x": n}
    g.invalidate()  # "as long as this creature is monstrous" (CR 701.37b)
    g.emit(
        EventKind.MONSTROUS,
        ("701.37a", "701.37b"),
        f"{src.name} becomes monstrous",
        obj=src.id,
        player=src.controller,
    )
    return True


@effect("adapt")
def adapt(ctx: Ctx, e: Effect) -> bool:
    """CR 701.46a: "If this permanent has no +1/+1 counters on it, put N +1/+1
    counters on it." """
    g = ctx.game
    src = _permanent(ctx)
    n = ctx.count(e.args.get("amount", 0))
    if src is None or src.counters.get("+1/+1", 0) > 0:
        return _nothing(ctx, "701.46a", f"Adapt {n}", "already has a +1/+1 counter")
    put_counters(g, src, "+1/+1", n, ("701.46a",), why=" (adapt)")
    return True
