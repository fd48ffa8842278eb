"""The rules of the game, one module per rules area (CR chapter in each docstring).

Importing this package registers every task handler and the trigger listener.
"""

from ..game.state import Game
from . import (  # noqa: F401
    activating,
    battle,
    casting,
    combat,
    combat_effects,
    counters,
    damage_history,
    damage_replacements,
    draw_skip,
    player_replacements,
    priority,
    saga,
    sba,
    setup,
    targeted,
    triggers,
    turn,
    untap_restrictions,
    zone_replacements,
)

if triggers.on_event not in Game.event_listeners:
    Game.event_listeners.append(triggers.on_event)
