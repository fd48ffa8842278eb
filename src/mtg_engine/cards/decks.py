"""Deck files as players write and export them.

Text (what MTG Arena, MTGO and most deck sites export): one ``N Card Name`` per
line (``4x Card Name`` too; a line without a count is one copy). Blank lines
and ``#`` comments are ignored. Section headers, with or without a colon:
``Deck`` / ``Main`` / ``Mainboard``, ``Sideboard``, ``Companion``, ``Commander``,
``Maybeboard``, and Arena's ``About`` section with its ``Name ...`` line (the
deck's title). A line ``SB: 2 Card Name`` is a sideboard card. Arena's set and
collector number suffix (``(M21) 123``) and a foil mark (``*F*``) are dropped.

MTGO's ``.dek`` files (XML: ``<Deck><Cards Quantity="4" Name="..."
Sideboard="false"/></Deck>``) load too; they are read by the standard library's
XML parser after refusing any document type declaration, so an entity can't
expand or reach outside the file.

A bundled deck can be named instead of a path (``red-green``). Every error is a
:class:`DeckError` naming the file, the line and what is wrong.
"""

from __future__ import annotations

import random
import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..game.objects import CardDef
from .database import CardDatabase, UnknownCardError
from .definitions import card_def

#: the most cards a deck may have (no format comes near; a larger count is a typo
#: or an attack on memory, not a deck)
MAX_DECK_CARDS = 10_000
#: the largest deck file read (a deck list of 10,000 cards is far smaller)
MAX_FILE_BYTES = 1 << 20
#: the smallest deck of any format the engine plays: limited, CR 100.2b (constructed
#: is 60, CR 100.2a); a smaller deck gets a warning
MIN_DECK_SIZE = 40

#: a count: digits, with Arena's and MTGO's optional ``x`` (``4x``)
_COUNT = re.compile(r"(\d+)[xX]?")
#: a first word that was meant as a count but isn't one (``-3``, ``4.5``, ``x4``, ``1,000``)
_BAD_COUNT = re.compile(r"[-+]?[xX]?\d[\d.,_]*[xX]?|[-+]\S*|[xX]\d+")
#: Arena's set code and collector number, and a foil mark, at the end of a line
_SUFFIX = re.compile(r"(?:\s+\([A-Za-z0-9]{2,8}\)(?:\s+[^\s*]+)?)?(?:\s+\*[A-Za-z]\*)?\s*$")
#: a section header: a word, an optional card count in parentheses, an optional colon
_HEADER = re.compile(r"(\w+)\s*(?:\(\d+\))?\s*:?")
_SECTIONS = {
    "deck": "main",
    "main": "main",
    "maindeck": "main",
    "mainboard": "main",
    "sideboard": "sideboard",
    "sb": "sideboard",
    "companion": "companion",
    "commander": "commander",
    "maybeboard": "maybeboard",
    "about": "about",
}


class DeckError(ValueError):
    """A deck file that can't be read: the message names the file and line."""


@dataclass
class Deck:
    """A deck list. ``main`` is the deck (CR 100.2); the sideboard, the companion
    (CR 702.139a: it starts outside the game) and a maybeboard are not played.

    The engine plays no commander format (CR 903): a card of a ``Commander``
    section is kept apart in ``commander`` and shuffled into the deck as one more card.
    """

    name: str
    main: list[tuple[int, str]] = field(default_factory=list)
    sideboard: list[tuple[int, str]] = field(default_factory=list)
    companion: list[tuple[int, str]] = field(default_factory=list)
    commander: list[tuple[int, str]] = field(default_factory=list)
    #: the deck's own title (Arena's ``About`` / ``Name``, MTGO's file name), if any
    title: str = ""

    def played(self) -> list[tuple[int, str]]:
        """The cards that go in the library: the main deck and any commander."""
        return self.main + self.commander

    def card_defs(self) -> list[CardDef]:

        out: list[CardDef] = []
        for n, name in self.played():
            d = card_def(name)
            out.extend([d] * n)
        return out

    def __len__(self) -> int:
        return sum(n for n, _ in self.played())

    def size_warning(self, minimum: int = MIN_DECK_SIZE) -> str | None:
        """A sentence when the deck is smaller than ``minimum`` (CR 100.2), else None."""
        n = len(self)
        if n >= minimum:
            return None
        return (
            f"{self.name}: {n} card{'s' if n != 1 else ''}, fewer than the {minimum} "
            "of the smallest format (CR 100.2b)"
        )


#: the deck name that lets the AI pick one of the bundled decks (``--opponent-deck random``)
RANDOM_DECK = "random"


def pick_bundled(seed: int) -> str:
    """The bundled deck the AI picks for a game of this seed."""
    return random.Random(seed).choice(bundled_decks())


def bundled_decks() -> list[str]:
    """Names of the decks shipped with the package."""
    root = resources.files("mtg_engine") / "data" / "decks"
    return sorted(p.name[:-4] for p in root.iterdir() if p.name.endswith(".txt"))


class _Builder:
    """Adds cards to a deck, checking names and the bound on its size."""

    def __init__(self, source: str) -> None:
        self.db = CardDatabase.default()
        self.deck = Deck(name=source)
        self.source = source
        self.total = 0

    def add(self, section: str, count: int, name: str, where: str) -> None:
        if count <= 0:
            raise DeckError(f"{where}: the count of {name!r} is {count}; it must be at least 1")
        self.total += count
        if count > MAX_DECK_CARDS or self.total > MAX_DECK_CARDS:
            raise DeckError(
                f"{where}: {count:,} copies of {name!r} make the deck larger than "
                f"{MAX_DECK_CARDS:,} cards"
            )
        card_name = self.lookup(name, where)
        if section != "maybeboard":
            getattr(self.deck, section).append((count, card_name))

    def lookup(self, name: str, where: str) -> str:
        try:
            return self.db.get(name).name
        except UnknownCardError as e:
            if "/" in name and "//" not in name:  # MTGO writes split cards "Fire/Ice"
                alt = re.sub(r"\s*/\s*", " // ", name)
                if alt in self.db:
                    return self.db.get(alt).name
            raise DeckError(f"{where}: {e.message}") from None

    def finish(self) -> Deck:
        if not self.deck.main and not self.deck.commander:
            raise DeckError(f"{self.source}: the deck has no cards")
        return self.deck


