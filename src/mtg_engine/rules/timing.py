"""Sorcery timing (CR 307.1): when a player could cast a sorcery."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.state import Step

if TYPE_CHECKING:
    from ..game.state import Game


def has_sorcery_timing(game: Game, player: int) -> bool:
    """CR 307.1: main phase of your turn with an empty stack."""
    return (
        game.is_active(player)  # CR 805.4a: a player of the active team
        and game.step in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
        and not game.stack
    )
