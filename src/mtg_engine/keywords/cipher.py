"""Cipher (CR 702.99).

702.99a: cipher appears on some instants and sorceries and represents two
abilities: a spell ability, "If this spell is represented by a card, you may exile
this card encoded on a creature you control" (its last instruction, the effect
``cipher_encode`` in :mod:`mtg_engine.effects.linked`), and a static ability of the
card in exile: "For as long as this card is encoded on that creature, that creature
has 'Whenever this creature deals combat damage to a player, you may copy the
encoded card and you may cast the copy without paying its mana cost.'"
702.99b-c: the card stays encoded while it stays exiled and the creature stays on
the battlefield (even if it changes controller or stops being a creature).

The exiled card keeps the creature's id in ``links["encoded_on"]``; a creature that
left the battlefield is a new object (CR 400.7), so the link ends with it. The
creature's ability is a trigger here: when it deals combat damage to a player,
one triggers for each card encoded on it, controlled by the creature's controller.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards.abilities import Condition, ControllerRef, Effect, ParentRef, TriggerRef
from ..game.hooks import on_event, spell_instructions
from ..game.objects import Zone
from ..rules.linked_exile import ENCODED_ON
from ..rules.support import register, register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.char_values import Chars

CIPHER = "Cipher"
register_keywords(CIPHER)
register("effect:cipher_encode")

#: the spell's last instruction (CR 702.99a)
ENCODE = Effect("cipher_encode", {"rule": "702.99a"})

#: the ability the creature has while a card is encoded on it (CR 702.99a); the
#: trigger's object is the encoded card
ENCODED_TRIGGER = keyword_trigger(
    CIPHER,
    "Whenever this creature deals combat damage to a player, you may copy the encoded "
    "card and you may cast the copy without paying its mana cost.",
    (
        Effect("copy_card", {"what": TriggerRef()}, optional=True),
        Effect(
            "cast_free",
            {"player": ControllerRef(), "what": ParentRef("it"), "may": True},
            condition=Condition("you_do", {}),
        ),
    ),
    rule="702.99a",
)

_WITH_ENCODE: dict[int, tuple[Ability, Ability]] = {}


@spell_instructions
def with_cipher(c: Chars, ability: Ability) -> Ability:
    """The spell ability of a spell with cipher, its last instruction the encoding
    (CR 702.99a); any other spell ability unchanged."""
    if CIPHER not in c.keywords:
        return ability
    got = _WITH_ENCODE.get(id(ability))
    if got is None or got[0] is not ability:
        got = _WITH_ENCODE[id(ability)] = (
            ability,
            replace(ability, effects=(*ability.effects, ENCODE)),
        )
    return got[1]


@on_event("damage", keywords=(CIPHER,))
def encoded_creature_damage(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.99a: a creature with a card encoded on it dealt combat damage to a
    player: its ability triggers once for each such card."""
    d = ev.data
    target = d.get("target")
    if not d.get("combat") or not isinstance(target, int) or target >= 0 or not game.exile:
        return
    creature = game.objects.get(d.get("source", -1))
    if creature is None or creature.zone != Zone.BATTLEFIELD or creature.phased_out:
        return
    for oid in list(game.exile):
        card = game.objects[oid]
        if card.links and card.links.get(ENCODED_ON) == creature.id and not card.face_down:
            add_pending_trigger(
                game,
                creature,
                creature.controller,
                ENCODED_TRIGGER,
                {"obj": card.id, "player": -target - 1},
            )
