"""CR 118.8, 601.2h: a card that may be cast from the graveyard "by discarding a card
in addition to paying its other costs" (Alien Symbiosis) isn't offered while its
controller has no card to discard: the cost can't be paid. It was offered (the
cheap cost check saw only the mana cost), every attempt was reversed (601.2e), and
a random player chose it forever (mtg fuzz seed 9603448517)."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell
from mtg_engine.game.objects import Zone


def _offered(game, card):
    return [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == card]


def test_not_offered_with_an_empty_hand(board):
    for _ in range(2):
        board.add(0, "Swamp")
    board.add(0, "Grizzly Bears")
    aura = board.add(0, "Alien Symbiosis", Zone.GRAVEYARD)
    game = board.start()
    assert not game.players[0].hand
    assert _offered(game, aura) == []


def test_offered_with_a_card_to_discard(board):
    for _ in range(2):
        board.add(0, "Swamp")
    board.add(0, "Grizzly Bears")
    board.add(0, "Island", Zone.HAND)
    aura = board.add(0, "Alien Symbiosis", Zone.GRAVEYARD)
    game = board.start()
    assert _offered(game, aura)
