"""Vanishing's second triggered ability (CR 702.63a): "When the last time counter
is removed from this permanent, sacrifice it." (Its upkeep trigger is in
:mod:`.upkeep`, its "enters with" counters in :mod:`.etb_counters`.)"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.hooks import KEYWORD_HOOKS
from .common import add_pending_trigger, keyword_instances, keyword_trigger

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

SACRIFICE = keyword_trigger(
    "Vanishing",
    "When the last time counter is removed from this permanent, sacrifice it.",
    (Effect("sacrifice_source", {"rule": "702.63a"}),),
    rule="702.63a",
)


def last_counter_removed(game: Game, obj: GameObject) -> None:
    """702.63a: one sacrifice trigger per instance of vanishing (702.63c)."""
    for _ in keyword_instances(game, obj, "Vanishing"):
        add_pending_trigger(game, obj, obj.controller, SACRIFICE)


KEYWORD_HOOKS.vanishing_last_counter_removed = last_counter_removed
