"""Mana costs as data (CR 107.4, 202): a cost string such as ``"{X}{2}{R/G}{W/P}"``
parsed to a :class:`ManaCost`, and the mana symbols a pool holds (CR 106.1).
Below the mana pool and payment (:mod:`mtg_engine.rules.mana`), so the
conditions that read the mana spent on a spell don't depend on paying it.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Final

from ..cards.model import mana_symbols

#: mana pool slots (CR 106.1): the five colors then colorless
POOL_ORDER: Final = ("W", "U", "B", "R", "G", "C")
POOL_INDEX: Final = {c: i for i, c in enumerate(POOL_ORDER)}


@dataclass(frozen=True, slots=True)
class ManaCost:
    """A parsed mana cost (CR 107.4)."""

    generic: int = 0
    colored: tuple[str, ...] = ()  # "W", "U", "B", "R", "G", or "C" for {C}
    hybrid: tuple[tuple[str, ...], ...] = ()  # ("R","G") or ("2","W") (CR 107.4e)
    phyrexian: tuple[str, ...] = ()  # colors payable with 2 life (CR 107.4f)
    x: int = 0  # number of {X} symbols (CR 107.3)
    snow: int = 0

    @property
    def mana_value(self) -> int:
        return (
            self.generic
            + len(self.colored)
            + sum(max(int(p) if p.isdigit() else 1 for p in h) for h in self.hybrid)
            + len(self.phyrexian)
            + self.snow
        )

    def with_x(self, x: int, colors: tuple[str, ...] = ()) -> ManaCost:
        """The cost with X fixed to a value (CR 107.3a): the same record when it has no X.
        ``colors``: "Spend only black mana on X" (("B",)), "... black and/or red mana
        on X" (("B", "R")): each mana of X is then a mana of one of those colors."""
        if not self.x:
            return self  # (an equal record: nothing to fix)
        n = x * self.x
        if len(colors) == 1:
            return ManaCost(
                self.generic, self.colored + colors * n, self.hybrid, self.phyrexian, 0, self.snow
            )
        if colors:
            hybrid = self.hybrid + (tuple(colors),) * n
            return ManaCost(self.generic, self.colored, hybrid, self.phyrexian, 0, self.snow)
        return ManaCost(self.generic + n, self.colored, self.hybrid, self.phyrexian, 0, self.snow)

    def plus(self, generic: int) -> ManaCost:
        return ManaCost(
            max(0, self.generic + generic),
            self.colored,
            self.hybrid,
            self.phyrexian,
            self.x,
            self.snow,
        )

    def __str__(self) -> str:
        parts = ["{X}"] * self.x
        if self.generic or not (
            self.colored or self.hybrid or self.phyrexian or self.x or self.snow
        ):
            parts.append(f"{{{self.generic}}}")
        parts += [f"{{{'/'.join(h)}}}" for h in self.hybrid]
        parts += [f"{{{c}/P}}" for c in self.phyrexian]
        parts += [f"{{{c}}}" for c in self.colored]
        parts += ["{S}"] * self.snow  # CR 107.4h
        return "".join(parts)


def x_colors(restrictions: tuple[tuple[str, Any], ...]) -> tuple[str, ...]:
    """The colors an ability's or a spell's X must be paid with ("Spend only black
    mana on X", CR 107.3), or () when any mana will do."""
    for key, value in restrictions:
        if key == "x_mana":
            return tuple(value)
    return ()


@lru_cache(maxsize=4096)
def parse_cost(cost: str | None) -> ManaCost:
    """Parse a mana cost string (CR 107.4)."""
    generic = 0
    colored: list[str] = []
    hybrid: list[tuple[str, ...]] = []
    phyrexian: list[str] = []
    x = snow = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            generic += int(sym)
        elif sym in ("X", "Y", "Z"):
            x += 1
        elif sym == "S":
            snow += 1
        elif "/" in sym:
            parts = sym.split("/")
            if "P" in parts:
                colored_parts = [p for p in parts if p != "P"]
                if len(colored_parts) == 1:
                    phyrexian.append(colored_parts[0])
                else:
                    hybrid.append(tuple(colored_parts))
            else:
                hybrid.append(tuple(parts))
        elif sym in POOL_INDEX:
            colored.append(sym)
    return ManaCost(generic, tuple(colored), tuple(hybrid), tuple(phyrexian), x, snow)


@lru_cache(maxsize=4096)
def cost_at_x0(cost: str | None) -> ManaCost:
    """A mana cost string parsed with X fixed to 0 (CR 107.3, 601.2b: the cost
    of a spell cast without choosing a greater X)."""
    return parse_cost(cost).with_x(0)
