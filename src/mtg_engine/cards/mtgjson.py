"""MTGJSON card data → :class:`CardData` records and card files.

MTGJSON's ``AtomicCards.json`` (https://mtgjson.com/downloads/all-files/)
holds every card once, with every face::

    {"meta": {"date": ..., "version": ...},
     "data": {"Fire // Ice": [{"name": "Fire // Ice", "faceName": "Fire",
                               "side": "a", "manaCost": "{1}{R}", ...},
                              {... "faceName": "Ice", "side": "b", ...}],
              ...}}

:func:`import_atomic_cards` converts such a file (plain, ``.gz`` or ``.xz``)
into a card file in the shipped format (:mod:`mtg_engine.cards.database`).
The file is read as text and its ``data`` object decoded one card at a time,
so memory stays near the size of the file rather than of its decoded tree.

:func:`face_from_mtgjson` and :func:`card_from_mtgjson` also serve
``scripts/build_card_file.py``, whose source data uses the same field names.
"""

from __future__ import annotations

import bz2
import gzip
import json
import lzma
import os
import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from mtg_engine.cards.database import normalize_name, write_card_file
from mtg_engine.cards.model import CardData, CardFace

__all__ = [
    "CardImportError",
    "ImportResult",
    "card_from_mtgjson",
    "face_from_mtgjson",
    "import_atomic_cards",
    "iter_atomic_cards",
    "parse_type_line",
    "read_atomic_cards",
]

_WUBRG = "WUBRG"
#: CR 205.4a supertypes (plus "Host" and "Elite" of Un-sets, as MTGJSON lists them).
SUPERTYPES = frozenset({"Basic", "Legendary", "Ongoing", "Snow", "World", "Host", "Elite"})
#: Subtypes whose name has a space (CR 205.3m: "Time Lord"); CR 205.3n: a
#: planar type ("Plane — Alfava Metraxis") is the whole text after the dash.
_MULTIWORD_SUBTYPES = ("Time Lord",)
_WHITESPACE = re.compile(r"[ \t\n\r]*")


class CardImportError(ValueError):
    """An MTGJSON file cannot be read or is not in the AtomicCards format."""


@dataclass(frozen=True, slots=True)
class ImportResult:
    """What :func:`import_atomic_cards` did."""

    path: Path
    card_count: int
    source: Path
    mtgjson_version: str | None = None
    #: Names dropped because an earlier card had the same normalized name.
    skipped: tuple[str, ...] = ()


# --------------------------------------------------------------------------- conversion


def _opt_str(value: Any) -> str | None:
    """MTGJSON strings that may be absent (power "*", loyalty "X", ...)."""
    if value is None or value == "":
        return None
    return str(value)


def _str_tuple(value: Any) -> tuple[str, ...]:
    if not value:
        return ()
    if isinstance(value, str):
        return (value,)
    return tuple(str(v) for v in value)


def parse_type_line(type_line: str) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """``(supertypes, types, subtypes)`` of a type line (CR 205).

    ``"Legendary Creature — Human Wizard"`` →
    ``(("Legendary",), ("Creature",), ("Human", "Wizard"))``. Used for faces
    whose data gives the type line but not the split-up fields.
    """
    left, _, right = type_line.partition("—")
    words = left.split()
    supertypes = tuple(w for w in words if w in SUPERTYPES)
    types = tuple(w for w in words if w not in SUPERTYPES)
    right = " ".join(right.split())
    if not right:
        return supertypes, types, ()
    if "Plane" in types:
        return supertypes, types, (right,)
    for name in _MULTIWORD_SUBTYPES:
        right = right.replace(name, name.replace(" ", "\0"))
    return supertypes, types, tuple(w.replace("\0", " ") for w in right.split())


