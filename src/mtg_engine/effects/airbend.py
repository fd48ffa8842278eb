"""Airbend (CR 701.65).

701.65a: to airbend permanents and/or spells, the player exiles them; for each card
exiled this way, for as long as it remains exiled, its owner may cast it by paying
{2} rather than paying its mana cost (an alternative cost, CR 118.9, 601.2b, 601.2f-h).

The card in exile remembers it was airbent (``chosen["airbent"]``); a card that
leaves exile is a new object without it (CR 400.7), so the permission ends with it.
A token exiled this way ceases to exist (CR 111.7). The cast is announced with the
alternative cost ``"airbent"`` (the scenario format's ``alt: airbent``); its timing
is the card's own (CR 601.2a, 307.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost, Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.simultaneous import simultaneous
from ..rules.zones import move
from . import effect

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game

#: the exiled card's record that it was airbent (``GameObject.chosen``)
AIRBENT = "airbent"
#: the alternative cost: {2} rather than the card's mana cost (CR 701.65a)
_COST = Cost(mana="{2}")


@effect("airbend")
def airbend(ctx: Ctx, e: Effect) -> bool:
    """CR 701.65a: exile the objects; each card exiled may be cast by its owner for {2}."""
    g = ctx.game
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone in (Zone.BATTLEFIELD, Zone.STACK)]
    moved: list[int] = []
    with simultaneous(g, [o.id for o in objs]):  # one event (CR 603.2c)
        for o in objs:
            nid = move(g, o.id, Zone.EXILE, ("701.65a",), reason="is exiled (airbend)")
            card = g.objects.get(nid) if nid is not None else None
            if card is not None and card.zone == Zone.EXILE:
                card.chosen = {**(card.chosen or {}), AIRBENT: True}
                moved.append(card.id)
    g.emit(
        EventKind.AIRBEND,
        ("701.65a", "701.65b"),
        f"{g.players[ctx.controller].name} airbends ({len(objs)} object(s))",
        player=ctx.controller,
    )
    ctx.set_parent("it", moved)
    return True


def _airbent_problem(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why ``player`` can't cast ``o`` from exile for {2} (CR 701.65a)."""
    if o.zone != Zone.EXILE or not (o.chosen or {}).get(AIRBENT):
        return f"{o.name} wasn't exiled by airbending (rule 701.65a)"
    if o.owner != player:
        return f"only {o.name}'s owner may cast it for {{2}} (rule 701.65a)"
    return None


alt_cost(AltCost("airbent", None, "701.65a", (Zone.EXILE,), lambda a: _COST, _airbent_problem))
