"""Prototype (CR 702.160, 718).

702.160a: a player who casts a spell with prototype can choose to cast it
"prototyped"; then its alternative mana cost, power and toughness are used
(718.3): its mana cost is the one paid, it is checked by those values as it's
cast (718.3a), and the spell and the permanent it becomes have them and the colors
of that mana cost (718.3b: :mod:`mtg_engine.rules.prototyped`). Cast with
``CastSpell(card, alt="prototype")`` (the scenario format's ``alt: prototype``).
"""

from __future__ import annotations

from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.prototyped import PROTOTYPE, PROTOTYPED
from ..rules.support import register_keywords
from .common import keyword_cost

register_keywords(PROTOTYPE)

#: casting the card prototyped from the hand, for its alternative mana cost
alt_cost(
    AltCost("prototype", PROTOTYPE, "702.160a", (Zone.HAND,), keyword_cost, chosen_key=PROTOTYPED)
)
