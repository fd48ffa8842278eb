"""Choices on resolution (CR 608.2d, 201.3) and "becomes tapped" triggers (CR 701.26a):
the card-name decision is constrained, not enumerated; taps emit trigger events
only when something could trigger on them."""

from __future__ import annotations

import time

import pytest

from mtg_engine.game.actions import (
    CastSpell,
    ChooseOption,
    ChooseTargets,
    DecisionKind,
    IllegalActionError,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.rules.named_choices import card_name_answer


def _cast_therapy(board) -> tuple:
    therapy = board.add(0, "Cabal Therapy", Zone.HAND)
    board.add(0, "Swamp")
    board.add(1, "Lightning Bolt", Zone.HAND)
    board.add(1, "Forest", Zone.HAND)
    game = board.start()
    game.apply(CastSpell(therapy))
    if game.decision.kind == DecisionKind.TARGETS:
        game.apply(ChooseTargets((player_ref(1),)))
    while game.decision.kind == DecisionKind.PRIORITY and game.stack:
        game.apply(PassPriority())
    return game


def test_card_name_decision_is_constrained_not_enumerated(board):
    """CR 201.3: any nonland card's name is legal, though the options are a small
    sample (no list of every name), and the opponent's hidden hand isn't in it."""
    game = _cast_therapy(board)
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OPTION and d.data["card_name"] == "nonland"
    assert 0 < len(d.data["options"]) <= 40
    assert "Lightning Bolt" not in d.data["options"]  # B's hand is hidden (CR 400.2)
    assert all(game.is_legal(a) is None for a in game.legal_actions())
    assert game.is_legal(ChooseOption("Lightning Bolt")) is None
    assert "land card" in (game.is_legal(ChooseOption("Forest")) or "")
    assert game.is_legal(ChooseOption("Not A Real Card Name")) is not None
    with pytest.raises(IllegalActionError):
        game.apply(ChooseOption("Forest"))
    game.apply(ChooseOption("Lightning Bolt"))
    hand = [game.objects[o].name for o in game.players[1].hand]
    assert hand == ["Forest"]


def test_card_name_answers_are_checked_against_the_card_data():
    assert card_name_answer("lightning bolt", "nonland") == ("Lightning Bolt", None)
    assert card_name_answer("Fire", "any")[0] == "Fire"  # one half of Fire // Ice
    assert card_name_answer("Island", "nonland")[0] is None
    assert card_name_answer("", "any")[0] is None


def test_choice_data_for_names_is_fast(board):
    """No eager list of ~33,000 names: building the decision is cheap."""
    from mtg_engine.rules.named_choices import choice_data

    game = board.start()
    t = time.perf_counter()
    data = choice_data(game, "card_name", 0)
    assert time.perf_counter() - t < 0.2
    assert data["options"] and data["card_name"] == "any"


def test_unwatched_taps_emit_no_trigger_events(board):
    """Hot path: with nothing that triggers on tapping, paying mana logs no
    ``becomes_tapped`` events; with a watcher it does (CR 701.26a)."""
    shock = board.add(0, "Shock", Zone.HAND)
    board.add(0, "Mountain")
    game = board.start()
    game.apply(CastSpell(shock))
    if game.decision.kind == DecisionKind.TARGETS:
        game.apply(ChooseTargets((player_ref(1),)))
    assert not any(e.kind == "becomes_tapped" for e in game.log)


def test_watched_taps_trigger(board):
    shock = board.add(0, "Shock", Zone.HAND)
    board.add(0, "City of Brass")
    game = board.start()
    life = game.players[0].life
    game.apply(CastSpell(shock))
    if game.decision.kind == DecisionKind.TARGETS:
        game.apply(ChooseTargets((player_ref(1),)))
    assert any(e.kind == "becomes_tapped" and "701.26a" in e.rules for e in game.log)
    while game.stack:
        game.apply(PassPriority())
    assert game.players[0].life == life - 1
