#!/usr/bin/env python3
"""How many Forge puzzles (``../shared/puzzles/forge/*.pzl``) have every card fully compiled.

A puzzle counts only when every card named in its zones (and its ``precast`` /
``putonstack`` entries) is in the card file and fully compiled by the honest
measure of ``mtg cards coverage`` (every sentence compiles and the engine runs
every construct). Tokens (``t:`` / ``T:`` entries) are not cards and are skipped.
Prints the count, then the cards that block the most puzzles (development tool).

    python scripts/puzzle_coverage.py [--dir ../shared/puzzles/forge] [--top 25] [--list]
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from mtg_engine.cards.coverage import card_status  # noqa: E402
from mtg_engine.cards.database import CardDatabase, UnknownCardError  # noqa: E402
from mtg_engine.rules.support import face_unsupported  # noqa: E402

#: zone-key suffixes of the ``[state]`` section that hold card lists
ZONE_SUFFIXES = (
    "battlefield",
    "play",
    "hand",
    "graveyard",
    "library",
    "exile",
    "command",
    "sideboard",
    "precast",
    "putonstack",
)


def puzzle_cards(text: str) -> set[str]:
    """The card names a ``.pzl`` file's ``[state]`` section puts into the game."""
    names: set[str] = set()
    in_state = False
    for raw in text.splitlines():
        line = raw.strip()
        if line.startswith("["):
            in_state = line.lower() == "[state]"
            continue
        if not in_state or "=" not in line or line.startswith("#"):
            continue
        key, _, value = line.partition("=")
        if not key.strip().lower().endswith(ZONE_SUFFIXES):
            continue
        for entry in value.split(";"):
            name = entry.split("|", 1)[0].strip()
            name = name.split("->", 1)[0].split(":", 1)[0] if "precast" in key.lower() else name
            name = name.rstrip("+").strip()
            if name and not name.lower().startswith("t:") and not name.isdigit():
                names.add(name)
    return names


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--dir", type=Path, default=ROOT.parent.parent / "shared" / "puzzles" / "forge")
    ap.add_argument("--top", type=int, default=25)
    ap.add_argument("--list", action="store_true", help="print each puzzle's blocking cards")
    args = ap.parse_args()
    files = sorted(args.dir.glob("*.pzl"))
    if not files:
        print(f"no .pzl files in {args.dir}", file=sys.stderr)
        return 1
    db = CardDatabase.default()
    status: dict[str, str] = {}
    blockers: Counter[str] = Counter()
    complete = 0
    for path in files:
        missing: list[str] = []
        for name in sorted(puzzle_cards(path.read_text(encoding="utf-8", errors="replace"))):
            if name not in status:
                try:
                    card = db.get(name)
                except UnknownCardError:
                    status[name] = "unknown"
                else:
                    st = card_status(card, engine=face_unsupported)
                    status[name] = st.status
            if status[name] != "full":
                missing.append(name)
        blockers.update(missing)
        complete += not missing
        if args.list:
            print(f"{path.name}: {'complete' if not missing else ', '.join(missing)}")
    counts = Counter(status.values())
    print(f"puzzles with every card fully compiled: {complete} of {len(files)}")
    print(
        f"distinct cards: {len(status)} ({', '.join(f'{k} {v}' for k, v in counts.most_common())})"
    )
    print(f"\ncards blocking the most puzzles (top {args.top}):")
    for name, n in blockers.most_common(args.top):
        print(f"{n:4d}  {name}  [{status[name]}]")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
