"""Mana that can be spent only on some things (CR 106.6): the legal actions agree
with the payment, and the restriction stays with the mana in the pool."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility, CastSpell
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game


def test_legal_actions_offer_only_what_the_restricted_mana_pays_for(board):
    """CR 106.6: with Mishra's Workshop and an Island, an artifact costing {4}
    can be cast and a sorcery costing {2}{U} can't."""
    juggernaut = board.add(0, "Juggernaut", Zone.HAND)
    divination = board.add(0, "Divination", Zone.HAND)
    board.add(0, "Mishra's Workshop")
    board.add(0, "Island")
    game = board.start()
    actions = game.legal_actions()
    assert CastSpell(juggernaut) in actions
    assert CastSpell(divination) not in actions


def test_restricted_mana_in_the_pool_survives_save_and_load(board):
    """The restriction stays with each mana it applies to (CR 106.6)."""
    workshop = board.add(0, "Mishra's Workshop")
    juggernaut = board.add(0, "Juggernaut", Zone.HAND)
    board.add(0, "Island")
    game = board.start()
    game.apply(ActivateAbility(workshop, 0))
    p = game.players[0]
    assert p.mana_pool == [0, 0, 0, 0, 0, 0]
    assert len(p.restricted_mana) == 3
    again = Game.from_json(game.to_json())
    assert again.players[0].restricted_mana == p.restricted_mana
    assert CastSpell(juggernaut) in again.legal_actions()
    again.apply(CastSpell(juggernaut))
    assert again.players[0].restricted_mana == []
