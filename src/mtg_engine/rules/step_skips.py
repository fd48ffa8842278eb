"""Skips a player may choose, and what they do instead (CR 614.10, 614.10b).

"If you would begin your draw step, you may skip that step instead. If you do,
you gain 2 life." (Fasting): an optional replacement effect (CR 614.1a, 614.10)
of the step about to begin, in the event pipeline (rules/pipeline.py).

* As the step would begin (the ``turn`` task, before anything of that step
  happens), a ``step`` event with ``may`` is proposed; the player who would
  begin it chooses whether to skip it (CR 616.1, a yes/no). A step that has
  begun can't be skipped any more (614.10), so the question is asked once.
* A skipped step doesn't happen: nothing of it is done and nothing "at the
  beginning of" it triggers (614.10a).
* What the effect does "if you do" is the first thing that happens during the
  next step that actually occurs (614.10b): it is followed as that step begins,
  by an object standing for the effect's source (nothing uses the stack).

Compiled as ``StaticEffect("may_skip_step", <you>, {"step": "draw", "effects":
(...)})``. The mandatory skips ("Skip your draw step", "skips their next ...")
are rules/player_replacements.py's; they are checked as the next step is chosen
(:func:`skipped`), except when an optional skip also applies to that step: then
both are replacement effects of the one event, and the player chooses which
applies (CR 616.1; Necropotence and Fasting).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import StaticEffect
from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject
from ..game.state import Step
from ..game.tasks import Task, task_handler
from .characteristics import chars
from .pipeline import (
    Replacement,
    affects_player,
    cited,
    propose,
    static_replacement,
    static_sources,
    watched,
)
from .player_replacements import step_skipped, use_up_skips
from .prevention_then import follow_source_instructions, instead_record
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

OP: Final = "may_skip_step"
#: what :func:`optional_skip` found
PENDING, SKIPPED = "pending", "skipped"
#: the turn task's data key of what a skip does at the next step (614.10b)
AFTER_SKIP: Final = "after_skip"


@static_replacement(OP, EventKind.STEP)
def may_skip(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 614.10: "If you would begin your draw step, you may skip that step instead"."""
    if not ev.get("may") or st.args.get("step") != ev["step"]:
        return None  # (asked only as the step would begin: :func:`optional_skip`)
    if not affects_player(game, st, ev["player"], src.controller):
        return None
    if st.args.get("while_tapped") and not src.tapped:
        return None  # Time Vault: "... your turn while this artifact is tapped"
    name = chars(game, src).name
    effects = list(st.args.get("effects") or ())

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["cancelled"] = "skipped"
        if effects:
            ev["then"] = instead_record(effects, src.controller, src.id, name)
        return f"{name}: {game.players[ev['player']].name} skips their {_named(ev['step'])} instead"

    return Replacement(key, name, ("614.10",), apply, optional=True, purpose=DecisionPurpose.MAY)


def skipped(game: Game, step: str) -> bool:
    """Whether the active player skips ``step`` ("turn", "draw", "combat_phase")
    by a mandatory skip (CR 614.10), checked as it is chosen as the next one;
    never when a "you may skip that step instead" also applies to it: both then
    apply to the one event :func:`optional_skip` proposes as the step would
    begin, and the player chooses between them (CR 616.1)."""
    if not watched(game, EventKind.STEP):
        return False  # (nothing could skip it: a dict look-up)
    sources = static_sources(game, OP)
    if sources:
        trial = {"kind": EventKind.STEP, "player": game.active, "step": step, "may": True}
        if any(may_skip(game, trial, src, st, "") is not None for src, st in sources):
            return False
    return step_skipped(game, step)


def optional_skip(game: Game, task: Task) -> str | None:
    """As the current step would begin (CR 614.10): ask whether the active player
    skips it. :data:`PENDING` while the question waits (the ``turn`` task is asked
    again with the answer), :data:`SKIPPED` when it is skipped (what the skip does
    is kept in ``task.data[AFTER_SKIP]`` for the next step, 614.10b), else None."""
    ev = task.data.pop("event", None)
    if ev is None:
        if (
            game.step == Step.CLEANUP
            or not watched(game, EventKind.STEP)  # (a lookup while nothing could skip it)
            or not static_sources(game, OP)
        ):
            return None
        # as the untap step would begin, the turn would (CR 500.1)
        step = "turn" if game.step == Step.UNTAP else Step.NAMES[game.step]
        player = game.players[game.active].name
        ev = {
            "kind": EventKind.STEP,
            "player": game.active,
            "step": step,
            "what": f"{player} would begin their {_named(step)}",
            "may": True,
        }
    done = propose(game, ev, task)
    if done is None:
        return PENDING  # (the event waits in task.data["event"])
    if not done.get("cancelled"):
        return None
    use_up_skips(game, done)  # (a "skip your next turn" chosen first, 616.1)
    game.emit(
        EventKind.SKIP, cited(done, ()), "; ".join(done.get("notes") or ()), player=game.active
    )
    if done.get("then"):
        task.data[AFTER_SKIP] = done["then"]
    return SKIPPED


def _named(step: str) -> str:
    return "turn" if step == "turn" else f"{step.replace('_', ' ')} step"


def after_skip(game: Game, task: Task) -> None:
    """CR 614.10b: the next step that actually occurs has begun; what the skip does
    is the first thing that happens in it."""
    then = task.data.pop(AFTER_SKIP, None)
    if then is not None:
        game.push_task("skip_then", dict(then))


@task_handler("skip_then")
def skip_then_task(game: Game, task: Task) -> None:
    """CR 614.10b: follow what a skip effect does after the skip ("If you do, you
    gain 2 life"), as its source would; nothing if the source is gone."""
    d = task.data
    if not d.get("begun") and int(d["source"]) in game.objects:
        d["begun"] = True
        game.emit(
            EventKind.SKIP,
            ("614.10b",),
            f"{d['name']}: what its skip does is the first thing of the "
            + ("turn" if game.step == Step.UNTAP else _named(Step.NAMES[game.step])),
            player=int(d["controller"]),
        )
    follow_source_instructions(game, task)


register(f"static:{OP}")
