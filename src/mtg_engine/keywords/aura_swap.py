"""Aura swap (CR 702.65).

702.65a: "Aura swap [cost]" means "[Cost]: You may exchange this permanent
with an Aura card in your hand." 702.65b: if either half of the exchange
can't be completed, the ability has no effect: the Aura card in hand can't
legally enchant the permanent this Aura enchants, or you don't own this Aura
(you can't put it into your hand, CR 701.12a-b).

Choosing no Aura card is allowed (ruling 502.62.1); the exchange is
simultaneous (ruling 502.62.2); a non-Aura with aura swap does nothing
(ruling 502.62.3).
"""

from __future__ import annotations

from ..cards.abilities import Ability, AbilityKind, Cost, Effect
from ..game.hooks import activated_keyword
from ..rules.costs import as_cost
from ..rules.support import register_keywords

register_keywords("Aura swap")


@activated_keyword("Aura swap")
def aura_swap(a: Ability) -> Ability:
    """702.65a: the activated ability "Aura swap [cost]" stands for."""
    cost = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    text = a.keyword_args.get("cost")
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Aura swap {text if isinstance(text, str) else ''}".strip(),
        cost=cost if cost is not None else Cost(),
        effects=(Effect("aura_swap", {"rule": "702.65a"}),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.65a"},
    )
