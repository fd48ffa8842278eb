"""Card data as printed: faces and their characteristics (CR 200-209).

A :class:`CardData` is one card of the card file (MTGJSON field meanings); a
card with several faces (split, flip, double-faced, adventure: CR 709-715)
has one :class:`CardFace` each. Nothing here knows about a game: the engine
builds game objects from these records and computes their characteristics.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

#: CR 105.1: the five colors, in WUBRG order, by their mana-symbol letter.
COLOR_BY_LETTER: dict[str, str] = {
    "W": "white",
    "U": "blue",
    "B": "black",
    "R": "red",
    "G": "green",
}
COLORS: tuple[str, ...] = tuple(COLOR_BY_LETTER.values())

_SYMBOL = re.compile(r"\{([^}]+)\}")


def mana_symbols(cost: str | None) -> list[str]:
    """The symbols of a mana cost, braces removed: ``"{2}{R/G}"`` → ``["2", "R/G"]``."""
    return _SYMBOL.findall(cost) if cost else []


def mana_value_of(cost: str | None) -> int:
    """CR 202.3: the total amount of mana in a mana cost (X is 0, hybrid its largest part)."""
    total = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif "/" in sym:
            # CR 202.3f: a hybrid symbol counts its largest component.
            parts = sym.split("/")
            total += max(int(p) if p.isdigit() else 1 for p in parts)
        else:
            total += 1
    return total


@dataclass(frozen=True, slots=True)
class CardFace:
    """One face of a card: its printed characteristics (CR 109.3, 200.1)."""

    name: str
    mana_cost: str | None = None
    type_line: str = ""
    supertypes: tuple[str, ...] = ()
    types: tuple[str, ...] = ()
    subtypes: tuple[str, ...] = ()
    text: str = ""
    power: str | None = None
    toughness: str | None = None
    loyalty: str | None = None
    defense: str | None = None
    #: CR 204: a color indicator, as color letters ("R").
    color_indicator: tuple[str, ...] = ()

    @property
    def colors(self) -> tuple[str, ...]:
        """CR 202.2: a face's colors come from its mana cost and color indicator."""
        letters: set[str] = set(self.color_indicator)
        for sym in mana_symbols(self.mana_cost):
            for part in sym.split("/"):
                if part in COLOR_BY_LETTER:
                    letters.add(part)
        return tuple(COLOR_BY_LETTER[c] for c in "WUBRG" if c in letters)

    @property
    def mana_value(self) -> int:
        """CR 202.3: the total amount of mana in the mana cost (X counts as 0)."""
        return mana_value_of(self.mana_cost)


@dataclass(frozen=True, slots=True)
class CardData:
    """A card of the card file: its full name, layout and faces."""

    name: str
    layout: str = "normal"
    faces: tuple[CardFace, ...] = field(default_factory=tuple)
    #: Keyword abilities as listed by the data source (informational).
    keywords: tuple[str, ...] = ()

    @property
    def front(self) -> CardFace:
        return self.faces[0]
