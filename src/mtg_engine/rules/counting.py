"""Numbers counted from the game as an effect or ability needs them (CR 604.3,
608.2h): domain, the count of basic land types among the lands a player controls
(the ability word of CR 207.2c; the types of CR 305.6)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .char_values import BASIC_LAND_MANA
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

register("amount:domain", "arg:modify_pt.for_each")


def domain(game: Game, player: int) -> int:
    """How many basic land types are among the lands ``player`` controls (0-5)."""
    types: set[str] = set()
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.phased_out:
            continue
        c = chars(game, o)
        if "Land" in c.types:
            types |= c.subtypes & BASIC_LAND_MANA.keys()
    return len(types)
