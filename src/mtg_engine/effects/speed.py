"""Increasing a player's speed (CR 702.179c-d).

``increase_speed``: ``player`` (whose speed), ``amount``. Done by the inherent
triggered ability of speed (rules/speed.py, 702.179d); from no speed the speed
becomes that value (702.179c).
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..rules.effects_runner import Ctx
from ..rules.speed import increase_speed
from ..rules.support import register
from . import effect

register("effect:increase_speed", "condition:speed_below")


@effect("increase_speed")
def increase_speed_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 702.179c-d: each named player's speed increases by the amount."""
    for p in ctx.players(e.args.get("player", ControllerRef())):
        increase_speed(ctx.game, p, ctx.amount(e.args.get("amount", 1)), ("702.179d",))
    return True
