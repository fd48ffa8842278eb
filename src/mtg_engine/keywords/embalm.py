"""Embalm (CR 702.128) and eternalize (CR 702.129).

702.128a: "Embalm [cost]" means "[Cost], Exile this card from your graveyard:
Create a token that's a copy of this card, except it's white, it has no mana
cost, and it's a Zombie in addition to its other types. Activate only as a
sorcery."
702.129a: "Eternalize [cost]" means the same, except the token is black and 4/4.

Exiling the card is part of the cost (602.2b); the token copies the card in exile
(its copiable values, 707.2) with those exceptions (707.9b: ``copy_cost_exiled``,
effects/copy.py).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Ability, AbilityKind, Effect
from ..game.hooks import activated_keyword
from ..rules.support import register_keywords
from .common import graveyard_exile_cost

register_keywords("Embalm", "Eternalize")

#: keyword -> (rule, the token's exceptions, the rule's words)
_KINDS: dict[str, tuple[str, dict[str, Any], str]] = {
    "Embalm": (
        "702.128a",
        {"colors": ("white",), "no_mana_cost": True, "add_subtypes": ("Zombie",)},
        "except it's white, it has no mana cost, and it's a Zombie in addition to its other types",
    ),
    "Eternalize": (
        "702.129a",
        {
            "colors": ("black",),
            "power": 4,
            "toughness": 4,
            "no_mana_cost": True,
            "add_subtypes": ("Zombie",),
        },
        "except it's black, it's 4/4, it has no mana cost, and it's a Zombie in addition "
        "to its other types",
    ),
}


def _ability(a: Ability) -> Ability:
    keyword = str(a.keyword)
    rule, exceptions, words = _KINDS[keyword]
    cost = graveyard_exile_cost(a)
    mana = cost.mana or ""
    text = (
        f"{keyword} {mana} ({mana}, Exile this card from your graveyard: Create a token "
        f"that's a copy of this card, {words}. Activate only as a sorcery.)"
    )
    return Ability(
        AbilityKind.ACTIVATED,
        text=text,
        cost=cost,
        effects=(Effect("copy_cost_exiled", {"except": exceptions}),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "graveyard", "rule": rule},
        timing="sorcery",
    )


activated_keyword("Embalm")(_ability)
activated_keyword("Eternalize")(_ability)
