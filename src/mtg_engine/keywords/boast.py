"""Boast (CR 702.142).

702.142a: A boast ability is an activated ability with "Activate only if this
creature attacked this turn and only once each turn" (the restriction the keyword
adds to "Boast — [Cost]: [Effect]"). "Attacked this turn" means it was declared
as an attacker this turn (CR 508.1; a creature put onto the battlefield attacking
never attacked, 508.4): ``TurnFlags.attacked``, recorded by rules/combat.py.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, Condition
from ..game.hooks import activated_keyword, condition
from ..rules.support import register, register_keywords

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Boast")
register("condition:self_attacked_this_turn")

_ATTACKED = ("condition", Condition("self_attacked_this_turn"))


@activated_keyword("Boast")
def boast(a: Ability) -> Ability:
    """702.142a: the ability, with "Activate only if this creature attacked this turn
    and only once each turn"."""
    return replace(
        a,
        restrictions=(*a.restrictions, _ATTACKED),
        limit_per_turn=1,
        keyword_args={**a.keyword_args, "rule": "702.142a"},
    )


@condition("self_attacked_this_turn")
def _attacked(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """This creature was declared as an attacker this turn (CR 702.142a, 508.1)."""
    return source is not None and source.id in game.turn_flags.attacked
