"""CR 103.6: actions taken with cards in an opening hand (103.6a: Leylines)."""

from __future__ import annotations

import pytest

from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import ChooseObjects, ChooseOption, DecisionKind, IllegalActionError
from mtg_engine.game.objects import Zone
from mtg_engine.rules.setup import begins_on_battlefield, new_game


def _game(a_card: str, b_card: str | None = None, starting: int = 0):
    a = [card_def(a_card)] * 20 + [card_def("Plains")] * 20
    b = [card_def(b_card)] * 20 + [card_def("Island")] * 20 if b_card else [card_def("Island")] * 40
    return new_game([a, b], seed=3, mulligans=False, starting_player=starting)


def _names(game, zone_ids) -> list[str]:
    return [game.objects[o].name for o in zone_ids]


def test_begin_the_game_with_chosen_leylines_on_the_battlefield() -> None:
    g = _game("Leyline of Sanctity")
    d = g.pending
    assert d is not None and d.kind == DecisionKind.CHOOSE_OBJECTS and d.rule == "103.6a"
    cands = d.data["candidates"]
    assert d.player == 0 and d.data["min"] == 0 and len(cands) >= 1
    assert all(begins_on_battlefield(g, o) for o in cands)
    hand_before = len(g.players[0].hand)
    g.apply(ChooseObjects((cands[0],)))
    assert _names(g, g.battlefield) == ["Leyline of Sanctity"]
    assert len(g.players[0].hand) == hand_before - 1
    assert any("103.6a" in e.rules for e in g.log)
    assert g.pending.kind == DecisionKind.PRIORITY  # the first turn has begun


def test_declining_keeps_the_cards_in_hand() -> None:
    g = _game("Leyline of Sanctity")
    g.apply(ChooseObjects(()))
    assert not g.battlefield
    assert g.pending.kind == DecisionKind.PRIORITY


def test_a_card_that_does_not_say_so_cannot_be_chosen() -> None:
    g = _game("Leyline of Sanctity")
    plains = next(o for o in g.players[0].hand if g.objects[o].name == "Plains")
    assert not begins_on_battlefield(g, plains)
    with pytest.raises(IllegalActionError):
        g.apply(ChooseObjects((plains,)))


def test_starting_player_first_then_turn_order() -> None:
    """CR 103.6: the starting player acts first, then each other player in turn order."""
    g = _game("Leyline of Sanctity", "Leyline of Lifeforce", starting=1)
    assert g.pending.player == 1
    g.apply(ChooseObjects(tuple(g.pending.data["candidates"])))
    assert g.pending.kind == DecisionKind.CHOOSE_OBJECTS and g.pending.player == 0
    g.apply(ChooseObjects(()))
    assert set(_names(g, g.battlefield)) == {"Leyline of Lifeforce"}


def test_a_choice_as_it_enters_is_made_before_the_game_begins() -> None:
    """Leyline of Transformation: "As this enchantment enters, choose a creature type"
    (CR 614.12) is asked as it is put onto the battlefield (103.6a)."""
    g = _game("Leyline of Transformation")
    g.apply(ChooseObjects((g.pending.data["candidates"][0],)))
    d = g.pending
    assert d.kind == DecisionKind.CHOOSE_OPTION and d.player == 0
    g.apply(ChooseOption("Elf"))
    ley = next(g.objects[o] for o in g.battlefield)
    assert ley.name == "Leyline of Transformation" and ley.zone == Zone.BATTLEFIELD
    assert (ley.chosen or {}).get("creature_type") == "Elf"
    assert g.pending.kind == DecisionKind.PRIORITY
