"""Evoke (CR 702.74).

702.74a: "Evoke [cost]" means "You may cast this spell by paying [cost]
rather than paying its mana cost" and "When this permanent enters, if its
evoke cost was paid, its controller sacrifices it." The spell's type and
timing don't change (ruling 502.74.1); other enters abilities trigger too
and are ordered with it (ruling 502.74.2); its controller sacrifices it
even if control changed (ruling 502.74.3).

Cast with ``CastSpell(card, alt="evoke")``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Evoke")
# granted to spells as they're cast: "Elemental permanent spells you cast from your hand
# gain evoke {4} as you cast them" (Ashling, the Limitless; rules/granted_as_cast.py)
register("spell_keyword:Evoke")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


alt_cost(AltCost("evoke", "Evoke", "702.74a", (Zone.HAND,), _cost))

SACRIFICE = keyword_trigger(
    "Evoke",
    "When this permanent enters, if its evoke cost was paid, its controller sacrifices it.",
    (Effect("sacrifice_source", {"rule": "702.74a"}),),
    rule="702.74a",
)


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=("Evoke",))
def evoke_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    d = ev.data
    if d.get("to_zone") != "battlefield" or d.get("from_zone") != "stack":
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None or not new.paid or new.paid.get("alt") != "evoke":
        return
    add_pending_trigger(game, new, new.controller, SACRIFICE, cause=ev)
