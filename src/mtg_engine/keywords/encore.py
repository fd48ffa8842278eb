"""Encore (CR 702.141).

702.141a: Encore is an activated ability that functions while the card with
encore is in a graveyard. "Encore [cost]" means "[Cost], Exile this card from
your graveyard: For each opponent, create a token that's a copy of this card
that attacks that opponent this turn if able. The tokens gain haste. Sacrifice
them at the beginning of the next end step. Activate only as a sorcery."

The ability is spelled out once (:func:`encore`): exiling the card is part of the
cost (602.2b); the instruction (``encore`` in effects/copy.py) copies the card in
exile (its copiable values, 707.2), one token for each opponent as it resolves,
each with "attacks that opponent this turn if able" (a requirement, 508.1d),
haste (layer 6), and one delayed triggered ability that sacrifices them (603.7a).
"""

from __future__ import annotations

from ..cards.abilities import Ability, AbilityKind, Effect
from ..game.hooks import activated_keyword
from ..rules.support import register_keywords
from .common import graveyard_exile_cost

ENCORE = "Encore"
register_keywords(ENCORE)

TEXT = (
    "Exile this card from your graveyard: For each opponent, create a token that's a copy "
    "of this card that attacks that opponent this turn if able. The tokens gain haste. "
    "Sacrifice them at the beginning of the next end step. Activate only as a sorcery."
)


@activated_keyword(ENCORE)
def encore(a: Ability) -> Ability:
    """CR 702.141a: the activated ability "Encore [cost]" stands for."""
    cost = graveyard_exile_cost(a)
    mana = cost.mana or ""
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Encore {mana} ({mana}, {TEXT})",
        cost=cost,
        effects=(Effect("encore", {}),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "graveyard", "rule": "702.141a"},
        timing="sorcery",
    )
