"""Transfigure (CR 702.71).

702.71a: "Transfigure [cost]" means "[Cost], Sacrifice this permanent: Search
your library for a creature card with the same mana value as this permanent
and put it onto the battlefield. Then shuffle your library. Activate only as a
sorcery." The mana value is the sacrificed permanent's last known one (CR
608.2h).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, Filter
from ..game.hooks import activated_keyword
from ..rules.costs import as_cost
from ..rules.support import register_keywords

register_keywords("Transfigure")

_SELF = Filter(zone="battlefield", conditions=(("self", True),))


@activated_keyword("Transfigure")
def transfigure(a: Ability) -> Ability:
    """702.71a: the activated ability "Transfigure [cost]" stands for."""
    base = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    cost = replace(base if base is not None else Cost(), sacrifice=_SELF, sacrifice_count=1)
    text = a.keyword_args.get("cost")
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Transfigure {text if isinstance(text, str) else ''}".strip(),
        cost=cost,
        effects=(Effect("transfigure_search", {"rule": "702.71a"}),),
        timing="sorcery",
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.71a"},
    )
