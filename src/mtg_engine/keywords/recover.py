"""Recover (CR 702.59).

702.59a: Recover is a triggered ability that functions only while the card
with recover is in a player's graveyard. "Recover [cost]" means "When a
creature is put into your graveyard from the battlefield, you may pay [cost].
If you do, return this card from your graveyard to your hand. Otherwise,
exile this card."

Only a card already in the graveyard sees the creature arrive: a recover card
put into the graveyard at the same time as the creature (even a creature
card with recover itself) doesn't trigger (ruling 502.55.3, CR 603.10 doesn't
look back for it). Each creature triggers it separately; the first
resolution moves the card, the others do nothing but still let you pay
(rulings 502.55.1-2).

Simultaneity: the moves of one event (one destroy-all instruction, one
state-based-action check) form one batch (rules/simultaneous.py); a recover
card whose own arrival belongs to the open batch arrived at the same time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_trigger, printed_instances

if TYPE_CHECKING:
    from ..cards.abilities import Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Recover")
# "Pay half your life, rounded up" (CR 119.4): recover's cost here (effects/keyword_moves.py)
# and activation costs (rules/casting.py)
register("cost:life_half")


def _arrived_with(game: Game, card_id: int) -> bool:
    """Did ``card_id`` enter the graveyard in the same simultaneous event (CR 603.10a:
    the open batch of moves, rules/simultaneous.py) as the creature now arriving?"""
    b = game._batch
    if b is None:
        return False
    return any(
        e.kind == EventKind.ZONE_CHANGE and e.data.get("obj") == card_id for e, _ in b.events
    )


@on_event(EventKind.ZONE_CHANGE, watch=[("battlefield", "graveyard")], keywords=("Recover",))
def recover_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    """702.59a: a creature put into a graveyard from the battlefield triggers the
    recover abilities of the cards already in that graveyard."""
    d = ev.data
    if d.get("from_zone") != "battlefield" or d.get("to_zone") != "graveyard":
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None or new.zone != Zone.GRAVEYARD or subject is None:
        return
    if "Creature" not in chars(game, subject).types:  # CR 603.10a: as it last existed
        return
    grave = game.players[new.owner].graveyard
    if len(grave) < 2:
        return
    for oid in list(grave):
        if oid == new.id:
            continue
        card = game.objects[oid]
        instances = printed_instances(card, "Recover")
        if not instances or _arrived_with(game, oid):
            continue
        for inst in instances:
            cost = as_cost(inst.keyword_args.get("cost"))
            if cost is None:
                continue
            ability = keyword_trigger(
                "Recover",
                f"Recover {_cost_words(cost)}: you may pay it to return "
                f"{card.name} to your hand; otherwise exile it",
                (Effect("recover_pay", {"cost": cost, "rule": "702.59a"}),),
                rule="702.59a",
            )
            add_pending_trigger(game, card, card.owner, ability, {"obj": new.id})


def _cost_words(cost: Cost) -> str:
    parts = [cost.mana] if cost.mana else []
    if cost.life:
        parts.append(f"pay {cost.life} life")
    if any(k == "life_half" for k, _ in cost.other):
        parts.append("pay half your life, rounded up")
    return ", ".join(parts)
