"""What a permanent remembers about the damage it dealt (CR 120, 702.26d).

"Target opponent previously dealt damage by it" (Diseased Vermin) asks which
players an object has dealt damage to since it became that object (CR 400.7:
a new object has no history). The players are kept on the object
(``chosen["damaged_players"]``), so they survive phasing (702.26d: phasing
isn't a zone change), cloning and JSON; a new tuple is stored each time (the
``chosen`` dict is shared shallowly by clones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.hooks import on_event
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

DAMAGED_PLAYERS = "damaged_players"


def damaged_players(obj: GameObject | None) -> tuple[int, ...]:
    """The players ``obj`` has dealt damage to (CR 120.3)."""
    if obj is None or not obj.chosen:
        return ()
    return tuple(obj.chosen.get(DAMAGED_PLAYERS) or ())


def _on_damage(game: Game, ev: Any, subject: GameObject | None) -> None:
    target = ev.data.get("target")
    if subject is None or not isinstance(target, int) or target >= 0:
        return
    pl = ref_player(target)
    seen = damaged_players(subject)
    if pl is not None and pl not in seen:
        subject.chosen = {**(subject.chosen or {}), DAMAGED_PLAYERS: (*seen, pl)}


def _register() -> None:
    on_event(EventKind.DAMAGE, rules=True)(_on_damage)
    register("cond:dealt_damage_by_source")


_register()
