"""The Ring tempts you (CR 701.54).

``ring_tempts``: ``player`` (who is tempted: "the Ring tempts you"). The player
gets the emblem The Ring if they have none (701.54c), chooses a creature they
control as their Ring-bearer (701.54a), and the Ring has then tempted them once
more, even if they controlled no creature (701.54d). The designation, the
emblem's abilities and the triggers are rules/ring.py's.
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.actions import DecisionPurpose
from ..rules.characteristics import chars
from ..rules.effects_runner import Ctx
from ..rules.ring import choose_ring_bearer, get_ring, tempted
from ..rules.support import register
from . import effect

register("effect:ring_tempts")


@effect("ring_tempts")
def ring_tempts(ctx: Ctx, e: Effect) -> bool:
    """CR 701.54a, c-d: the emblem first, then the choice of a Ring-bearer, then the
    Ring has tempted the player (one player after another, each in full)."""
    g = ctx.game
    s = ctx.scratch
    players = ctx.players(e.args.get("player", ControllerRef()))
    i = int(s.get("ring_i", 0))
    while i < len(players):
        p = players[i]
        if not s.get("ring_got"):
            get_ring(g, p)
            s["ring_got"] = True
        mine = [
            oid
            for oid in g.battlefield
            if g.objects[oid].controller == p
            and not g.objects[oid].phased_out
            and "Creature" in chars(g, g.objects[oid]).types
        ]
        chosen: int | None = None
        if mine:
            picked = ctx.choose_exactly(
                p,
                mine,
                1,
                "701.54a",
                "The Ring tempts you: choose your Ring-bearer",
                DecisionPurpose.CHOOSE,
            )
            if picked is None:
                return False
            chosen = picked[0]
            choose_ring_bearer(g, p, chosen)
        tempted(g, p, chosen)
        i += 1
        s["ring_i"] = i
        s["ring_got"] = False
    return True
