"""'If you gained life this turn', 'if you gained or lost life this turn': the life
each player gained (CR 119.3) and lost (CR 119.3, 120.3a) during the turn, kept with
the turn's other records (``TurnFlags.life_gained``, ``Player.life_lost_this_turn``;
both start again at zero as each turn begins).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.hooks import condition
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "condition:gained_life_this_turn",
    "condition:gained_or_lost_life_this_turn",
    "condition:opponent_lost_life_this_turn",
    "condition:player_lost_life_this_turn",
    "condition:you_lost_life_this_turn",
)


@condition("gained_life_this_turn")
def gained_life(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "if you gained life this turn", "if you gained 3 or more life this turn"
    (CR 119.3): the total life that player gained this turn."""
    n = cond.args.get("n", 1)
    least = n if isinstance(n, int) else 1
    if cond.args.get("player") == "opponent":
        # "if an opponent gained life this turn" (Needlebite Trap): one of them
        return any(
            game.turn_flags.life_gained.get(p, 0) >= least for p in game.opponents(controller)
        )
    return game.turn_flags.life_gained.get(controller, 0) >= least


@condition("gained_or_lost_life_this_turn")
def gained_or_lost_life(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if you gained or lost life this turn" (CR 119.3)."""
    return gained_life(game, cond, controller, source) or (
        game.players[controller].life_lost_this_turn > 0
    )


@condition("opponent_lost_life_this_turn")
def opponent_lost_life(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if an opponent lost life this turn" (Cindering Cutthroat, Bloodtithe
    Collector), "if an opponent lost 3 or more life this turn" (Sygg, River Cutthroat;
    CR 119.3, 120.3a): the total life one opponent lost this turn."""
    n = _least(cond)
    return any(p.life_lost_this_turn >= n for p in game.players if p.index != controller)


@condition("player_lost_life_this_turn")
def player_lost_life(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if a player lost 4 or more life this turn" (Knight of the Ebon Legion; CR 119.3,
    120.3a): any player, you included, lost that much life in total this turn."""
    n = _least(cond)
    return any(p.life_lost_this_turn >= n for p in game.players)


@condition("you_lost_life_this_turn")
def you_lost_life(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "as long as you've lost life this turn" (Essence Channeler; CR 119.3, 120.3a):
    the player lost 1 or more life this turn."""
    return game.players[controller].life_lost_this_turn >= _least(cond)


def _least(cond: Condition) -> int:
    """The "N or more" of the condition (1 when it says only "lost life")."""
    n = cond.args.get("n", 1)
    return n if isinstance(n, int) and not isinstance(n, bool) else 1
