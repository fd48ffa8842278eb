"""Effect handlers: one small function per effect op, registered in one table.

``REGISTRY[op](ctx, effect) -> bool`` performs an :class:`~mtg_engine.cards.abilities.Effect`
for the resolving spell or ability (``ctx``, see
:class:`mtg_engine.rules.effects_runner.Ctx`). It returns False when it asked
for a decision and must be called again with the answer. The vocabulary of
ops and their arguments is :data:`mtg_engine.effects.vocabulary.OP_SPECS`.
"""

from __future__ import annotations

from ..game.hooks import EFFECT_HANDLERS as REGISTRY
from ..game.hooks import EffectHandler as Handler
from ..game.hooks import effect

__all__ = ["REGISTRY", "Handler", "effect", "executable_ops"]


def executable_ops() -> set[str]:
    """The ops that have handlers (what the compiler may count as compiled)."""
    return set(REGISTRY)


from . import (  # noqa: E402,F401
    airbend,
    battle,
    cards,
    case,
    chance,
    choices,
    clash,
    class_level,
    combat,
    conjure,
    copy,
    counter_moves,
    creature_actions,
    damage_life,
    delayed,
    dungeon,
    earthbend,
    emblem,
    energy,
    enters_with,
    exchange,
    exile_until,
    face_down,
    forage,
    grow,
    keyword_abilities,
    keyword_actions,
    keyword_moves,
    library_top,
    linked,
    mana,
    monarch,
    next_cast,
    noted_names,
    payments,
    permanents,
    pile_blocks,
    player_restrictions,
    proliferate,
    rad,
    retarget,
    ring,
    saddle,
    search,
    speed,
    spell_shields,
    stack,
    text,
    token_actions,
    tokens,
    transform,
    turns,
    untap,
    vote,
    ward,
    zones,
)
