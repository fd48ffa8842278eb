"""'Cards from a single graveyard' (Decompose's "Exile up to three target cards
from a single graveyard", Night Soil's "Exile two creature cards from a single
graveyard" cost): every card chosen must come from the same graveyard. The
words are a rule for the group chosen, not for one card: each card only has to
be in a graveyard (the filter's zone), and the choice as a whole is checked
here, for targets (CR 115.3, 601.2c) and for a cost (CR 601.2h, 602.2b).

A decision whose answer must come from one graveyard carries
``single_graveyard: True`` in its data (rules/decisions.py checks answers and
lists the legal ones; agents pick with :func:`pick_from_one_graveyard`).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from ..cards.abilities import Filter
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

#: the filter condition the compiler writes for "from a single graveyard"
SINGLE_GRAVEYARD = "single_graveyard"

register("cond:" + SINGLE_GRAVEYARD)


def from_single_graveyard(flt: Filter | None) -> bool:
    """Whether ``flt`` says "cards from a single graveyard"."""
    return flt is not None and (SINGLE_GRAVEYARD, True) in flt.conditions


def _owner(game: Game, ref: int) -> int | None:
    o = game.objects.get(ref)
    return o.owner if o is not None else None


def in_one_graveyard(game: Game, refs: Iterable[int]) -> bool:
    """Whether the chosen cards all have the same owner, so came from one
    graveyard (a card goes to its owner's graveyard, CR 404.2)."""
    return len({_owner(game, r) for r in refs}) <= 1


def graveyard_groups(game: Game, refs: Iterable[int]) -> list[list[int]]:
    """``refs`` split by the graveyard (owner) each is in, in order."""
    groups: dict[int | None, list[int]] = {}
    for r in refs:
        groups.setdefault(_owner(game, r), []).append(r)
    return list(groups.values())


def most_in_one_graveyard(game: Game, refs: Iterable[int]) -> int:
    """How many of ``refs`` the fullest single graveyard holds: the most that
    can be chosen together."""
    return max((len(g) for g in graveyard_groups(game, refs)), default=0)


def pick_from_one_graveyard(game: Game, ranked: Sequence[int], lo: int, hi: int) -> list[int]:
    """Up to ``hi`` of ``ranked`` (best first), at least ``lo`` when possible, all
    from the graveyard of the best card whose graveyard holds ``lo`` of them."""
    for first in ranked:
        owner = _owner(game, first)
        same = [r for r in ranked if _owner(game, r) == owner]
        if len(same) >= lo:
            return same[:hi]
    return list(ranked[:lo])
