"""Alternative costs available only after something happened this turn.

* 702.117a Surge [cost]: "You may pay [cost] rather than pay this spell's mana
  cost as you cast this spell if you or one of your teammates has cast another
  spell this turn." (No teams here: you have cast another spell this turn.)
* 702.137a Spectacle [cost]: "You may pay [cost] rather than pay this spell's
  mana cost if an opponent lost life this turn."

Cast with ``CastSpell(card, alt="surge")`` / ``alt="spectacle"``; "if its surge
cost was paid" is the ``alt_cost_paid`` condition (:mod:`.alt_conditions`).
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

register_keywords("Surge", "Spectacle")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _surge_check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """CR 702.117a: another spell cast this turn (this one is counted once cast, 601.2i)."""
    if game.players[player].spells_cast_this_turn < 1:
        return "you haven't cast another spell this turn (rule 702.117a)"
    return None


def _spectacle_check(game: Game, player: int, obj: GameObject, a: Ability | None) -> str | None:
    """CR 702.137a: an opponent lost life this turn."""
    if not any(game.players[p].life_lost_this_turn > 0 for p in game.opponents(player)):
        return "no opponent lost life this turn (rule 702.137a)"
    return None


alt_cost(AltCost("surge", "Surge", "702.117a", (Zone.HAND,), _cost, _surge_check))
alt_cost(AltCost("spectacle", "Spectacle", "702.137a", (Zone.HAND,), _cost, _spectacle_check))
