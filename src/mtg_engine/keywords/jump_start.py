"""Jump-start (CR 702.133).

702.133a: "Jump-start" means "You may cast this card from your graveyard if the
resulting spell is an instant or sorcery spell by discarding a card as an
additional cost to cast it" and "If this spell was cast using its jump-start
ability, exile this card instead of putting it anywhere else any time it would
leave the stack." Casting a spell using its jump-start ability follows the rules
for paying additional costs (601.2b, 601.2f-h): the mana cost is still paid.

Cast with ``CastSpell(card_in_graveyard, alt="jump-start", discard=(card,))`` (the
scenario format's ``alt: jump-start``, ``discard: [...]``). The exile is
flashback's replacement effect (:mod:`.flashback`), keyed by how the spell was cast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost, Filter
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.support import register_keywords
from .flashback import EXILED_FROM_STACK, instant_or_sorcery

if TYPE_CHECKING:
    from ..cards.abilities import Ability

JUMP_START = "Jump-start"
register_keywords(JUMP_START)

#: the additional cost: discard a card (CR 702.133a)
DISCARD_A_CARD = Cost(discard=Filter(("card",), "hand", ()), discard_count=1)


def _cost(a: Ability | None) -> Cost:
    return DISCARD_A_CARD


alt_cost(
    AltCost(
        "jump-start",
        JUMP_START,
        "702.133a",
        (Zone.GRAVEYARD,),
        _cost,
        instant_or_sorcery("jump-start", "702.133a"),
        keeps_mana_cost=True,
    )
)
EXILED_FROM_STACK["jump-start"] = "702.133a"
