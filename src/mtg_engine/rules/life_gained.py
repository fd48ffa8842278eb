"""'If you gained life this turn' (CR 119.3): the life each player gained during
the turn, kept with the turn's other records (``TurnFlags.life_gained``, reset as
each turn begins). A gain replaced by "gains no life" or forbidden by "can't gain
life" is no gain (CR 119.7, 614.1a): only a logged gain of one or more counts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:gained_life_this_turn")


@on_event(EventKind.GAIN_LIFE, rules=True)
def count_life_gained(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 119.3: a player gained that much life."""
    player = ev.data.get("player")
    amount = int(ev.data.get("amount") or 0)
    if isinstance(player, int) and amount > 0:
        gained = game.turn_flags.life_gained
        gained[player] = gained.get(player, 0) + amount


@condition("gained_life_this_turn")
def gained_life_this_turn(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if you gained life this turn" (Crested Sunmare, Lunar Convocation)."""
    return game.turn_flags.life_gained.get(controller, 0) > 0
