"""Your party (CR 700.8): up to one each of Cleric, Rogue, Warrior and Wizard among
the creatures you control. "For each creature in your party" counts the most
creatures that can fill those four roles, each creature filling one role (a
Cleric Wizard counts once, CR 700.8a-b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Filter
from .characteristics import chars
from .filters import objects_matching

if TYPE_CHECKING:
    from ..game.state import Game

#: the four roles of a party (CR 700.8)
ROLES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(game: Game, player: int) -> int:
    """CR 700.8: the number of creatures in ``player``'s party (0 to 4)."""
    yours = Filter(("Creature",), "battlefield", (("controller", "you"),))
    fits = [
        roles
        for o in objects_matching(game, yours, player, None)
        if (roles := frozenset(r for r in ROLES if r in chars(game, o).subtypes))
    ]
    return _most(fits, frozenset(ROLES))


def _most(fits: list[frozenset[str]], open_roles: frozenset[str]) -> int:
    """The most creatures of ``fits`` that fill distinct roles among ``open_roles``."""
    if not fits or not open_roles:
        return 0
    first, rest = fits[0], fits[1:]
    best = _most(rest, open_roles)  # this creature isn't in the party
    for role in first & open_roles:
        best = max(best, 1 + _most(rest, open_roles - {role}))
        if best == len(open_roles):
            break
    return best
