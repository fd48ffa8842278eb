"""Your party (CR 700.8): up to one each of Cleric, Rogue, Warrior and Wizard among
the creatures you control. "For each creature in your party" counts the most
creatures that can fill those four roles, each creature filling one role (a
Cleric Wizard counts once, CR 700.8a-b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .characteristics import chars

if TYPE_CHECKING:
    from ..game.state import Game

#: the four roles of a party (CR 700.8)
ROLES = ("Cleric", "Rogue", "Warrior", "Wizard")


def party_size(game: Game, player: int) -> int:
    """CR 700.8: the number of creatures in ``player``'s party (0 to 4)."""
    fits: list[frozenset[str]] = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.phased_out:
            continue
        c = chars(game, o)
        if "Creature" not in c.types:
            continue
        roles = frozenset(r for r in ROLES if r in c.subtypes)
        if roles:
            fits.append(roles)
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
