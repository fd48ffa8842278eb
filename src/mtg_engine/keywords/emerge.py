"""Emerge (CR 702.119).

702.119a: "Emerge [cost]" means "You may cast this spell by paying [cost] and
sacrificing a creature rather than paying its mana cost" and "If you chose to pay
this spell's emerge cost, its total cost is reduced by an amount of generic mana
equal to the sacrificed creature's mana value." It follows the rules for paying
alternative costs (601.2b, 601.2f-h). 702.119c: the creature to sacrifice is
chosen as the emerge cost is chosen (601.2b) and sacrificed as the total cost is
paid (601.2h).

Cast with ``CastSpell(card, alt="emerge", sacrifice=(creature,))`` (the scenario
format's ``alt: emerge, sacrifice: [...]``): the creature is announced with the
other choices, as 702.119c says, so the total cost (601.2f) knows its reduction.
The reduction is of generic mana only (it never pays colored mana).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Cost, Filter
from ..game.hooks import AltCost, CostPart, additional_cost, alt_cost
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import keyword_cost

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game

EMERGE: Final = "Emerge"
register_keywords(EMERGE)

#: "sacrificing a creature" (CR 702.119a)
CREATURE: Final = Filter(kinds=("Creature",))

alt_cost(AltCost("emerge", EMERGE, "702.119a", (Zone.HAND,), keyword_cost))


@additional_cost(EMERGE)
def emerge_sacrifice(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.119a, c: the creature sacrificed with the emerge cost, and the total
    cost reduced by its mana value in generic mana."""
    if opts.get("alt") != "emerge" or not abilities:
        return [], None
    chosen = list(opts.get("sacrifice") or ())
    if len(chosen) != 1:
        return [], (
            "emerge sacrifices one creature, chosen as the emerge cost is chosen "
            "(rule 702.119c): name it with the cast"
        )
    target = game.objects.get(chosen[0])
    mv = chars(game, target).mana_value if target is not None else 0
    part = CostPart(
        Cost(sacrifice=CREATURE, sacrifice_count=1),
        1,
        "702.119a",
        "emerge: sacrifice a creature",
        {"reduce_by": f"{{{mv}}}" if mv else ""},
    )
    return [part], None
