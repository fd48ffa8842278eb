"""One browser game: the server-side ``Game``, the AI opponent, stops and auto-pass,
undo, save and resume.

The page never sees the game itself: :meth:`Session.message` is built from
``observe(human)``, the log as the human may read it (``observe_log``), and the
human's own pending decision with its legal answers. Saved games stay on the
server (a saved game is the full state, hidden cards included: CR 401.2, 402.3).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ..agents import Agent, make_agent
from ..api import (
    Action,
    AssignDamage,
    CastSpell,
    ChooseDivision,
    ChooseNumber,
    ChooseObjects,
    ChooseTargets,
    Concede,
    DecisionKind,
    DecisionPurpose,
    Deck,
    DeclareAttackers,
    DeclareBlockers,
    Game,
    GameFormatError,
    IllegalActionError,
    PassPriority,
    Step,
    load_deck,
    new_game,
    observe_log,
)
from ..keywords.kicker import kicker_costs
from ..rules.characteristics import chars
from ..scenario.builder import BuildError, Built, build
from ..scenario.model import Scenario
from ..scenario.schema import load_data
from ..scenario.unsupported import unrunnable_warnings
from ..scenario.yamlload import YamlError, load_yaml
from ..ui.describe import describe
from ..ui.wording import second_person

#: --ai names: the agents, and Arena-like difficulty names for them
AI_ALIASES = {"easy": "random", "medium": "heuristic", "hard": "heuristic"}
AI_CHOICES = ("random", "heuristic", *AI_ALIASES)

#: steps where a player may set a stop (CR 500.1: the steps and phases of a turn);
#: untap and cleanup have no priority (CR 502.4, 514.3)
STOP_STEPS = tuple(n for n in Step.NAMES if n not in ("untap", "cleanup"))
#: Arena's defaults: your own main phases; nothing on the opponent's turn (the game
#: stops anyway when they put something on the stack, or a choice is yours)
DEFAULT_STOPS = ("you:precombat_main", "you:postcombat_main")

#: how many AI opponents a game of the page may have (CR 806: a free-for-all of up to
#: five players fits the page; two players is the default, CR 103)
MAX_OPPONENTS = 4

SAVE_FORMAT = "mtg-web-save/1"
_SAVE_NAME = re.compile(r"^[A-Za-z0-9 _.-]{1,60}$")


class SessionError(ValueError):
    """A request the session can't carry out (bad save name, unknown deck, ...): the
    message goes to the page, and the game is unchanged."""


def agent_kind(name: str) -> str:
    """The agent behind an ``--ai`` name (``easy`` is ``random``, ...)."""
    kind = AI_ALIASES.get(name, name)
    if kind not in ("random", "heuristic"):
        raise SessionError(f"unknown AI {name!r} (choose from: {', '.join(AI_CHOICES)})")
    return kind


@dataclass
class Settings:
    """The player's preferences: stops (``"you:STEP"`` / ``"opponent:STEP"``), undo,
    and holding priority (keep it after casting, to respond to your own spell)."""

    stops: set[str] = field(default_factory=lambda: set(DEFAULT_STOPS))
    allow_undo: bool = True
    hold_priority: bool = False
    #: stop for every spell or ability an opponent puts on the stack, even when you
    #: can't respond, so you see it before it resolves (off: as Arena, the game
    #: stops only when you have a response and the log tells you what resolved)
    stop_on_stack: bool = True

    def to_json(self) -> dict[str, Any]:
        return {
            "stops": sorted(self.stops),
            "allow_undo": self.allow_undo,
            "hold_priority": self.hold_priority,
            "stop_on_stack": self.stop_on_stack,
        }

    def update(self, data: dict[str, Any]) -> None:
        stops = data.get("stops")
        if stops is not None:
            if not isinstance(stops, list) or not all(isinstance(s, str) for s in stops):
                raise SessionError("stops must be a list of 'you:STEP' / 'opponent:STEP'")
            bad = [s for s in stops if _stop_problem(s)]
            if bad:
                raise SessionError(f"unknown stop {bad[0]!r}")
            self.stops = set(stops)
        if "allow_undo" in data:
            self.allow_undo = bool(data["allow_undo"])
        if "hold_priority" in data:
            self.hold_priority = bool(data["hold_priority"])
        if "stop_on_stack" in data:
            self.stop_on_stack = bool(data["stop_on_stack"])


def opponent_names(n: int) -> list[str]:
    """``Opponent``, or ``Opponent 1`` ... ``Opponent n`` in a free-for-all."""
    return ["Opponent"] if n == 1 else [f"Opponent {i}" for i in range(1, n + 1)]


def _stop_problem(stop: str) -> bool:
    who, _, step = stop.partition(":")
    return who not in ("you", "opponent") or step not in STOP_STEPS


class Session:
    """A game between the page's player (``human``) and an AI, held on the server."""

    def __init__(
        self,
        game: Game,
        ai: str = "heuristic",
        human: int = 0,
        settings: Settings | None = None,
        deck: str = "red-green",
        opponent_deck: str = "white-blue",
    ) -> None:
        self.game = game
        self.ai = agent_kind(ai)
        self.human = human
        self.settings = settings or Settings()
        self.deck = deck
        self.opponent_deck = opponent_deck
        #: an AI for each other player (seats after the human's get the next seeds)
        self.agents: dict[int, Agent] = {
            p.index: make_agent(self.ai, game.seed + k)
            for k, p in enumerate((p for p in game.players if p.index != human), 1)
        }
        #: clones of the game at the human's earlier decisions (undo)
        self.history: list[Game] = []
        #: how much of the log the page has (it gets only what's new)
        self.log_sent = 0
        self.notice = ""
        #: what the player should know about the decks (sent once, with the first message)
        self.warnings: list[str] = []
        #: the human asked to keep priority after their last answer (Arena's Ctrl-click)
        self.hold_once = False
        self.advance()

    # ------------------------------------------------------------------ creating

    @classmethod
    def new(
        cls,
        deck: str | Deck = "red-green",
        opponent_deck: str | Deck = "white-blue",
        ai: str = "heuristic",
        seed: int = 0,
        settings: Settings | None = None,
        opponents: int = 1,
        allow_small: bool = False,
    ) -> Session:
        """A new game: the page's player with ``deck`` against ``opponents`` AI players,
        each with ``opponent_deck`` (deck files, bundled names, or parsed decks). With two
        or more opponents it is a free-for-all (CR 806: each player attacks any of the
        others, 802; the one left wins, 104.2a)."""
        if not 1 <= opponents <= MAX_OPPONENTS:
            raise SessionError(f"a game has 1 to {MAX_OPPONENTS} opponents, not {opponents}")
        try:
            mine = deck if isinstance(deck, Deck) else load_deck(deck)
            theirs = opponent_deck if isinstance(opponent_deck, Deck) else load_deck(opponent_deck)
            decks = [mine.card_defs(), *(theirs.card_defs() for _ in range(opponents))]
        except (OSError, KeyError, ValueError) as e:
            raise SessionError(f"can't load the decks: {e}") from None
        names = ["Player", *opponent_names(opponents)]
        game = new_game(decks, seed=seed, names=names)
        session = cls(game, ai, 0, settings, mine.name, theirs.name)
        # the opponent's deck only when the player gave it: a bundled deck's cards all
        # run, and naming the cards of a deck the AI picked would tell its hidden list
        session.warnings = deck_warnings(mine, allow_small)
        if isinstance(opponent_deck, Deck):
            session.warnings += deck_warnings(theirs, allow_small)
        return session

    @classmethod
    def from_scenario(cls, text: str, ai: str = "heuristic", index: int = 0) -> Session:
        """A game from the set-up of a scenario (the project's YAML format): its board at
        its starting step, the first player being the page's. The scenario's scripted
        decisions aren't played: the page plays from that position."""
        _scenarios, built = load_scenario(text, index)
        game = built.game
        return cls(game, ai, 0, None, "scenario", "scenario")

    # ------------------------------------------------------------------ playing

    def _auto(self) -> Action | None:
        """The answer the game gives for the player without asking (Arena's auto-pass),
        or None when the game stops for them."""
        g = self.game
        d = g.pending
        assert d is not None
        options = g.legal_actions()
        if d.kind == DecisionKind.PRIORITY:
            theirs = any(g.objects[o].controller != self.human for o in g.stack)
            if len(options) == 1 and not (theirs and self.settings.stop_on_stack):
                return options[0]  # only "pass": nothing to do
            if theirs:
                return None  # the opponent put something on the stack: always stop
            if g.stack:
                # CR 117.3c: after casting, the caster receives priority; holding it,
                # they may respond to their own spell (Arena's Ctrl-click / full control)
                if self.hold_once or self.settings.hold_priority:
                    return None
                return PassPriority()  # your own spell or ability: let it resolve
            who = "you" if g.active == self.human else "opponent"
            if f"{who}:{g.step_name}" in self.settings.stops:
                return None
            return PassPriority()
        if d.kind in (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS) and not d.data.get(
            "candidates"
        ):
            return options[0]  # nothing can attack or block: declaring none isn't a choice
        return None

    def advance(self) -> None:
        """Play the AI's decisions and the human's automatic passes until the human
        has a choice to make or the game is over."""
        g = self.game
        while g.outcome is None:
            d = g.pending
            assert d is not None
            if d.player != self.human:
                g.apply(self.agents[d.player].choose(g))
                continue
            auto = self._auto()
            if auto is None:
                return
            g.apply(auto)

    def answer(self, msg: dict[str, Any]) -> None:
        """Apply the human's answer: ``{"i": n}`` (the n-th legal option) or a built
        answer for set-valued decisions (``targets``, ``attackers``, ``blockers``,
        ``objects``, ``number``, ``division``, ``assignment``). ``"hold": true`` keeps
        priority once the answer is done (to respond to one's own spell)."""
        g = self.game
        d = g.pending
        if d is None:
            raise SessionError("the game is over")
        if d.player != self.human:
            raise SessionError("it isn't your decision")
        if d.id is not None and msg.get("seq") not in (None, d.id.seq):
            raise SessionError("that answers an earlier decision")
        action = self._build(msg)
        problem = g.is_legal(action)
        if problem is not None:
            raise SessionError(problem)
        before = g.clone()
        try:
            g.apply(action)
        except IllegalActionError as e:
            raise SessionError(str(e)) from None
        self.history.append(before)
        del self.history[:-50]
        self.notice = ""
        if d.kind == DecisionKind.PRIORITY:
            # kept through the spell's targets, modes, X and payment, until its next priority
            self.hold_once = msg.get("hold") is True
        self.advance()

    def _build(self, msg: dict[str, Any]) -> Action:
        g = self.game
        if "i" in msg:
            options = g.legal_actions()
            i = msg["i"]
            if not isinstance(i, int) or not 0 <= i < len(options):
                raise SessionError(f"there is no option {i!r}")
            if "kicker" in msg:  # a multikicker count (CR 702.33c) for a cast option
                cast = options[i]
                if not isinstance(cast, CastSpell):
                    raise SessionError("only a spell is kicked")
                return replace(cast.unbound(), kicker=_ints(msg["kicker"]))
            return options[i]
        for key, (build_action, read) in _BUILT_ANSWERS.items():
            if key in msg:
                return build_action(read(msg[key]))
        if "number" in msg:
            n = msg["number"]
            if not isinstance(n, int) or isinstance(n, bool):
                raise SessionError(f"{n!r} isn't a number")
            return ChooseNumber(n)
        raise SessionError("the answer names no option")

    def _multikickers(self, actions: list[Action]) -> dict[int, dict[str, Any] | None]:
        """CR 702.33c: a multikicker cost is paid any number of times. ``legal_actions``
        lists each count the player can pay now; the page shows them as one count
        on the cast that doesn't pay it: {option index: {index, cost, max}}, and
        each count's own option (its index with ``None``) is left out of the menu."""
        g = self.game
        out: dict[int, dict[str, Any] | None] = {}
        for i, a in enumerate(actions):
            if not (isinstance(a, CastSpell) and any(a.kicker)):
                continue
            costs = kicker_costs(list(chars(g, g.objects[a.card]).abilities))
            which = next((j for j, (kw, _c) in enumerate(costs) if kw == "Multikicker"), None)
            if which is None or which >= len(a.kicker) or a.kicker[which] < 1:
                continue
            base = list(a.kicker)
            base[which] = 0
            while base and base[-1] == 0:
                base.pop()
            unpaid = replace(a, kicker=tuple(base))
            b = next((k for k, x in enumerate(actions) if x == unpaid), None)
            if b is None:
                continue
            got = out.get(b) or {"index": which, "cost": str(costs[which][1]), "max": 0}
            got["max"] = max(got["max"], a.kicker[which])
            out[b] = got
            out[i] = None
        return out

    def concede(self) -> None:
        """CR 104.3a: the player concedes."""
        if self.game.outcome is None:
            self.history.append(self.game.clone())
            self.game.apply(Concede(self.human))

    def undo(self) -> None:
        """Back to the human's previous decision (their own last answer is taken back;
        what the AI did since is undone too)."""
        if not self.settings.allow_undo:
            raise SessionError("undo is turned off in the settings")
        if not self.history:
            raise SessionError("nothing to undo")
        self.game = self.history.pop()
        self.log_sent = 0  # the page's log is rebuilt
        self.notice = "Your last decision was undone"

    # ------------------------------------------------------------------ save / resume

    def save(self, directory: Path, name: str) -> Path:
        """Write the game as JSON to ``directory/name.json`` (on the server: a saved game
        holds every hidden card, so it never goes to the page)."""
        if not _SAVE_NAME.match(name or ""):
            raise SessionError("a save name is 1-60 letters, digits, spaces, '_', '-' or '.'")
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{name}.json"
        data = {
            "format": SAVE_FORMAT,
            "game": self.game.to_json(),
            "human": self.human,
            "ai": self.ai,
            "deck": self.deck,
            "opponent_deck": self.opponent_deck,
            "settings": self.settings.to_json(),
        }
        path.write_text(json.dumps(data), encoding="utf-8")
        return path

    @classmethod
    def resume(cls, directory: Path, name: str) -> Session:
        """The game saved as ``name`` in ``directory``."""
        if not _SAVE_NAME.match(name or ""):
            raise SessionError(f"there is no saved game {name!r}")
        path = directory / f"{name}.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise SessionError(f"there is no saved game {name!r}") from None
        except (OSError, ValueError) as e:
            raise SessionError(f"can't read the saved game {name!r}: {e}") from None
        if not isinstance(data, dict) or data.get("format") != SAVE_FORMAT:
            raise SessionError(f"{name!r} isn't a saved game of this page")
        try:
            game = Game.from_json(data["game"])
        except (GameFormatError, KeyError) as e:
            raise SessionError(f"the saved game {name!r} is damaged: {e}") from None
        settings = Settings()
        settings.update(data.get("settings") or {})
        return cls(
            game,
            data.get("ai", "heuristic"),
            int(data.get("human", 0)),
            settings,
            str(data.get("deck", "")),
            str(data.get("opponent_deck", "")),
        )

    @staticmethod
    def saves(directory: Path) -> list[str]:
        """The names of the saved games in ``directory``, newest first."""
        if not directory.is_dir():
            return []
        files = sorted(directory.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True)
        return [p.stem for p in files]

    # ------------------------------------------------------------------ what the page sees

    def message(self) -> dict[str, Any]:
        """Everything the page is sent: the human's view, the new log entries, and their
        own decision with its answers. Nothing here comes from the full state."""
        g = self.game
        view = g.observe(self.human)
        view.pop("log", None)  # the page keeps the whole log: it gets the new entries
        reset = self.log_sent == 0
        log = observe_log(g, self.human, self.log_sent)
        me = g.players[self.human].name
        for entry in log:  # told to the player: "You draw a card", "Your turn"
            entry["text"] = second_person(entry["text"], me)
        self.log_sent = len(g.log)
        warnings, self.warnings = self.warnings, []
        d = g.pending
        decision = None
        if d is not None and d.player == self.human and g.outcome is None:
            decision = self._decision(view)
        return {
            "type": "state",
            "view": view,
            "log": log,
            "log_reset": reset,
            "decision": decision,
            "settings": self.settings.to_json(),
            "stop_steps": list(STOP_STEPS),
            "can_undo": self.settings.allow_undo and bool(self.history),
            "notice": self.notice,
            "warnings": warnings,
            "ai": self.ai,
        }

    def _decision(self, view: dict[str, Any]) -> dict[str, Any]:
        g = self.game
        d = g.pending
        assert d is not None
        data = d.to_json()["data"]
        if d.purpose == DecisionPurpose.SEARCH and isinstance(data.get("candidates"), list):
            data["candidates"] = sorted(data["candidates"])  # not the library's order (401.2)
        options = []
        # at priority a card's own menu lists its options; elsewhere (targets, damage,
        # choices) objects of the same name are told apart: "Grizzly Bears #43 (B's, 2/2)"
        viewer = None if d.kind == DecisionKind.PRIORITY else self.human
        actions = g.legal_actions()[:400]
        kicks = self._multikickers(actions) if d.kind == DecisionKind.PRIORITY else {}
        for i, a in enumerate(actions):
            if i in kicks and kicks[i] is None:
                continue  # one count of a multikicker: chosen with the count on its cast
            card = getattr(a, "card", None)
            if card is None:
                card = getattr(a, "source", None)
            if card is None:
                card = getattr(a, "permanent", None)
            option = {
                "i": i,
                "label": describe(g, a, viewer),
                "type": type(a).__name__,
                "card": card,
                # the face played or cast (CR 709.3, 712.11b, 712.12, 715.3)
                "face": getattr(a, "face", 0),
            }
            if kicks.get(i):
                option["multikicker"] = kicks[i]
            options.append(option)
        # names of the objects the decision offers that the view doesn't show
        shown = _shown_ids(view)
        names = {}
        for ref in _refs(data):
            if ref >= 0 and ref not in shown and ref in g.objects:
                o = g.objects[ref]
                names[str(ref)] = "a face-down card" if o.face_down else o.name
        return {
            "kind": d.kind,
            "prompt": second_person(d.prompt, g.players[self.human].name),
            "rule": d.rule,
            "purpose": None if d.purpose is None else str(d.purpose),
            "seq": None if d.id is None else d.id.seq,
            "data": data,
            "options": options,
            "names": names,
        }


