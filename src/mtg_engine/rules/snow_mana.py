"""Snow mana (CR 107.4h): mana produced by a snow source, the only mana that pays {S}.

Snow is neither a color nor a type of mana (107.4h): a player's pool counts its
mana by type (``Player.mana_pool``) and, beside it, how much of each type a snow
source made (``Player.snow_mana``). That count never exceeds the pool's: mana
leaving the pool for anything but {S} is taken from the nonsnow mana of its type
first (:func:`take_from_pool`), so snow mana is kept for the {S} symbols that need it, and
mana emptied from the pool (CR 106.4) takes its snow mana with it (:func:`snow_left`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Final

from ..game.objects import GameObject, Player
from .characteristics import chars
from .mana_costs import POOL_INDEX
from .support import SNOW_MANA_FEATURE, register

if TYPE_CHECKING:
    from ..game.state import Game

register(SNOW_MANA_FEATURE)  # a cost with {S} (CR 107.4h)

#: the supertype that makes a permanent a snow source (CR 205.4g)
SNOW: Final = "Snow"


def is_snow_source(game: Game, obj: GameObject | None) -> bool:
    """Whether ``obj`` is a snow source (CR 107.4h, 205.4g): it has the snow supertype."""
    return obj is not None and SNOW in chars(game, obj).supertypes


def snow_left(p: Player) -> list[int]:
    """How much of each type of mana in ``p``'s pool a snow source made (CR 107.4h):
    never more than the pool holds of that type (what left the pool took its snow
    mana with it once the nonsnow mana of its type was gone)."""
    return [min(s, m) for s, m in zip(p.snow_mana, p.mana_pool, strict=True)]


def add_to_pool(p: Player, mana: Iterable[str], snow: bool) -> None:
    """Add ``mana`` (letters, ``"G"``) to ``p``'s pool (CR 106.3), as snow mana when a
    snow source made it (CR 107.4h)."""
    pool = p.mana_pool
    if not snow and not any(p.snow_mana):  # (no snow mana to keep count of)
        for m in mana:
            pool[POOL_INDEX[m]] += 1
        return
    kept = snow_left(p)
    for m in mana:
        i = POOL_INDEX[m]
        pool[i] += 1
        if snow:
            kept[i] += 1
    p.snow_mana = kept


def take_from_pool(p: Player, used: list[int], snow_used: list[int] | None = None) -> None:
    """Remove ``used`` mana (by pool index) from ``p``'s pool (CR 601.2h): of it,
    ``snow_used`` is snow mana paying {S} (CR 107.4h); the rest is nonsnow mana
    first, and snow mana only when none of its type is left."""
    pool = p.mana_pool
    if not any(p.snow_mana):  # (no snow mana: none pays {S} either)
        for i in range(6):
            pool[i] -= used[i]
        return
    kept = snow_left(p)
    for i in range(6):
        pool[i] -= used[i]
        if snow_used is not None:
            kept[i] -= snow_used[i]
        kept[i] = max(0, min(kept[i], pool[i]))
    p.snow_mana = kept
