"""Paying during resolution: "... unless [a player] pays {X}" (CR 118.12)."""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..game.actions import DecisionKind
from ..rules import mana as mana_rules
from ..rules.effects_runner import Ctx
from . import REGISTRY, effect


@effect("unless_pays")
def unless_pays(ctx: Ctx, e: Effect) -> bool:
    """CR 118.12: the player may pay the cost; if they don't, the effects happen.
    A player who can't pay the cost can't choose to pay it (CR 118.3)."""
    g = ctx.game
    s = ctx.scratch
    players = ctx.players(e.args.get("player", ControllerRef()))
    payer = players[0] if players else ctx.controller
    cost = mana_rules.parse_cost(str(e.args.get("cost", ""))).with_x(ctx.obj.x or 0)
    if "paid" not in s:
        plan = mana_rules.plan_payment(g, payer, cost)
        if plan is not None:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "118.12",
                    f"Pay {cost} for {ctx.obj.name}? (if you don't: {', '.join(x.op.replace('_', ' ') for x in e.args.get('effects', ()))})",
                    {"purpose": "unless_pays", "cost": str(cost)},
                    player=payer,
                )
            yes = bool(ctx.take_answer().value)
            if yes:
                mana_rules.execute_plan(g, payer, cost, plan, f'{ctx.obj.name}\'s "unless" cost')
            s["paid"] = yes
        else:
            s["paid"] = False
            g.emit("cant_pay", ("118.3",), f"{g.players[payer].name} can't pay {cost}")
    if s["paid"]:
        return True
    # not paid: the effects happen, one by one (each may ask for a choice)
    inner = tuple(e.args.get("effects", ()))
    i = s.get("inner", 0)
    while i < len(inner):
        handler = REGISTRY.get(inner[i].op)
        if handler is not None and not handler(ctx, inner[i]):
            return False
        i += 1
        s["inner"] = i
    return True
