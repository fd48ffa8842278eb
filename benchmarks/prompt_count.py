"""How many prompts a player answers in a typical 8-turn ``mtg play`` game.

Usage: python benchmarks/prompt_count.py [--seeds 1-10] [--turns 8]

Plays ``mtg play``'s loop (:class:`mtg_engine.ui.terminal.TerminalGame`, red-green
against the heuristic AI's white-blue, as ``mtg play`` does by default) with the
scripted player of ``tests/ui/scripted_player.py``: it answers as the heuristic
agent would but holds its instants, and concedes once the game is past ``--turns``
turns. Prints the prompts of each seed with the default stops, and, for comparison,
with a prompt at every choice of two or more answers (the loop before stops).
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))

from scripted_player import AskEverything, play  # noqa: E402  (from tests/ui, above)


def _seeds(text: str) -> list[int]:
    first, _, last = text.partition("-")
    return list(range(int(first), int(last or first) + 1))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--seeds", default="1-10", help="a seed or a range, e.g. 1-10")
    ap.add_argument("--turns", type=int, default=8)
    args = ap.parse_args()
    stops: list[int] = []
    everything: list[int] = []
    for seed in _seeds(args.seeds):
        tg, _, _ = play(seed, turns=args.turns)
        every, _, _ = play(seed, AskEverything, turns=args.turns)
        stops.append(tg.prompts)
        everything.append(every.prompts)
        print(f"seed {seed}: {tg.prompts} prompts with the default stops, {every.prompts} without")
    for label, counts in (("default stops", stops), ("no stops", everything)):
        print(
            f"{label}: mean {statistics.mean(counts):.1f}, median {statistics.median(counts)}, "
            f"range {min(counts)}-{max(counts)} over {len(counts)} games of {args.turns} turns"
        )


if __name__ == "__main__":
    main()
