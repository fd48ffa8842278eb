"""Web-slinging (CR 702.188).

702.188a: "Web-slinging [cost]" means "You may cast this spell by paying [cost] and
returning a tapped creature you control to its owner's hand rather than paying its
mana cost": an alternative cost (118.9, 601.2b, 601.2f-h) with a cost component, the
tapped creature returned as the total cost is paid (601.2h; asked when there's a
choice). Timing rules still apply (the spell is cast from the hand as usual).

Cast with ``CastSpell(card, alt="web-slinging")`` (the scenario format's
``alt: web-slinging``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost, Filter
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.costs import cost_choices
from ..rules.support import register_keywords
from .common import keyword_cost, keyword_cost_returning

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game

WEB_SLINGING = "Web-slinging"
register_keywords(WEB_SLINGING)

#: "a tapped creature you control" (CR 702.188a)
TAPPED_CREATURE = Filter(
    kinds=("Creature",), zone="battlefield", conditions=(("tapped", True), ("controller", "you"))
)


def _cost(a: Ability | None) -> Cost | None:
    """The web-slinging cost and "return a tapped creature you control to its owner's
    hand" (CR 702.188a)."""
    return keyword_cost_returning(a, TAPPED_CREATURE)


def _check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """Why ``obj`` can't be cast for its web-slinging cost now."""
    if keyword_cost(a) is None:
        return f"{obj.name}'s web-slinging cost isn't known (rule 118.9)"
    if not cost_choices(game, TAPPED_CREATURE, player, obj, "battlefield"):
        return "web-slinging needs a tapped creature you control to return (rule 702.188a)"
    return None


alt_cost(AltCost("web-slinging", WEB_SLINGING, "702.188a", (Zone.HAND,), _cost, _check))
