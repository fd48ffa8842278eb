"""Disturb (CR 702.146).

702.146a: Disturb is an ability found on the front face of some double-faced
cards. "Disturb [cost]" means "You may cast this card transformed from your
graveyard by paying [cost] rather than its mana cost" (the alternative-cost
rules, 601.2b, 601.2f-h). Cast transformed, the spell has its back face up and
only its back face's characteristics (712.8c, 712.11a), though the front face's
disturb ability is considered to determine whether it can be cast (712.11d);
its mana value is its front face's (712.8c). 702.146b: a resolving spell cast
with disturb enters the battlefield with its back face up.

Cast with ``CastSpell(card_in_graveyard, alt="disturb")`` (the scenario
format's ``alt: disturb``). The back faces' own "If [this] would be put into a
graveyard from anywhere, exile it instead" is an ordinary replacement effect
of the compiled card (CR 614.1a), on the stack as on the battlefield.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Disturb")

#: the face a card cast with disturb is cast with: its back face (CR 702.146a, 712.11a)
BACK_FACE = 1


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """Why ``obj`` can't be cast transformed for its disturb cost (CR 702.146a)."""
    if obj.owner != player:
        return f"{obj.name} isn't in your graveyard (rule 702.146a)"
    if obj.card.data.layout != "transform" or len(obj.card.faces) <= BACK_FACE:
        return f"{obj.name} has no back face to cast transformed (rule 702.146a)"
    if _cost(a) is None:
        return f"{obj.name}'s disturb cost isn't known (rule 702.146a)"
    return None


#: casting the card transformed from its owner's graveyard (an alternative cost)
alt_cost(
    AltCost("disturb", "Disturb", "702.146a", (Zone.GRAVEYARD,), _cost, _check, face=BACK_FACE)
)

__all__ = ["BACK_FACE"]
