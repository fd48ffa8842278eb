"""What an opponent did this turn, read by the alternative costs of the Zendikar
traps (CR 118.9) and other "if ... this turn" conditions:

* "if an opponent had three or more cards put into their graveyard from anywhere
  this turn" (Ravenous Trap; CR 404.1): ``cards_to_graveyard_ge``, the cards put into
  each player's graveyard this turn (``TurnFlags.cards_to_graveyard``; a token isn't a
  card, CR 108.2, 111.1);
* "if an opponent searched their library this turn" (Archive Trap; CR 701.23a):
  ``searched_library_this_turn`` (``TurnFlags.searched_library``, kept by
  effects/search.py as a player searches their own library);
* "if it's your main phase" (Grim Reaper's Sprint; CR 505.1): ``your_main_phase``.

Both are counted even if the cards have left the graveyard since, and start again as
each turn begins (rules/turn.py replaces the turn's records).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from ..game.state import Step
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "condition:cards_to_graveyard_ge",
    "condition:searched_library_this_turn",
    "condition:your_main_phase",
)


@on_event(
    EventKind.ZONE_CHANGE,
    rules=True,
    watch=[
        (z, "graveyard") for z in ("library", "hand", "battlefield", "stack", "exile", "command")
    ],
)
def count_cards_to_graveyard(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 404.1: a card put into its owner's graveyard from anywhere."""
    if subject is None or subject.is_token:
        return
    flags = game.turn_flags
    flags.cards_to_graveyard = {
        **flags.cards_to_graveyard,
        subject.owner: flags.cards_to_graveyard.get(subject.owner, 0) + 1,
    }


def _players(game: Game, cond: Condition, controller: int) -> tuple[int, ...]:
    """Whose doings the condition reads: "an opponent" (any one of them, CR 102.2)
    or "you"."""
    if cond.args.get("player") == "opponent":
        return tuple(game.opponents(controller))
    return (controller,)


@condition("cards_to_graveyard_ge")
def cards_to_graveyard_ge(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if an opponent had three or more cards put into their graveyard from anywhere
    this turn" (Ravenous Trap; CR 404.1)."""
    n = cond.args.get("n")
    if not isinstance(n, int) or isinstance(n, bool):
        return False
    counts = game.turn_flags.cards_to_graveyard
    return any(counts.get(p, 0) >= n for p in _players(game, cond, controller))


@condition("searched_library_this_turn")
def searched_library(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if an opponent searched their library this turn" (Archive Trap; CR 701.23a)."""
    searched = game.turn_flags.searched_library
    return any(p in searched for p in _players(game, cond, controller))


@condition("your_main_phase")
def your_main_phase(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if it's your main phase" (Grim Reaper's Sprint, Overpowering Attack; CR 505.1):
    a main phase, precombat or postcombat, of your turn."""
    return game.is_active(controller) and game.step in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
