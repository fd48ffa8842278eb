"""The terminal game's loop, independent of the console: stops and auto-pass
(CR 117.3: priority passes only when its holder passes it; the front end does
that for the player where they asked it to), labelled options, and answers
typed as text. ``mtg play`` runs it with click's prompt; tests run it with a
scripted answerer."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

from ..agents import Agent, make_agent
from ..api import (
    Action,
    CastSpell,
    Concede,
    DecisionKind,
    DeclareAttackers,
    DeclareBlockers,
    Game,
    IllegalActionError,
    PassPriority,
    PlayLand,
    Step,
)
from ..game.objects import Zone
from ..game.rng import Rng
from ..rules.views import log_view
from .describe import describe, name_of
from .render import card_text, render, rule_text
from .wording import second_person

Ask = Callable[[str], str]
Say = Callable[[str], None]
#: draws the board for a player (``mtg play`` on a terminal: the Rich board)
ShowBoard = Callable[[Game, int], None]

#: the file ``save FILE`` writes: the game, the player's stops and the AI's state
SAVE_FORMAT = "mtg-play-save/1"

WHOSE = ("you", "opponent")

# Like Arena's defaults: your main phases, and the opponent's declare-attackers
# and end steps (the usual moments for an instant on their turn).
DEFAULT_STOPS: frozenset[tuple[str, str]] = frozenset(
    {
        ("you", "precombat_main"),
        ("you", "postcombat_main"),
        ("opponent", "declare_attackers"),
        ("opponent", "end"),
    }
)
ALL_STOPS: frozenset[tuple[str, str]] = frozenset(
    (w, s) for w in WHOSE for s in Step.NAMES if s not in ("untap", "cleanup")
)


HOLD_USAGE = "'hold N' does option N and keeps priority once, 'hold on' always, 'hold off' never"


def distinct_options(game: Game, options: list[Action], viewer: int) -> list[tuple[Action, int]]:
    """The options to list, each with how many alike it stands for: playing or casting
    one of several cards of the same name in your hand, the same way, is one option
    ("Play Mountain" once, not once per Mountain); everything else is listed apart."""
    out: list[tuple[Action, int]] = []
    seen: dict[Any, int] = {}
    for a in options:
        key = None
        if isinstance(a, PlayLand | CastSpell):
            card = game.objects[a.card]
            if card.zone == Zone.HAND and card.controller == viewer:
                key = (card.name, replace(a, card=-1))
        if key is not None and key in seen:
            first, n = out[seen[key]]
            out[seen[key]] = (first, n + 1)
            continue
        if key is not None:
            seen[key] = len(out)
        out.append((a, 1))
    return out


class Conceded(Exception):
    """The player typed ``concede``."""


@dataclass
class TerminalGame:
    """One game between the player ``me`` (answering through ``ask``) and
    ``bot``. ``prompts`` counts the questions the player was asked."""

    game: Game
    bot: Agent
    ask: Ask
    say: Say
    me: int = 0
    stops: set[tuple[str, str]] = field(default_factory=lambda: set(DEFAULT_STOPS))
    prompts: int = 0
    shown: int = 0
    #: the game before each of the player's decisions, for ``undo``
    history: list[Game] = field(default_factory=list)
    #: draws the board; None: the plain-text board through ``say``
    show_board: ShowBoard | None = None
    #: the AI's kind and seed, written by ``save`` (with its generator's state)
    ai: str = "heuristic"
    ai_seed: int = 0
    #: ``hold on``: keep priority after each of your spells and abilities (CR 117.3c)
    hold_priority: bool = False
    #: ``hold N``: keep it once, after answering option N, until your next priority
    hold_once: bool = False

    # ------------------------------------------------------------------ stops

    def wants_decision(self, options: list[Action]) -> bool:
        """Whether the player is asked: always for a choice that is theirs with
        more than one answer; at priority only when an opponent's spell or
        ability is on top of the stack, or at one of their stops."""
        d = self.game.pending
        assert d is not None
        if len(options) <= 1:
            return False
        if d.kind != DecisionKind.PRIORITY:
            return True
        g = self.game
        if g.stack:
            if g.objects[g.stack[-1]].controller != self.me:
                return True
            # CR 117.3c: the caster receives priority after casting; holding it, they
            # may respond to their own spell or ability (else it's passed for them)
            return self.hold_once or self.hold_priority
        whose = "you" if g.active == self.me else "opponent"
        return (whose, g.step_name) in self.stops

    # ------------------------------------------------------------------ loop

    def run(self) -> None:
        while self.game.outcome is None:
            g = self.game  # ``undo`` replaces it
            self._show_log()
            d = g.pending
            assert d is not None  # the game isn't over
            if d.player != self.me:
                g.apply(self.bot.choose(g))
                continue
            options = g.legal_actions()
            if not self.wants_decision(options):
                pass_ = next((a for a in options if isinstance(a, PassPriority)), options[0])
                g.apply(pass_)
                if d.kind == DecisionKind.PRIORITY:
                    self.hold_once = False  # held only until the player's next priority
                continue
            try:
                self._decide(options)
            except Conceded:
                g.apply(Concede(self.me))
        g = self.game
        self._show_log()
        o = g.outcome
        assert o is not None
        if o.winner is None:
            self.say(f"Game over: a draw — {o.reason} [{o.rule}]")
        elif o.winner == self.me:
            self.say(f"Game over: you win — {o.reason} [{o.rule}]")
        else:
            self.say(f"Game over: {g.players[o.winner].name} wins — {o.reason} [{o.rule}]")

    def _show_log(self) -> None:
        # only what the player may read (CR 401.2, 402.3): log_view hides the rest
        name = self.game.players[self.me].name
        texts = [
            second_person(e["text"], name)
            for e in log_view(self.game, self.me, self.game.log[self.shown :])
        ]
        i = 0
        while i < len(texts):  # "Opponent draws a card ×7", not seven lines
            j = i
            while j < len(texts) and texts[j] == texts[i]:
                j += 1
            self.say(f"  · {texts[i]}" + (f" ×{j - i}" if j - i > 1 else ""))
            i = j
        self.shown = len(self.game.log)

    def _decide(self, options: list[Action]) -> None:
        g = self.game
        d = g.pending
        assert d is not None
        self.say("")
        if self.show_board is None:
            self.say(render(g, self.me))
        else:
            self.show_board(g, self.me)
        self.say(f"» {second_person(d.prompt, g.players[self.me].name)}  [rule {d.rule}]")
        subset = self._subset_choices()
        shown = distinct_options(g, options, self.me)
        options = [a for a, _ in shown]
        for i, (a, alike) in enumerate(shown, 1):
            more = f"  (1 of {alike} alike in your hand)" if alike > 1 else ""
            self.say(f"  {i:>2}. {describe(g, a, viewer=self.me)}{more}")
        if subset:
            self.say(
                "  or any of: "
                + "  ".join(f"{chr(ord('a') + i)}) {label}" for i, (label, _) in enumerate(subset))
                + "  — type letters separated by spaces"
            )
        hint = "Enter passes" if d.kind == DecisionKind.PRIORITY else "no default"
        while True:
            self.prompts += 1
            typed = self.ask(f"choose ({hint})").strip()
            raw = typed.lower()
            if raw == "" and d.kind == DecisionKind.PRIORITY:
                raw = str(options.index(PassPriority()) + 1) if PassPriority() in options else ""
            if raw in ("q", "quit", "concede"):
                raise Conceded
            if raw == "undo":
                if not self.history:
                    self.say("  nothing to undo")
                    continue
                self.game = self.history.pop()
                self.shown = len(self.game.log)
                self.say("  undone: back to your previous decision")
                return
            if raw.startswith("save "):
                self.say(self.save(typed[5:].strip()))
                continue
            if raw.startswith("show "):
                self.say(card_text(g, self.me, raw[5:]))
                continue
            if raw.startswith("rule "):
                self.say(rule_text(raw[5:]))
                continue
            if raw.startswith("stops"):
                self.say(self.change_stops(raw[5:].split()))
                continue
            hold = False
            if raw == "hold" or raw.startswith("hold "):
                words = raw[4:].split()
                if words in (["on"], ["off"]) or not words:
                    self.say(self.change_hold(words))
                    continue
                if d.kind != DecisionKind.PRIORITY or len(words) != 1:
                    self.say("  'hold N' answers a priority question: " + HOLD_USAGE)
                    continue
                hold, raw = True, words[0]
            action = self._parse(raw, options, subset)
            if action is None:
                self.say(
                    f"  please type a number from 1 to {len(options)}"
                    + (", letters for a subset" if subset else "")
                    + ", 'show NAME', 'rule N', 'hold N', 'undo', 'save FILE', 'stops',"
                    " or q to concede"
                )
                continue
            before = g.clone()
            try:
                g.apply(action)
                self.history.append(before)
            except IllegalActionError as e:
                self.say(f"  illegal: {e}")
                continue
            if d.kind == DecisionKind.PRIORITY:
                # kept through the spell's targets, modes and payment, until the next priority
                self.hold_once = hold
            return

    # ------------------------------------------------------------------ answers

    def _subset_choices(self) -> list[tuple[str, tuple[int, int]]]:
        """For declare-attackers and declare-blockers (CR 508.1, 509.1): each
        (creature, defender or attacker) pair the player may pick any subset of."""
        d = self.game.pending
        assert d is not None
        if d.kind not in (DecisionKind.ATTACKERS, DecisionKind.BLOCKERS):
            return []
        out = []
        verb = "attacks" if d.kind == DecisionKind.ATTACKERS else "blocks"
        for creature, others in d.data.get("candidates", {}).items():
            for other in others:
                label = (
                    f"{name_of(self.game, creature, self.me)} {verb} "
                    f"{name_of(self.game, other, self.me)}"
                )
                out.append((label, (creature, other)))
        return out

    def _parse(
        self, raw: str, options: list[Action], subset: list[tuple[str, tuple[int, int]]]
    ) -> Action | None:
        if raw.isdigit():
            n = int(raw)
            return options[n - 1] if 1 <= n <= len(options) else None
        if not subset:
            return None
        picks = []
        for word in raw.replace(",", " ").split():
            i = ord(word[0]) - ord("a") if len(word) == 1 else -1
            if not 0 <= i < len(subset):
                return None
            picks.append(subset[i][1])
        d = self.game.pending
        assert d is not None
        if d.kind == DecisionKind.ATTACKERS:
            return DeclareAttackers(tuple(picks))
        return DeclareBlockers(tuple(picks))

    def save_data(self) -> dict[str, Any]:
        """What ``save`` writes: the game, whose it is, the stops, and the AI (its
        kind, seed and generator state, so a resumed game's AI plays on as it would have)."""
        rng = getattr(self.bot, "rng", None)
        return {
            "format": SAVE_FORMAT,
            "game": self.game.to_json(),
            "me": self.me,
            "stops": sorted(f"{w}:{s}" for w, s in self.stops),
            "hold_priority": self.hold_priority,
            "ai": self.ai,
            "ai_seed": self.ai_seed,
            "ai_rng": rng.state if isinstance(rng, Rng) else None,
        }

    def save(self, path: str) -> str:
        """``save FILE``: the game as JSON, for ``mtg play --resume FILE``."""
        if not path:
            return "  usage: save FILE"
        try:
            with open(path, "w", encoding="utf-8") as f:
                json.dump(self.save_data(), f)
        except OSError as e:
            return f"  could not save to {path}: {e.strerror}"
        return f"  saved to {path}; resume with: mtg play --resume {path}"

    def change_hold(self, words: list[str]) -> str:
        """``hold on``/``off``: keep priority after each of your own spells and abilities
        (CR 117.3c), to respond to them yourself; ``hold`` says which it is."""
        if words:
            self.hold_priority = words == ["on"]
        state = "on" if self.hold_priority else "off"
        return f"  holding priority after your own spells: {state} ({HOLD_USAGE})"

    def change_stops(self, words: list[str]) -> str:
        """``stops`` lists them; ``stops all``/``none``/``default``; ``stops
        +you end`` adds one and ``stops -opponent end`` removes one."""
        if words == ["all"]:
            self.stops = set(ALL_STOPS)
        elif words == ["none"]:
            self.stops = set()
        elif words == ["default"]:
            self.stops = set(DEFAULT_STOPS)
        elif len(words) == 2 and words[0][:1] in "+-" and words[0][1:] in WHOSE:
            stop = (words[0][1:], words[1])
            if stop[1] not in Step.NAMES:
                return f"  unknown step {stop[1]!r}: one of {', '.join(Step.NAMES)}"
            (self.stops.add if words[0][0] == "+" else self.stops.discard)(stop)
        elif words:
            return "  usage: stops [all|none|default|+you STEP|-opponent STEP]"
        return "  stops: " + (
            ", ".join(f"{w} {s.replace('_', ' ')}" for w, s in sorted(self.stops)) or "none"
        )


class SaveError(ValueError):
    """A file that ``mtg play --resume`` can't continue, with what is wrong."""


def load_saved(data: Any, ask: Ask, say: Say) -> TerminalGame:
    """The terminal game saved by ``save FILE``: the game, the player's stops and the
    AI with its seed and generator state. A bare saved game (``Game.to_json``, as
    earlier versions wrote) resumes with the default stops and a heuristic AI."""
    if isinstance(data, dict) and data.get("format") == SAVE_FORMAT:
        try:
            game = Game.from_json(data["game"])
            stops = set()
            for stop in data["stops"]:
                who, _, step = str(stop).partition(":")
                if who not in WHOSE or step not in Step.NAMES:
                    raise SaveError(f"unknown stop {stop!r}")
                stops.add((who, step))
            ai, seed, me = str(data["ai"]), int(data["ai_seed"]), int(data["me"])
            hold = data.get("hold_priority", False)
            if not isinstance(hold, bool):
                raise SaveError(f"hold_priority is {hold!r}, not true or false")
            bot = make_agent(ai, seed)
        except (KeyError, TypeError, ValueError) as e:
            raise SaveError(f"a damaged save: {e}") from None
        if not 0 <= me < len(game.players):
            raise SaveError(f"a damaged save: no player {me}")
        rng = getattr(bot, "rng", None)
        if isinstance(rng, Rng) and isinstance(data.get("ai_rng"), int):
            rng.state = data["ai_rng"]
        return TerminalGame(
            game, bot, ask, say, me=me, stops=stops, ai=ai, ai_seed=seed, hold_priority=hold
        )
    game = Game.from_json(data)  # GameFormatError (a ValueError) names what is wrong
    return TerminalGame(
        game, make_agent("heuristic", game.seed + 1), ask, say, ai_seed=game.seed + 1
    )
