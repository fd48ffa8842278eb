"""Energy from a modal triggered ability (Inspired Inventor, CR 700.2, 107.14)."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, ChooseModes, PassPriority
from mtg_engine.game.objects import Zone


def _resolve_all(game) -> None:
    while game.stack and game.decision.kind == "priority":
        game.apply(PassPriority())


def test_inspired_inventor_first_mode_gives_three_energy(board) -> None:
    inventor = board.add(0, "Inspired Inventor", Zone.HAND)
    for _ in range(3):
        board.add(0, "Plains")
    game = board.start()
    game.apply(CastSpell(inventor))
    _resolve_all(game)  # the creature spell resolves; its trigger asks for a mode
    assert game.decision.kind == "modes"
    game.apply(ChooseModes((0,)))
    _resolve_all(game)
    assert game.players[0].energy == 3
    assert game.players[1].energy == 0
