"""Haunt (CR 702.55).

702.55a: "Haunt" on a permanent means "When this permanent is put into a graveyard
from the battlefield, exile it haunting target creature." On an instant or sorcery
spell it means "When this spell is put into a graveyard during its resolution,
exile it haunting target creature." 702.55b: a card exiled this way "haunts" the
creature that ability targeted. 702.55c: triggered abilities of cards with haunt
that refer to the haunted creature trigger in the exile zone.

Both haunt triggers work outside the battlefield (the card is in a graveyard), so
they are event hooks here (CR 603.2). The exiled card keeps the haunted creature's
id in ``links["haunting"]``; when that object dies, each card in exile haunting it
triggers its "when the creature it haunts dies" abilities, controlled by the card's
owner (ruling 502.51.10). A countered spell isn't put into the graveyard during its
resolution (ruling 502.51.1); a card that left the graveyard before the haunt
ability resolves, a token and a spell copy can't be exiled (rulings 502.51.7-8).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import AbilityKind, Effect, Filter, TargetRef, TargetSpec
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.linked_exile import exile_linked
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Haunt")
register("trigger:haunted_dies")

_TARGETS = (TargetSpec(Filter(kinds=("Creature",))),)

PERMANENT_HAUNT = keyword_trigger(
    "Haunt",
    "Haunt: when this permanent is put into a graveyard from the battlefield, exile it "
    "haunting target creature.",
    (Effect("haunt_exile", {"target": TargetRef(0)}),),
    targets=_TARGETS,
    rule="702.55a",
)
SPELL_HAUNT = keyword_trigger(
    "Haunt",
    "Haunt: when this spell is put into a graveyard during its resolution, exile it "
    "haunting target creature.",
    (Effect("haunt_exile", {"target": TargetRef(0)}),),
    targets=_TARGETS,
    rule="702.55a",
)


def _haunt_count(game: Game, obj: GameObject) -> int:
    return sum(1 for a in chars(game, obj).abilities if a.keyword == "Haunt")


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "graveyard")], keywords=("Haunt",))
def haunt_triggers(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.55a (the card goes to a graveyard) and 702.55c (the haunted creature dies)."""
    d = ev.data
    if d.get("to_zone") != "graveyard" or subject is None:
        return
    from_zone = d.get("from_zone")
    new = game.objects.get(d.get("obj", 0))
    if from_zone == "battlefield":
        if new is not None:
            # the permanent as it last existed (CR 603.10a): a Clone copying a haunt
            # creature has haunt (ruling 502.51.12)
            for _ in range(_haunt_count(game, subject)):
                controller = int(d.get("controller", subject.controller))
                add_pending_trigger(
                    game,
                    new,
                    controller,
                    PERMANENT_HAUNT,
                    {"obj": new.id},
                    cause=ev,
                    subject=subject,
                    left=True,
                )
        _haunted_died(game, subject)
    elif from_zone == "stack" and d.get("cause") == "resolved" and new is not None:
        # put into the graveyard as the last step of its resolution (608.2n), not countered
        for _ in range(_haunt_count(game, subject)):
            add_pending_trigger(game, new, subject.controller, SPELL_HAUNT, {"obj": new.id})


def _haunted_died(game: Game, creature: GameObject) -> None:
    """CR 702.55c: "When the creature this card haunts dies" triggers in exile."""
    if not game.exile:
        return
    if "Creature" not in chars(game, creature).types:
        return  # "dies": a creature put into a graveyard from the battlefield (CR 700.4)
    for oid in list(game.exile):
        card = game.objects[oid]
        if not card.links or card.links.get("haunting") != creature.id or card.face_down:
            continue
        for a in _haunted_abilities(game, card):
            game.emit(
                EventKind.KEYWORD_TRIGGER,
                ("603.2", "702.55c"),
                f"{card.name}'s ability triggers in exile: the creature it haunts died",
                obj=card.id,
            )
            game.pending_triggers.append(
                {
                    "source": card.id,
                    "source_name": card.name,
                    "card_uid": card.card_uid,
                    "controller": card.owner,  # ruling 502.51.10: the card's owner
                    "ability": a,
                    "event": {"obj": creature.id},
                }
            )


def _haunted_abilities(game: Game, card: GameObject) -> list[Ability]:
    out = []
    for a in chars(game, card).abilities:
        if a.kind is not AbilityKind.TRIGGERED or a.trigger is None:
            continue
        t = a.trigger
        if t.event == "haunted_dies" or any(
            k == "or_events" and "haunted_dies" in v for k, v in t.details
        ):
            out.append(a)
    return out


def haunt_exile(game: Game, card_id: int, target: int, owner_id: int) -> int | None:
    """Exile the haunt card haunting ``target`` (CR 702.55a-b); nothing if the card
    is no longer the same object in the graveyard (CR 400.7) or is a token/copy."""
    card = game.objects.get(card_id)
    if card is None or card.zone != Zone.GRAVEYARD or card.is_token:
        return None
    creature = game.objects.get(target)
    name = creature.name if creature is not None else "a creature"
    nid = exile_linked(
        game,
        card_id,
        owner_id,
        ("702.55a", "702.55b"),
        reason=f"is exiled haunting {name}",
        haunting=target,
    )
    return nid


KEYWORD_HOOKS.haunt_exile = haunt_exile
