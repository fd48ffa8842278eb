""" "Forage" as an instruction (CR 701.61a): 'To forage means "Exile three cards from
your graveyard or sacrifice a Food."'

The player chooses one of the two that they can do (an instruction that can't be
followed is ignored, CR 101.3; with neither, nothing happens and "if you do" is
false, CR 608.2c), then the cards or the Food to use (CR 608.2d).
"""

from __future__ import annotations

from typing import Final

from ..cards.abilities import Effect
from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.effects_runner import Ctx
from ..rules.permanents import sacrifice
from ..rules.simultaneous import simultaneous
from ..rules.zones import move
from . import effect

#: the two ways to forage (CR 701.61a), as the options offered
FORAGE_EXILE: Final = "exile three cards from your graveyard"
FORAGE_FOOD: Final = "sacrifice a Food"


@effect("forage")
def forage(ctx: Ctx, e: Effect) -> bool:
    """CR 701.61a: exile three cards from your graveyard or sacrifice a Food."""
    g = ctx.game
    s = ctx.scratch
    players = ctx.players(e.args["player"]) if e.args.get("player") is not None else []
    p = players[0] if players else ctx.controller
    name = g.players[p].name
    graveyard = list(g.players[p].graveyard)
    foods = [
        oid
        for oid in g.battlefield
        if g.objects[oid].controller == p
        and not g.objects[oid].phased_out
        and "Food" in chars(g, g.objects[oid]).subtypes
    ]
    options = ([FORAGE_EXILE] if len(graveyard) >= 3 else []) + ([FORAGE_FOOD] if foods else [])
    if not options:
        if ctx.task is not None:
            ctx.task.data["short"] = True  # couldn't forage: "if you do" is false
        g.emit(EventKind.NO_CHOICE, ("701.61a", "101.3"), f"{name} can't forage")
        return True
    if "how" not in s:
        how = ctx.choose_option(
            p, options, "701.61a", f"{name}: how do you forage?", DecisionPurpose.CHOOSE
        )
        if how is None:
            return False
        s["how"] = str(how)
    if s["how"] == FORAGE_EXILE:
        chosen = ctx.choose_exactly(
            p,
            graveyard,
            3,
            "701.61a",
            "Forage: choose three cards in your graveyard to exile",
            DecisionPurpose.EXILE,
        )
        if chosen is None:
            return False
        ids = [oid for oid in chosen if oid in g.players[p].graveyard]
        g.emit(EventKind.KEYWORD_PAID, ("701.61a",), f"{name} forages, exiling three cards")
        with simultaneous(g, ids):  # one event (CR 603.10a)
            for oid in ids:
                move(g, oid, Zone.EXILE, ("701.61a",), reason="is exiled (forage)")
        return True
    picked = ctx.choose_exactly(
        p, foods, 1, "701.61a", "Forage: choose a Food to sacrifice", DecisionPurpose.SACRIFICE
    )
    if picked is None:
        return False
    g.emit(EventKind.KEYWORD_PAID, ("701.61a",), f"{name} forages, sacrificing a Food")
    for oid in picked:
        if oid in g.objects and g.objects[oid].zone == Zone.BATTLEFIELD:
            sacrifice(g, oid, ("701.61a", "701.21a"))
    return True
