"""A combat condition's count: "can't be blocked as long as defending player
controls three or more artifacts" (CR 508.5, 509.1b)."""

from __future__ import annotations

from mtg_engine.cards.definitions import card_def
from mtg_engine.rules import combat_rules as cr


def _condition():
    (ab,) = [a for a in card_def("Ayesha Tanaka, Armorer").compiled[0].abilities if a.static]
    (st,) = ab.static
    return st.condition


def test_defending_player_controls_three_or_more_counts(board) -> None:
    cond = _condition()
    ayesha = board.add(0, "Ayesha Tanaka, Armorer")
    for _ in range(2):
        board.add(1, "Ornithopter")
    board.add(0, "Ornithopter")  # A's own artifact doesn't count
    game = board.game
    src = game.objects[ayesha]
    assert not cr.condition_holds(game, cond, src, src, 1)
    board.add(1, "Ornithopter")
    assert cr.condition_holds(game, cond, src, src, 1)
    assert not cr.condition_holds(game, cond, src, src, 0)  # counted for B, not A