def _count_and_name(line: str, where: str, db: CardDatabase) -> tuple[int, str]:
    """The count and card name of a deck line (no count: one copy)."""
    first, _, rest = line.partition(" ")
    rest = rest.strip()
    m = _COUNT.fullmatch(first)
    if m and rest:
        digits = m.group(1)
        if line in db and _SUFFIX.sub("", rest) not in db:
            return 1, line  # a card whose name starts with a number
        return (int(digits) if len(digits) <= 9 else MAX_DECK_CARDS + 1), rest
    if rest and _BAD_COUNT.fullmatch(first) and line not in db:
        raise DeckError(
            f"{where}: malformed count {first!r} before {rest!r} "
            f"(expected a whole number of copies from 1 to {MAX_DECK_CARDS:,})"
        )
    return 1, line


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    """Parse a text deck list (see the module docstring); unknown card names,
    malformed counts and absurd sizes are :class:`DeckError`."""
    if text.lstrip("\ufeff \t\r\n").startswith("<"):
        return parse_dek(text, source)
    b = _Builder(source)
    section = "main"
    for lineno, raw in enumerate(text.splitlines(), 1):
        where = f"{source}, line {lineno}"
        line = raw.split("#", 1)[0].strip().lstrip("\ufeff").strip()
        if not line:
            continue
        h = _HEADER.fullmatch(line)
        header = _SECTIONS.get(h.group(1).lower()) if h else None
        if header is not None:
            section = header
            continue
        if section == "about":
            key, _, value = line.partition(" ")
            if key.lower().rstrip(":") == "name" and value.strip():
                b.deck.title = value.strip()
            continue  # Arena's About section says nothing else that a game needs
        target = section
        if line[:3].lower() == "sb:":
            target, line = "sideboard", line[3:].strip()
            if not line:
                section = "sideboard"
                continue
        count, name = _count_and_name(line, where, b.db)
        name = _SUFFIX.sub("", name).strip()
        if not name:
            raise DeckError(f"{where}: a count with no card name ({raw.strip()!r})")
        b.add(target, count, name, where)
    return b.finish()


def parse_dek(text: str, source: str = "<deck>") -> Deck:
    """Parse an MTGO ``.dek`` file (XML). A document type declaration is refused
    before parsing: no entity expansion, no external entity (the XML attacks
    the standard library's parser would otherwise be open to)."""
    if re.search(r"<!\s*(DOCTYPE|ENTITY)", text, re.IGNORECASE):
        raise DeckError(f"{source}: an MTGO .dek file has no document type declaration")
    try:
        root = ET.fromstring(text)
    except ET.ParseError as e:
        raise DeckError(f"{source}: not a readable MTGO .dek file (XML: {e})") from None
    if root.tag != "Deck":
        raise DeckError(f"{source}: not an MTGO .dek file (the root element is <{root.tag}>)")
    b = _Builder(source)
    for i, el in enumerate(root.iter("Cards"), 1):
        where = f"{source}, card entry {i}"
        name = (el.get("Name") or "").strip()
        if not name:
            raise DeckError(f"{where}: a <Cards> entry without a Name")
        quantity = (el.get("Quantity") or "").strip()
        if not _COUNT.fullmatch(quantity) or quantity[-1:] in "xX":
            raise DeckError(
                f"{where}: malformed Quantity {quantity!r} of {name!r} "
                f"(expected a whole number of copies from 1 to {MAX_DECK_CARDS:,})"
            )
        count = int(quantity) if len(quantity) <= 9 else MAX_DECK_CARDS + 1
        side = (el.get("Sideboard") or "false").strip().lower() == "true"
        b.add("sideboard" if side else "main", count, name, where)
    return b.finish()


def read_deck_file(path: Path) -> Deck:
    """A deck from a file: MTGO XML (``.dek``, or any file that starts with ``<``)
    or a text list."""
    try:
        size = path.stat().st_size
        if size > MAX_FILE_BYTES:
            raise DeckError(
                f"{path}: {size:,} bytes is too large for a deck list (at most {MAX_FILE_BYTES:,})"
            )
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as e:
        raise DeckError(f"{path}: can't read the file ({e})") from None
    deck = (
        parse_dek(text, str(path)) if path.suffix.lower() == ".dek" else parse_deck(text, str(path))
    )
    return deck


def load_deck(spec: str) -> Deck:
    """A deck from a file path or a bundled deck name."""
    path = Path(spec)
    if spec and path.is_file():
        return read_deck_file(path)
    name = spec[:-4] if spec.endswith(".txt") else spec
    name = name.removeprefix("bench-")
    root = resources.files("mtg_engine") / "data" / "decks"
    res = root / f"{name}.txt"
    if name and "/" not in name and res.is_file():
        deck = parse_deck(res.read_text(encoding="utf-8"), name)
        deck.name = name
        return deck
    if spec and path.exists():
        raise DeckError(f"{spec}: not a file")
    raise DeckError(
        f"{spec or '(empty)'}: no such deck file, and no bundled deck of that name "
        f"(bundled: {', '.join(bundled_decks())})"
    )
