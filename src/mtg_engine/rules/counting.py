"""Numbers counted from the game as an effect or ability needs them (CR 604.3,
608.2h): domain, the count of basic land types among the lands a player controls
(the ability word of CR 207.2c; the types of CR 305.6); the greatest power or
toughness among a group of objects ("where X is the greatest power among creatures
you control"; 0 when there are none, CR 107.1b: a negative value counts as 0 too)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .char_values import BASIC_LAND_MANA
from .characteristics import chars
from .filters import objects_matching
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Filter
    from ..game.objects import GameObject
    from ..game.state import Game

register("amount:domain", "arg:modify_pt.for_each")
register("amount:greatest_power", "amount:greatest_toughness", "amount:greatest_mana_value")
register("amount:total_power", "amount:total_toughness", "amount:total_mana_value")
register("amount:life_gained_this_turn", "amount:colors_spent", "amount:colors_among")

#: the Amount kinds of "the greatest [stat] among ..." and the stat each reads ("the
#: greatest mana value among permanents you control", CR 202.3)
GREATEST = {
    "greatest_power": "power",
    "greatest_toughness": "toughness",
    "greatest_mana_value": "mana_value",
}


def greatest_among(
    game: Game, kind: str, flt: Filter, controller: int, source: GameObject | None
) -> int:
    """The greatest power, toughness or mana value (``kind``: a key of :data:`GREATEST`) among the
    objects matching ``flt``; 0 when none match (and never less than 0, CR 107.1b)."""
    stat = GREATEST[kind]
    best = 0
    for o in objects_matching(game, flt, controller, source):
        v = getattr(chars(game, o), stat) or 0
        best = max(best, v)
    return best


#: the Amount kinds of "the total [stat] of ..." and the stat each adds up ("the total
#: power of creatures you control", Ghalta, Primal Hunger)
TOTAL = {
    "total_power": "power",
    "total_toughness": "toughness",
    "total_mana_value": "mana_value",
}


def total_of(game: Game, kind: str, flt: Filter, controller: int, source: GameObject | None) -> int:
    """The total power, toughness or mana value (``kind``: a key of :data:`TOTAL`) of the
    objects matching ``flt``: their values added up, a negative power included (CR
    107.1b applies to the result only: a total below 0 counts as 0)."""
    stat = TOTAL[kind]
    n = sum(
        getattr(chars(game, o), stat) or 0 for o in objects_matching(game, flt, controller, source)
    )
    return max(0, n)


def life_gained_this_turn(game: Game, player: int) -> int:
    """ "the amount of life you gained this turn" (CR 119.3): the turn's record."""
    return int(game.turn_flags.life_gained.get(player, 0))


_COLORED = frozenset("WUBRG")


def colors_spent(paid: dict) -> int:
    """Converge: how many colors of mana were spent on a spell (CR 601.2h, 105.1):
    its payment's record; 0 if it wasn't cast."""
    return len({m for m in paid.get("mana_spent") or () if m in _COLORED})


def colors_among(game: Game, flt: Filter, controller: int, source: GameObject | None) -> int:
    """ "the number of colors among permanents you control" (CR 105.1, 105.2): the
    distinct colors of the objects matching ``flt`` (0-5)."""
    colors: set[str] = set()
    for o in objects_matching(game, flt, controller, source):
        colors |= chars(game, o).colors
    return len(colors)


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
