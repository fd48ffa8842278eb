"""A bestowed Aura spell or permanent (CR 702.103b, 702.103e-f).

702.103b: as a spell cast bestowed is put onto the stack it becomes an Aura
enchantment and gains enchant creature (the new card type replaces its others,
CR 205.1a: it is no longer a creature); the permanent it becomes as it resolves
is a bestowed Aura. The object carries ``chosen["bestowed"]`` for as long as it
is bestowed; these are its characteristics then (the keyword's casting side is
:mod:`mtg_engine.keywords.bestow`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, AbilityKind

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from .char_values import Chars

#: the key a bestowed spell or permanent carries in ``GameObject.chosen``
BESTOWED = "bestowed"

_ENCHANT_CREATURE = Ability(
    AbilityKind.STATIC,
    text="Enchant creature",
    keyword="Enchant",
    keyword_args={"what": "creature"},
)


def is_bestowed(obj: GameObject) -> bool:
    return bool(obj.chosen and obj.chosen.get(BESTOWED))


def bestowed_values(c: Chars) -> Chars:
    """CR 702.103b: ``c`` as a bestowed Aura: an Aura enchantment with enchant creature."""
    out = c.copy()
    out.types = frozenset(("Enchantment",))
    out.subtypes = frozenset(("Aura",))
    out.abilities = (*c.abilities, _ENCHANT_CREATURE)
    out.abilities_changed()
    return out


def cease_bestowed(game: Game, obj: GameObject) -> None:
    """CR 702.103e-f: it ceases to be bestowed; the effect making it an Aura ends."""
    if obj.chosen:
        obj.chosen = {k: v for k, v in obj.chosen.items() if k != BESTOWED}
    game.invalidate()