def face_from_mtgjson(entry: Mapping[str, Any]) -> CardFace:
    """One face from an MTGJSON card (or card-face) object.

    Uses ``faceName`` (else ``name``), ``manaCost``, ``type``, ``supertypes``,
    ``types``, ``subtypes``, ``text``, ``power``, ``toughness``, ``loyalty``,
    ``defense`` and ``colorIndicator``; absent fields get the
    :class:`CardFace` defaults, except that a face without ``types`` has its
    supertypes, types and subtypes read from its type line.
    """
    name = entry.get("faceName") or entry.get("name")
    if not isinstance(name, str) or not name:
        raise CardImportError("a card face has no name")
    indicator = set(_str_tuple(entry.get("colorIndicator")))
    type_line = str(entry.get("type") or "")
    if entry.get("types") is None:
        supertypes, types, subtypes = parse_type_line(type_line)
    else:
        supertypes = _str_tuple(entry.get("supertypes"))
        types = _str_tuple(entry.get("types"))
        subtypes = _str_tuple(entry.get("subtypes"))
    return CardFace(
        name=name,
        mana_cost=_opt_str(entry.get("manaCost")),
        type_line=type_line,
        supertypes=supertypes,
        types=types,
        subtypes=subtypes,
        text=str(entry.get("text") or ""),
        power=_opt_str(entry.get("power")),
        toughness=_opt_str(entry.get("toughness")),
        loyalty=_opt_str(entry.get("loyalty")),
        defense=_opt_str(entry.get("defense")),
        color_indicator=tuple(c for c in _WUBRG if c in indicator),
    )


def card_from_mtgjson(name: str, entries: Sequence[Mapping[str, Any]]) -> CardData:
    """A card from its MTGJSON face objects (one per face, as in AtomicCards).

    Faces are ordered by ``side`` ("a", "b", ...) when every entry has one;
    the layout is the first entry's; keywords are the union over faces.
    """
    if not entries:
        raise CardImportError(f"card {name!r} has no faces")
    ordered = list(entries)
    if all(isinstance(e.get("side"), str) for e in ordered):
        ordered.sort(key=lambda e: e["side"])
    faces = tuple(face_from_mtgjson(e) for e in ordered)
    keywords: dict[str, None] = {}
    for entry in ordered:
        for keyword in _str_tuple(entry.get("keywords")):
            keywords.setdefault(keyword, None)
    layout = str(ordered[0].get("layout") or "normal")
    return CardData(name=name, layout=layout, faces=faces, keywords=tuple(keywords))


# --------------------------------------------------------------------------- reading


def _read_text(path: Path) -> str:
    """The file's text, decompressing gzip/xz/bzip2 (recognized by their magic bytes)."""
    try:
        with path.open("rb") as fh:
            magic = fh.read(6)
        if magic.startswith(b"\x1f\x8b"):
            raw = gzip.decompress(path.read_bytes())
        elif magic.startswith(b"\xfd7zXZ\x00"):
            raw = lzma.decompress(path.read_bytes())
        elif magic.startswith(b"BZh"):
            raw = bz2.decompress(path.read_bytes())
        else:
            raw = path.read_bytes()
    except FileNotFoundError as exc:
        raise CardImportError(f"{path}: no such file") from exc
    except IsADirectoryError as exc:
        raise CardImportError(f"{path}: is a directory, not an AtomicCards file") from exc
    except (OSError, EOFError, lzma.LZMAError) as exc:
        raise CardImportError(f"{path}: cannot read or decompress: {exc}") from exc
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise CardImportError(f"{path}: not UTF-8 text (is it an AtomicCards JSON file?)") from exc


def _where(text: str, pos: int) -> str:
    line = text.count("\n", 0, pos) + 1
    col = pos - (text.rfind("\n", 0, pos) + 1) + 1
    return f"line {line}, column {col}"


class _Scanner:
    """Walks a JSON object's members one at a time (values decoded lazily)."""

    def __init__(self, text: str, path: Path) -> None:
        self.text = text
        self.path = path
        self.pos = 0
        self.decoder = json.JSONDecoder()

    def fail(self, what: str) -> CardImportError:
        return CardImportError(f"{self.path}: {what} at {_where(self.text, self.pos)}")

    def skip_ws(self) -> None:
        match = _WHITESPACE.match(self.text, self.pos)
        assert match is not None  # the pattern matches the empty string
        self.pos = match.end()

    def expect(self, char: str, what: str) -> None:
        self.skip_ws()
        if self.text.startswith(char, self.pos):
            self.pos += 1
            return
        found = self.text[self.pos : self.pos + 1] or "end of file"
        raise self.fail(f"malformed JSON: expected {what}, found {found!r}")

    def value(self) -> Any:
        self.skip_ws()
        try:
            value, self.pos = self.decoder.raw_decode(self.text, self.pos)
        except json.JSONDecodeError as exc:
            self.pos = exc.pos
            raise self.fail(f"malformed JSON ({exc.msg})") from exc
        return value

    def members(self) -> Iterator[str]:
        """Yield each key of the object starting here; the caller reads the value."""
        self.expect("{", "'{'")
        self.skip_ws()
        if self.text.startswith("}", self.pos):
            self.pos += 1
            return
        while True:
            self.skip_ws()
            key = self.value()
            if not isinstance(key, str):
                raise self.fail("malformed JSON: expected an object key")
            self.expect(":", "':'")
            yield key
            self.skip_ws()
            if self.text.startswith(",", self.pos):
                self.pos += 1
                continue
            self.expect("}", "',' or '}'")
            return


