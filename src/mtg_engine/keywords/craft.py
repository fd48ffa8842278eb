"""Craft (CR 702.167).

702.167a: "Craft with [materials] [cost]" means "[Cost], Exile this permanent,
Exile [materials] from among permanents you control and/or cards in your
graveyard: Return this card to the battlefield transformed under its owner's
control. Activate only as a sorcery."
702.167b: materials named by a card type or subtype with no "card" ("artifact",
"Island", "two creatures") are permanents of that type you control or cards of that
type in your graveyard.

Exiling the permanent and the materials is part of the cost (602.2b): the permanent
is ``Cost.exile`` (itself), the materials ``Cost.other`` ``("craft_materials",
(filter, n))`` (rules/activating.py), all exiled at once. The card the permanent
became in exile (CR 400.7) is ``paid["exiled"]``; the instruction returns it with
its back face up (``craft_return``, effects/zones.py; CR 712.14a).
"""

from __future__ import annotations

from typing import Final

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, Filter
from ..game.hooks import activated_keyword
from ..rules.costs import as_cost
from ..rules.support import register_keywords

register_keywords("Craft")

#: "Exile this permanent" (CR 702.167a), a cost
_EXILE_THIS: Final = Filter(zone="battlefield", conditions=(("self", True),))


def _materials_text(flt: Filter, n: int) -> str:
    kinds = list(flt.kinds) + [str(v) for k, v in flt.conditions if k == "subtype"]
    word = " or ".join(k.lower() if k in flt.kinds else k for k in kinds) or "permanent"
    if n == 1:
        return f"another {word} you control or {'an' if word[0] in 'aeiou' else 'a'} {word} card"
    return f"{n} other {word}s you control and/or {word} cards"


@activated_keyword("Craft")
def craft(a: Ability) -> Ability:
    """702.167a: the activated ability "Craft with [materials] [cost]" stands for."""
    base = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    materials = a.keyword_args.get("materials")
    n = int(a.keyword_args.get("materials_count") or 1)
    flt = materials if isinstance(materials, Filter) else Filter(kinds=("permanent",))
    cost = Cost(
        mana=base.mana if base is not None else None,
        exile=_EXILE_THIS,
        exile_count=1,
        other=(*(base.other if base is not None else ()), ("craft_materials", (flt, n))),
    )
    mana = cost.mana or ""
    return Ability(
        AbilityKind.ACTIVATED,
        text=(
            f"Craft {mana} ({mana}, Exile this permanent, Exile {_materials_text(flt, n)} "
            "from your graveyard: Return this card transformed under its owner's control. "
            "Craft only as a sorcery.)"
        ),
        cost=cost,
        effects=(Effect("craft_return", {}),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "rule": "702.167a"},
        timing="sorcery",
    )
