"""Scavenge (CR 702.97).

702.97a: Scavenge is an activated ability that functions only while the card with
scavenge is in a graveyard. "Scavenge [cost]" means "[Cost], Exile this card from
your graveyard: Put a number of +1/+1 counters equal to the power of the card you
exiled on target creature. Activate only as a sorcery."

The power is the exiled card's, as it was in the graveyard (the ability's source
as it last existed, CR 113.7a, 608.2h): its printed power, whatever it became in
exile.
"""

from __future__ import annotations

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    Cost,
    Effect,
    Filter,
    ParentRef,
    TargetRef,
    TargetSpec,
)
from ..game.hooks import activated_keyword
from ..rules.costs import as_cost
from ..rules.support import register_keywords

register_keywords("Scavenge")

#: "Exile this card from your graveyard" (CR 702.97a)
_EXILE_SELF = Filter(zone="graveyard", conditions=(("self", True),))

TEXT = (
    "Exile this card from your graveyard: Put a number of +1/+1 counters equal to the power "
    "of the card you exiled on target creature. Activate only as a sorcery."
)


@activated_keyword("Scavenge")
def scavenge(a: Ability) -> Ability:
    """702.97a: the activated ability "Scavenge [cost]" stands for."""
    cost = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    mana = getattr(cost, "mana", None) or ""
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Scavenge {mana} ({mana}, {TEXT})",
        cost=Cost(mana=mana or None, exile=_EXILE_SELF),
        effects=(
            Effect(
                "put_counters",
                {
                    "what": TargetRef(0),
                    "counter": "+1/+1",
                    "amount": Amount("power", ref=ParentRef("cost_exiled")),
                },
            ),
        ),
        targets=(TargetSpec(Filter(kinds=("Creature",))),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "graveyard", "rule": "702.97a"},
        timing="sorcery",
    )