def iter_atomic_cards(
    path: str | os.PathLike[str], meta: dict[str, Any] | None = None
) -> Iterator[tuple[str, list[dict[str, Any]]]]:
    """Yield ``(card name, face objects)`` for each card of an AtomicCards file.

    If ``meta`` is given, it is updated with the file's ``meta`` object once
    that has been read (MTGJSON writes it before ``data``). Raises :class:`CardImportError` naming the file and the problem (not
    JSON, no ``data`` object, a card that is not a list of face objects).
    """
    source = Path(path)
    text = _read_text(source)
    scanner = _Scanner(text, source)
    scanner.skip_ws()
    if not text.startswith("{", scanner.pos):
        raise scanner.fail("not an MTGJSON AtomicCards file (expected a JSON object)")
    found_data = False
    for key in scanner.members():
        if key != "data":
            value = scanner.value()  # "meta" and anything else
            if key == "meta" and meta is not None and isinstance(value, dict):
                meta.update(value)
            continue
        found_data = True
        scanner.skip_ws()
        if not text.startswith("{", scanner.pos):
            raise scanner.fail('"data" is not an object of cards (is this AtomicCards.json?)')
        for name in scanner.members():
            start = scanner.pos
            entries = scanner.value()
            if (
                not isinstance(entries, list)
                or not entries
                or not all(isinstance(e, dict) for e in entries)
            ):
                scanner.pos = start
                raise scanner.fail(
                    f"card {name!r} is not a list of face objects (is this AtomicCards.json?)"
                )
            yield name, entries
    if not found_data:
        raise CardImportError(f'{source}: no "data" object (not an MTGJSON AtomicCards file)')


def read_atomic_cards(
    path: str | os.PathLike[str], meta: dict[str, Any] | None = None
) -> Iterator[CardData]:
    """The cards of an AtomicCards file, as :class:`CardData` records (see
    :func:`iter_atomic_cards` for ``meta``)."""
    for name, entries in iter_atomic_cards(path, meta):
        try:
            yield card_from_mtgjson(name, entries)
        except CardImportError as exc:
            raise CardImportError(f"{path}: card {name!r}: {exc}") from exc


def import_atomic_cards(
    source: str | os.PathLike[str], out: str | os.PathLike[str]
) -> ImportResult:
    """Convert an AtomicCards file into a card file at ``out``.

    ``out`` is replaced only once the whole input has been read, so a failed
    import leaves an existing card file untouched. Of two cards whose names
    differ only in case or accents, the first is kept (``ImportResult.skipped``).
    """
    src = Path(source)
    meta: dict[str, Any] = {}
    cards: dict[str, CardData] = {}
    skipped: list[str] = []
    for card in read_atomic_cards(src, meta):
        key = normalize_name(card.name)
        if key in cards:
            skipped.append(card.name)
        else:
            cards[key] = card
    if not cards:
        raise CardImportError(f'{src}: "data" holds no cards')
    version = meta.get("version")
    version = str(version) if version else None
    label = f"MTGJSON AtomicCards ({src.name}" + (f", version {version})" if version else ")")
    extra: dict[str, str | int] = {"mtgjson_version": version} if version else {}
    if meta.get("date"):
        extra["mtgjson_date"] = str(meta["date"])
    try:
        count = write_card_file(cards.values(), out, source=label, meta=extra)
    except ValueError as exc:
        raise CardImportError(f"{src}: {exc}") from exc
    return ImportResult(
        path=Path(out),
        card_count=count,
        source=src,
        mtgjson_version=version,
        skipped=tuple(skipped),
    )
