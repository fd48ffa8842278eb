"""CR 702.78a, 601.2h: casting with conspire is offered only when two untapped
creatures that share a color with the spell can be tapped for it."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell
from mtg_engine.game.objects import Zone


def _conspire_offers(game, card):
    return [
        a
        for a in game.legal_actions()
        if isinstance(a, CastSpell) and a.card == card and a.conspire
    ]


def test_offered_with_two_red_creatures(board):
    for _ in range(4):
        board.add(0, "Mountain")
    board.add(0, "Goblin Piker")
    board.add(0, "Goblin Piker")
    trail = board.add(0, "Burn Trail", Zone.HAND)
    game = board.start()
    assert _conspire_offers(game, trail)


def test_not_offered_with_creatures_of_another_color(board):
    for _ in range(4):
        board.add(0, "Mountain")
    board.add(0, "Grizzly Bears")
    board.add(0, "Goblin Piker")
    trail = board.add(0, "Burn Trail", Zone.HAND)
    game = board.start()
    plain = [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == trail]
    assert plain and not _conspire_offers(game, trail)
