"""The Ring tempts you (CR 701.54): the Ring-bearer designation and the emblem The
Ring survive cloning and saving, and every player sees them."""

from __future__ import annotations

from mtg_engine.game.serialize import game_from_json, game_to_json
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.ring import (
    choose_ring_bearer,
    get_ring,
    ring_bearer_of,
    ring_emblem,
    tempted,
)
from mtg_engine.rules.views import observe


def _tempt(game: Game, player: int, oid: int) -> None:
    get_ring(game, player)
    choose_ring_bearer(game, player, oid)
    tempted(game, player)


def test_the_ring_bearer_is_legendary_and_survives_clone_and_save(board) -> None:
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    assert ring_emblem(game, 0) is None  # CR 701.54c: no emblem before the first time
    _tempt(game, 0, bears)
    assert "Legendary" in chars(game, game.objects[bears]).supertypes
    for copy in (game.clone(), game_from_json(game_to_json(game), Game)):
        assert ring_bearer_of(copy, 0) == bears
        assert copy.players[0].ring_tempted == 1
        assert "Legendary" in chars(copy, copy.objects[bears]).supertypes


def test_the_emblem_gains_abilities_as_the_ring_tempts_again(board) -> None:
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    _tempt(game, 0, bears)
    ring = ring_emblem(game, 0)
    assert ring is not None
    assert len(chars(game, ring).abilities) == 1
    for _ in range(4):
        _tempt(game, 0, bears)
    ring = ring_emblem(game, 0)
    assert ring is not None
    assert len(chars(game, ring).abilities) == 4  # CR 701.54c: four abilities at most
    assert len([o for o in game.command if game.objects[o].name == "The Ring"]) == 1


def test_every_player_sees_the_ring_bearer(board) -> None:
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    _tempt(game, 1, bears)
    for viewer in (0, 1):
        players = observe(game, viewer)["players"]
        assert [p["ring_bearer"] for p in players] == [None, bears]
        assert [p["ring_tempted"] for p in players] == [0, 1]
