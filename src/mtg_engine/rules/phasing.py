"""Phasing (CR 702.26): permanents phase in and out during the untap step.

CR 502.1: as the untap step begins, the active player's phased-in permanents
with phasing phase out and their phased-out permanents phase in, simultaneously.
A phased-out permanent is treated as though it does not exist (CR 702.26b).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import AbilityKind

if TYPE_CHECKING:
    from ..game.state import Game


def phase_permanents(game: Game) -> None:
    """CR 502.1 / 702.26a: the phasing turn-based action."""
    from .characteristics import chars

    changed = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != game.active:
            continue
        if o.phased_out:
            o.phased_out = False
            changed.append(f"{o.name} phases in")
        elif any(
            a.keyword == "Phasing" and a.kind is AbilityKind.STATIC
            for a in chars(game, o).abilities
        ):
            o.phased_out = True
            changed.append(f"{o.name} phases out")
    if changed:
        game.invalidate()
        game.emit("phasing", ("502.1", "702.26a"), "; ".join(changed))
