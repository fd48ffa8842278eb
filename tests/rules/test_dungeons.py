"""Dungeons (CR 309) and the initiative (CR 725): every room ability compiles and
runs; the dungeon in the command zone, the venture marker, the dungeons completed
and the initiative survive cloning and saving, and every player sees them."""

from __future__ import annotations

import pytest

from mtg_engine.cards.abilities import CompiledFace
from mtg_engine.game.invariants import card_count, check
from mtg_engine.game.serialize import game_from_json, game_to_json
from mtg_engine.game.state import Game
from mtg_engine.rules.dungeons import (
    DUNGEONS,
    complete_dungeon,
    dungeon_of,
    dungeon_view,
    enter_dungeon,
    move_marker,
    room_ability,
    room_unparsed,
)
from mtg_engine.rules.initiative import take_initiative
from mtg_engine.rules.support import face_unsupported
from mtg_engine.rules.views import observe

ROOMS = [(d.name, i) for d in DUNGEONS.values() for i in range(len(d.rooms))]


@pytest.mark.parametrize(("dungeon", "room"), ROOMS)
def test_every_room_ability_compiles_and_runs(dungeon: str, room: int) -> None:
    assert room_unparsed(dungeon, room) == ()
    ability = room_ability(dungeon, room)
    assert ability.effects
    assert face_unsupported(CompiledFace(abilities=(ability,))) == []


def test_every_arrow_points_down_to_a_room_and_only_the_bottommost_has_none() -> None:
    for d in DUNGEONS.values():
        for i, r in enumerate(d.rooms):
            assert all(i < n <= d.bottommost for n in r.next), (d.name, r.name)
            assert bool(r.next) == (i != d.bottommost), (d.name, r.name)


def test_the_dungeon_survives_clone_and_save_and_everyone_sees_it(board) -> None:
    game = board.start()
    enter_dungeon(game, 1, "Lost Mine of Phandelver", ("701.49a",))
    move_marker(game, 1, 2, ("701.49b",))
    take_initiative(game, 0, ("725.1",))
    game.pending_triggers.clear()
    for copy in (game.clone(), game_from_json(game_to_json(game), Game)):
        assert dungeon_view(copy, 1) == {
            "name": "Lost Mine of Phandelver",
            "room": 2,
            "room_name": "Mine Tunnels",
        }
        o = dungeon_of(copy, 1)
        assert o is not None and o.name == "Lost Mine of Phandelver"
        assert copy.players[0].initiative and not copy.players[1].initiative
    for viewer in (0, 1):
        players = observe(game, viewer)["players"]
        assert [p["dungeon"] for p in players] == [
            None,
            {"name": "Lost Mine of Phandelver", "room": 2, "room_name": "Mine Tunnels"},
        ]
        assert [p["initiative"] for p in players] == [True, False]


def test_a_completed_dungeon_leaves_the_game_and_is_counted(board) -> None:
    game = board.start()
    enter_dungeon(game, 0, "Tomb of Annihilation", ("701.49a",))
    oid = game.players[0].dungeon
    complete_dungeon(game, 0, ("309.7",))
    assert oid not in game.objects and oid not in game.command
    assert game.players[0].dungeon is None
    copy = game_from_json(game_to_json(game), Game)
    assert copy.players[0].dungeons_completed == ("Tomb of Annihilation",)
    assert observe(copy, 1)["players"][0]["dungeons_completed"] == ["Tomb of Annihilation"]


def test_a_dungeon_card_is_not_one_of_the_games_cards(board) -> None:
    """CR 309.2a: the dungeon comes into the command zone from outside the game, so
    card conservation (the fuzz's invariant) doesn't count it, as with emblems."""
    game = board.start()
    before = card_count(game)
    enter_dungeon(game, 0, "Undercity", ("701.49d",))
    assert dungeon_of(game, 0) is not None
    assert card_count(game) == before
    assert not [p for p in check(game, before) if "card" in p]
