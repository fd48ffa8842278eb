"""Alternative costs written out in full (CR 118.9).

"[If <condition>,] you may <cost> rather than pay this spell's mana cost"
(Lashknife, Fireblast, Snuff Out): the card's owner may cast it by paying that
cost instead of its mana cost (118.9, 601.2b), only while the condition holds
(checked as the cost is chosen). The compiler names such an ability
``ALTERNATIVE_COST``; a cast chooses it with ``CastSpell(card, alt="rather")``
(scenario files: ``alt: rather``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import ALTERNATIVE_COST, Condition
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.conditions import evaluate
from ..rules.costs import as_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords(ALTERNATIVE_COST)


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """Why the alternative cost can't be chosen now: its "If ..." doesn't hold."""
    cond = a.keyword_args.get("condition") if a is not None else None
    if isinstance(cond, Condition) and not evaluate(game, cond, player, obj):
        return f"{obj.name}'s alternative cost needs its condition (rule 118.9)"
    return None


alt_cost(AltCost("rather", ALTERNATIVE_COST, "118.9", (Zone.HAND,), _cost, _check))
