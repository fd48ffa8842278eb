"""Conditions: intervening "if" clauses (CR 603.4) and other "if ..." checks.

A :class:`~mtg_engine.cards.abilities.Condition` has a ``kind`` and args;
each kind is evaluated here. Unknown kinds are false (never a silent "yes").
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Condition
from ..game.objects import GameObject

if TYPE_CHECKING:
    from ..game.state import Game


_KNOWN = frozenset(
    {
        "control",
        "you_control",
        "you_control_n",
        "not",
        "not_control",
        "life_at_least",
        "life_at_most",
        "opponent_life_at_most",
        "hand_size_at_most",
        "graveyard_at_least",
        "no_spells_cast_last_turn",
        "your_turn",
        "not_your_turn",
        "source_tapped",
        "source_untapped",
    }
)


def is_known(cond: Condition) -> bool:
    from ..keywords.registry import CONDITIONS

    if cond.kind == "not":
        inner = cond.args.get("cond")
        return isinstance(inner, Condition) and is_known(inner)
    return cond.kind in _KNOWN or cond.kind in CONDITIONS


def evaluate(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    from .filters import objects_matching

    k = cond.kind
    a = cond.args
    if k in ("control", "you_control"):
        # "if you control a Forest", "if you control N or more creatures"
        n = len(objects_matching(game, a["filter"], controller, source))
        return n >= int(a.get("at_least", 1))
    if k == "you_control_n":
        n = len(objects_matching(game, a["filter"], controller, source))
        return n >= int(a.get("n", a.get("at_least", 1)))
    if k == "not":
        inner = a.get("cond")
        # "unless"/"not": only for conditions this module knows, never a silent "yes"
        if not isinstance(inner, Condition) or not is_known(inner):
            return False
        return not evaluate(game, inner, controller, source)
    if k == "not_control":
        return not objects_matching(game, a["filter"], controller, source)
    if k == "life_at_least":
        return game.players[controller].life >= int(a["amount"])
    if k == "life_at_most":
        return game.players[controller].life <= int(a["amount"])
    if k == "opponent_life_at_most":
        return any(game.players[o].life <= int(a["amount"]) for o in game.opponents(controller))
    if k == "hand_size_at_most":
        return len(game.players[controller].hand) <= int(a["amount"])
    if k == "graveyard_at_least":  # threshold (CR 702.??: an ability word now)
        return len(game.players[controller].graveyard) >= int(a["amount"])
    if k == "no_spells_cast_last_turn":
        return not game.turn_flags.get("spells_cast_last_turn", 0)
    if k == "your_turn":
        return game.active == controller
    if k == "not_your_turn":
        return game.active != controller
    if k == "source_tapped":
        return source is not None and source.tapped
    if k == "source_untapped":
        return source is not None and not source.tapped
    from ..keywords.registry import CONDITIONS

    if k in CONDITIONS:  # conditions defined by keywords ("if it was kicked")
        return CONDITIONS[k](game, cond, controller, source)
    return False
