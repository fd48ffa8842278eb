""" "Enters with an additional +1/+1 counter on it" as an instruction of a resolving
spell or ability: a replacement effect it makes (CR 614.1c, 611.2a).

* "When you next cast a creature spell this turn, that creature enters with an
  additional +1/+1 counter on it" (Summon: Fenrir), "Whenever you cast your first
  Human creature spell each turn, that creature enters with an additional +1/+1
  counter on it for each Dog and/or Wolf you control" (Torgal, A Fine Hound), "When
  you cast this spell, ... This creature enters with two +1/+1 counters on it for
  each creature sacrificed this way" (Gluttonous Hellkite): the effect applies to
  the permanent the spell becomes as it resolves (CR 608.3); a spell that doesn't
  resolve never enters, and the effect does nothing.
* "This turn, each creature you control enters with an additional +1/+1 counter on
  it" (Combine Guildmage): each creature entering under its controller's control
  this turn (CR 514.2 ends it).

The number of counters is determined as the instruction is followed (CR 608.2h).
rules/etb_replacements.resolved_counter_replacements applies them.
"""

from __future__ import annotations

from ..cards.abilities import EachRef, Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.records import ContinuousEffect
from ..rules.effects_runner import Ctx
from ..rules.etb_replacements import ENTERS_WITH_COUNTERS
from . import effect


@effect(ENTERS_WITH_COUNTERS)
def enters_with_counters(ctx: Ctx, e: Effect) -> bool:
    """CR 614.1c: the replacement effect "[it] enters with N [kind] counters on it"."""
    g = ctx.game
    kind = str(e.args.get("counter", "+1/+1"))
    n = ctx.amount(e.args.get("amount", 1))
    what = e.args.get("what")
    noun = f"{n} {kind} counter{'s' if n != 1 else ''}"
    if isinstance(what, EachRef):
        affected: tuple[int, ...] = ()
        duration = str(e.args.get("duration") or "end_of_turn")
        args = {"filter": what.filter, "counter": kind, "n": n, "by": ctx.source.name}
        text = f"this turn, each {what.filter.kinds[0].lower()} enters with {noun} more"
    else:
        affected = tuple(
            oid
            for oid in ctx.refs(what)
            if oid in g.objects
            and g.objects[oid].zone == Zone.STACK
            and g.objects[oid].stack_kind == "spell"
        )
        if not affected:
            return True  # the spell has left the stack: it won't enter (CR 608.3)
        duration = "permanent"  # until that spell has resolved (it is named by its id)
        args = {"counter": kind, "n": n, "by": ctx.source.name}
        text = f"{g.objects[affected[0]].name} will enter with {noun} more"
    if n <= 0:
        return True
    # the effects naming spells that have left the stack apply to nothing any more
    kept = [
        x
        for x in g.effects
        if x.op != ENTERS_WITH_COUNTERS
        or not x.affected
        or any(oid in g.objects and g.objects[oid].zone == Zone.STACK for oid in x.affected)
    ]
    ce = ContinuousEffect(
        "r", g.new_timestamp(), ctx.source.id, ctx.controller, affected, e.op, args, duration
    )
    g.effects = [*kept, ce]
    g.emit(EventKind.CONTINUOUS_EFFECT, ("614.1c",), f"{ctx.source.name}: {text}")
    return True
