"""Games per second of another git revision and of the working tree, side by side.

Usage:
    python benchmarks/compare_revisions.py [REV] [--deck A --deck B] [--games 100]
        [--rounds 3] [--agents random random] [--heuristic] [--seed 1] [--instructions]

``REV`` (default ``main``) is checked out into a temporary directory
(``git worktree add --detach``) and run with ``PYTHONPATH`` pointing at its
``src``; the working tree runs from its own ``src``. Both run the same games
(same decks, agents and seeds) in separate processes, alternating, ``--rounds``
times each, so a machine shared with other jobs slows both alike; the report
gives each side's median games per second of the process's own CPU time (what
other jobs on the machine disturb least) and of wall time, and the ratios. ``--heuristic`` adds a
heuristic-vs-heuristic comparison. Each process plays one game first, untimed
(card loading), then times ``--games`` games.

``--instructions`` counts instructions instead of timing (Valgrind's cachegrind,
``valgrind --tool=cachegrind --cache-sim=no``): each side runs once with
``--games`` games and once with none, and the difference divided by the games is
its instructions per game. The count is exact and repeatable, so a 5% change can
be seen on a machine shared with other jobs, where CPU-time rounds swing by 15%.
(It is about 50 times slower than a plain run: use a few games.)
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

#: run inside each process: time the games of ``mtg sim`` without its start-up
_RUNNER = """
import json, sys, time
from mtg_engine.cards.decks import load_deck
from mtg_engine.sim import run_games
a, b, agent_a, agent_b, games, seed = sys.argv[1:7]
decks = [load_deck(a), load_deck(b)]
run_games(decks, [agent_a, agent_b], 1, seed=int(seed) + 7)
t0, c0 = time.perf_counter(), time.process_time()
results = run_games(decks, [agent_a, agent_b], int(games), seed=int(seed))
dt, dc = time.perf_counter() - t0, time.process_time() - c0
print(json.dumps({"games_per_s": len(results) / dt, "games_per_cpu_s": len(results) / dc,
                  "decisions": sum(r.decisions for r in results),
                  "winners": [r.winner for r in results]}))
"""


#: run under cachegrind: play the games and nothing else (no timing)
_COUNT_RUNNER = """
import sys
from mtg_engine.cards.decks import load_deck
from mtg_engine.sim import run_games
a, b, agent_a, agent_b, games, seed = sys.argv[1:7]
decks = [load_deck(a), load_deck(b)]
run_games(decks, [agent_a, agent_b], 1, seed=int(seed) + 7)
if int(games):
    results = run_games(decks, [agent_a, agent_b], int(games), seed=int(seed))
    print(sum(r.decisions for r in results), [r.winner for r in results])
"""


def _instructions(src: Path, decks: list[str], agents: list[str], games: int, seed: int) -> int:
    """Instructions executed by a process that plays ``games`` games (cachegrind's I refs)."""
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            "--cachegrind-out-file=/dev/null",
            sys.executable,
            "-c",
            _COUNT_RUNNER,
            *decks,
            *agents,
            str(games),
            str(seed),
        ],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    for line in out.stderr.splitlines():
        if "I" in line and "refs:" in line:
            return int(line.split("refs:")[1].replace(",", "").strip())
    raise SystemExit(f"valgrind under PYTHONPATH={src} gave no instruction count:\n{out.stderr}")


def count(
    base_src: Path, work_src: Path, decks: list[str], agents: list[str], games: int, seed: int
) -> None:
    """Instructions per game of each side (``games`` games minus start-up), and the ratio."""
    per_game = {}
    for name, src in (("base", base_src), ("work", work_src)):
        whole = _instructions(src, decks, agents, games, seed)
        setup = _instructions(src, decks, agents, 0, seed)
        per_game[name] = (whole - setup) / games
    b, w = per_game["base"], per_game["work"]
    print(
        f"{' vs '.join(decks)}, {' vs '.join(agents)}, {games} games (cachegrind):\n"
        f"  instructions per game: base {b / 1e6:.1f}M, work {w / 1e6:.1f}M, "
        f"speed ratio {b / w:.3f}"
    )


def _run(src: Path, decks: list[str], agents: list[str], games: int, seed: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run(
        [sys.executable, "-c", _RUNNER, *decks, *agents, str(games), str(seed)],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"the run with PYTHONPATH={src} failed:\n{out.stderr}")
    return json.loads(out.stdout.strip().splitlines()[-1])


def compare(
    base_src: Path,
    work_src: Path,
    decks: list[str],
    agents: list[str],
    games: int,
    rounds: int,
    seed: int,
) -> None:
    base: list[dict] = []
    work: list[dict] = []
    same = True
    for r in range(rounds):
        order = [("base", base_src), ("work", work_src)]
        if r % 2:
            order.reverse()  # alternate who goes first
        got = {}
        for name, src in order:
            got[name] = _run(src, decks, agents, games, seed)
        base.append(got["base"])
        work.append(got["work"])
        same = same and got["base"]["winners"] == got["work"]["winners"]
        b, w = base[-1]["games_per_cpu_s"], work[-1]["games_per_cpu_s"]
        print(f"  round {r + 1}: base {b:.1f}, work {w:.1f} games/CPU-s, ratio {w / b:.2f}")
    med = statistics.median
    bc, wc = med(x["games_per_cpu_s"] for x in base), med(x["games_per_cpu_s"] for x in work)
    bw, ww = med(x["games_per_s"] for x in base), med(x["games_per_s"] for x in work)
    print(
        f"{' vs '.join(decks)}, {' vs '.join(agents)}, {games} games x {rounds} rounds:\n"
        f"  games per CPU second: base {bc:.1f}, work {wc:.1f}, ratio {wc / bc:.2f}\n"
        f"  games per wall second: base {bw:.1f}, work {ww:.1f}, ratio {ww / bw:.2f}"
        + ("" if same else "\n  NOTE: the two revisions' game results differ")
    )


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("rev", nargs="?", default="main")
    ap.add_argument("--deck", action="append")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--agents", nargs=2, default=["random", "random"])
    ap.add_argument("--heuristic", action="store_true", help="also heuristic vs heuristic")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument(
        "--instructions", action="store_true", help="count instructions (valgrind), not time"
    )
    args = ap.parse_args()
    decks = args.deck or ["red-green", "white-blue"]
    if len(decks) != 2:
        ap.error("give two decks (--deck A --deck B)")
    root = Path(
        subprocess.run(
            ["git", "rev-parse", "--show-toplevel"], capture_output=True, text=True, check=True
        ).stdout.strip()
    )
    with tempfile.TemporaryDirectory(prefix="compare-rev-") as tmp:
        tree = Path(tmp) / "tree"
        subprocess.run(
            ["git", "-C", str(root), "worktree", "add", "--detach", "-q", str(tree), args.rev],
            check=True,
        )
        try:
            print(f"base: {args.rev} ({tree}); work: {root}")
            runs = [args.agents] + ([["heuristic", "heuristic"]] if args.heuristic else [])
            for agents in runs:
                if args.instructions:
                    count(tree / "src", root / "src", decks, agents, args.games, args.seed)
                else:
                    compare(
                        tree / "src",
                        root / "src",
                        decks,
                        agents,
                        args.games,
                        args.rounds,
                        args.seed,
                    )
        finally:
            subprocess.run(
                ["git", "-C", str(root), "worktree", "remove", "--force", str(tree)], check=False
            )


if __name__ == "__main__":
    main()
