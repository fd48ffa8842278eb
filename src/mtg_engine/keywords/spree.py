"""Spree (CR 702.172).

702.172a: spree is a static ability found on some modal spells (CR 700.2) that
applies while the spell is on the stack: "Choose one or more modes. As an
additional cost to cast this spell, pay the costs associated with those modes."
702.172b: the plus signs before the modes are a reminder, with no rules meaning.

The compiler reads each "+ [cost] — [instructions]" line as a mode of the spell
ability carrying its cost (``Mode.cost``), the spell choosing one to all of them
(CR 601.2b, 700.2). As the total cost is determined (601.2f), the costs of the
modes chosen are added to it; a spell whose total cost can't be paid is an
illegal cast and is reversed (601.2e, 732.1); a spell none of whose modes can be
paid for isn't offered. A copy of the spell pays no costs
(707.10), so its modes stay as chosen with nothing added.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import AbilityKind
from ..game.hooks import CostPart, additional_cost
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.mana_costs import parse_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

SPREE = "Spree"
register_keywords(SPREE)


@additional_cost(SPREE)
def spree_mode_costs(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.172a: the costs associated with the chosen modes, added to the total
    cost in the order the modes are printed. Before the spell is proposed (asking
    whether it can be cast at all, no mode chosen yet) at least one mode will be:
    the cheapest mode's cost is the least that is added."""
    if not abilities:
        return [], None
    if obj.zone == Zone.STACK:
        spell = obj.ability
        if spell is None or not obj.modes:
            return [], None
        costs = [spell.modes[i].cost for i in sorted(set(obj.modes)) if i < len(spell.modes)]
    else:
        spell = next((a for a in chars(game, obj).abilities if a.kind is AbilityKind.SPELL), None)
        priced = [m.cost for m in spell.modes if m.cost is not None] if spell else []
        costs = [min(priced, key=lambda c: parse_cost(c).mana_value)] if priced else []
    return [
        CostPart(cast("Cost", as_cost(c)), 1, "702.172a", f"spree {c}")
        for c in costs
        if c is not None
    ], None
