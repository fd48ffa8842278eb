"""Play seeded games and write every game's log and decisions, to compare two
revisions of the engine event for event (architecture §2: the same seed and the
same decisions give the same game).

Usage:
    python benchmarks/game_logs.py --out logs.jsonl [--games 30] [--agents random random]
        [--deck red-green --deck white-blue] [--seed 1]
    python benchmarks/game_logs.py --compare a.jsonl b.jsonl

Each output line is one game: its seed, outcome, and the list of log lines
(kind, rules, text, turn, data) interleaved with the decisions taken. Run it
with ``PYTHONPATH`` pointing at another tree's ``src`` to record that tree.
``--compare`` prints the first difference of each game that differs and exits
with status 1 if any does.
"""

from __future__ import annotations

import argparse
import json
import sys

from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.rules.setup import new_game
from mtg_engine.sim import MAX_TURNS, game_seed


def play_logged(decks: list, agent_kinds: list[str], seed: int) -> dict:
    """One game: its log lines and decisions in order."""
    game = new_game(decks, seed=seed)
    agents = [make_agent(kind, seed + i) for i, kind in enumerate(agent_kinds)]
    lines: list[str] = []
    seen = 0
    while game.outcome is None and game.turn <= MAX_TURNS:
        for ev in game.log[seen:]:
            lines.append(f"{ev.turn}|{ev.kind}|{','.join(ev.rules)}|{ev.text}|{ev.data!r}")
        seen = len(game.log)
        d = game.pending
        assert d is not None
        try:
            action = agents[d.player].choose(game)
            lines.append(f"> {d.player} {d.kind} {action!r}")
            game.apply(action)
        except Exception as e:  # an engine error ends the game; both revisions must agree
            lines.append(f"! {type(e).__name__}: {e}")
            break
    for ev in game.log[seen:]:
        lines.append(f"{ev.turn}|{ev.kind}|{','.join(ev.rules)}|{ev.text}|{ev.data!r}")
    o = game.outcome
    return {
        "seed": seed,
        "outcome": None if o is None else [o.winner, o.reason],
        "turns": game.turn,
        "lines": lines,
    }


def record(args: argparse.Namespace) -> None:
    decks = [load_deck(d).card_defs() for d in args.deck]
    with open(args.out, "w", encoding="utf-8") as f:
        for i in range(args.games):
            rec = play_logged(decks, args.agents, game_seed(args.seed, i))
            f.write(json.dumps(rec) + "\n")


def compare(a_path: str, b_path: str) -> int:
    with open(a_path, encoding="utf-8") as fa, open(b_path, encoding="utf-8") as fb:
        a = [json.loads(x) for x in fa]
        b = [json.loads(x) for x in fb]
    if len(a) != len(b):
        print(f"different numbers of games: {len(a)} vs {len(b)}")
        return 1
    bad = 0
    for ga, gb in zip(a, b, strict=True):
        if ga == gb:
            continue
        bad += 1
        la, lb = ga["lines"], gb["lines"]
        for k, (x, y) in enumerate(zip(la, lb, strict=False)):
            if x != y:
                print(f"seed {ga['seed']}: first difference at line {k}:\n  - {x}\n  + {y}")
                break
        else:
            print(f"seed {ga['seed']}: one log is a prefix of the other ({len(la)} vs {len(lb)})")
    print(f"{len(a) - bad} of {len(a)} games identical")
    return 1 if bad else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out")
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--agents", nargs=2, default=["random", "random"])
    ap.add_argument("--deck", action="append")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--compare", nargs=2, metavar=("A", "B"))
    args = ap.parse_args()
    if args.compare:
        sys.exit(compare(*args.compare))
    if not args.out:
        ap.error("--out is needed to record")
    args.deck = args.deck or ["red-green", "white-blue"]
    record(args)


if __name__ == "__main__":
    main()
