"""Mayhem (CR 702.187).

702.187a: Mayhem is a static ability that functions while the card with mayhem is
in a player's graveyard. 702.187b: "Mayhem [cost]" means "As long as you discarded
this card this turn, you may cast it from your graveyard by paying [cost] rather
than paying its mana cost." It follows the rules for paying alternative costs
(601.2b, 601.2f-h).

A card put into its owner's graveyard by a discard (701.9a) remembers the turn
(``chosen["discarded_turn"]``) for as long as it is that card in the graveyard
(400.7: a card that left and came back is a new object). Cast with
``CastSpell(card_in_graveyard, alt="mayhem")`` (the scenario format's ``alt:
mayhem``). "Mayhem" without a cost (702.187c: play the card from the graveyard)
isn't implemented: such a card can't use it here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.support import register_keywords
from .common import keyword_cost

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

MAYHEM = "Mayhem"
register_keywords(MAYHEM)

#: where a discarded card keeps the turn it was discarded in
DISCARDED_TURN = "discarded_turn"


@on_event(EventKind.ZONE_CHANGE, watch=[("hand", "graveyard")], keywords=(MAYHEM,))
def discarded(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 701.9a: a card discarded into its owner's graveyard (for 702.187b)."""
    if ev.data.get("cause") != "discard":
        return
    card = game.objects.get(ev.data.get("obj", -1))
    if card is None or card.zone != Zone.GRAVEYARD:
        return
    if any(a.keyword == MAYHEM for a in card.card.compiled[card.face].abilities):
        card.chosen = {**(card.chosen or {}), DISCARDED_TURN: game.turn}


def _check(game: Game, player: int, o: GameObject, a: Ability | None) -> str | None:
    """Why the card can't be cast for its mayhem cost now (CR 702.187b)."""
    if a is None or a.keyword_args.get("cost") is None:
        return f"{o.name}'s mayhem without a cost (rule 702.187c) isn't implemented"
    if o.owner != player:
        return f"{o.name} isn't yours: mayhem casts a card you discarded (rule 702.187b)"
    if (o.chosen or {}).get(DISCARDED_TURN) != game.turn:
        return f"{o.name} wasn't discarded this turn (rule 702.187b)"
    return None


alt_cost(AltCost("mayhem", MAYHEM, "702.187b", (Zone.GRAVEYARD,), keyword_cost, _check))
