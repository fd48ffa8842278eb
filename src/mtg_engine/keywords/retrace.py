"""Retrace (CR 702.81).

702.81a: "Retrace" means "You may cast this card from your graveyard by
discarding a land card as an additional cost to cast it." It isn't an
alternative cost: the mana cost is still paid, and paying it follows the rules
for additional costs (601.2b, 601.2f-h). Timing rules still apply.

Cast with ``CastSpell(card_in_graveyard, alt="retrace")``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost, Filter
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability

register_keywords("Retrace")

#: the additional cost: discard a land card (CR 702.81a)
DISCARD_A_LAND = Cost(discard=Filter(("Land",), "hand", ()), discard_count=1)


def _cost(a: Ability | None) -> Cost:
    return DISCARD_A_LAND


alt_cost(AltCost("retrace", "Retrace", "702.81a", (Zone.GRAVEYARD,), _cost, keeps_mana_cost=True))
