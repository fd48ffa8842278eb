"""Scavenge (CR 702.97).

702.97a: Scavenge is an activated ability that functions only while the card with
scavenge is in a graveyard. "Scavenge [cost]" means "[Cost], Exile this card from
your graveyard: Put a number of +1/+1 counters equal to the power of the card you
exiled on target creature. Activate only as a sorcery."

The card exiled to pay the cost is recorded as the ability is activated
(``paid["exiled"]``, rules/activating.py); the amount is that card's power in
exile (its printed power, with any characteristic-defining ability, CR 604.3).
"""

from __future__ import annotations

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    Effect,
    Filter,
    ParentRef,
    TargetRef,
    TargetSpec,
)
from ..game.hooks import activated_keyword
from ..rules.support import register_keywords
from .common import graveyard_exile_cost

register_keywords("Scavenge")


@activated_keyword("Scavenge")
def scavenge(a: Ability) -> Ability:
    """702.97a: the activated ability "Scavenge [cost]" stands for."""
    cost = graveyard_exile_cost(a)
    mana = cost.mana or ""
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Scavenge {mana} ({mana}, Exile this card from your graveyard: Put a number of "
        "+1/+1 counters equal to this card's power on target creature. Scavenge only as a "
        "sorcery.)",
        cost=cost,
        effects=(
            Effect(
                "put_counters",
                {
                    "what": TargetRef(0),
                    "counter": "+1/+1",
                    "amount": Amount("power", ref=ParentRef("exiled")),
                    "rule": "702.97a",
                },
            ),
        ),
        targets=(TargetSpec(Filter(kinds=("Creature",))),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "graveyard", "rule": "702.97a"},
        timing="sorcery",
    )
