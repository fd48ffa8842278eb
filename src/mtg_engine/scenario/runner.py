"""Running one scenario: the decision loop (scenario format, "Actions").

At every decision the runner looks at the next unused action: if it belongs
to the deciding player, its ``at`` moment has come and it fits this kind of
decision, it is applied; otherwise the default answer is given
(:mod:`mtg_engine.scenario.defaults`). The run stops when the ``until`` step
has begun (its turn-based actions and "at the beginning of" triggers done,
a player about to receive priority), when the game ends, or (without
``until``) once every action is used and all players pass in succession
with an empty stack. An illegal scripted action stops the run with the game
as it was before that action. A scenario whose run exceeds a time limit
(an endless loop in the engine) fails instead of hanging the runner.
"""

from __future__ import annotations

import signal
import threading
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from ..game.actions import (
    Action,
    ChooseObjects,
    ChooseTargets,
    DecisionKind,
    IllegalActionError,
    PassPriority,
)
from ..game.state import Game, Step
from .answers import Illegal, Progress, Script, Unsupported
from .builder import BuildError, build
from .defaults import Unscripted, answer_count, default_answer
from .expect import Checker
from .model import ActionSpec, Moment, Scenario
from .refs import Refs
from .result import Failure, Result
from .unsupported import game_gaps

#: safety limit on decisions in one run (a scenario is a few dozen)
MAX_DECISIONS = 20000


@dataclass(slots=True)
class Stop:
    """Why the loop ended: ``kind`` is until/done/game_over/illegal/unscripted/..."""

    kind: str
    action: ActionSpec | None = None
    message: str = ""


#: default wall-clock limit for one scenario, in seconds (a scenario takes well under one)
TIME_LIMIT = 30.0


class ScenarioTimeout(BaseException):
    """The engine did not come back within the time limit (an endless loop).

    A BaseException so that no ``except Exception`` inside the engine swallows it.
    """


@contextmanager
def time_limit(seconds: float | None) -> Iterator[None]:
    """Raise :class:`ScenarioTimeout` in the block after ``seconds`` (Unix, main thread)."""
    usable = (
        seconds is not None
        and seconds > 0
        and hasattr(signal, "setitimer")
        and threading.current_thread() is threading.main_thread()
    )
    if not usable or seconds is None:
        yield
        return

    def expire(signum: int, frame: object) -> None:
        raise ScenarioTimeout()

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_scenario(sc: Scenario, seconds: float | None = TIME_LIMIT) -> Result:
    """Build, run and check one scenario; never raises for a scenario's problems.

    ``seconds`` bounds the run's wall-clock time (None: no limit).
    """
    run: Run | None = None
    try:
        with time_limit(seconds):
            try:
                built = build(sc)
            except BuildError as e:
                return Result(sc.name, sc.file, False, errors=[e.as_error(sc)])
            except Exception as e:  # an engine problem while setting up
                return Result(sc.name, sc.file, False, [_engine_failure(sc, e, "setting up")])
            run = Run(sc, built.game, Refs(built.labels, sc.player_names))
            try:
                return run.run()
            except Exception as e:
                failure = _engine_failure(sc, e, "running")
                return Result(
                    sc.name, sc.file, False, [failure], run.log_lines(), unsupported=run.uncompiled
                )
    except ScenarioTimeout:
        text = f"engine error: the run did not finish within {seconds:g} s (an endless loop?)"
        where = ""
        if run is not None:
            g = run.game
            where = f" at turn {g.turn}, {Step.NAMES[g.step]}"
        failure = Failure("", "the run to finish", text + where, text + where)
        log = [str(ev) for ev in run.game.log[-200:]] if run is not None else []
        return Result(sc.name, sc.file, False, [failure], log)


def _engine_failure(sc: Scenario, e: Exception, doing: str) -> Failure:
    frames = [f for f in traceback.extract_tb(e.__traceback__) if "mtg_engine" in f.filename]
    where = ""
    if frames:
        f = frames[-1]
        short = f.filename[f.filename.rfind("mtg_engine") :]
        where = f" (at {short}:{f.lineno} in {f.name})"
    msg = f"engine error while {doing}: {type(e).__name__}: {e}{where}"
    return Failure("", "no engine error", msg, msg)


def reached(game: Game, moment: Moment) -> bool:
    """Whether the game is at or past ``moment`` (turn, then step)."""
    turn = moment.turn if moment.turn is not None else game.turn
    step = moment.step if moment.step is not None else Step.UNTAP
    return (game.turn, game.step) >= (turn, step)


