"""Conditions that count what happened this turn, or what a zone holds now.

* "if you've cast two or more spells this turn", "as long as you've cast an instant
  or sorcery spell this turn" (CR 601.2i: a spell counts once it has been cast;
  copies aren't cast, 707.10): ``spells_cast_ge``;
* "as long as you've drawn two or more cards this turn" (CR 121.2): ``cards_drawn_ge``;
* "as long as an opponent has eight or more cards in their graveyard":
  ``opponent_graveyard_ge``;
* "if there are four or more card types among cards in your graveyard" (delirium,
  CR 205.2a): ``card_types_ge``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Condition, Filter
from ..game.hooks import condition
from .filters import card_types_among
from .support import COVERAGE_PROBES, register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

#: the spells whose casts this turn are counted: any spell, or instants and sorceries
#: (``TurnFlags.instants_sorceries_cast``)
_INSTANT_OR_SORCERY = ("Instant", "Sorcery")

register(
    "condition:spells_cast_ge",
    "condition:cards_drawn_ge",
    "condition:opponent_graveyard_ge",
    "condition:card_types_ge",
)


def counted_spells(flt: object) -> bool:
    """Whether the spells a ``spells_cast_ge`` condition names are counted: any spell
    (no filter) or instant and sorcery spells."""
    if flt is None:
        return True
    return (
        isinstance(flt, Filter)
        and not flt.conditions
        and tuple(sorted(flt.kinds)) in (_INSTANT_OR_SORCERY, ("spell",))
    )


COVERAGE_PROBES.counted_spells = counted_spells


@condition("spells_cast_ge")
def spells_cast_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "you've cast N or more spells this turn" / "an instant or sorcery spell" (601.2i)."""
    n = cond.args.get("n", 1)
    flt = cond.args.get("filter")
    if not isinstance(n, int) or not counted_spells(flt):
        return False
    if isinstance(flt, Filter) and "spell" not in flt.kinds:
        return game.turn_flags.instants_sorceries_cast.get(controller, 0) >= n
    return game.players[controller].spells_cast_this_turn >= n


@condition("cards_drawn_ge")
def cards_drawn_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "you've drawn N or more cards this turn" (CR 121.2: each card drawn counts)."""
    n = cond.args.get("n")
    return isinstance(n, int) and game.turn_flags.cards_drawn.get(controller, 0) >= n


@condition("opponent_graveyard_ge")
def opponent_graveyard_ge(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "an opponent has N or more cards in their graveyard" (one opponent, CR 102.2)."""
    n = cond.args.get("n")
    return isinstance(n, int) and any(
        len(game.players[p].graveyard) >= n for p in game.opponents(controller)
    )


@condition("card_types_ge")
def card_types_ge(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "there are N or more card types among cards in your graveyard" (CR 205.2a)."""
    n = cond.args.get("n")
    flt = cond.args.get("filter")
    if not isinstance(n, int) or not isinstance(flt, Filter):
        return False
    return card_types_among(game, flt, controller, source) >= n
