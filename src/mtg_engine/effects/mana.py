"""Adding mana (CR 106.3)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..rules.effects_runner import Ctx
from ..rules.mana import POOL_INDEX, pool_text, productions_of
from . import effect


@effect("add_mana")
def add_mana(ctx: Ctx, e: Effect) -> bool:
    """CR 106.3: mana is added to the controller's pool."""
    prods = productions_of(e.args, ctx.game, ctx.source)
    if not prods:
        return True
    p = ctx.game.players[ctx.controller]
    for m in prods[0]:
        p.mana_pool[POOL_INDEX[m]] += 1
    ctx.game.emit(
        "add_mana",
        ("106.3", "605.3a"),
        f"{ctx.source.name} adds mana; {p.name}'s pool: {pool_text(p.mana_pool)}",
    )
    return True
