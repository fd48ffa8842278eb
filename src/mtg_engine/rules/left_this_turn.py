"""Void's condition: "if a nonland permanent left the battlefield this turn or a spell
was warped this turn" (CR 702.185c: a spell was cast for its warp cost this turn).

Both are kept with the turn's other records (``TurnFlags.nonland_left`` and
``TurnFlags.warped``, reset as each turn begins). Whether a permanent that left was
a land is read as it last existed on the battlefield (CR 603.10a, 608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:left_or_warped_this_turn")


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None)])
def nonland_left(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A nonland permanent left the battlefield (to any zone)."""
    if subject is None or ev.data.get("from_zone") != "battlefield":
        return
    if ev.data.get("to_zone") == "battlefield":
        return
    if "Land" not in chars(game, subject).types:
        game.turn_flags.nonland_left = True


@on_event(EventKind.CAST, rules=True)
def spell_warped(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.185c: a spell was cast for its warp cost."""
    if ev.data.get("alt") == "warp":
        game.turn_flags.warped = True


@condition("left_or_warped_this_turn")
def left_or_warped(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "if a nonland permanent left the battlefield this turn or a spell was warped
    this turn" (the compiler keeps any other description as a detail not run)."""
    return game.turn_flags.nonland_left or game.turn_flags.warped
