"""Forecast (CR 702.57).

702.57a: a forecast ability is an activated ability that can be activated only
from a player's hand, written "Forecast — [Activated ability]".
702.57b: it may be activated only during the upkeep step of the card's owner
and only once each turn; the card is revealed as the ability is activated.

"Once each turn" counts per object: a card that leaves the hand and comes
back is a new object whose forecast ability may be activated again (ruling
502.53.2, CR 400.7). The compiler gives the whole activated ability with the
keyword "Forecast"; :func:`forecast` adds the forecast restrictions.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards.abilities import Ability
from ..game.hooks import activated_keyword
from ..rules.support import register, register_keywords

register_keywords("Forecast")
register("cost:reveal_self", "restriction:only_during")


@activated_keyword("Forecast")
def forecast(a: Ability) -> Ability:
    """702.57a-b: activate only from your hand, during your upkeep, once each turn."""
    restrictions = tuple(a.restrictions)
    if ("only_during", "your_upkeep") not in restrictions:
        restrictions = (*restrictions, ("only_during", "your_upkeep"))
    return replace(
        a,
        restrictions=restrictions,
        limit_per_turn=1,
        keyword_args={**a.keyword_args, "from_zone": "hand", "rule": "702.57b"},
    )
