"""Conjuring a card (digital-only, Alchemy cards; not in the Comprehensive Rules).

The reminder text of the digital keyword action reads "To conjure a card, create
it in the specified zone": a new card of the name given, owned by the player who
conjures it, made where the instruction says. It is a card, not a token (it isn't
a copy of anything, so CR 111.1 and 704.5e don't apply to it); it stays in the
game like any other card. Onto the battlefield, it enters the way a token is put
there directly (CR 111.1's procedure, through the replacement effects that modify
how permanents enter, 614.1c); it is "it" of the instructions after it (608.2c).
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..cards.definitions import card_def
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.permanents import enter_battlefield
from ..rules.support import register
from . import effect

# the name of the card and the zone it is made in
register("arg:conjure.name", "arg:conjure.zone")

#: the zones a card can be conjured into, by the word the instruction names
_ZONES: dict[str, int] = {
    "hand": Zone.HAND,
    "battlefield": Zone.BATTLEFIELD,
    "graveyard": Zone.GRAVEYARD,
}


@effect("conjure")
def conjure(ctx: Ctx, e: Effect) -> bool:
    """ "Conjure a card named Mox Jet into your hand": each player the instruction
    names makes a new card of that name in the zone named (digital-only)."""
    g = ctx.game
    name = str(e.args["name"])
    zone = _ZONES[str(e.args.get("zone", "hand"))]
    card = card_def(name)
    made: list[int] = []
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        where = {Zone.HAND: "hand", Zone.GRAVEYARD: "graveyard"}.get(zone, "battlefield")
        if zone == Zone.BATTLEFIELD:
            obj = g.create_card(card, p, Zone.EXILE)
        else:
            obj = g.create_card(card, p, zone)
        g.emit(
            EventKind.CONJURE,
            ("608.2c",),
            f"{g.players[p].name} conjures a card named {name} onto the {where}"
            if zone == Zone.BATTLEFIELD
            else f"{g.players[p].name} conjures a card named {name} into their {where}",
            player=p,
            object=obj.id,
            card_uid=obj.card_uid,  # a new card: card conservation counts it from here
        )
        if zone == Zone.BATTLEFIELD:
            new_id = enter_battlefield(g, obj.id, controller=p, rules=("111.1", "614.1c"))
            if new_id is not None:
                made.append(new_id)
        else:
            made.append(obj.id)
    ctx.set_parent("it", made)
    return True
