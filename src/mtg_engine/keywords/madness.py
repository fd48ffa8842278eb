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

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.pipeline import Replacement, replacement_finder, then_hook
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger, printed_instances

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.state import Game

register_keywords("Madness")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


alt_cost(AltCost("madness", "Madness", "702.35b", (), _cost))


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(Zone.HAND, Zone.GRAVEYARD)])
def madness_exile(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """702.35a: a card with madness that would be discarded is exiled instead of
    being put into the graveyard; then its madness trigger happens."""
    if ev["cause"] != "discard" or ev["to"] != Zone.GRAVEYARD or ev["from"] != Zone.HAND:
        return []
    if not printed_instances(game.objects[ev["obj"]], "Madness"):
        return []
    return [Replacement("madness", "madness", ("702.35a", "614.1a"), _exile_instead)]


def _exile_instead(game: Game, ev: dict[str, Any]) -> str:
    ev["to"] = Zone.EXILE
    ev.setdefault("then", []).append("madness")
    return "it's discarded into exile instead (madness)"


@then_hook("madness")
def madness_trigger(game: Game, ev: dict[str, Any], new_id: int | None) -> None:
    """702.35a: "When this card is exiled this way, its owner may cast it ..."."""
    if new_id is None:
        return
    exiled = game.objects[new_id]
    instances = printed_instances(exiled, "Madness")
    if not instances:
        return
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
