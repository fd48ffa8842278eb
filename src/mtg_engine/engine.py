"""The wiring (architecture §8): the one module that imports every layer and
connects them.

Keyword and effect modules register into the hook tables of
:mod:`mtg_engine.game.hooks` when imported; the rules modules register their
task handlers and the trigger listener. The game state calls the rules'
decision procedures and the card file only through
:data:`~mtg_engine.game.hooks.PROCEDURES`, set here.

Hook order is behaviour: for one event kind, keyword hooks run in the order
their modules are imported (``keywords/__init__.py`` and the imports among
keyword modules), then the rules' own hooks (``on_event(..., rules=True)``)
in the order the rules modules are first imported.
"""

from __future__ import annotations

import os
from typing import Any

# The order of these imports is the order of the hooks (keywords' first).
from . import keywords  # noqa: F401  (keyword modules register into the hooks)

# isort: split
from .rules import (  # noqa: F401  (they register task handlers and rules' hooks)
    activating,
    battle,
    casting,
    combat,
    counters,
    crime,
    damage_history,
    damage_replacements,
    draw_instead,
    draw_skip,
    etb_replacements,
    life_payment,
    mana_replacements,
    player_replacements,
    prepare,
    prevention_then,
    printed_versions,
    priority,
    saga,
    sba,
    setup,
    tap_replacements,
    targeted,
    triggers,
    turn,
    untap_restrictions,
    zone_replacements,
)

# isort: split
from . import effects  # noqa: F401  (effect handlers)

# isort: split
from .cards.definitions import card_def, token_def
from .game.hooks import PROCEDURES, add_event_listener
from .game.objects import CardDef
from .rules import decisions, game_end, layers, leave_game, views
from .rules.dungeons import DUNGEONS, dungeon_def


def card_from_ref(ref: Any) -> CardDef:
    """A saved card reference: a card name, or ``{"token": spec}`` for a token (or a
    dungeon card in the command zone, ``{"dungeon": name}``, CR 309.2b)."""
    if isinstance(ref, dict):
        name = ref["token"].get("dungeon")
        if name is not None:
            if name not in DUNGEONS:
                raise KeyError(name)
            return dungeon_def(name)
        return token_def(ref["token"])
    return card_def(ref)


# CR 603.2: trigger detection sees every event that can trigger something (or a
# delayed trigger), after the keyword hooks
add_event_listener(triggers.on_event, triggers.EVENT_KINDS_SEEN)

PROCEDURES.legal_options = decisions.legal_options
PROCEDURES.has_one_option = decisions.has_one_option
PROCEDURES.check_answer = decisions.check_answer
PROCEDURES.concede = game_end.concede
PROCEDURES.left_player_decision = leave_game.left_player_decision
PROCEDURES.observe = views.observe
PROCEDURES.card_from_ref = card_from_ref
PROCEDURES.cache_forget_after = layers.forget_after
if os.environ.get("MTG_CHECK_CHARS"):
    # a debug check of the characteristics cache (every kept value computed again)
    from .rules.layers_check import checked_forget_after  # (debug only: not loaded otherwise)

    PROCEDURES.cache_forget_after = checked_forget_after
