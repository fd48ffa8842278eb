"""Rules for a group of objects chosen together, not for each one of them (CR 608.2d).

* "choose any number of creatures with different powers" (Sigarda's Vanguard): no
  two of the chosen have the same power;
* "each player chooses any number of creatures they control with total power 4 or
  less" (Slaughter the Strong): the sum of the chosen creatures' powers is at most 4
  (a negative power counts as it is: "its total power ... is 2" of a -2/4
  creature, CR 208.4's example, reads the number itself).

The resolving instruction asks the choice with the rule in the decision's data
(rules/effects_runner.choose_refs); an answer that breaks it is refused
(rules/decisions.py), and the options listed for agents keep to it. As a
description of one object, each condition matches (rules/filters.py).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter
from .characteristics import chars

if TYPE_CHECKING:
    from ..game.state import Game

#: the filter conditions (and decision data keys) that are rules for the group
DIFFERENT_POWERS: Final = "different_powers"
TOTAL_POWER_LE: Final = "total_power_le"
GROUP_KEYS: Final = frozenset((DIFFERENT_POWERS, TOTAL_POWER_LE))


def group_data(flt: Filter, amount: Callable[[Any], int]) -> dict[str, Any]:
    """The decision data of a choice described by ``flt``: its group rules, with
    "total power N or less" as a number (``amount`` computes an X, CR 608.2h)."""
    out: dict[str, Any] = {}
    for k, v in flt.conditions:
        if k == DIFFERENT_POWERS and v:
            out[DIFFERENT_POWERS] = True
        elif k == TOTAL_POWER_LE:
            out[TOTAL_POWER_LE] = amount(v)
    return out


def _power(game: Game, oid: int) -> int:
    o = game.objects.get(oid)
    if o is None:
        return 0
    p = chars(game, o).power
    return p if isinstance(p, int) else 0


def group_problem(game: Game, data: dict[str, Any], chosen: Sequence[Any]) -> str | None:
    """Why the objects ``chosen`` break the group rules of ``data``; None if they
    don't."""
    if not chosen or not (GROUP_KEYS & data.keys()):
        return None
    powers = [_power(game, oid) for oid in chosen if isinstance(oid, int)]
    if data.get(DIFFERENT_POWERS) and len(set(powers)) < len(powers):
        return "the chosen creatures must have different powers (rule 608.2d)"
    limit = data.get(TOTAL_POWER_LE)
    if isinstance(limit, int) and sum(powers) > limit:
        return f"the chosen creatures' total power must be {limit} or less (rule 608.2d)"
    return None
