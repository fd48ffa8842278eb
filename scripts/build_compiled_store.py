"""Build src/mtg_engine/data/compiled-cards.pickle: the precompiled abilities of the
bundled decks' cards, of the seed card pool and of the dungeons' rooms (see mtg_engine/cards/compiled_store.py).

    python scripts/build_compiled_store.py
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from mtg_engine.cards.compiled_store import STORE_NAME, build
from mtg_engine.cards.database import CardDatabase
from mtg_engine.cards.decks import bundled_decks, load_deck
from mtg_engine.rules.dungeons import room_faces


def main() -> None:
    db = CardDatabase.default()
    names: set[str] = {
        "Grizzly Bears",
        "Lightning Bolt",
        "Wind Drake",
        "Forest",
        "Plains",
        "Island",
        "Swamp",
        "Mountain",
    }
    for deck in bundled_decks():
        names.update(n for _, n in load_deck(deck).main)
    pool = (resources.files("mtg_engine") / "data" / "seed-card-pool.txt").read_text(
        encoding="utf-8"
    )
    names.update(ln.strip() for ln in pool.splitlines() if ln.strip() and not ln.startswith("#"))
    faces = [f for n in sorted(names) for f in db.get(n).faces]
    # the dungeons' room abilities (CR 309.4c), read by the compiler like a card's text
    faces += room_faces()
    out = Path(__file__).resolve().parent.parent / "src" / "mtg_engine" / "data" / STORE_NAME
    n = build(faces, out)
    print(f"wrote {n} compiled faces to {out} ({out.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
