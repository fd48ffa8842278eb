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

from ..game.hooks import CostPart, additional_cost, cast_record, on_event
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from ..rules.zones import move

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
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


@on_event("zone_change")
def buyback_to_hand(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.27a: a bought-back spell goes to its owner's hand as it resolves."""
    d = ev.data
    if d.get("from_zone") != "stack" or d.get("to_zone") != "graveyard":
        return
    if d.get("cause") != "resolved":
        return  # countered (CR 701.6a): not resolving
    old = d.get("old")
    rec = cast_record(game, old) if isinstance(old, int) else None
    if not rec or not rec.get("buyback") or game.turn_flags.get(("fizzled", old)):
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None or new.zone != Zone.GRAVEYARD:
        return

    move(
        game,
        new.id,
        Zone.HAND,
        ("702.27a",),
        reason="goes to its owner's hand instead (buyback)",
    )
