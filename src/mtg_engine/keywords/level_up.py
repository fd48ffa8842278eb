"""Level up and the level symbols of leveler cards (CR 702.87, 711).

* 702.87a Level up: "[Cost]: Put a level counter on this permanent. Activate
  only as a sorcery." — the activated ability the keyword stands for.
* 711.2a-b Level symbols: "{LEVEL N1-N2} [Abilities] [P/T]" means "As long as
  this creature has at least N1 level counters on it, but no more than N2
  level counters on it, it has base power and toughness [P/T] and has
  [abilities]" ("N3+": N3 or more). The compiler (``cards/compiler/leveler.py``)
  turns each striation into a static ability whose effects carry the
  ``level_counters`` condition evaluated here; the set P/T applies in layer 7b
  (CR 613.4b), the abilities in layer 6 (613.1f).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, SelfRef
from ..game.hooks import activated_keyword, condition
from ..rules.conditions import evaluate
from ..rules.support import register, register_keywords

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Level up")
register("condition:level_counters", "condition:all_of")

#: the counter that level up puts and level symbols count (CR 702.87a, 711.2)
LEVEL_COUNTER = "level"


@activated_keyword("Level up")
def level_up(a: Ability) -> Ability:
    """CR 702.87a: "[Cost]: Put a level counter on this permanent. Activate only as
    a sorcery." """
    cost = a.cost if a.cost is not None else Cost()
    mana = cost.mana or ""
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Level up {mana}",
        cost=cost,
        effects=(
            Effect(
                "put_counters",
                {"what": SelfRef(), "counter": LEVEL_COUNTER, "amount": 1},
            ),
        ),
        timing="sorcery",
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.87a"},
    )


def level_in_range(n: int, low: int, high: int | None) -> bool:
    """CR 711.2a-b: at least N1 and (for "N1-N2") at most N2 level counters."""
    return n >= low and (high is None or n <= high)


@condition("level_counters")
def _level_counters(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """A level symbol's condition (CR 711.2a-b), on the permanent that has it."""
    if source is None:
        return False
    low = int(cond.args.get("min", 0))
    high = cond.args.get("max")
    return level_in_range(
        source.counters.get(LEVEL_COUNTER, 0), low, int(high) if high is not None else None
    )


@condition("all_of")
def _all_of(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """Every one of several conditions: a conditional static ability inside a level
    striation or class level section holds only while both hold (CR 711.2, 716.2a,
    611.3a)."""
    return all(evaluate(game, c, controller, source) for c in cond.args.get("conds", ()))
