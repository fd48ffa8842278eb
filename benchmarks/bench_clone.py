"""Median time of ``Game.clone()`` on mid-game states (architecture §2: clone is cheap).

Usage: python benchmarks/bench_clone.py [--games 20] [--turn 8]
Plays random games between the bundled benchmark decks to the given turn and
times many clones of each state; prints the median in microseconds.
"""

from __future__ import annotations

import argparse
import statistics
import time

from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.cards.decks import load_deck
from mtg_engine.rules.setup import new_game


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--turn", type=int, default=8)
    ap.add_argument("--clones", type=int, default=200)
    args = ap.parse_args()
    decks = [load_deck("red-green").card_defs(), load_deck("white-blue").card_defs()]
    samples: list[float] = []
    sizes: list[int] = []
    for seed in range(args.games):
        g = new_game(decks, seed=seed)
        agents = [RandomAgent(seed), RandomAgent(seed + 1)]
        while g.outcome is None and g.turn < args.turn:
            g.apply(agents[g.pending.player].choose(g))
        if g.outcome is not None:
            continue
        sizes.append(len(g.battlefield))
        for _ in range(args.clones):
            t0 = time.perf_counter()
            g.clone()
            samples.append(time.perf_counter() - t0)
    med = statistics.median(samples) * 1e6
    print(
        f"clone(): median {med:.1f} µs over {len(samples)} clones of {len(sizes)} mid-game states "
        f"(turn {args.turn}, {statistics.mean(sizes):.1f} permanents on average)"
    )


if __name__ == "__main__":
    main()
