"""Escalate (CR 702.120).

702.120a: escalate is a static ability of modal spells (CR 700.2) that functions
while the spell is on the stack. "Escalate [cost]" means "For each mode you choose
beyond the first as you cast this spell, you pay an additional [cost]." The modes
are chosen first (601.2b); the total cost then includes the escalate cost that many
times (601.2f), a mana cost or another cost ("Escalate—Discard a card").
Before the spell is proposed (asking whether it can be cast at all), one mode costs
nothing more. A copy pays no costs (707.10).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..game.hooks import CostPart, additional_cost
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

ESCALATE = "Escalate"
register_keywords(ESCALATE)


@additional_cost(ESCALATE)
def escalate_costs(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.120a: the escalate cost once for each mode chosen beyond the first
    (each escalate ability of the spell, 702.120b)."""
    if not abilities or obj.zone != Zone.STACK:
        return [], None
    beyond = len(set(obj.modes)) - 1
    if beyond <= 0:
        return [], None
    parts = []
    for a in abilities:
        cost = a.keyword_args.get("cost")
        if cost is None:
            continue
        parts.append(CostPart(cast("Cost", as_cost(cost)), beyond, "702.120a", f"escalate {cost}"))
    return parts, None
