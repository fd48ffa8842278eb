#!/usr/bin/env python3
"""Oracle-compiler coverage over the whole card pool (development tool).

Reads the shipped card database when it exists, else the Oracle data in
``../shared/cards`` (``--source shared`` forces that). Prints the summary, the
compile speed and the most frequent unparsed sentence shapes; ``--seed`` adds
the seed card pool (``spec/seed-card-pool.txt``).

    python scripts/coverage_report.py [--top 30] [--source db|shared] [--limit N]
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SHARED = ROOT.parent / "shared"
sys.path.insert(0, str(ROOT / "src"))

from mtg_engine.cards.coverage import coverage, seed_pool  # noqa: E402
from mtg_engine.cards.model import CardData, CardFace  # noqa: E402


def shared_cards(path: Path) -> Iterator[CardData]:
    """Cards from the shared Oracle JSONL file (first face only for multi-face cards)."""
    with lzma.open(path, "rt", encoding="utf-8") as fh:
        for line in fh:
            d = json.loads(line)
            face = CardFace(
                name=d["name"],
                mana_cost=d.get("manaCost"),
                type_line=d.get("type") or "",
                supertypes=tuple(d.get("supertypes") or ()),
                types=tuple(d.get("types") or ()),
                subtypes=tuple(d.get("subtypes") or ()),
                text=d.get("text") or "",
                power=d.get("power"),
                toughness=d.get("toughness"),
                loyalty=d.get("loyalty"),
            )
            yield CardData(d["name"], d.get("layout") or "normal", (face,))


def db_cards() -> Iterator[CardData] | None:
    try:
        from mtg_engine.cards.database import CardDatabase

        db = CardDatabase.default()
        return db.iter_cards()
    except Exception:  # noqa: BLE001 - any failure means: fall back to shared data
        return None


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--top", type=int, default=30)
    ap.add_argument("--source", choices=("auto", "db", "shared"), default="auto")
    ap.add_argument("--limit", type=int, default=0)
    ap.add_argument("--seed", action="store_true", help="also report the seed card pool")
    ap.add_argument("--examples", type=int, default=0, help="show N example cards per shape")
    ap.add_argument(
        "--executable",
        action="store_true",
        help="count a card as full only if every op it uses has a registered effect handler",
    )
    args = ap.parse_args()

    cards_iter = None
    if args.source in ("auto", "db"):
        cards_iter = db_cards()
    if cards_iter is None:
        cards_iter = shared_cards(SHARED / "cards" / "oracle-cards.jsonl.xz")
    cards = list(cards_iter)
    if args.limit:
        cards = cards[: args.limit]

    ops = None
    if args.executable:
        from mtg_engine.effects import executable_ops

        ops = executable_ops()
    start = time.perf_counter()
    report = coverage(cards, executable_ops=ops)
    elapsed = time.perf_counter() - start
    print(report.summary())
    print(f"compile time: {elapsed:.1f} s ({1000 * elapsed / max(report.total, 1):.2f} ms/card)")
    if ops is not None:
        print(f"ops without a handler, by cards using them: {report.missing_ops.most_common(15)}")
    print(f"\nTop {args.top} unparsed sentence shapes:")
    examples: dict[str, list[str]] = {}
    if args.examples:
        from mtg_engine.cards.compiler.normalize import shape

        for st in report.cards.values():
            for s in st.unparsed:
                examples.setdefault(shape(s, st.name), []).append(st.name)
    for i, (shape_text, n) in enumerate(report.top_shapes(args.top), 1):
        print(f"{i:3d}. {n:5d}  {shape_text}")
        for name in examples.get(shape_text, [])[: args.examples]:
            print(f"            e.g. {name}")
    if args.seed:
        pool = (SHARED / "spec" / "seed-card-pool.txt").read_text(encoding="utf-8").splitlines()
        sp = seed_pool(report, pool)
        print(f"\nSeed pool: {sp.full}/{sp.total} fully compiled, {len(sp.missing)} missing")
        for name in sp.not_full:
            st = report.cards[name]
            print(f"  {name}: {st.status}: {'; '.join(st.unparsed)[:150]}")
        for name in sp.missing:
            print(f"  missing: {name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
