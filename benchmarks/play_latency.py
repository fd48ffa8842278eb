"""How long the AI thinks in page play, and how long the page waits after an answer.

Usage: python benchmarks/play_latency.py [--games 20] [--opponents 1] [--ai heuristic]
       [--deck red-green] [--opponent-deck white-blue]

Plays ``mtg serve`` sessions (``mtg_engine.web.session.Session``) whose human answers
come from a second heuristic agent, and times with ``time.perf_counter`` each AI
decision (the agent's ``choose``) and each ``Session.answer`` (the human's answer until
their next decision: what the page waits for). Prints the slowest, the 99th percentile
and the median of each, and the five slowest AI decisions with where they happened.
Wall-clock times: noisy on a shared machine, and never used as a test assertion.
"""

from __future__ import annotations

import argparse
import statistics
import time
from typing import Any

from mtg_engine.agents import make_agent
from mtg_engine.cards import compiler  # noqa: F401  (loaded at start, as mtg serve does)
from mtg_engine.web.session import Session


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--opponents", type=int, default=1)
    ap.add_argument("--ai", default="heuristic")
    ap.add_argument("--deck", default="red-green")
    ap.add_argument("--opponent-deck", default="white-blue")
    args = ap.parse_args()
    thinking: list[float] = []
    waits: list[float] = []
    slowest: list[tuple[float, int, int, str, str]] = []
    for seed in range(args.games):
        s = Session.new(args.deck, args.opponent_deck, args.ai, seed, opponents=args.opponents)
        for agent in s.agents.values():
            choose = agent.choose

            def timed(game: Any, choose: Any = choose, seed: int = seed) -> Any:
                start = time.perf_counter()
                action = choose(game)
                took = time.perf_counter() - start
                thinking.append(took)
                slowest.append((took, seed, game.turn, game.step_name, str(game.pending.kind)))
                return action

            agent.choose = timed  # type: ignore[method-assign]
        human = make_agent("heuristic", seed + 100)
        for _ in range(5000):
            g = s.game
            if g.outcome is None and g.pending is not None and g.pending.player == s.human:
                options = g.legal_actions()
                choice = human.choose(g)
                start = time.perf_counter()
                if choice in options:
                    s.answer({"i": options.index(choice)})
                else:  # a built answer (attackers, blockers, ...): as the page sends it
                    g.apply(choice)
                    s.advance()
                waits.append(time.perf_counter() - start)
            else:
                break
    print(
        f"{args.games} games, {args.opponents} opponent(s), AI {args.ai}: "
        f"{len(thinking)} AI decisions: slowest {_ms(max(thinking))}, "
        f"p99 {_ms(statistics.quantiles(thinking, n=100)[98])}, "
        f"median {_ms(statistics.median(thinking))}"
    )
    print(
        f"{len(waits)} answers: longest wait {_ms(max(waits))}, "
        f"p99 {_ms(statistics.quantiles(waits, n=100)[98])}, median {_ms(statistics.median(waits))}"
    )
    for took, seed, turn, step, kind in sorted(slowest, reverse=True)[:5]:
        print(f"  {_ms(took)}: seed {seed}, turn {turn}, {step}, {kind}")


if __name__ == "__main__":
    main()
