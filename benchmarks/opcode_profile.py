"""Where the games' Python bytecode goes, function by function: an exact profile.

Usage:
    python benchmarks/opcode_profile.py [--agents random random] [--games 6] [--seed 1]
        [--top 40] [--inclusive]

Plays ``--games`` games of ``mtg sim`` between the bundled benchmark decks under
``sys.settrace`` with opcode events, and counts the bytecode instructions each
function executes (its own, or with ``--inclusive`` those of everything it calls,
counted once for recursive calls). The same games give the same counts on any
machine and under any load, so a change of a few percent shows where cProfile's
timings (which a machine shared with other jobs makes swing by 15%) and its
per-call overhead (which inflates small functions) hide it. Opcodes are not all
equally costly: confirm a gain with ``compare_revisions.py --instructions``.
(About 100 times slower than a plain run: use a few games.)
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from types import CodeType, FrameType
from typing import Any

from mtg_engine.cards.decks import load_deck
from mtg_engine.sim import run_games


def _name(code: CodeType) -> str:
    return f"{code.co_filename.split('/src/')[-1]}:{code.co_firstlineno} {code.co_name}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", action="append", default=None)
    ap.add_argument("--agents", nargs=2, default=["random", "random"])
    ap.add_argument("--games", type=int, default=6)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--top", type=int, default=40)
    ap.add_argument("--inclusive", action="store_true")
    args = ap.parse_args()
    decks = [load_deck(d) for d in (args.deck or ["red-green", "white-blue"])]
    run_games(decks, args.agents, 1, seed=args.seed + 7)  # card loading, not counted

    counts: Counter[CodeType] = Counter()
    calls: Counter[CodeType] = Counter()
    active: Counter[CodeType] = Counter()
    stack: list[tuple[CodeType, int]] = []
    total = 0

    def trace(frame: FrameType, event: str, arg: Any) -> Any:
        nonlocal total
        if event == "call":
            frame.f_trace_opcodes = True
            code = frame.f_code
            calls[code] += 1
            if args.inclusive:
                stack.append((code, total))
                active[code] += 1
        elif event == "opcode":
            total += 1
            if not args.inclusive:
                counts[frame.f_code] += 1
        elif event == "return" and args.inclusive:
            code, start = stack.pop()
            active[code] -= 1
            if not active[code]:
                counts[code] += total - start  # (the outermost call of a recursion)
        return trace

    sys.settrace(trace)
    results = run_games(decks, args.agents, args.games, seed=args.seed)
    sys.settrace(None)
    decisions = sum(r.decisions for r in results)
    print(
        f"{' vs '.join(args.agents)}, {args.games} games: {total:,} opcodes, "
        f"{decisions:,} decisions, {total / max(decisions, 1):,.0f} opcodes a decision"
    )
    what = "with callees" if args.inclusive else "own"
    print(f"{'share':>6} {'opcodes (' + what + ')':>22} {'calls':>8} {'each':>6}  function")
    for code, n in counts.most_common(args.top):
        print(
            f"{n / max(total, 1) * 100:5.2f}% {n:22,} {calls[code]:8,} "
            f"{n / calls[code]:6.0f}  {_name(code)}"
        )


if __name__ == "__main__":
    main()
