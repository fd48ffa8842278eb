"""The monarch (CR 724): a designation on a player that survives cloning, saving
and the player's view of the game."""

from __future__ import annotations

from mtg_engine.game.serialize import game_from_json, game_to_json
from mtg_engine.game.state import Game
from mtg_engine.rules.monarch import become_monarch, monarch_of
from mtg_engine.rules.views import observe


def test_one_monarch_at_a_time(board) -> None:
    game = board.start()
    assert monarch_of(game) is None  # CR 724.1: none until an effect says so
    become_monarch(game, 0, ("724.1",))
    become_monarch(game, 1, ("724.1",))
    assert [p.monarch for p in game.players] == [False, True]  # CR 724.3


def test_the_monarch_survives_clone_and_save(board) -> None:
    game = board.start()
    become_monarch(game, 1, ("724.1",))
    assert monarch_of(game.clone()) == 1
    again = game_from_json(game_to_json(game), Game)
    assert monarch_of(again) == 1
    become_monarch(again, 0, ("724.1",))
    assert monarch_of(game) == 1  # the copy is independent


def test_every_player_sees_who_the_monarch_is(board) -> None:
    game = board.start()
    become_monarch(game, 0, ("724.1",))
    for viewer in (0, 1):
        assert [p["monarch"] for p in observe(game, viewer)["players"]] == [True, False]
