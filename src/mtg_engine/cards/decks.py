"""Deck files: plain text, one ``N Card Name`` per line (what MTG Arena and MTGO export).

Optional ``Deck`` / ``Sideboard`` section headers; blank lines and ``#``
comments are ignored; a line ``Card Name`` without a count means one copy.
Arena's set suffix ``(M21) 123`` is dropped. A bundled deck can be named
instead of a path (``red-green``). Errors name the file and the line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

from ..game.objects import CardDef
from .database import CardDatabase, UnknownCardError
from .definitions import card_def

_LINE = re.compile(r"^(?:(\d+)x?\s+)?(.+?)(?:\s+\([A-Z0-9]+\)\s*\S*)?$")


#: the most cards a deck may have (no format comes near; a larger count is a typo
#: or an attack on memory, not a deck)
MAX_DECK_CARDS = 10_000


class DeckError(ValueError):
    """A deck file that can't be read: the message names the file and line."""


@dataclass
class Deck:
    name: str
    main: list[tuple[int, str]] = field(default_factory=list)
    sideboard: list[tuple[int, str]] = field(default_factory=list)

    def card_defs(self) -> list[CardDef]:

        out: list[CardDef] = []
        for n, name in self.main:
            d = card_def(name)
            out.extend([d] * n)
        return out

    def __len__(self) -> int:
        return sum(n for n, _ in self.main)


def bundled_decks() -> list[str]:
    """Names of the decks shipped with the package."""
    root = resources.files("mtg_engine") / "data" / "decks"
    return sorted(p.name[:-4] for p in root.iterdir() if p.name.endswith(".txt"))


def parse_deck(text: str, source: str = "<deck>") -> Deck:
    """Parse a deck list; unknown card names and malformed lines are errors."""

    db = CardDatabase.default()
    deck = Deck(name=source)
    section = deck.main
    for lineno, raw in enumerate(text.splitlines(), 1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        low = line.lower()
        if low in ("deck", "main", "maindeck", "commander", "companion"):
            section = deck.main
            continue
        if low in ("sideboard", "sb:") or low.startswith("sideboard"):
            section = deck.sideboard
            continue
        m = _LINE.match(line)
        if not m:
            raise DeckError(
                f"{source}, line {lineno}: can't read {raw.strip()!r} (expected 'N Card Name')"
            )
        digits = m.group(1) or "1"
        count = int(digits) if len(digits) <= 9 else MAX_DECK_CARDS + 1
        if count <= 0:
            raise DeckError(f"{source}, line {lineno}: the count must be at least 1")
        if (
            count > MAX_DECK_CARDS
            or count + len(deck) + sum(n for n, _ in deck.sideboard) > MAX_DECK_CARDS
        ):
            raise DeckError(
                f"{source}, line {lineno}: {count} copies make the deck larger than "
                f"{MAX_DECK_CARDS:,} cards"
            )
        name = m.group(2).strip()
        try:
            card = db.get(name)
        except UnknownCardError as e:
            raise DeckError(f"{source}, line {lineno}: {e.args[0] if e.args else e}") from None
        section.append((count, card.name))
    if not deck.main:
        raise DeckError(f"{source}: the deck has no cards")
    return deck


def load_deck(spec: str) -> Deck:
    """A deck from a file path or a bundled deck name."""
    path = Path(spec)
    if path.is_file():
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as e:
            raise DeckError(f"{spec}: can't read the file ({e})") from None
        return parse_deck(text, str(path))
    name = spec[:-4] if spec.endswith(".txt") else spec
    name = name.removeprefix("bench-")
    root = resources.files("mtg_engine") / "data" / "decks"
    res = root / f"{name}.txt"
    if res.is_file():
        deck = parse_deck(res.read_text(encoding="utf-8"), name)
        deck.name = name
        return deck
    raise DeckError(
        f"{spec}: no such deck file, and no bundled deck of that name "
        f"(bundled: {', '.join(bundled_decks())})"
    )
