"""Creating emblems (CR 114): "[Player] gets an emblem with [ability]"."""

from __future__ import annotations

from ..cards.abilities import ControllerRef, Effect
from ..cards.definitions import emblem_def
from ..rules.effects_runner import Ctx
from ..rules.emblems import give_emblem
from ..rules.support import register
from . import effect

register("arg:create_emblem.abilities")


@effect("create_emblem")
def create_emblem(ctx: Ctx, e: Effect) -> bool:
    """CR 114.2: the player puts an emblem with the abilities into the command zone;
    it's owned and controlled by that player. CR 114.3: no types, cost or color."""
    g = ctx.game
    abilities = tuple(e.args.get("abilities") or ())
    name = f"{ctx.source.name} emblem"
    card = emblem_def({"emblem": True, "name": name, "abilities": abilities})
    text = "; ".join(a.text for a in abilities if a.text) or "its abilities"
    for p in ctx.players(e.args.get("player", ControllerRef())):
        give_emblem(g, p, card, ("114.2",), f"{g.players[p].name} gets an emblem ({name}): {text}")
    return True
