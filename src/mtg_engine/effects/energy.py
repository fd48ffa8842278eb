"""Energy counters (CR 107.14, 122.1): "you get {E}{E}" and "you may pay {E}{E}".

Energy counters are counters on a player (``Player.energy``, kept by
rules/counters.py). Paying {E} removes one of them (CR 107.14); a player with
too few can't pay (CR 118.3), and "if you do" is then false (CR 608.2c). The
activation cost "Pay {E}{E}: ..." is checked and paid with the other costs
(rules/activating.py).
"""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.events import EventKind
from ..rules.counters import pay_energy as pay_energy_counters
from ..rules.counters import put_player_counters
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect

# "Pay {E}{E}: ..." as an activation cost: checked and paid by rules/activating.py
register("cost:energy")


@effect("gain_energy")
def gain_energy(ctx: Ctx, e: Effect) -> bool:
    """CR 107.14, 122.1: each player named gets that many energy counters."""
    n = ctx.count(e.args.get("amount", 1))
    for p in ctx.players(e.args.get("player", ControllerRef())):
        put_player_counters(ctx.game, p, "energy", n, ("107.14", "122.1"))
    return True


@effect("pay_energy")
def pay_energy(ctx: Ctx, e: Effect) -> bool:
    """CR 107.14: the player removes that many energy counters from themselves; one
    who has too few can't pay (CR 118.3), so "if you do" is false (CR 608.2c)."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 1))
    players = ctx.players(e.args.get("player", ControllerRef()))
    payer = players[0] if players else ctx.controller
    if not pay_energy_counters(g, payer, n, ("107.14", "118.3"), f" for {ctx.obj.name}"):
        g.emit(
            EventKind.CANT_PAY,
            ("107.14", "118.3"),
            f"{g.players[payer].name} can't pay {'{E}' * n} ({g.players[payer].energy} energy)",
        )
        if ctx.task is not None:
            ctx.task.data["short"] = True  # "if you do" is false (CR 608.2c)
    return True
