"""Day and night (CR 730) survive clone() and the JSON round trip, a saved game
with a wrong designation is refused, and a daybound permanent transforms only by
its daybound ability (CR 702.145b)."""

from __future__ import annotations

import json

import pytest

from mtg_engine import Game, GameFormatError, new_game_from_decks
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.objects import Zone
from mtg_engine.rules.day_night import NIGHT, become
from mtg_engine.rules.multiface_play import transform


def _game() -> Game:
    return new_game_from_decks("red-green", "white-blue", seed=3)


def test_day_night_survives_clone_and_json() -> None:
    g = _game()
    assert g.day_night is None  # CR 730.1: neither as the game starts
    become(g, NIGHT, ("730.1",))
    assert g.clone().day_night == "night"
    loaded = Game.from_json(json.loads(json.dumps(g.to_json())))
    assert loaded.day_night == "night"
    assert loaded.legal_actions() == g.legal_actions()


def test_bad_day_night_in_a_saved_game_is_refused() -> None:
    d = _game().to_json()
    d["day_night"] = "dusk"
    with pytest.raises(GameFormatError, match="day_night"):
        Game.from_json(d)


def test_daybound_permanent_transforms_only_by_daybound() -> None:
    g = _game()
    card = card_def("Fearful Villager")
    o = g.create_card(card, 0, Zone.BATTLEFIELD)
    g.battlefield.append(o.id)
    g.invalidate()
    assert not transform(g, o, ("701.27a",))  # CR 702.145b
    assert o.face == 0
    assert transform(g, o, ("702.145b",), day_night=True)
    assert o.face == 1
