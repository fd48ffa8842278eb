"""Miracle (CR 702.94).

702.94a: Miracle is a static ability linked to a triggered ability (603.11).
"Miracle [cost]" means "You may reveal this card from your hand as you draw it
if it's the first card you've drawn this turn. When you reveal this card this
way, you may cast it by paying [cost] rather than its mana cost." 702.94b: a
revealed card stays revealed until it leaves the hand or the ability resolves
or otherwise leaves the stack.

As the first card a player draws in a turn is drawn (``nth == 1`` of the draw
event, CR 121.2), a card with miracle is revealed (701.20a) and its triggered
ability goes on the stack the next time a player would receive priority
(603.3). As it resolves, its owner may cast the card from the hand for its
miracle cost, at that moment whatever the card's type (608.2g: timing
permissions don't apply to a spell cast while an ability resolves); if the card
left the hand, it's a new object and isn't cast (400.7). The engine reveals
such a card whenever it may (declining the cast as the ability resolves has the
same effect on the game as not revealing, save that the card was seen).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import AltCost, alt_cost, on_event
from ..game.objects import Zone
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_cost, keyword_trigger, printed_instances

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

MIRACLE = "Miracle"
register_keywords(MIRACLE)

#: the miracle cost is offered only by the triggered ability (CR 702.94a)
alt_cost(AltCost("miracle", MIRACLE, "702.94a", (), keyword_cost))


@on_event(EventKind.DRAW, keywords=(MIRACLE,))
def miracle_drawn(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.94a: the first card a player draws this turn, with miracle, is
    revealed and its miracle ability triggers."""
    if ev.data.get("nth") != 1:
        return
    card = game.objects.get(ev.data.get("obj", -1))
    if card is None or card.zone != Zone.HAND:
        return
    instances = printed_instances(card, MIRACLE)
    if not instances:
        return
    owner = game.players[card.owner].name
    game.emit(
        EventKind.REVEAL,
        ("702.94a", "701.20a"),
        f"{owner} reveals {card.name}, the first card they drew this turn (miracle)",
        player=card.owner,
    )
    cost = instances[0].keyword_args.get("cost")
    ability = keyword_trigger(
        MIRACLE,
        f"Miracle {cost}: you may cast {card.name} by paying {cost} rather than its mana cost",
        (
            Effect(
                "cast_card", {"alt": "miracle", "optional": True, "zone": "hand", "rule": "702.94a"}
            ),
        ),
        rule="702.94a",
    )
    add_pending_trigger(game, card, card.owner, ability)
