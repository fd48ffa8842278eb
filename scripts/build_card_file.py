#!/usr/bin/env python
"""Build the card file shipped in the package (``src/mtg_engine/data/cards.db``).

How the shipped file was built
------------------------------
From two development files (not shipped, never read at run time):

* ``oracle-cards.jsonl.xz`` -- 35,033 records, one JSON object per line, in
  MTGJSON's field names (name, manaCost, type, types, subtypes, supertypes,
  keywords, power, toughness, loyalty, text, layout, colorIdentity). For
  multi-face cards it holds only the FIRST face, except that 401 transform
  cards also have their back face as a record of its own (``"face": "back"``,
  ``"front": <front face name>``; the front record has ``"back"``).
* ``multiface-supplement.json`` -- complete faces (``faces``: faceName,
  manaCost, type, text, power, toughness, colorIndicator) for a few
  multi-face cards; supertypes, types and subtypes are read from each
  face's type line (``mtgjson.parse_type_line``, which reproduces the oracle
  file's own fields for all 35,033 records).

and merged them like this:

1. A supplement card replaces the record of the same name entirely (all its
   faces, with color indicators).
2. A back-face record is merged into its front card as the second face
   ("A-Brine Comber // A-Brinebound Gift" gets both faces) instead of being a
   card of its own: 35,033 records make 34,632 cards. The back face's name
   still finds the whole card (the card file indexes every face name).
   These back faces have no color indicator (the data has none).
3. A meld card "A // B" whose melded face B is a record of its own (layout
   meld, e.g. "Brisela, Voice of Nightmares") gets B as its second face; B
   stays a card too, as in MTGJSON.
4. A missing face that has the name of a single-faced card of the oracle file
   gets that card's characteristics (card names are unique, CR 201.2, so a face
   that reuses an older card's name is that card): the prepared spell
   "Lightning Bolt" of "Emeritus of Conflict // Lightning Bolt", the halves of
   "Bind // Liberate". Only when it fits: the donor's layout is normal, its
   color identity is within the card's, and a face that is cast as a spell
   only (split, aftermath, adventure, prepare and omen faces) is an instant or
   a sorcery; "Smelt // Herd // Saw" does not get the Equipment "Saw". Faces
   stay in their printed order: a face after a face still missing is not added.
   Reversible cards ("Ajani Goldmane // Ajani Goldmane") keep their one face.
5. Every other multi-face card keeps only its first face: e.g. "Alive // Well"
   has no "Well" face (``database.missing_faces`` lists such gaps). Import
   MTGJSON's AtomicCards with ``mtg cards import`` for complete faces.
6. Battles have no defense in this data (``defense`` is None).

Planes, schemes, vanguards and other non-traditional layouts stay in the file
with their layout; the engine decides what is playable.

How to rebuild
--------------
::

    . .venv/bin/activate
    python scripts/build_card_file.py \\
        --oracle /work/shared/cards/oracle-cards.jsonl.xz \\
        --supplement /work/shared/cards/multiface-supplement.json \\
        --out src/mtg_engine/data/cards.db

The output is deterministic (same inputs, same bytes). Afterwards run
``pytest tests/cards`` (the tests check the counts above).
"""

from __future__ import annotations

import argparse
import json
import lzma
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

from mtg_engine.cards.database import CardDatabase, missing_faces, write_card_file
from mtg_engine.cards.model import CardData
from mtg_engine.cards.mtgjson import card_from_mtgjson


