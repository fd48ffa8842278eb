"""Becoming the monarch (CR 724).

``become_monarch``: ``player`` (who becomes the monarch: "you become the
monarch", and the inherent ability "its controller becomes the monarch", 724.2).
The designation and its inherent triggered abilities are rules/monarch.py's.
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..rules.effects_runner import Ctx
from ..rules.monarch import become_monarch
from ..rules.support import register
from . import effect

register("effect:become_monarch")


@effect("become_monarch")
def become_monarch_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 724.1, 724.3: the named player becomes the monarch."""
    for p in ctx.players(e.args.get("player", ControllerRef())):
        become_monarch(ctx.game, p, ("724.1",))
    return True
