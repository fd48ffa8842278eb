"""Casting a card face down with morph, megamorph or disguise (CR 702.37, 702.168, 708).

702.37a: "Morph [cost]" means "You may cast this card as a 2/2 face-down
creature with no text, no name, no subtypes, and no mana cost by paying {3}
rather than paying its mana cost." 702.37c: it follows the rules for
alternative costs; the face-down spell and permanent have the characteristics
of CR 708.2 (``rules/face_down.py``). Turning it face up (702.37e, a special
action) is in the face-down rules, not here.

702.168a: "Disguise [cost]" is the same with ward {2} on the face-down spell
and permanent (708.2a; ``rules/face_down.py`` gives the ward to the
``"disguise"`` kind).

Cast with ``CastSpell(card, face_down=True)`` (or ``alt="morph"``, ``alt="disguise"``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability

register_keywords("Morph", "Megamorph")


def _three(a: Ability | None) -> Cost:
    return Cost(mana="{3}")


alt_cost(AltCost("morph", "Morph", "702.37c", (Zone.HAND,), _three, face_down=True))
# CR 708.4: an effect casts a card face down as a 2/2 creature spell without paying its
# mana cost (Illusionary Mask; "mask" adds its turn-face-up replacement, rules/face_down)
alt_cost(AltCost("mask", None, "708.4", (), lambda a: None, face_down=True))
alt_cost(AltCost("face_down_effect", None, "708.4", (), lambda a: None, face_down=True))
alt_cost(AltCost("disguise", "Disguise", "702.168a", (Zone.HAND,), _three, face_down=True))
alt_cost(AltCost("megamorph", "Megamorph", "702.37b", (Zone.HAND,), _three, face_down=True))
