"""Extra turns (CR 500.7): "Take an extra turn after this one."

The turn is added directly after the current one; when several are created, the most
recently created is taken first (``Game.extra_turns``, read by ``rules/turn.py`` as
each turn begins). For several players at once they are added in APNAP order
(CR 500.7, 101.4).
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.events import EventKind
from ..rules.effects_runner import Ctx
from . import effect


@effect("extra_turn")
def extra_turn(ctx: Ctx, e: Effect) -> bool:
    """CR 500.7: each player the effect names takes an extra turn after this one."""
    g = ctx.game
    players = ctx.players(e.args.get("player", ControllerRef()))
    n = len(g.players)
    for p in sorted(players, key=lambda q: (q - g.active) % n):  # APNAP (CR 101.4)
        if g.players[p].has_lost:
            continue
        g.extra_turns.append(p)
        g.emit(
            EventKind.EXTRA_TURN,
            ("500.7",),
            f"{g.players[p].name} will take an extra turn after this one ({ctx.obj.name})",
            player=p,
        )
    return True
