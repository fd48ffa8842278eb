"""What a permanent remembers about the damage it dealt (CR 120, 702.26d).

"Target opponent previously dealt damage by it" (Diseased Vermin) asks which
players an object has dealt damage to since it became that object (CR 400.7:
a new object has no history). The players are kept on the object
(``chosen["damaged_players"]``), so they survive phasing (702.26d: phasing
isn't a zone change), cloning and JSON; a new tuple is stored each time (the
``chosen`` dict is shared shallowly by clones).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.actions import ref_player
from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.objects import GameObject
    from ..game.state import Game

DAMAGED_PLAYERS: Final = "damaged_players"


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


def _on_damage_to_object(game: Game, ev: Any, subject: GameObject | None) -> None:
    target = ev.data.get("target")
    if not isinstance(target, int) or int(ev.data.get("amount") or 0) <= 0:
        return
    if target < 0:
        # a player (a negative reference): "target player dealt damage by this
        # creature this turn" (Wicked Akuba), "any target that was dealt damage this
        # turn" (Needle Drop)
        game.turn_flags.damaged_objects.add(target)
        if subject is not None:
            game.turn_flags.damaged_by.add((subject.id, target))
        return
    # the turn's record (TurnFlags.damaged_objects); ids follow CR 400.7, so a
    # permanent that changed zones is a new object that wasn't dealt damage
    game.turn_flags.damaged_objects.add(target)
    if subject is not None:
        game.turn_flags.damaged_by.add((subject.id, target))


def dealt_damage_by_this_turn(game: Game, source: GameObject | None, oid: int) -> bool:
    """Whether the object was dealt damage this turn by ``source`` as the object it
    is now (CR 120.3, 400.7: a source that changed zones is a new object)."""
    return source is not None and (source.id, oid) in game.turn_flags.damaged_by


def player_dealt_damage_by_this_turn(game: Game, source: GameObject | None, player: int) -> bool:
    """Whether ``player`` was dealt damage this turn by ``source`` as the object it
    is now (CR 120.3, 400.7)."""
    return source is not None and (source.id, -player - 1) in game.turn_flags.damaged_by


def dealt_damage_as_source(game: Game, oid: int, player: int | None = None) -> bool:
    """Whether the object dealt damage this turn as the object it is now (to
    ``player``, when given): "target creature that dealt damage to you this turn"
    (CR 120.3, 400.7)."""
    if player is not None:
        return (oid, -player - 1) in game.turn_flags.damaged_by
    return any(src == oid for src, _ in game.turn_flags.damaged_by)


def dealt_damage_this_turn(game: Game, oid: int) -> bool:
    """Whether the object (or the player, by its negative reference) was dealt
    damage this turn (CR 120.3)."""
    return oid in game.turn_flags.damaged_objects


def self_dealt_damage_to_opponent(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if this creature dealt damage to an opponent this turn" (Whirling Dervish;
    CR 120.3): the source, as the object it is now (400.7), dealt damage to one of
    its controller's opponents."""
    return source is not None and any(
        dealt_damage_as_source(game, source.id, p) for p in game.opponents(controller)
    )


def _register() -> None:
    on_event(EventKind.DAMAGE, rules=True)(_on_damage)
    on_event(EventKind.DAMAGE, rules=True)(_on_damage_to_object)
    condition("self_dealt_damage_to_opponent")(self_dealt_damage_to_opponent)
    register(
        "condition:self_dealt_damage_to_opponent",
        "cond:dealt_damage_by_source",
        "cond:dealt_damage_this_turn",
        "cond:dealt_damage_as_source_this_turn",
        "cond:dealt_damage_by_self_this_turn",
    )


_register()
