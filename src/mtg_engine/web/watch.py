"""Watching: an AI-vs-AI game stepped at the page's pace, and a judge's view of a
scenario file stepped forwards and backwards through its decisions."""

from __future__ import annotations

from typing import Any

from ..agents import Agent, make_agent
from ..api import Deck, Game, load_deck, new_game, observe_log
from ..scenario.refs import Refs
from ..scenario.runner import Run
from ..ui.describe import describe
from .session import MAX_OPPONENTS, STOP_STEPS, SessionError, agent_kind, load_scenario


class WatchSession:
    """An AI-vs-AI game: two players, or a free-for-all of up to five (CR 806). The
    page sees it from the first player's seat (their ``observe``): watching doesn't
    show what no player at the table could see."""

    def __init__(
        self,
        deck: str | Deck,
        opponent_deck: str | Deck,
        ais: tuple[str, ...] | list[str],
        seed: int,
        players: int = 2,
    ) -> None:
        if not 2 <= players <= MAX_OPPONENTS + 1:
            raise SessionError(
                f"a watched game has 2 to {MAX_OPPONENTS + 1} players, not {players}"
            )
        if not ais:
            raise SessionError("name the AIs to watch")
        try:
            first, rest = (
                (d if isinstance(d, Deck) else load_deck(d)) for d in (deck, opponent_deck)
            )
            decks = [first.card_defs(), *(rest.card_defs() for _ in range(players - 1))]
        except (OSError, KeyError, ValueError) as e:
            raise SessionError(f"can't load the decks: {e}") from None
        # each player's AI: the list given, its last one for the players after it
        kinds = [agent_kind(str(ais[min(i, len(ais) - 1)])) for i in range(players)]
        names = [f"AI {i + 1} ({kind})" for i, kind in enumerate(kinds)]
        self.game = new_game(decks, seed=seed, names=names)
        self.agents: list[Agent] = [make_agent(k, seed + 1 + i) for i, k in enumerate(kinds)]
        self.log_sent = 0

    def step(self, decisions: int = 1) -> None:
        """Play until ``decisions`` decisions that made something happen (a log entry)."""
        g = self.game
        done = 0
        guard = 0
        while g.outcome is None and done < decisions and guard < 500:
            d = g.pending
            assert d is not None
            size = len(g.log)
            g.apply(self.agents[d.player].choose(g))
            guard += 1
            if len(g.log) > size:
                done += 1

    def message(self) -> dict[str, Any]:
        view = self.game.observe(0)
        view.pop("log", None)
        reset = self.log_sent == 0
        log = observe_log(self.game, 0, self.log_sent)
        self.log_sent = len(self.game.log)
        return _spectator_message("watch", view, log, reset)


def _spectator_message(
    mode: str, view: dict[str, Any], log: list[dict[str, Any]], reset: bool
) -> dict[str, Any]:
    """A state message for a page that watches (no decisions, stops or undo)."""
    return {
        "type": "state",
        "mode": mode,
        "view": view,
        "log": log,
        "log_reset": reset,
        "decision": None,
        "settings": {"stops": [], "allow_undo": False},
        "stop_steps": list(STOP_STEPS),  # the phase bar (no stops: nobody plays here)
        "can_undo": False,
        "notice": "",
        "ai": "",
    }


def _full_log(game: Game) -> list[dict[str, Any]]:
    """The whole log: the judge reads every event (a scenario is the judge's own file)."""
    return [{"text": ev.text, "rules": list(ev.rules)} for ev in game.log]


def _judge_view(game: Game) -> dict[str, Any]:
    """Both seats' views joined: the judge sees both hands (never a library's order)."""
    view = game.observe(0)
    view.pop("log", None)
    for p in game.players[1:]:
        view["players"][p.index]["hand"] = game.observe(p.index)["players"][p.index]["hand"]
    return view


class JudgeSession:
    """A scenario file played by its script, each decision kept: the page steps through
    them, seeing the board and the cited log at each."""

    def __init__(self, text: str, index: int = 0) -> None:
        valid, built = load_scenario(text, index)
        sc = valid[index]
        self.name = sc.name
        self.index = index
        self.names = [f"{i + 1}. {s.name}" for i, s in enumerate(valid)]
        #: (the game before a decision, who answered, the prompt, the rule, the answer)
        self.frames: list[tuple[Game, str, str, str, str]] = []
        run = Run(sc, built.game, Refs(built.labels, sc.player_names))
        self._record(run.game)
        result = run.run()
        self.final = run.game
        self.passed = result.passed
        self.failures = [f.message for f in result.failures]
        self.at = 0

    def _record(self, game: Game) -> None:
        """Keep a copy of the game at each decision the run answers."""
        frames = self.frames

        def keep(g: Game, action: Any) -> None:
            d = g.pending
            if d is not None:
                who = g.players[d.player].name
                frames.append((g.clone(), who, d.prompt, d.rule, describe(g, action)))

        game.on_answer = keep

    def goto(self, k: int) -> None:
        self.at = max(0, min(int(k), len(self.frames)))

    def message(self) -> dict[str, Any]:
        last = self.at >= len(self.frames)
        game = self.final if last else self.frames[self.at][0]
        judge: dict[str, Any] = {
            "scenario": self.name,
            "scenarios": self.names,
            "index": self.index,
            "at": self.at,
            "count": len(self.frames),
            "passed": self.passed,
            "failures": self.failures,
        }
        if not last:
            _, who, prompt, rule, answer = self.frames[self.at]
            judge.update(who=who, prompt=prompt, rule=rule, answer=answer)
        message = _spectator_message("judge", _judge_view(game), _full_log(game), True)
        message["judge"] = judge
        return message
