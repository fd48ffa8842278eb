"""Dash (CR 702.109).

702.109a: "Dash [cost]" means "You may cast this card by paying [cost] rather
than its mana cost," "If this spell's dash cost was paid, return the permanent
this spell becomes to its owner's hand at the beginning of the next end step,"
and "As long as this permanent's dash cost was paid, it has haste."

Cast with ``CastSpell(card, alt="dash")``. As the permanent enters from the
stack with its dash cost paid, it gets haste for as long as it is that object
(layer 6, CR 613.1f) and the delayed ability is created (603.7a): it returns
that permanent, not a new object it may have become (603.7c, 400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.delayed import BoundRef
from ..rules.support import register_keywords
from .common import at_next_end_step, entered_cast_with, gains_haste

if TYPE_CHECKING:
    from ..cards.abilities import Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

DASH = "Dash"
register_keywords(DASH)


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


alt_cost(AltCost("dash", DASH, "702.109a", (Zone.HAND,), _cost))

_RETURN_TEXT = "Return the dashed permanent to its owner's hand (dash)."


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=(DASH,))
def dash_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.109a: the permanent a spell cast for its dash cost became."""
    new = entered_cast_with(game, ev, "dash")
    if new is None:
        return
    # "As long as this permanent's dash cost was paid, it has haste" (layer 6)
    gains_haste(game, new)
    at_next_end_step(
        game,
        new,
        f"At the beginning of the next end step, {_RETURN_TEXT[0].lower() + _RETURN_TEXT[1:]}",
        Effect("return_to_hand", {"what": BoundRef((new.id,))}),
        ("702.109a", "603.7a"),
        f"{new.name} was dashed: it has haste and returns to its owner's hand at the "
        "beginning of the next end step",
    )
