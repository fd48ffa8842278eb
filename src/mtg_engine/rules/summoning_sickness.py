"""Summoning sickness (CR 302.6): a creature's activated ability with the tap or
untap symbol in its cost can't be activated, and it can't attack, unless it has
been under its controller's control continuously since their most recent turn
began; haste lets it anyway (702.10b).

Its own module, below combat and mana, which both ask it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.keyword_names import Kw
from .characteristics import chars

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game


def is_summoning_sick(game: Game, obj: GameObject, c: Any = None) -> bool:
    """CR 302.6 / 702.10b: not continuously controlled since its controller's
    most recent turn began, and no haste."""
    if obj.controlled_since < game.players[obj.controller].last_turn_started:
        return False
    if c is None:
        c = chars(game, obj)
    return Kw.HASTE not in c.keywords
