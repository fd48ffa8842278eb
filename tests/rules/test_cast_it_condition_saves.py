"""A triggered ability with "if you cast it" (CR 603.4) can be saved with the game
while it is on the stack: its condition keeps no compile-time pronoun (mtg fuzz seed
9702235001: Sunderflock's trigger held the compiler's ``It``, and the game couldn't
be saved as JSON)."""

from __future__ import annotations

import json

from mtg_engine.cards.definitions import card_def
from mtg_engine.game.serialize import decode, encode


def test_if_you_cast_it_trigger_encodes():
    (ability,) = [a for a in card_def("Sunderflock").abilities() if a.trigger is not None]
    assert ability.trigger is not None and ability.trigger.condition is not None
    assert ability.trigger.condition.kind == "cast_it"
    text = json.dumps(encode(ability))
    assert decode(json.loads(text)) == ability
