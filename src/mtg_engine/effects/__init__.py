"""Effect handlers: one small function per effect op, registered in one table.

``REGISTRY[op](ctx, effect) -> bool`` performs an :class:`~mtg_engine.cards.abilities.Effect`
for the resolving spell or ability (``ctx``, see
:class:`mtg_engine.rules.effects_runner.Ctx`). It returns False when it asked
for a decision and must be called again with the answer. The vocabulary of
ops and their arguments is :data:`mtg_engine.effects.vocabulary.OP_SPECS`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..cards.abilities import Effect
    from ..rules.effects_runner import Ctx

Handler = Callable[["Ctx", "Effect"], bool]

REGISTRY: dict[str, Handler] = {}


def effect(*ops: str) -> Callable[[Handler], Handler]:
    """Register a handler for one or more effect ops."""

    def register(fn: Handler) -> Handler:
        for op in ops:
            REGISTRY[op] = fn
        return fn

    return register


def executable_ops() -> set[str]:
    """The ops that have handlers (what the compiler may count as compiled)."""
    return set(REGISTRY)


from . import (  # noqa: E402,F401  # noqa: E402,F401
    battle,
    cards,
    chance,
    choices,
    class_level,
    copy,
    damage_life,
    delayed,
    emblem,
    face_down,
    keyword_abilities,
    keyword_moves,
    library_top,
    linked,
    mana,
    noted_names,
    payments,
    permanents,
    pile_blocks,
    proliferate,
    saddle,
    search,
    stack,
    text,
    tokens,
    transform,
    untap,
    ward,
    zones,
)
