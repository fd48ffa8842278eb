"""Permanents that entered the battlefield this turn ("each creature that entered
this turn", "a land that entered the battlefield this turn").

Each permanent that enters is a new object (CR 400.7); its id is kept with the
turn's other records (``TurnFlags.entered``, reset as each turn begins). A
permanent that phases in doesn't enter (CR 702.26d), and one whose control changes
doesn't either: neither is counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import on_event
from .support import register

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("cond:entered_this_turn")


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[(None, "battlefield")])
def remember_entering(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A permanent entered the battlefield (from any zone, or created)."""
    d = ev.data
    oid = d.get("obj")
    if d.get("to_zone") == "battlefield" and isinstance(oid, int):
        game.turn_flags.entered.add(oid)
        # "as long as this creature entered this turn" (CR 611.3a) may hold now
        game.invalidate()


def entered_this_turn(game: Game, obj: GameObject) -> bool:
    """Whether ``obj`` is a permanent that entered the battlefield this turn."""
    return obj.id in game.turn_flags.entered