def read_oracle(path: Path) -> list[dict[str, Any]]:
    """The records of the oracle JSONL file (``.xz`` or plain)."""
    opener = lzma.open if path.suffix == ".xz" else open
    with opener(path, "rt", encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def first_face(record: dict[str, Any]) -> dict[str, Any]:
    """An oracle record as the MTGJSON face object of its first face."""
    return {**record, "faceName": record["name"].split(" // ")[0]}


#: layouts whose faces other than the first are spells only (cast, never permanents)
SPELL_FACE_LAYOUTS = frozenset(("split", "aftermath", "adventure", "prepare", "omen"))


def donor_face(
    record: dict[str, Any], part: str, by_name: dict[str, dict[str, Any]]
) -> dict[str, Any] | None:
    """The face ``part`` of the multi-face ``record`` from the single-faced card of
    that name, or None when there is none or it doesn't fit (module docstring, 4)."""
    donor = by_name.get(part)
    if record["layout"] == "reversible_card":
        return None  # both sides are the one card, already complete (missing_faces)
    if donor is None or donor.get("layout") != "normal" or donor is record:
        return None
    if not set(donor.get("colorIdentity") or ()) <= set(record.get("colorIdentity") or ()):
        return None
    if record["layout"] in SPELL_FACE_LAYOUTS and not set(donor.get("types") or ()) <= {
        "Instant",
        "Sorcery",
    }:
        return None
    return {**donor, "name": record["name"], "layout": record["layout"], "faceName": part}


def build_cards(
    records: list[dict[str, Any]], supplement: list[dict[str, Any]]
) -> tuple[list[CardData], Counter[str]]:
    """Merge oracle records and supplement cards into cards (see module docstring)."""
    stats: Counter[str] = Counter(records=len(records), supplement=len(supplement))
    by_name = {r["name"]: r for r in records}
    backs = {
        f"{r['front']} // {r['name']}": r
        for r in records
        if r.get("face") == "back" and f"{r['front']} // {r['name']}" in by_name
    }
    consumed = {r["name"] for r in backs.values()}
    supplied = {s["name"]: s for s in supplement}
    missing = sorted(set(supplied) - set(by_name))
    if missing:
        raise SystemExit(f"supplement cards not in the oracle file: {missing}")

    cards: list[CardData] = []
    for record in records:
        name = record["name"]
        if name in consumed:
            continue
        if name in supplied:
            card = supplied[name]
            entries = [
                {"name": name, "layout": card.get("layout", record["layout"]), **face}
                for face in card["faces"]
            ]
            entries[0].setdefault("keywords", record.get("keywords"))
            stats["from supplement"] += 1
        else:
            entries = [first_face(record)]
            back = backs.get(name)
            melded = name.split(" // ")[-1] if " // " in name else None
            if back is not None:
                entries.append({**back, "faceName": back["name"]})
                stats["back face merged"] += 1
            elif record["layout"] == "meld" and melded in by_name:
                entries.append({**by_name[melded], "faceName": melded})
                stats["melded face added"] += 1
            else:
                for part in name.split(" // ")[1:]:
                    face = donor_face(record, part, by_name)
                    if face is None:
                        break
                    entries.append(face)
                    stats["face from the card of its name"] += 1
        cards.append(card_from_mtgjson(name, entries))
    stats["cards"] = len(cards)
    stats["incomplete multi-face cards"] = sum(1 for c in cards if missing_faces(c))
    untyped = [c.name for c in cards for f in c.faces if f.type_line and not f.types]
    if untyped:
        raise SystemExit(f"faces with a type line but no card types: {untyped[:10]}")
    return cards, stats


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--oracle", type=Path, required=True, help="oracle-cards.jsonl.xz")
    parser.add_argument("--supplement", type=Path, required=True, help="multiface-supplement.json")
    parser.add_argument("--out", type=Path, required=True, help="card file to write")
    args = parser.parse_args(argv)

    start = time.perf_counter()
    records = read_oracle(args.oracle)
    supplement = json.loads(args.supplement.read_text(encoding="utf-8"))
    cards, stats = build_cards(records, supplement)
    source = (
        f"{args.oracle.name} ({len(records)} records) + "
        f"{args.supplement.name} ({len(supplement)} cards); scripts/build_card_file.py"
    )
    count = write_card_file(
        cards,
        args.out,
        source=source,
        meta={
            "source_records": len(records),
            "back_faces_merged": stats["back face merged"],
            "faces_from_cards_of_their_name": stats["face from the card of its name"],
        },
    )
    db = CardDatabase(args.out)
    assert len(db) == count and all(name in db for name in (r["name"] for r in records))
    for key, value in sorted(stats.items()):
        print(f"{key:>30}: {value}")
    size = args.out.stat().st_size
    print(
        f"wrote {count} cards to {args.out} ({size / 1e6:.2f} MB) in {time.perf_counter() - start:.1f} s"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
