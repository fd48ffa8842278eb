"""CR 601.2c, 601.2f: "This spell costs {3} less to cast if it targets a tapped
permanent" (Ride's End) is offered at the reduced cost only when something it could
target is such a permanent: a tapped land isn't (it targets a creature or Vehicle).
Offered on the strength of the tapped land, every attempt was reversed (601.2e) and
a random player chose it forever (mtg fuzz seed 9701646786)."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell
from mtg_engine.game.objects import Zone


def _offered(game, card):
    return [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == card]


def test_not_offered_when_only_a_land_is_tapped(board):
    board.add(0, "Plains")
    board.add(0, "Plains")
    board.add(1, "Grizzly Bears")
    board.add(1, "Forest", tapped=True)
    ride = board.add(0, "Ride's End", Zone.HAND)
    game = board.start()
    assert _offered(game, ride) == []


def test_offered_when_a_creature_is_tapped(board):
    board.add(0, "Plains")
    board.add(0, "Plains")
    board.add(1, "Grizzly Bears", tapped=True)
    ride = board.add(0, "Ride's End", Zone.HAND)
    game = board.start()
    assert _offered(game, ride)
