"""Extra turns (CR 500.7): "Take an extra turn after this one."

"End the turn." (CR 723.1, Time Stop, Sundial of the Infinite): the stack is
exiled here; ``rules/turn.py`` then skips to the cleanup step.

The turn is added directly after the current one; when several are created, the most
recently created is taken first (``Game.extra_turns``, read by ``rules/turn.py`` as
each turn begins). For several players at once they are added in APNAP order
(CR 500.7, 101.4).
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.records import ContinuousEffect
from ..game.state import Step
from ..rules.effects_runner import Ctx
from ..rules.player_replacements import SKIP_NEXT
from ..rules.support import register
from ..rules.zones import move
from . import effect


@effect("extra_turn")
def extra_turn(ctx: Ctx, e: Effect) -> bool:
    """CR 500.7: each player the effect names takes an extra turn after this one
    ("two extra turns": two, one after the other)."""
    g = ctx.game
    players = ctx.players(e.args.get("player", ControllerRef()))
    times = max(0, ctx.amount(e.args.get("amount", 1)))  # CR 107.1b
    for p in g.turn_order():  # APNAP (CR 101.4)
        if p not in players:
            continue
        for _ in range(times):
            g.extra_turns.append(p)
        many = "an extra turn" if times == 1 else f"{times} extra turns"
        g.emit(
            EventKind.EXTRA_TURN,
            ("500.7",),
            f"{g.players[p].name} will take {many} after this one ({ctx.obj.name})",
            player=p,
        )
    return True


#: the phase a step belongs to -> (its last step, the step that follows it) (CR 500.1)
def _phase_end(step: int, then_now: int | None) -> tuple[int, int]:
    if step <= Step.DRAW:
        return Step.DRAW, Step.PRECOMBAT_MAIN  # the beginning phase
    if step == Step.PRECOMBAT_MAIN:
        return Step.PRECOMBAT_MAIN, Step.BEGINNING_OF_COMBAT
    if step <= Step.END_OF_COMBAT:
        # (in an additional combat phase, what follows it still follows, CR 500.8)
        return Step.END_OF_COMBAT, Step.POSTCOMBAT_MAIN if then_now is None else then_now
    if step == Step.POSTCOMBAT_MAIN:
        return Step.POSTCOMBAT_MAIN, Step.END
    return Step.CLEANUP, Step.UNTAP  # the ending phase


#: "... an additional combat phase followed by an additional main phase" (CR 500.8)
register("arg:extra_combat.then_main")


@effect("extra_combat")
def extra_combat(ctx: Ctx, e: Effect) -> bool:
    """CR 500.8: "After this phase, there is an additional combat phase": it's added
    directly after the current phase; of several, the most recently created comes
    first. Its turn is the turn it's created in (rules/turn.py takes it)."""
    g = ctx.game
    flags = g.turn_flags
    with_main = bool(e.args.get("then_main"))
    if with_main and g.step not in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN):
        # "After this main phase, ...": not during a main phase, there is no such
        # phase to add them after (CR 500.8)
        g.emit(
            EventKind.EXTRA_PHASE,
            ("500.8",),
            f"It isn't a main phase: no additional phases are added ({ctx.obj.name})",
            player=ctx.controller,
        )
        return True
    after, then = _phase_end(g.step, flags.additional_combat_then)
    if g.step == Step.POSTCOMBAT_MAIN and flags.additional_main_then is not None:
        then = flags.additional_main_then  # (in an additional main phase, CR 500.8)
    flags.additional_combats.append([after, then, int(with_main)])
    more = " followed by an additional main phase" if with_main else ""
    g.emit(
        EventKind.EXTRA_PHASE,
        ("500.8", "505.1a") if with_main else ("500.8",),
        f"There will be an additional combat phase{more} after this phase ({ctx.obj.name})",
        player=ctx.controller,
    )
    return True


#: how a skipped step, phase or turn is named in the log
_STEP_WORDS = {"combat_phase": "combat phase", "turn": "turn"}


@effect("skip_step")
def skip_next(ctx: Ctx, e: Effect) -> bool:
    """CR 614.10, 614.10a: "Target player skips their next draw step", "... their next
    untap step", "... their next combat phase", "You skip your next turn"
    (rules/turn.start_turn): a replacement effect waiting for the
    first such step or phase of that player's that isn't skipped otherwise, used up by
    it (rules/player_replacements.py). Two of them skip the next two."""
    g = ctx.game
    step = str(e.args.get("step", "")).removesuffix("_step")
    n = max(0, ctx.amount(e.args.get("count", 1)))
    for p in ctx.players(e.args.get("what", ControllerRef())):
        # "your next two turns": one effect for each (CR 614.10a)
        g.effects = [
            *g.effects,
            *(
                ContinuousEffect(
                    "r",
                    g.new_timestamp(),
                    ctx.source.id,
                    p,
                    (),
                    SKIP_NEXT,
                    {"step": step, "by": ctx.source.name},
                    "until_used",
                )
                for _ in range(n)
            ),
        ]
        what = _STEP_WORDS.get(step, f"{step} step")
        nxt = f"next {what}" if n == 1 else f"next {n} {what}s"
        g.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("614.10", *(("614.10a",) if n > 1 else ())),
            f"{g.players[p].name} will skip their {nxt} ({ctx.source.name})",
            player=p,
        )
    return True


register("arg:skip_step.step", "arg:skip_step.count")


@effect("end_the_turn")
def end_the_turn(ctx: Ctx, e: Effect) -> bool:
    """CR 723.1a-b: "End the turn.": triggered abilities that haven't been put on the
    stack yet cease to exist; every object on the stack is exiled, the resolving one
    too (an ability ceases to exist; the resolving ability as it finishes, 608.2n).
    Then no player gets priority and the game skips to the cleanup step (723.1c-d,
    ``rules/turn.py``)."""
    g = ctx.game
    g.emit(EventKind.SKIP, ("723.1",), f"{ctx.obj.name} ends the turn")
    if g.pending_triggers:
        g.pending_triggers.clear()
        g.emit(
            EventKind.TRIGGER_REMOVED,
            ("723.1a",),
            "Triggered abilities waiting to be put on the stack cease to exist",
        )
    resolving = ctx.obj.id
    for oid in reversed(g.stack[:]):  # (top first)
        o = g.objects.get(oid)
        if o is None or o.zone != Zone.STACK:
            continue
        if o.stack_kind == "spell":
            move(g, oid, Zone.EXILE, ("723.1b",), reason="is exiled (the turn ends)")
        elif oid != resolving:
            g.stack.remove(oid)
            del g.objects[oid]
            g.emit(
                EventKind.COUNTERED,
                ("723.1b",),
                f"{o.name}'s ability is exiled: it ceases to exist",
            )
    g.turn_flags.ending_turn = True
    return True
