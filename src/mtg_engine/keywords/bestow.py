"""Bestow (CR 702.103).

702.103a: "Bestow [cost]" means "As you cast this spell, you may choose to cast
it bestowed. If you do, you pay [cost] rather than its mana cost" (the
alternative-cost rules, 601.2b, 601.2f-h). Cast with
``CastSpell(card, alt="bestow")`` (the scenario format's ``alt: bestow``).

The bestowed spell and permanent (an Aura with enchant creature, 702.103b; a
target that's illegal as it resolves, 702.103e; unattached, 702.103f) are
:mod:`mtg_engine.rules.bestowed`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Bestow")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """Why ``obj`` can't be cast bestowed (CR 702.103a)."""
    if _cost(a) is None:
        return f"{obj.name}'s bestow cost isn't known (rule 702.103a)"
    return None


#: casting the card bestowed from the hand, for its bestow cost (an alternative cost)
alt_cost(AltCost("bestow", "Bestow", "702.103a", (Zone.HAND,), _cost, _check, bestowed=True))