def deck_warnings(deck: Deck, allow_small: bool = False) -> list[str]:
    """What the player should know before playing ``deck``: it is smaller than the
    smallest format allows (CR 100.2b; the page plays it anyway; not said with
    ``mtg serve --allow-small-decks``), and each card whose text the engine can't
    fully run."""
    small = None if allow_small else deck.size_warning()
    return [*([f"{small}: playing it anyway"] if small else []), *unrunnable_warnings(deck)]


def load_scenario(text: str, index: int = 0) -> tuple[list[Scenario], Built]:
    """The scenarios of a file in the project's format and the set-up of scenario
    number ``index``, for the page (two players, or a free-for-all of up to
    ``MAX_OPPONENTS`` + 1)."""
    try:
        data = load_yaml(text)
    except YamlError as e:
        raise SessionError(f"the scenario isn't valid YAML: {e.message}") from None
    valid, invalid = load_data(data, "scenario")
    if not valid:
        errors = invalid[0].errors if invalid else []
        raise SessionError(f"the scenario is invalid: {errors[0].message if errors else ''}")
    if not 0 <= index < len(valid):
        raise SessionError(f"the file has {len(valid)} scenario(s), no number {index + 1}")
    players = len(valid[index].players)
    if players > MAX_OPPONENTS + 1:
        raise SessionError(
            f"the page shows games of up to {MAX_OPPONENTS + 1} players, and this scenario "
            f"has {players}: run it with 'mtg scenario run'"
        )
    try:
        return valid, build(valid[index])
    except BuildError as e:
        raise SessionError(f"the scenario can't be set up: {e.message}") from None


