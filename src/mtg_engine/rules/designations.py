"""What the player designations with inherent triggered abilities share: the
monarch (CR 724) and the initiative (CR 725).

* Their inherent triggered abilities have no source and are controlled by the
  player with the designation (724.2, 725.2: an exception to 113.8):
  :func:`sourceless_trigger`.
* A creature dealing combat damage to the player with the designation takes it
  (724.2, 725.2): :func:`combat_damage_to_player`.
* When the player with the designation leaves the game, the active player gets it,
  or, if the active player is the one leaving, the next player in turn order
  (724.4, 725.4): :func:`heir`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.events import EventKind
from ..game.objects import Zone
from .characteristics import chars

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game


def sourceless_trigger(
    game: Game,
    name: str,
    ability: Ability,
    controller: int,
    event: dict[str, Any],
    rules: tuple[str, ...],
    text: str,
) -> None:
    """The inherent ``ability`` of the designation ``name`` triggers, controlled by
    ``controller``; logged as ``text`` citing ``rules``."""
    game.emit(EventKind.KEYWORD_TRIGGER, ("603.2", *rules), text, player=controller)
    game.pending_triggers.append(
        {
            "source": None,
            "source_name": name,
            "source_token": {"emblem": True, "name": name},
            "controller": controller,
            "ability": ability,
            "event": event,
        }
    )


def heir(game: Game, player: int) -> int | None:
    """The player who gets the designation as ``player`` leaves the game: the active
    player, or the next player in turn order still in the game if the active player
    is the one leaving; None when no other player is left (CR 724.4, 725.4)."""
    n = len(game.players)
    start = game.active if game.active != player else (player + 1) % n
    return next(
        (
            (start + i) % n
            for i in range(n)
            if (start + i) % n != player and not game.players[(start + i) % n].has_lost
        ),
        None,
    )


def combat_damage_to_player(game: Game, ev: Event) -> tuple[int, GameObject] | None:
    """The player a damage event dealt combat damage to and the creature on the
    battlefield that dealt it, or None for any other damage (CR 510.2; infect's damage
    to a player is damage too, 120.3b; damage to a permanent a player controls isn't
    damage to that player)."""
    d = ev.data
    target = d.get("target")
    if not d.get("combat") or not isinstance(target, int) or target >= 0:
        return None
    src = game.objects.get(d.get("source", 0))
    if src is None or src.zone != Zone.BATTLEFIELD or "Creature" not in chars(game, src).types:
        return None
    return -target - 1, src


def holder(game: Game, designation: str) -> int | None:
    """The player with the designation (the :class:`Player` flag ``designation``:
    ``"monarch"``, ``"initiative"``), None when no one has it (724.3, 725.3: one
    player at most)."""
    for p in game.players:
        if getattr(p, designation):
            return p.index
    return None
