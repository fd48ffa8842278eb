"""Devotion (CR 700.5): a player's devotion to a color is the number of mana
symbols of that color among the mana costs of permanents they control; a hybrid
symbol counts toward each of its colors, and devotion to two colors counts each
symbol that is either color once (CR 700.5a).

The mana costs are the permanents' copiable values (CR 707.2: printed, as copy
effects and face-down status change them; a face-down permanent has no mana
cost, 708.2), which the layer system doesn't otherwise change: so "As long as
your devotion to black is less than five, Erebos isn't a creature" can be checked
while the layers are applied without reading any permanent's other layers.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING

from ..cards.abilities import Condition
from ..game.hooks import condition
from .copy import copiable_values
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

#: color word -> its mana letter (CR 105.1, 107.4)
LETTERS = {"white": "W", "blue": "U", "black": "B", "red": "R", "green": "G"}

_SYMBOL = re.compile(r"\{([^}]*)\}")

register("condition:devotion_lt")


def devotion(game: Game, player: int, colors: tuple[str, ...]) -> int:
    """CR 700.5: ``player``'s devotion to these colors (color words)."""
    letters = {LETTERS[c] for c in colors if c in LETTERS}
    if not letters:
        return 0
    n = 0
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.phased_out:
            continue
        cost = copiable_values(game, o).mana_cost or ""
        for sym in _SYMBOL.findall(cost):
            if letters & set(sym.split("/")):
                n += 1  # a hybrid or Phyrexian symbol counts once (CR 700.5a)
    return n


@condition("devotion_lt")
def devotion_lt(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "as long as your devotion to black is less than five" (CR 700.5)."""
    n = cond.args.get("n")
    colors = tuple(cond.args.get("colors") or ())
    return isinstance(n, int) and devotion(game, controller, colors) < n
