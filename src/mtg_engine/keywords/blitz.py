"""Blitz (CR 702.152).

702.152a: "Blitz [cost]" means "You may cast this card by paying [cost] rather
than its mana cost," "If this spell's blitz cost was paid, sacrifice the
permanent this spell becomes at the beginning of the next end step," and "As
long as this permanent's blitz cost was paid, it has haste and 'When this
permanent is put into a graveyard from the battlefield, draw a card.'" Casting a
spell for its blitz cost follows the rules for paying alternative costs (601.2b,
601.2f-h).

Cast with ``CastSpell(card, alt="blitz")`` (the scenario format's ``alt:
blitz``). As the permanent enters from the stack with its blitz cost paid, it
gets haste and the "dies, draw a card" ability for as long as it is that object
(layer 6, CR 613.1f), and the delayed ability is created (603.7a); it sacrifices
that permanent, not a new object it may have become (603.7c, 400.7). A spell has
one alternative cost (118.9a), so one blitz instance at most is used (702.152b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.delayed import BoundRef
from ..rules.support import register_keywords
from .common import (
    at_next_end_step,
    entered_cast_with,
    gains_abilities,
    gains_haste,
    keyword_cost,
    reminder_abilities,
)

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

BLITZ = "Blitz"
register_keywords(BLITZ)

#: the triggered ability a blitzed permanent has (CR 702.152a)
_DRAW_TEXT = "When this permanent is put into a graveyard from the battlefield, draw a card."


alt_cost(AltCost("blitz", BLITZ, "702.152a", (Zone.HAND,), keyword_cost))


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=(BLITZ,))
def blitz_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.152a: the permanent a spell cast for its blitz cost became."""
    new = entered_cast_with(game, ev, "blitz")
    if new is None:
        return
    gains_haste(game, new)
    gains_abilities(game, new, reminder_abilities(BLITZ, "702.152a", _DRAW_TEXT, ("Creature",)))
    at_next_end_step(
        game,
        new,
        "At the beginning of the next end step, sacrifice the blitzed permanent (blitz).",
        Effect("sacrifice", {"what": BoundRef((new.id,))}),
        ("702.152a", "603.7a"),
        f'{new.name} was blitzed: it has haste and "when it dies, draw a card", and it is '
        "sacrificed at the beginning of the next end step",
    )
