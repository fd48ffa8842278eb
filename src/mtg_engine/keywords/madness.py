"""Madness (CR 702.35).

702.35a: "Madness [cost]" means "If a player would discard this card, that
player discards it, but exiles it instead of putting it into their
graveyard" and "When this card is exiled this way, its owner may cast it by
paying [cost] rather than paying its mana cost. If that player doesn't, they
put this card into their graveyard." 702.35b: casting it this way follows the
rules for alternative costs (CR 118.9, 601.2b, 601.2f-h).

The card can be cast for its madness cost only by the triggered ability
(ruling 502.24.2); any discard counts (ruling 502.24.3), including discarding
to hand size (CR 514.1); cost changes apply (ruling 502.24.5).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from ..rules.zones import is_discard, move
from .common import add_pending_trigger, keyword_trigger, printed_instances

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Madness")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


alt_cost(AltCost("madness", "Madness", "702.35b", (), _cost))


@on_event("zone_change")
def madness_discard(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.35a: the discarded card is exiled instead, and the trigger happens."""
    if not is_discard(ev):
        return
    card = game.objects.get(ev.data.get("obj", 0))
    if card is None or card.zone != Zone.GRAVEYARD:
        return
    instances = printed_instances(card, "Madness")
    if not instances:
        return
    new_id = move(
        game, card.id, Zone.EXILE, ("702.35a",), reason="is discarded into exile (madness)"
    )
    if new_id is None:
        return
    exiled = game.objects[new_id]
    cost = instances[0].keyword_args.get("cost")
    ability = keyword_trigger(
        "Madness",
        f"Madness {cost}: its owner may cast it for {cost}, else puts it into their graveyard",
        (
            Effect(
                "cast_card",
                {"alt": "madness", "optional": True, "rule": "702.35a", "otherwise": "graveyard"},
            ),
        ),
        rule="702.35a",
    )
    add_pending_trigger(game, exiled, exiled.owner, ability)
