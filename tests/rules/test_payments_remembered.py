"""CR 605, 601.2g: the payments found possible are remembered through a change
that makes the characteristics be computed again, and used only while the
player's mana sources are the same (what each is and makes)."""

from __future__ import annotations

from mtg_engine.rules.mana import can_pay_now
from mtg_engine.rules.mana_costs import parse_cost


def test_payments_are_reused_only_with_the_same_mana_sources(board):
    board.add(0, "Forest")
    tapped = board.add(0, "Forest", tapped=True)
    game = board.start()
    cost = parse_cost("{1}{G}")
    assert not can_pay_now(game, 0, cost)
    game.invalidate()  # everything computed is forgotten; the sources stay the same
    assert not can_pay_now(game, 0, cost)
    game.objects[tapped].tapped = False  # CR 605.1a: an untapped Forest is one more source
    game.invalidate()
    assert can_pay_now(game, 0, cost)
    game.objects[tapped].tapped = True
    game.invalidate()
    assert not can_pay_now(game, 0, cost)
