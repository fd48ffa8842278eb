"""Typed events, decisions and turn flags survive a save as JSON text exactly."""

from __future__ import annotations

import json

import pytest

from mtg_engine import DecisionKind, Game, GameFormatError, new_game_from_decks
from mtg_engine.agents import make_agent
from mtg_engine.game.events import EventKind
from mtg_engine.game.turn_flags import TurnFlags


def _played(seed: int, decisions: int) -> Game:
    game = new_game_from_decks("red-green", "white-blue", seed=seed)
    agent = make_agent("random", seed)
    for _ in range(decisions):
        if game.outcome is not None:
            break
        game.apply(agent.choose(game))
    return game


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_kinds_and_flags_come_back_as_their_types(seed: int) -> None:
    game = _played(seed, 150)
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert [type(e.kind) for e in loaded.log] == [EventKind] * len(game.log)
    assert loaded.log == game.log
    assert game.pending is not None and loaded.pending is not None
    assert type(loaded.pending.kind) is DecisionKind
    assert loaded.pending.kind is game.pending.kind
    assert isinstance(loaded.turn_flags, TurnFlags)
    assert loaded.turn_flags == game.turn_flags


def test_a_clone_has_its_own_turn_flags() -> None:
    game = _played(4, 60)
    copy = game.clone()
    copy.turn_flags.fizzled.add(10_000)
    copy.turn_flags.spells_cast += 1
    assert 10_000 not in game.turn_flags.fizzled
    assert game.turn_flags.spells_cast == copy.turn_flags.spells_cast - 1


def test_an_unknown_event_kind_is_a_format_error() -> None:
    data = json.loads(json.dumps(_played(5, 20).to_json()))
    data["log"][0]["kind"] = "zone_chnage"
    with pytest.raises(GameFormatError, match="unknown event kind 'zone_chnage'"):
        Game.from_json(data)


def test_an_unknown_decision_kind_is_a_format_error() -> None:
    data = json.loads(json.dumps(_played(6, 20).to_json()))
    data["pending"]["kind"] = "prioritee"
    with pytest.raises(GameFormatError, match="unknown decision kind 'prioritee'"):
        Game.from_json(data)
