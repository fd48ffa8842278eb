"""Escape (CR 702.138).

702.138a: Escape represents a static ability that functions while the card with
escape is in a player's graveyard. "Escape [cost]" means "You may cast this card
from your graveyard by paying [cost] rather than paying its mana cost." Casting a
spell using its escape ability follows the rules for paying alternative costs in
rules 601.2b and 601.2f-h.

Cast with ``CastSpell(card_in_graveyard, alt="escape")`` (the scenario format's
``alt: escape``). The escape cost's "Exile N other cards from your graveyard" is
paid as the total cost is paid (601.2h: ``rules/casting.py``). Unlike flashback,
an escaped instant or sorcery goes to its owner's graveyard as it resolves
(608.2n), so it may escape again. Whether a spell or permanent "escaped"
(702.138b) is what its cast record says (``alt == "escape"``, CR 400.7d).
"""

from __future__ import annotations

from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.support import register_keywords
from .common import keyword_cost

ESCAPE = "Escape"
register_keywords(ESCAPE)

alt_cost(AltCost("escape", ESCAPE, "702.138a", (Zone.GRAVEYARD,), keyword_cost))