def _is_id(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)  # JSON true isn't an id


def _ints(v: Any) -> tuple[int, ...]:
    if not isinstance(v, list) or not all(_is_id(x) for x in v):
        raise SessionError("expected a list of ids")
    return tuple(v)


def _pairs(v: Any) -> tuple[tuple[int, int], ...]:
    if not isinstance(v, list) or not all(
        isinstance(p, list) and len(p) == 2 and all(_is_id(x) for x in p) for p in v
    ):
        raise SessionError("expected a list of [id, id] pairs")
    return tuple((p[0], p[1]) for p in v)


def _shown_ids(view: dict[str, Any]) -> set[int]:
    ids = {o["id"] for o in view["battlefield"]} | {o["id"] for o in view["stack"]}
    ids |= {o["id"] for o in view["exile"]}
    for p in view["players"]:
        for zone in ("hand", "graveyard", "revealed"):
            ids |= {o["id"] for o in p.get(zone) or []}
    return ids


#: the answers a page builds itself (set-valued decisions): message key -> (action, reader)
_BUILT_ANSWERS: dict[str, tuple[Any, Any]] = {
    "targets": (ChooseTargets, _ints),
    "objects": (ChooseObjects, _ints),
    "attackers": (DeclareAttackers, _pairs),
    "blockers": (DeclareBlockers, _pairs),
    "division": (ChooseDivision, _pairs),
    "assignment": (AssignDamage, _pairs),
}

#: the keys of a decision's data whose numbers are object (or player) refs
_REF_KEYS = ("candidates", "attacker", "blockers", "recipients", "targets", "defender", "obj")


def _refs(data: dict[str, Any]) -> list[int]:
    """The object and player refs a decision's data offers (candidates, attackers, ...)."""
    out: list[int] = []

    def walk(v: Any) -> None:
        if isinstance(v, dict):
            for k, x in v.items():
                if isinstance(k, str) and k.lstrip("-").isdigit():
                    out.append(int(k))
                walk(x)
        elif isinstance(v, list):
            for x in v:
                walk(x)
        elif isinstance(v, int) and not isinstance(v, bool):
            out.append(v)

    for key in _REF_KEYS:
        walk(data.get(key))
    return out
