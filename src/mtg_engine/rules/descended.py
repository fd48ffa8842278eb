"""Descending (CR 700.11): a player "descended this turn" when a permanent card was
put into their graveyard from anywhere this turn; "the number of times you
descended this turn" counts those cards. Counted per player with the turn's other
records (``TurnFlags.descended``, reset as each turn begins); the cards needn't
still be there. A token isn't a card (CR 111.1, 700.11).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:descended")

#: the card types of permanent cards (CR 110.4a)
_PERMANENT_TYPES: Final = frozenset(
    ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
)


@on_event(
    EventKind.ZONE_CHANGE,
    rules=True,
    watch=[
        (z, "graveyard") for z in ("library", "hand", "battlefield", "stack", "exile", "command")
    ],
)
def count_descents(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 700.11: a permanent card put into its owner's graveyard from anywhere."""
    if subject is None or subject.is_token:
        return
    if chars(game, subject).types & _PERMANENT_TYPES:
        flags = game.turn_flags
        flags.descended = {
            **flags.descended,
            subject.owner: flags.descended.get(subject.owner, 0) + 1,
        }


@condition("descended")
def descended_this_turn(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if you descended this turn" (CR 700.11)."""
    return game.turn_flags.descended.get(controller, 0) > 0
