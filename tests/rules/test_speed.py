"""Speed (CR 702.179) and max speed (CR 702.178)."""

from __future__ import annotations

from mtg_engine.cards.abilities import AbilityKind
from mtg_engine.cards.compiler import compile_text
from mtg_engine.game.serialize import game_from_json, game_to_json
from mtg_engine.game.state import Game
from mtg_engine.rules.damage import lose_life
from mtg_engine.rules.sba import check_state_based_actions
from mtg_engine.rules.speed import increase_speed, speed_of


def test_no_speed_reads_as_zero_and_an_increase_sets_it(board) -> None:
    game = board.start()
    assert game.players[0].speed is None  # CR 702.179b
    assert speed_of(game, 0) == 0  # CR 702.179f
    increase_speed(game, 0, 2, ("702.179c",))
    assert game.players[0].speed == 2  # CR 702.179c: from no speed, that value


def test_704_5z_only_with_a_permanent_that_has_start_your_engines(board) -> None:
    board.add(0, "Gastal Raider")
    board.add(1, "Grizzly Bears")
    game = board.start()
    check_state_based_actions(game)
    assert game.players[0].speed == 1
    assert game.players[1].speed is None


def test_the_speed_trigger_waits_for_life_loss_on_your_turn(board) -> None:
    board.add(0, "Gastal Raider")
    game = board.start(active=0)
    check_state_based_actions(game)
    game.pending_triggers.clear()
    lose_life(game, 0, 1, ("119.3",))  # the active player's own loss: no trigger
    assert not game.pending_triggers
    lose_life(game, 1, 1, ("119.3",))
    assert [t["source_name"] for t in game.pending_triggers] == ["Speed"]
    lose_life(game, 1, 1, ("119.3",))  # only once each turn
    assert len(game.pending_triggers) == 1


def test_speed_survives_save_and_load(board) -> None:
    game = board.start()
    game.players[1].speed = 3
    again = game_from_json(game_to_json(game), Game)
    assert again.players[1].speed == 3


def test_max_speed_is_a_conditional_static_ability() -> None:
    face = compile_text(
        "Start your engines!\nMax speed — This creature gets +1/+1 and has menace.",
        "Gastal Raider",
        ("Creature",),
    )
    kw, static = face.abilities
    assert kw.keyword == "Start your engines!"
    assert static.kind is AbilityKind.STATIC
    assert all(
        st.condition is not None and st.condition.kind == "max_speed" for st in static.static
    )
