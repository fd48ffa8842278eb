"""Running many AI-vs-AI games: the engine behind ``mtg sim`` (and future Ray workers).

Each game ``i`` of a run gets its own seed derived from the run's seed, so a
run gives the same results however it is split across worker processes.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict, dataclass, field
from typing import Final

from .agents import make_agent
from .cards.decks import Deck
from .game import state as _state_module
from .game.objects import CardDef
from .rules.setup import new_game


def engine_build() -> str:
    """Which build runs: "compiled" when the rules core runs as modules compiled by
    mypyc (``MTG_ENGINE_COMPILE=1 pip install .``, or ``scripts/build_mypyc.py``),
    "interpreted" otherwise. Speed figures name the build they were measured on."""
    return "interpreted" if _state_module.__file__.endswith(".py") else "compiled"


#: games that reach this turn, or take this many decisions, are stopped and
#: counted as draws *and* apart from the rules' draws (not a rules outcome: a
#: safety net for agents that never finish a game; CR 731.2 lets a player bound
#: an optional loop, and the agents do, but a game can still go on for ever)
MAX_TURNS: Final = 200
MAX_DECISIONS: Final = 20_000
#: the reasons a game stopped by :data:`MAX_TURNS` or :data:`MAX_DECISIONS` gives
CAP_REASONS: Final = ("turn limit", "decision cap")


@dataclass(frozen=True, slots=True)
class GameResult:
    index: int
    seed: int
    winner: int | None  # player index, None for a draw
    reason: str
    turns: int
    decisions: int


def game_seed(run_seed: int, index: int) -> int:
    return (run_seed * 1_000_003 + index * 7919 + 1) & ((1 << 63) - 1)


def play_game(
    decks: Sequence[Sequence[CardDef]],
    agent_kinds: Sequence[str],
    seed: int,
    index: int = 0,
    max_turns: int = MAX_TURNS,
    max_decisions: int = MAX_DECISIONS,
) -> GameResult:

    game = new_game(decks, seed=seed)
    agents = [make_agent(kind, seed + i) for i, kind in enumerate(agent_kinds)]
    while game.outcome is None:
        if game.turn > max_turns or game.decisions_made >= max_decisions:
            why = CAP_REASONS[0] if game.turn > max_turns else CAP_REASONS[1]
            return GameResult(index, seed, None, why, game.turn, game.decisions_made)
        d = game.pending
        assert d is not None
        game.apply(agents[d.player].choose(game))
    o = game.outcome
    return GameResult(index, seed, o.winner, str(o.reason), game.turn, game.decisions_made)


def _worker(
    args: tuple[list[str], list[list[tuple[int, str]]], list[str], int, list[int]],
) -> list[GameResult]:
    names, deck_lists, agent_kinds, run_seed, indices = args
    decks = [Deck(n, main=m).card_defs() for n, m in zip(names, deck_lists, strict=True)]
    return [play_game(decks, agent_kinds, game_seed(run_seed, i), i) for i in indices]


def run_games(
    decks: Sequence[Deck],
    agent_kinds: Sequence[str],
    games: int,
    seed: int = 0,
    workers: int = 1,
    progress: Callable[[GameResult], None] | None = None,
) -> list[GameResult]:
    """Play ``games`` games; results come back in game order."""
    results: list[GameResult] = []
    if workers <= 1:
        card_decks = [d.card_defs() for d in decks]
        for i in range(games):
            r = play_game(card_decks, agent_kinds, game_seed(seed, i), i)
            results.append(r)
            if progress:
                progress(r)
        return results
    chunks = [list(range(w, games, workers * 4)) for w in range(workers * 4)]
    chunks = [c for c in chunks if c]
    names = [d.name for d in decks]
    mains = [d.main for d in decks]
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(_worker, (names, mains, list(agent_kinds), seed, c)) for c in chunks]
        for f in futures:
            for r in f.result():
                results.append(r)
                if progress:
                    progress(r)
    results.sort(key=lambda r: r.index)
    return results


def wilson_interval(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return (0.0, 0.0)
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return (max(0.0, centre - half), min(1.0, centre + half))


@dataclass
class Summary:
    games: int
    seconds: float
    games_per_s: float
    decisions: int
    decisions_per_s: float
    avg_turns: float
    winners: dict[str, int]
    draws: int
    #: of the draws, games stopped by the turn limit or the decision cap
    capped: int
    seed: int
    players: list[dict] = field(default_factory=list)
    #: "compiled" or "interpreted" (:func:`engine_build`)
    build: str = "interpreted"

    def to_json(self) -> dict:
        return asdict(self)


def summarize(
    results: list[GameResult],
    decks: Sequence[Deck],
    agent_kinds: Sequence[str],
    seconds: float,
    seed: int,
) -> Summary:
    n = len(results)
    decisions = sum(r.decisions for r in results)
    winners = {str(i): sum(1 for r in results if r.winner == i) for i in range(len(decks))}
    draws = sum(1 for r in results if r.winner is None)
    capped = sum(1 for r in results if r.reason in CAP_REASONS)
    players = []
    for i, (deck, agent) in enumerate(zip(decks, agent_kinds, strict=True)):
        w = winners[str(i)]
        lo, hi = wilson_interval(w, n)
        players.append(
            {
                "player": i,
                "deck": deck.name,
                "agent": agent,
                "wins": w,
                "win_rate": w / n if n else 0.0,
                "ci95": [lo, hi],
            }
        )
    return Summary(
        games=n,
        seconds=seconds,
        games_per_s=n / seconds if seconds > 0 else 0.0,
        decisions=decisions,
        decisions_per_s=decisions / seconds if seconds > 0 else 0.0,
        avg_turns=sum(r.turns for r in results) / n if n else 0.0,
        winners=winners,
        draws=draws,
        capped=capped,
        seed=seed,
        players=players,
        build=engine_build(),
    )


def timed_run(*args, **kwargs) -> tuple[list[GameResult], float]:
    t0 = time.perf_counter()
    results = run_games(*args, **kwargs)
    return results, time.perf_counter() - t0


__all__ = ["Iterator"]
