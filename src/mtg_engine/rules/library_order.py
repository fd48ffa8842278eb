"""Putting several cards on the top or the bottom of a library "in any order"
(CR 401.4, 701.22a scry, 608.2d).

CR 401.4: "If an effect puts two or more cards in a specific position in a
library at the same time, the owner of those cards may arrange them in any
order. That library's owner doesn't reveal the order in which the cards go into
the library." The player orders them with an ``order_cards`` decision whose
answer is a :class:`ChooseObjects` listing every candidate once, from the
topmost to the bottommost of the group as they end up in the library. The
answer is checked as a permutation (rules/decisions.py), never enumerated as
all of them for a big group. The decision's prompt names no card: only the
deciding player sees the candidates (architecture §5).
"""

from __future__ import annotations

from itertools import permutations
from typing import TYPE_CHECKING

from ..game.actions import DecisionKind, DecisionPurpose

if TYPE_CHECKING:
    from .effects_runner import Ctx

#: the largest group whose orders legal_options lists in full (4! = 24)
FULL_ENUM = 4


def choose_order(
    ctx: Ctx,
    player: int,
    ids: list[int],
    position: str,
    rule: str,
    key: str = "order",
    what: str = "cards",
) -> list[int] | None:
    """``ids`` in the order ``player`` chooses, topmost first; None while the
    decision is pending. No decision when there is nothing to order (fewer than
    two cards, or only cards with the same name) or no task to wait on; the answer is kept in the effect's scratch
    under ``key`` so a handler can ask several orders in turn."""
    if len(ids) < 2 or ctx.task is None:
        return list(ids)
    objs = ctx.game.objects
    if len({objs[i].name for i in ids if i in objs}) < 2:
        return list(ids)  # copies of one card: every order is the same library
    s = ctx.scratch
    done = s.get(key)
    if done is not None:
        return list(done)
    if ctx.answer is None:
        ctx.ask(
            DecisionKind.ORDER_CARDS,
            rule,
            f"Order the {len(ids)} {what} going on the {position} of the library "
            "(first listed = topmost)",
            {
                "candidates": list(ids),
                "position": position,
                "purpose": DecisionPurpose.LIBRARY_ORDER,
            },
            player=player,
        )
        return None
    order = [o for o in ctx.take_answer().objects if o in ids]
    s[key] = order
    return order


def place_in_order(game, player: int, ordered: list[int], position: str) -> None:
    """Put the library cards ``ordered`` (topmost first) on the ``position`` end of
    ``player``'s library, keeping their object ids (CR 401.4; a card moved within
    its library stays the same object). The last list element is the top card."""
    lib = game.players[player].library
    for oid in ordered:
        lib.remove(oid)
    if position == "top":
        lib.extend(reversed(ordered))
    else:
        lib[0:0] = list(reversed(ordered))


def order_problem(candidates: list[int], chosen: tuple[int, ...]) -> str | None:
    """None when ``chosen`` lists every candidate exactly once (CR 401.4)."""
    if len(chosen) != len(candidates) or set(chosen) != set(candidates):
        return "list each of the cards exactly once, topmost first (rule 401.4)"
    return None


def order_options(candidates: list[int]) -> list[tuple[int, ...]]:
    """Representative orders: every permutation of a small group, else the current
    order and its reverse (any permutation is accepted by check_answer)."""

    cands = list(candidates)
    if len(cands) <= FULL_ENUM:
        return list(permutations(cands))
    return [tuple(cands), tuple(reversed(cands))]
