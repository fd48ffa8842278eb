"""What the priority decisions of seeded games cost the "could act" index, counted.

Usage:
    python benchmarks/could_act_stats.py [--agents random random] [--games 30] [--seed 1]
        [--deck A --deck B]

Plays ``--games`` games of ``mtg sim`` (the benchmark decks by default) and counts,
for the priority decisions (CR 117.1) that ``rules/priority_options.py`` answers:

* how many offered only passing;
* how often the player's "could act" index was taken as it was (the same state
  version), kept because each derived record it read was the same
  (``_reads_hold``), or built again, by slot (with or without sorcery timing,
  CR 307.1) and by the first record found changed (the hand's summary, the mana
  sources, the graveyard's offers, ...);
* how often a player's mana sources (CR 605) were worked out again after the
  characteristics cache forgot them, by the change that made it forget them,
  and how many of those came out the same (by value) as the ones forgotten.

The counts are exact and the same on any machine: they say which of the index's
reads, and which changes of the state, make the priority path work, before
anything is timed (``opcode_profile.py`` says what that work costs). The engine is
wrapped, not changed: the games are the games ``mtg sim`` plays.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

from mtg_engine.cards.decks import load_deck
from mtg_engine.game.state import Game
from mtg_engine.rules import decisions, mana
from mtg_engine.rules import priority_options as po
from mtg_engine.sim import run_games

#: the names of the records the index reads (``priority_options._R_*``)
_READS = {
    po._R_SUMMARY: "hand summary",
    po._R_FREE: "free-cast permissions",
    po._R_SOURCES: "mana sources",
    po._R_MAY_CHANGE: "costs may change",
    po._R_GRAVEYARD: "graveyard offers",
    po._R_ACTIVATED: "permanents with activated abilities",
    po._R_PERMANENTS: "their characteristics",
    po._R_LIFE: "life",
}


def _change_name(change: tuple[Any, ...]) -> str:
    """A change told to ``Game.invalidate``, in words."""
    if not change:
        return "everything"
    if isinstance(change[0], str):
        return change[0]
    return f"zone {int(change[0])} -> {int(change[1])}"


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--deck", action="append", default=None)
    ap.add_argument("--agents", nargs=2, default=["random", "random"])
    ap.add_argument("--games", type=int, default=30)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    names = args.deck or ["red-green", "white-blue"]
    if len(names) != 2:
        ap.error("give two --deck options, or none for the benchmark decks")
    counts: Counter[str] = Counter()
    rebuilt: Counter[tuple[str, str]] = Counter()
    sources: Counter[tuple[str, str]] = Counter()
    forgotten: dict[tuple[int, int], tuple[str, list[Any]]] = {}

    options = po.priority_options

    def priority_options(game: Game, player: int) -> list[Any]:
        got = game._could_act.get((player, po.has_sorcery_timing(game, player)))
        counts["index kept (same version)"] += got is not None and got[0] == game.version
        out = options(game, player)
        counts["priority decisions"] += 1
        counts["only passing"] += len(out) == 1
        return out

    index = po._index

    def _index(game: Game, slot: tuple[int, bool], key: tuple[Any, ...]) -> tuple[Any, ...]:
        old = game._could_act.get(slot)
        why = "first" if old is None else "mana pool"
        if old is not None and old[1] == key:
            # (the first record the index read that isn't the same now)
            why = next((_READS[r[0]] for r in old[3] if not reads_hold(game, slot[0], (r,))), "?")
        rebuilt[("sorcery timing" if slot[1] else "any time", why)] += 1
        return index(game, slot, key)

    reads_hold = po._reads_hold

    def _reads_hold(game: Game, player: int, reads: tuple[Any, ...]) -> bool:
        held = reads_hold(game, player, reads)
        counts["index kept (its reads the same)"] += held
        return held

    invalidate = Game.invalidate

    def watched_invalidate(game: Game, *change: int | str) -> None:
        before = [game._chars.get(("mana_sources", p.index)) for p in game.players]
        invalidate(game, *change)
        for i, had in enumerate(before):
            if had is not None and game._chars.get(("mana_sources", i)) is None:
                forgotten[(id(game), i)] = (_change_name(change), had)

    find = mana._mana_sources

    def _mana_sources(game: Game, player: int) -> list[Any]:
        found = find(game, player)
        why, had = forgotten.pop((id(game), player), ("first", None))
        sources[(why, "the same" if had == found else "others")] += 1
        return found

    po._index = _index
    po._reads_hold = _reads_hold
    decisions.priority_options = priority_options  # type: ignore[assignment]
    Game.invalidate = watched_invalidate  # type: ignore[method-assign,assignment]
    mana._mana_sources = _mana_sources
    run_games([load_deck(n) for n in names], args.agents, args.games, seed=args.seed)

    print(f"{names[0]} vs {names[1]}, {' vs '.join(args.agents)}, {args.games} games")
    for name, n in counts.items():
        print(f"  {name}: {n:,}")
    print("  index built again:")
    for (slot, why), n in rebuilt.most_common():
        print(f"    {n:7,}  {slot}: {why}")
    print("  mana sources worked out again, after the cache forgot them by:")
    for (why, same), n in sorted(sources.items(), key=lambda kv: -kv[1]):
        print(f"    {n:7,}  {why}: {same}")


if __name__ == "__main__":
    main()
