"""Committing a crime (CR 700.13).

700.13: "A player commits a crime as that player casts a spell, activates an
ability, or puts a triggered ability on the stack and that spell or ability
targets at least one opponent; at least one permanent, spell, or ability an
opponent controls; and/or at least one card in an opponent's graveyard."

The events that end the choice of targets (``cast``, 601.2c/601.2i;
``activate``, 602.2b; ``trigger_targets``, 603.3d) are looked at here; when the
spell's or ability's targets include one of those, the event "[player] commits a
crime" (``commit_crime``) is recorded, and "whenever you commit a crime"
abilities trigger on it (rules/triggers.py). One spell or ability is one crime,
however many of its targets are an opponent's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from .support import register
from .targeted import TARGETS_CHOSEN, targeting_object

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("trigger:commit_crime")


def _victim(game: Game, t: int, opponents: list[int]) -> bool:
    """Whether the target ``t`` is an opponent, something an opponent controls on
    the battlefield or the stack, or a card in an opponent's graveyard (700.13)."""
    if t < 0:
        return -t - 1 in opponents
    o = game.objects.get(t)
    if o is None:
        return False
    if o.zone in (Zone.BATTLEFIELD, Zone.STACK):
        return o.controller in opponents
    return o.zone == Zone.GRAVEYARD and o.owner in opponents


@on_event(*TARGETS_CHOSEN, rules=True)
def commits_crime(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 700.13: the spell or ability just cast, activated or put on the stack."""
    obj = targeting_object(game, ev)
    if obj is None:
        return
    player = obj.controller
    opponents = game.opponents(player)
    if not any(_victim(game, t, opponents) for spec in obj.targets for t in spec):
        return
    game.emit(
        EventKind.COMMIT_CRIME,
        ("700.13",),
        f"{game.players[player].name} commits a crime ({obj.name} targets what an opponent has)",
        player=player,
        obj=obj.id,
    )