def _until_reached(game: Game, until: Moment) -> bool:
    """The ``until`` step has begun: its turn-based actions and "at the beginning"
    triggers are done and a player is about to receive priority (or the game is
    already past that step, e.g. one without priority)."""
    if not reached(game, until):
        return False
    d = game.pending
    if d is not None and d.kind == DecisionKind.PRIORITY:
        return True
    step = until.step if until.step is not None else Step.UNTAP
    return (game.turn, game.step) > (until.turn or game.turn, step)


def step_done(until: Moment) -> Callable[[Game], bool]:
    """The stopping point for ``until`` at a step in which no player gets priority
    (untap, CR 502.4; cleanup, CR 514.3): that step's turn-based actions are done and
    the game is about to move to the next step."""
    step = until.step if until.step is not None else Step.UNTAP

    def halt(game: Game) -> bool:
        tasks = game.tasks
        return (
            game.step == step
            and (until.turn is None or game.turn == until.turn)
            and bool(tasks)
            and tasks[-1].kind == "turn"
            and tasks[-1].stage == 2
        )

    return halt


def at_now(game: Game, moment: Moment) -> bool:
    return (moment.turn is None or game.turn == moment.turn) and (
        moment.step is None or game.step == moment.step
    )


def _identity(game: Game, ref: int) -> tuple[str, int]:
    """A chosen object as the card it is (it may have changed zones since, CR 400.7),
    or a player (a negative reference)."""
    o = game.objects.get(ref) if ref >= 0 else None
    if o is None:
        return ("player" if ref < 0 else "object", ref)
    return ("card", o.card_uid)


def _automatic_choice(game: Game, answer: Action) -> tuple[int, frozenset[tuple[str, int]]] | None:
    """The player and objects of a default answer that is the one legal answer of a
    choice of objects or targets (the engine made it without asking)."""
    d = game.pending
    if d is None or d.kind not in (DecisionKind.TARGETS, DecisionKind.CHOOSE_OBJECTS):
        return None
    if isinstance(answer, ChooseTargets):
        objects = answer.targets
    elif isinstance(answer, ChooseObjects):
        objects = answer.objects
    else:
        return None
    if not objects or answer_count(game) != 1:
        return None
    return d.player, frozenset(_identity(game, o) for o in objects)


def past(game: Game, moment: Moment) -> bool:
    if moment.turn is None:
        return False
    if game.turn != moment.turn:
        return game.turn > moment.turn
    return moment.step is not None and game.step > moment.step


