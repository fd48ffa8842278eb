"""Creating tokens (CR 111, 701.7)."""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..rules.effects_runner import Ctx
from ..rules.permanents import enter_battlefield
from . import effect


@effect("create_token")
def create_token(ctx: Ctx, e: Effect) -> bool:
    """CR 111.1 / 701.7a: create token(s) with the given characteristics."""
    from ..cards.definitions import token_def
    from ..game.objects import Zone

    g = ctx.game
    spec = dict(e.args.get("token") or {})
    n = ctx.amount(e.args.get("amount", 1))
    card = token_def(spec)
    created: list[int] = []
    for p in ctx.players(e.args.get("controller", ControllerRef())):
        for _ in range(n):
            obj = g.create_card(card, p, Zone.EXILE)
            obj.is_token = True
            # a token is created directly on the battlefield (CR 111.1)
            new_id = enter_battlefield(
                g, obj.id, controller=p, rules=("111.1",), tapped=bool(e.args.get("tapped"))
            )
            if new_id is not None:
                created.append(new_id)
    ctx.set_parent("it", created)  # "create a token, then attach ... to it"
    return True
