"""The game state (architecture §2) and the public decision interface (§1).

:class:`Game` holds everything the rules need as plain data keyed by integer
ids: players, objects, the shared zones, the turn structure, continuous
effects, pending triggers, the task stack of unfinished engine work, the log
and the random generator. The rules themselves live in :mod:`mtg_engine.rules`
and act on a ``Game``.

The public API follows python-chess and OpenSpiel: read ``game.decision``,
list ``game.legal_actions()``, answer with ``game.apply(action)``; ``clone()``,
``observe(player)``, ``to_json()``/``Game.from_json()``.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable
from typing import Any, Final, cast

from .actions import Action, Concede, Decision, DecisionId, IllegalActionError, malformed
from .emitter import EventEmitter
from .events import Event, EventKind
from .hooks import PROCEDURES
from .native import mypyc_attr
from .objects import CardDef, GameObject, Player, Zone
from .records import Combat, ContinuousEffect, Outcome, OutcomeReason
from .rng import Rng
from .serialize import game_from_json, game_to_json
from .tasks import TASK_HANDLERS, Task
from .turn_flags import TurnFlags

#: sets a field of a frozen record (an action's decision stamp), as the dataclass's
#: own ``__init__`` does; a plain name, so that mypyc compiles the call as a call
_set_field = object.__setattr__


class Step:
    """CR 500.1: the steps of a turn, in order (ints for speed)."""

    UNTAP: Final = 0
    UPKEEP: Final = 1
    DRAW: Final = 2
    PRECOMBAT_MAIN: Final = 3
    BEGINNING_OF_COMBAT: Final = 4
    DECLARE_ATTACKERS: Final = 5
    DECLARE_BLOCKERS: Final = 6
    FIRST_STRIKE_DAMAGE: Final = 7
    COMBAT_DAMAGE: Final = 8
    END_OF_COMBAT: Final = 9
    POSTCOMBAT_MAIN: Final = 10
    END: Final = 11
    CLEANUP: Final = 12

    NAMES: Final = (
        "untap",
        "upkeep",
        "draw",
        "precombat_main",
        "beginning_of_combat",
        "declare_attackers",
        "declare_blockers",
        "first_strike_damage",
        "combat_damage",
        "end_of_combat",
        "postcombat_main",
        "end",
        "cleanup",
    )
    BY_NAME: Final = {n: i for i, n in enumerate(NAMES)}


#: steps of the engine's work without a decision after which the game is in a
#: loop of mandatory actions (CR 104.4b); a real turn takes a few hundred at most
MANDATORY_LOOP_STEPS = 200_000
#: decisions in a row in one step of a turn, each with exactly one legal answer,
#: after which the game is in a loop of mandatory actions (CR 104.4b): a forced
#: answer is no choice, and a real step asks a few dozen at most
MANDATORY_LOOP_DECISIONS = 1_000


@mypyc_attr(allow_interpreted_subclasses=True)
class Game(EventEmitter):
    """A two-player game of Magic (multiplayer-ready in structure)."""

    #: a caller's stopping point (the scenario runner's ``until`` at a step without
    #: priority, CR 502.4, 514.3): :meth:`run` returns, with no decision pending,
    #: as soon as it holds. Set on one game only; clones and saved games don't keep it.
    halt: Callable[[Game], bool] | None = None
    #: ask even the choices of objects that have exactly one legal answer (choose
    #: all n of n), which the engine otherwise makes without asking; the scenario
    #: runner sets it so that a scripted answer to such a choice is applied
    ask_single_answers: bool = False
    #: a caller's observer of answers (the judge view of ``mtg serve`` keeps the game
    #: before each decision it answers): called with the game and the answer before
    #: the answer is applied. Set on one game only; clones and saved games don't keep it.
    on_answer: Callable[[Game, Action], None] | None = None

    def real_choice(self, candidates: int, n: int) -> bool:
        """Whether choosing ``n`` of ``candidates`` objects is asked of the player."""
        return candidates > n or (candidates == n > 0 and self.ask_single_answers)

    #: the state version: bumped whenever something the characteristics cache
    #: depends on changes (:meth:`invalidate`: zone moves, tapping, counters, damage,
    #: effects, ...) and as a turn begins; what is derived from the state and keyed
    #: on it (rules/priority_options.py) is recomputed when it moves
    version: int = 0

    #: the simultaneous event being performed (rules/simultaneous.py); never open
    #: at a decision, so not part of the state that is cloned or saved
    _batch: Any = None
    #: True while a replacement or prevention effect's own instructions are followed
    #: (rules/prevention_then.py): "if an effect would create tokens / put counters"
    #: replacement effects then cite CR 614.16; never open at a decision
    _by_replacement: bool = False
    #: the controller of the spell or ability whose instructions are being followed
    #: (rules/effects_runner.run_effects): the player who puts counters (CR 122.1);
    #: never open at a decision
    _acting: int | None = None
    #: the keys of the replacement effects whose instructions are being followed
    #: (rules/prevention_then.follow_source_instructions): they don't apply again to
    #: the events those instructions make (CR 614.5); never open at a decision
    _replacing: tuple[str, ...] = ()

    def __init__(self, player_names: Iterable[str] = ("A", "B"), seed: int = 0) -> None:
        self.players: list[Player] = [Player(i, n) for i, n in enumerate(player_names)]
        self.objects: dict[int, GameObject] = {}
        self.battlefield: list[int] = []
        self.stack: list[int] = []  # bottom → top
        self.exile: list[int] = []
        self.command: list[int] = []
        self.rng = Rng(seed)
        self.seed = seed
        #: this game's unique identity, shared by its clones and saved copies: the
        #: actions it lists carry it, so another game refuses them (``DecisionId``)
        self.token = secrets.token_hex(8)
        self.turn = 0
        self.active = 0
        self.starting_player = 0
        self.step = Step.UNTAP
        self.priority_player = 0
        self.passes = 0
        self.tasks: list[Task] = []
        self.pending: Decision | None = None
        self.log: list[Event] = []
        self.next_id = 1
        self.next_timestamp = 1
        self.effects: list[ContinuousEffect] = []
        self.pending_triggers: list[dict[str, Any]] = []
        self.delayed_triggers: list[dict[str, Any]] = []
        #: the players of the extra turns still to come, the most recently created
        #: last: it is taken first, right after this turn (CR 500.7)
        self.extra_turns: list[int] = []
        #: during an extra turn: the player whose turn came before the extra turns
        #: began; the turn order goes on after that player's (CR 500.7); None otherwise
        self.extra_after: int | None = None
        #: the game's day/night designation (CR 730.1): None (neither, as the game
        #: starts), "day" or "night"
        self.day_night: str | None = None
        #: CR 102.3, 805, 810: each player's team (an index per player) in a game
        #: between teams using the shared team turns option (Two-Headed Giant); None
        #: otherwise: every other player is then an opponent
        self.teams: list[int] | None = None
        self.combat: Combat | None = None
        self.outcome: Outcome | None = None
        self.uid_to_obj: dict[int, int] = {}
        self.decisions_made = 0
        self.turn_flags = TurnFlags()
        self._chars: dict[Any, Any] = {}  # named caches (rules/layers.py)
        #: the characteristics (CR 613) of permanents, of cards in hand with their
        #: printed ones, and of the other objects, apart: most changes (tapping,
        #: combat, damage, a card drawn) keep the first two whole (rules/layers.py)
        self._perm: dict[int, Any] = {}
        self._printed: dict[int, Any] = {}
        self._objs: dict[int, Any] = {}
        #: ids in ``_perm`` of objects not on the battlefield (last known information,
        #: CR 608.2h, kept until the next change)
        self._perm_stray: list[int] = []
        #: characteristics being computed now (rules/characteristics.py
        #: ``compute_framed``): each computation's object id, what others read of its
        #: values on their way and where its window starts; those values; and what
        #: was computed and remembered meanwhile
        self._frames: list[list[Any]] = []
        self._provisional: dict[int, tuple[Any, int, Any]] = {}
        self._computed_meanwhile: list[tuple[dict[int, Any], int]] = []
        self._options: list[Action] | None = None
        #: the state version (:attr:`version`) and each player's "could act" index
        #: (rules/priority_options.py), derived data: not cloned nor saved
        self.version = 0
        self._could_act: dict[Any, Any] = {}
        #: scan name -> (the next object id to look at, whether one was found): what
        #: the rules modules learned about the objects made so far (rules/speed.py,
        #: rules/graveyard_abilities.py); derived data, looked at again by a copy
        self._seen: dict[str, tuple[int, Any]] = {}
        #: ids below this were looked at by the last state-based action check for
        #: tokens outside the battlefield (rules/sba.py)
        self.sba_checked_ids = 0

    # ------------------------------------------------------------------
    # Objects and zones
    # ------------------------------------------------------------------

    def new_id(self) -> int:
        oid = self.next_id
        self.next_id += 1
        return oid

    def new_timestamp(self) -> int:
        ts = self.next_timestamp
        self.next_timestamp += 1
        return ts

    def create_card(self, card: CardDef, owner: int, zone: int, top: bool = True) -> GameObject:
        """Create the object for a physical card (or token) in a zone."""
        oid = self.new_id()
        obj = GameObject(oid, oid, card, owner, zone)
        obj.timestamp = self.new_timestamp()
        self.objects[oid] = obj
        self.uid_to_obj[oid] = oid
        self.zone_list(zone, owner).append(oid) if top else self.zone_list(zone, owner).insert(
            0, oid
        )
        self.invalidate()
        return obj

    def zone_list(self, zone: int, player: int) -> list[int]:
        """The list of ids of a zone (CR 400.1; player-owned zones need the player)."""
        if zone == Zone.BATTLEFIELD:
            return self.battlefield
        if zone == Zone.STACK:
            return self.stack
        if zone == Zone.EXILE:
            return self.exile
        if zone == Zone.COMMAND:
            return self.command
        p = self.players[player]
        if zone == Zone.LIBRARY:
            return p.library
        if zone == Zone.HAND:
            return p.hand
        return p.graveyard

    def obj(self, oid: int) -> GameObject:
        return self.objects[oid]

    def invalidate(self, *change: int | str) -> None:
        """Forget computed characteristics (CR 613): something they depend on changed.

        With no argument everything is forgotten. A caller that knows what
        changed says so, and what that can't have changed is kept
        (``PROCEDURES.cache_forget_after``): ``(from_zone, to_zone, new object, old object)``
        after an object moved, ``("tapped",)``, ``("combat",)``, ``("damage",)`` or ``("damage", object)``.
        """
        self.version += 1
        if not (self._chars or self._perm or self._objs or self._printed):
            return
        if change and PROCEDURES.cache_forget_after(self, change):
            return
        self._chars.clear()
        self._perm.clear()
        self._perm_stray.clear()
        self._printed.clear()
        self._objs.clear()

    # ------------------------------------------------------------------
    # Log and events
    # ------------------------------------------------------------------

    # emit(kind, rules, text, subject, **data): game/emitter.py (EventEmitter)

    # ------------------------------------------------------------------
    # The decision interface
    # ------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        """The pending decision, or None when the game is over."""
        return self.pending

    def legal_actions(self) -> list[Action]:
        """The enumerable legal answers to the pending decision (cached until it changes).

        For set-valued decisions (attackers, blockers, targets with several
        choices, damage division) this lists a representative set of legal
        answers; any other answer that satisfies ``decision.data``'s
        constraints is accepted by :meth:`apply` too.
        """
        if self.pending is None:
            return []
        if self._options is None:
            options = PROCEDURES.legal_options(self)
            stamp = self.pending.id
            for a in options:  # the decision each option answers (frozen records: set once)
                _set_field(a, "decision", stamp)
            self._options = options
        return self._options

    def is_legal(self, action: Action) -> str | None:
        """None if ``action`` answers the pending decision legally, else the reason."""
        problem = self._problem(action)
        return None if problem is None else problem[0]

    def _problem(self, action: object) -> tuple[str, str | None] | None:
        """Why ``action`` can't answer the pending decision, and the rule it breaks:
        not an action, another game's or an earlier decision's, or illegal."""
        d = self.pending
        if d is None:
            return ("the game is over", "104")
        why = malformed(action)
        if why is not None:
            return (why, None)
        act = cast(Action, action)
        stamp = act.decision
        if stamp is not None and stamp != d.id:
            if d.id is None or stamp.game != d.id.game:
                return (f"{type(action).__name__} is an action of another game", None)
            return (
                f"{type(action).__name__} is stale: it answers decision {stamp.seq}, "
                f"the pending decision is {d.id.seq}",
                None,
            )
        if isinstance(act, Concede):
            if not 0 <= act.player < len(self.players):
                return (f"there is no player {act.player}", "104.3a")
            return None
        try:
            problem = PROCEDURES.check_answer(self, act)
        except (KeyError, IndexError):
            problem = f"{act!r} names an object or player that isn't in this game"
        return None if problem is None else (problem, d.rule)

    def apply(self, action: Action) -> None:
        """Answer the pending decision and advance to the next one.

        Raises :class:`IllegalActionError` when the answer is illegal (naming the
        rule), isn't an action, or answers another game's or an earlier decision;
        the game is then exactly as it was. An action taken from the current
        :meth:`legal_actions` list (the same object) is legal by construction and
        is not checked again.
        """
        if self.outcome is not None or self.pending is None:
            raise IllegalActionError("the game is over", "104")
        if self.on_answer is not None:
            self.on_answer(self, action)
        options = self._options
        if options is not None:
            for offered in options:
                if offered is action:
                    self._push_answer(action)
                    return
        problem = self._problem(action)
        if problem is not None:
            raise IllegalActionError(*problem)
        if isinstance(action, Concede):
            PROCEDURES.concede(self, action.player)
            return
        self._push_answer(action)

    def _push_answer(self, action: Action) -> None:
        """Apply an answer known to be legal (the fast path for agents that
        choose from :meth:`legal_actions`)."""
        options = self._options
        one = len(options) == 1 if options is not None else PROCEDURES.has_one_option(self)
        forced = one and not isinstance(action, Concede)
        self.decisions_made += 1
        self.pending = None
        self._options = None
        self.tasks[-1].answer = action
        self.run()
        self._count_forced(forced)

    def _count_forced(self, forced: bool) -> None:
        """CR 104.4b: a game that asks :data:`MANDATORY_LOOP_DECISIONS` decisions in a
        row in one step, each with one legal answer, repeats mandatory actions with
        no way to stop: it is a draw. (Optional loops are not draws, 104.4b; the
        agents bound them, 731.2a.)"""
        flags = self.turn_flags
        if not forced:
            flags.forced_decisions = None
            return
        step, n = flags.forced_decisions or (self.step, 0)
        n = n + 1 if step == self.step else 1
        flags.forced_decisions = (self.step, n)
        if n >= MANDATORY_LOOP_DECISIONS and self.outcome is None:
            self.outcome = Outcome(None, OutcomeReason.MANDATORY_LOOP, "104.4b")
            self.pending = None
            self._options = None
            self.emit(
                EventKind.DRAW_GAME,
                ("104.4b",),
                f"The game is a draw: a loop of mandatory actions ({n} forced decisions "
                "in one step)",
            )

    def run(self) -> None:
        """Advance until a decision is needed or the game is over.

        CR 104.4b: a game that goes on for :data:`MANDATORY_LOOP_STEPS` steps with
        no decision to make is in a loop of mandatory actions, and is a draw."""
        handlers = TASK_HANDLERS
        halt = self.halt
        tasks = self.tasks  # (no handler replaces the list: they push and pop)
        for _ in range(MANDATORY_LOOP_STEPS):
            if self.pending is not None or self.outcome is not None or not tasks:
                return
            if halt is not None and halt(self):
                return
            task = tasks[-1]
            handlers[task.kind](self, task)
        # (the last step's handler may have ended the game or asked: it is a draw all the same)
        self.outcome = Outcome(None, OutcomeReason.MANDATORY_LOOP, "104.4b")
        self.pending = None
        self.emit(
            EventKind.DRAW_GAME,
            ("104.4b",),
            "The game is a draw: a loop of mandatory actions",
        )

    def push_task(self, kind: str, data: dict[str, Any] | None = None) -> Task:
        t = Task(kind, data)
        self.tasks.append(t)
        return t

    def finish(self, task: Task) -> None:
        """Remove a finished task (it is the topmost one)."""
        if self.tasks[-1] is task:
            self.tasks.pop()
        else:
            # a task pushed by the running handler (a pending choice of replacement
            # order, CR 616.1) sits above it until the handler returns
            self.tasks.remove(task)

    def ask(self, decision: Decision) -> None:
        decision.id = DecisionId(self.token, self.decisions_made)
        self.pending = decision
        self._options = None
        if self.players[decision.player].has_lost and self.outcome is None:
            PROCEDURES.left_player_decision(self)  # CR 800.4f-h: they make no choices

    # ------------------------------------------------------------------
    # Cloning, views, serialization
    # ------------------------------------------------------------------

    def clone(self) -> Game:
        """An independent copy of the game, at any decision (architecture §2).

        Card definitions and logged events are immutable and shared; every
        mutable record is copied.
        """
        g = Game.__new__(Game)
        g.players = [p.copy() for p in self.players]
        # Objects in libraries, hands and graveyards are never changed in place
        # (a change of zone makes a new object, CR 400.7), so clones share
        # them; permanents, spells, and exiled or command-zone objects are copied.
        objects = dict(self.objects)
        for zone in (self.battlefield, self.stack, self.exile, self.command):
            for oid in zone:
                objects[oid] = objects[oid].copy()
        g.objects = objects
        g.battlefield = list(self.battlefield)
        g.stack = list(self.stack)
        g.exile = list(self.exile)
        g.command = list(self.command)
        g.rng = self.rng.copy()
        g.seed = self.seed
        g.token = self.token
        g.turn = self.turn
        g.active = self.active
        g.starting_player = self.starting_player
        g.step = self.step
        g.priority_player = self.priority_player
        g.passes = self.passes
        g.tasks = [t.copy() for t in self.tasks]
        g.pending = (
            Decision(
                self.pending.kind,
                self.pending.player,
                self.pending.rule,
                self.pending.prompt,
                dict(self.pending.data),
                self.pending.id,
            )
            if self.pending
            else None
        )
        g.log = list(self.log)
        g.next_id = self.next_id
        g.next_timestamp = self.next_timestamp
        g.effects = list(self.effects)  # ContinuousEffect records are never mutated
        g.pending_triggers = [dict(t) for t in self.pending_triggers]
        g.delayed_triggers = [dict(t) for t in self.delayed_triggers]
        g.extra_turns = list(self.extra_turns)
        g.extra_after = self.extra_after
        g.day_night = self.day_night
        g.teams = self.teams  # (never changed in place)
        g.combat = self.combat.copy() if self.combat else None
        g.outcome = self.outcome
        g.uid_to_obj = dict(self.uid_to_obj)
        g.decisions_made = self.decisions_made
        g.turn_flags = self.turn_flags.copy()
        g._chars = {}
        g._perm = {}
        g._perm_stray = []
        g._frames = []
        g._provisional = {}
        g._computed_meanwhile = []
        g._printed = {}
        g._objs = {}
        g._options = None
        g.version = 0
        g._could_act = {}
        g._seen = {}
        g.sba_checked_ids = self.sba_checked_ids
        return g

    def observe(self, player: int) -> dict[str, Any]:
        """What ``player`` may see (architecture §5, CR 401.2, 402.3, 708.5)."""
        return PROCEDURES.observe(self, player)

    def to_json(self, log: bool = True) -> dict[str, Any]:
        """The game as JSON-ready data; ``log=False`` leaves the log out."""
        return game_to_json(self, log)

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """A game from :meth:`to_json`'s data; anything else raises GameFormatError
        (``Any``: compiled by mypyc, a ``dict`` parameter would refuse it first)."""
        return game_from_json(data, cls)

    # ------------------------------------------------------------------
    # Convenience
    # ------------------------------------------------------------------

    @property
    def step_name(self) -> str:
        return Step.NAMES[self.step]

    def opponents(self, player: int) -> list[int]:
        """CR 102.2-102.3: the players still in the game who aren't ``player`` nor, in
        a game between teams, on their team."""
        teams = self.teams
        if teams is None:
            return [p.index for p in self.players if p.index != player and not p.has_lost]
        team = teams[player]
        return [p.index for p in self.players if teams[p.index] != team and not p.has_lost]

    def is_opponent(self, player: int, other: int) -> bool:
        """CR 102.3: whether ``other`` is an opponent of ``player``: any other player,
        but in a game between teams only a player on another team."""
        teams = self.teams
        return player != other if teams is None else teams[player] != teams[other]

    def teammates(self, player: int) -> list[int]:
        """CR 102.3: ``player``'s teammates, the other players on their team (none
        outside a game between teams)."""
        teams = self.teams
        if teams is None:
            return []
        team = teams[player]
        return [q for q in range(len(teams)) if q != player and teams[q] == team]

    def share_team_totals(self, player: int) -> None:
        """CR 810.9, 810.10: in a game between teams a team's life total and poison
        counters are shared: what happened to ``player``'s is the team's."""
        if self.teams is None:
            return
        p = self.players[player]
        for q in self.teammates(player):
            self.players[q].life = p.life
            self.players[q].poison = p.poison

    def poison_to_lose(self) -> int:
        """CR 104.3d: ten poison counters; CR 810.8d, 810.11: fifteen for a team of two
        (five more for each player beyond the second)."""
        teams = self.teams
        return 10 if teams is None else 5 + 5 * teams.count(teams[0])

    def is_active(self, player: int) -> bool:
        """CR 102.1, 805.4a: whether it is ``player``'s turn: they are the active player,
        or with shared team turns a player of the active team."""
        teams = self.teams
        return player == self.active or (teams is not None and teams[player] == teams[self.active])

    def active_players(self) -> list[int]:
        """The players whose turn it is: the active player, or with shared team turns
        each player of the active team (CR 805.4a), in turn order."""
        if self.teams is None:
            return [self.active]
        return [q for q in self.turn_order() if self.is_active(q)]

    def turn_order(self, first: int = -1) -> list[int]:
        """CR 101.4: the players still in the game (CR 800.4a: one who has left is no
        longer counted), starting with ``first`` (the active player when omitted: APNAP
        order) and going on in turn order."""
        n = len(self.players)
        start = self.active if first < 0 else first
        order = [(start + k) % n for k in range(n)]
        return [q for q in order if not self.players[q].has_lost]

    def __repr__(self) -> str:
        return (
            f"<Game turn={self.turn} active={self.active} step={self.step_name} "
            f"life={[p.life for p in self.players]}>"
        )
