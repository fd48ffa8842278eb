"""Absorb (CR 702.64).

702.64a: "Absorb N" means "If a source would deal damage to this creature, prevent
N of that damage." 702.64b: each absorb ability prevents only N damage from any one
source at any one time; it applies separately to damage from other sources, or to
damage dealt by the same source at a different time. 702.64c: each instance
applies separately.

A prevention effect (CR 615) applied by ``rules/damage.py`` to each damage event
(one source, one recipient, one moment), so 702.64b holds by construction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.char_values import Chars

register_keywords("Absorb")


def absorb(game: Game, creature: GameObject, c: Chars, source: GameObject, amount: int) -> int:
    """Prevent N of the damage ``source`` would deal to ``creature`` for each absorb
    instance (CR 702.64a-c); returns the damage left."""
    prevented = 0
    for a in c.abilities:
        if a.keyword != "Absorb" or amount <= 0:
            continue
        n = a.keyword_args.get("n", 0)
        n = min(amount, n if isinstance(n, int) else 0)
        amount -= n
        prevented += n
    if prevented:
        game.emit(
            EventKind.DAMAGE_PREVENTED,
            ("702.64a", "615.1"),
            f"Absorb prevents {prevented} damage from {source.name} to {creature.name}",
            source=source.id,
            target=creature.id,
            amount=prevented,
        )
    return amount


KEYWORD_HOOKS.absorb = absorb
