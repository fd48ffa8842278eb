"""Buyback (CR 702.27).

702.27a: "Buyback [cost]" means "You may pay an additional [cost] as you cast
this spell" and "If the buyback cost was paid, put this spell into its
owner's hand instead of into that player's graveyard as it resolves." A
countered spell, or one whose targets are all illegal (CR 608.2b), doesn't
resolve and goes to the graveyard (ruling 502.16.1). Cost reductions apply to
the total cost including buyback (ruling 502.16.2, CR 601.2f); buyback isn't
part of the mana cost or mana value (ruling 502.16.4, CR 202.3).

Cast with ``CastSpell(buyback=True)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..game.events import EventKind
from ..game.hooks import CostPart, additional_cost, cast_record
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.pipeline import Replacement, replacement_finder
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Buyback")


@additional_cost("Buyback")
def buyback_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    if not opts.get("buyback"):
        return [], None
    if not abilities:
        return [], f"{obj.name} has no buyback cost (rule 702.27a)"
    cost = abilities[0].keyword_args.get("cost")
    return [CostPart(cast("Cost", as_cost(cost)), 1, "702.27a", f"buyback {cost}")], None


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.GRAVEYARD)])
def buyback_to_hand(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """702.27a: a bought-back spell goes to its owner's hand instead of into the
    graveyard as it resolves (not when countered or when it doesn't resolve,
    ruling 502.16.1)."""
    if ev["cause"] != "resolved" or ev["to"] != Zone.GRAVEYARD:
        return []
    oid = ev["obj"]
    rec = cast_record(game, oid)
    if not rec or not rec.get("buyback") or oid in game.turn_flags.fizzled:
        return []
    return [Replacement("buyback", "buyback", ("702.27a", "614.1a"), _to_hand)]


def _to_hand(game: Game, ev: dict[str, Any]) -> str:
    ev["to"] = Zone.HAND
    return "it goes to its owner's hand instead (buyback)"