class Run:
    """The decision loop of one scenario."""

    def __init__(self, sc: Scenario, game: Game, refs: Refs) -> None:
        self.sc = sc
        self.game = game
        self.refs = refs
        self.script = Script(refs)
        self.next = 0
        self.progress = Progress()
        self.uncompiled = game_gaps(game)
        self.halt: Callable[[Game], bool] | None = None
        #: the rejection of an action waiting for the stack to resolve (:meth:`_waits`)
        self.waiting: Stop | None = None
        #: choices of objects or targets the engine made without asking, because they
        #: had one legal answer, since a scripted ``choose``/``target`` naming objects
        #: was last applied: (player, the cards) (:meth:`_restates_automatic`)
        self.automatic: list[tuple[int, frozenset[tuple[str, int]]]] = []
        if sc.until is not None and sc.until.step in (Step.UNTAP, Step.CLEANUP):
            self.halt = step_done(sc.until)
        self.game.halt = self.halt
        self.game.ask_single_answers = True  # a scripted answer to it is applied

    def log_lines(self) -> list[str]:
        return [str(ev) for ev in self.game.log]

    def run(self) -> Result:
        sc = self.sc
        stop = self.loop()
        failures = self.verdict(stop)
        if stop.kind in ("until", "done", "game_over", "illegal") and sc.expect:
            failures.extend(Checker(self.game, self.refs).check(sc.expect, sc.path))
        return Result(
            sc.name, sc.file, not failures, failures, self.log_lines(), unsupported=self.uncompiled
        )

    # ------------------------------------------------------------------
    # The loop
    # ------------------------------------------------------------------

    def _advance(self) -> None:
        self.next += 1
        self.progress = Progress()

    def loop(self) -> Stop:
        sc = self.sc
        actions = sc.actions
        stall_turns = 2 * len(sc.players)
        since: int | None = None
        for _ in range(MAX_DECISIONS):
            g = self.game
            if g.outcome is not None:
                return Stop("game_over")
            d = g.pending
            if d is None:
                if self.halt is not None and self.halt(g):
                    return Stop("until")
                return Stop("done")
            act = actions[self.next] if self.next < len(actions) else None
            if (
                act is not None
                and act.verb == "assign_damage"
                and d.kind == DecisionKind.ASSIGN_DAMAGE
                and not self.script.fits(g, act, self.progress)
            ):
                # entries for creatures whose only legal assignment the engine made
                snapshot = g.clone()
                try:
                    used = self.script.take_automatic(g, act, self.progress)
                except Illegal as e:
                    self.game = snapshot
                    return Stop("illegal", act, e.message)
                if used and len(self.progress.assigned) == len(act.value):
                    self._advance()
                    since = None
                    continue
            if act is not None and act.verb == "assign_damage" and self.progress.assigned:
                if not self.script.fits(g, act, self.progress):
                    self._advance()  # its attackers' assignments are over
                    since = None
                    continue
            if sc.until is not None and _until_reached(g, sc.until):
                return self.waiting or Stop("until")
            if act is None and sc.until is None and self._all_passed(g):
                return Stop("done")
            if act is not None:
                if act.at is not None and past(g, act.at):
                    return self.waiting or Stop("never", act)
                eligible = act.at is None or at_now(g, act.at)
                if eligible:
                    if since is None:
                        since = g.turn
                    elif sc.until is None and g.turn >= since + stall_turns:
                        return Stop("never", act)
                self.script.following = self._following(act)
                if eligible and self.script.fits(g, act, self.progress):
                    automatic = list(self.automatic)
                    if act.verb in ("choose", "target") and isinstance(act.value, list):
                        self.automatic.clear()
                    stop = self._apply(act)
                    if stop is not None and stop.kind == "illegal":
                        # not an answer to this decision: it may state an earlier one
                        self.automatic = automatic
                        if self._restates_automatic(self.game, act):
                            self._advance()
                            since = None
                            continue
                    if stop is not None and self._waits(act, stop):
                        self.waiting = stop
                        self.game.apply(PassPriority())
                        continue
                    if stop is not None:
                        return stop
                    self.waiting = None
                    if self.next > act.index:
                        since = None
                    continue
            if act is not None and self._restates_automatic(g, act):
                self._advance()
                since = None
                continue
            try:
                if self.script.answer_later_targets(g):
                    continue
            except Illegal as e:
                return Stop("illegal", act, e.message)
            try:
                answer = default_answer(g)
            except Unscripted as e:
                return Stop("unscripted", act, e.prompt)
            made = _automatic_choice(g, answer)
            try:
                g.apply(answer)
            except IllegalActionError as e:
                raise RuntimeError(f"the default answer {answer} was rejected: {e}") from None
            if made is not None:
                self.automatic.append(made)
        return Stop("limit", message=f"the run did not stop within {MAX_DECISIONS} decisions")

    def _restates_automatic(self, g: Game, act: ActionSpec) -> bool:
        """A ``choose`` or ``target`` naming exactly the objects of a choice the
        engine made without asking, because they were its one legal answer (a
        decision with one legal answer is taken automatically), after that choice
        was made: the script states what happened, so it is used up (as
        ``assign_damage`` entries for an assignment with one legal split are). It
        still waits for its ``at``."""
        if (
            act.verb not in ("choose", "target")
            or not isinstance(act.value, list)
            or not act.value
            or (act.at is not None and not at_now(g, act.at))
        ):
            return False
        player = self.script.player_index(act)
        for i, (who, chosen) in enumerate(self.automatic):
            if who != player or len(chosen) != len(act.value):
                continue
            named: list[int] = []

            def among(o: int, c: frozenset[tuple[str, int]] = chosen) -> bool:
                return _identity(g, o) in c

            for ref in act.value:
                found = self.refs.resolve(g, str(ref), player, among, named, players=True)
                if found is None or _identity(g, found) not in chosen:
                    break
                named.append(found)
            else:
                del self.automatic[i]
                return True
        return False

    def _waits(self, act: ActionSpec, stop: Stop) -> bool:
        """A ``cast``, ``activate`` or ``play`` at a given moment that is illegal
        while the stack isn't empty is tried again as the stack resolves, within
        that moment: the creature spell it targets hasn't resolved, the persist
        trigger that returns it is waiting, a sorcery-speed spell or a land waits
        for the "at the beginning of" trigger on the stack (CR 307.1, 305.1, 117.1a),
        the permanent whose ability it activates is still being returned. If it
        never becomes legal there, it is the illegal action. A scenario that
        expects an illegal action (``expect_error``) doesn't wait: there the
        format's rule holds as written, and the action is illegal where it is
        first tried (a sorcery while the stack isn't empty)."""
        g = self.game
        return (
            self.sc.expect_error is None
            and stop.kind == "illegal"
            and act.verb in ("cast", "activate", "play")
            and act.at is not None
            and bool(g.stack)
            and g.pending is not None
            and g.pending.kind == DecisionKind.PRIORITY
        )

    def _following(self, act: ActionSpec) -> ActionSpec | None:
        """The scripted action after ``act``, if any."""
        actions = self.sc.actions
        return actions[act.index + 1] if act.index + 1 < len(actions) else None

    def _all_passed(self, g: Game) -> bool:
        """This priority pass would end the step: everyone passed, the stack is empty."""
        d = g.pending
        if d is None or d.kind != DecisionKind.PRIORITY or g.stack:
            return False
        alive = sum(1 for p in g.players if not p.has_lost)
        return g.passes + 1 >= alive

    def _apply(self, act: ActionSpec) -> Stop | None:
        snapshot = self.game.clone()
        # the action after this one may answer a cost choice made while this
        # spell or ability is put on the stack ("activate" then "choose: [...]")
        self.script.following = self._following(act)
        self.script.later = list(self.sc.actions[act.index + 1 :])
        self.script.absorbed = 0
        try:
            done = self.script.apply(self.game, act, self.progress)
        except Illegal as e:
            self.game = snapshot  # the game stays as it was before that action
            return Stop("illegal", act, e.message)
        except Unscripted as e:
            return Stop("unscripted", act, e.prompt)
        except Unsupported as e:
            self.game = snapshot
            return Stop("unsupported", act, e.message)
        if done:
            for _ in range(1 + self.script.absorbed):
                self._advance()
        return None

    # ------------------------------------------------------------------
    # Judging the run
    # ------------------------------------------------------------------

    def verdict(self, stop: Stop) -> list[Failure]:
        sc = self.sc
        act = stop.action
        out: list[Failure] = []
        if stop.kind == "illegal":
            assert act is not None
            text = f"action {act.number} is illegal: {stop.message}"
            wanted = sc.expect_error
            if wanted is None:
                out.append(Failure(act.path, "a legal action", stop.message, text))
            elif any(not gap.missing for gap in self.uncompiled):
                # the rejection may come from a sentence the compiler dropped: not a pass
                text = f"{text}, but the scenario uses card text the engine can't run yet"
                out.append(
                    Failure(
                        self._path("expect_error"),
                        "a rules rejection",
                        stop.message,
                        text,
                    )
                )
            elif isinstance(wanted, str) and wanted.lower() not in stop.message.lower():
                out.append(
                    Failure(
                        self._path("expect_error"),
                        wanted,
                        stop.message,
                        f"expect_error: expected a rejection mentioning {wanted!r}, but {text}",
                    )
                )
            return out
        if stop.kind == "unscripted":
            text = f"unscripted decision: {stop.message}"
            out.append(Failure(self._path("actions"), "a scripted answer", text, text))
            return out
        if stop.kind == "unsupported":
            assert act is not None
            text = f"action {act.number} is not supported by the engine: {stop.message}"
            out.append(Failure(act.path, "a supported action", stop.message, text))
            return out
        if stop.kind == "limit":
            out.append(Failure(self._path("until"), "the run to stop", stop.message, stop.message))
            return out
        for leftover in sc.actions[self.next :]:
            partial = ""
            if leftover is act or leftover.index == self.next:
                if self.progress.passes_done:
                    partial = f", {self.progress.passes_done} of {leftover.value} passes made"
            text = f"action {leftover.number} never applied ({leftover.text}{partial})"
            out.append(Failure(leftover.path, "applied", "never applied", text))
        if sc.expect_error is not None:
            where = (
                "the game ended"
                if stop.kind == "game_over"
                else f"the run stopped at turn {self.game.turn}, {Step.NAMES[self.game.step]}"
            )
            text = f"expect_error: expected an illegal action, but none was rejected ({where})"
            out.append(Failure(self._path("expect_error"), "an illegal action", "none", text))
        return out

    def _path(self, key: str) -> str:
        return f"{self.sc.path}.{key}" if self.sc.path else key
