""" "You may look at the top card of your library any time" (CR 401.5): the
player's view shows the top card to that player only (CR 401.2)."""

from __future__ import annotations

from mtg_engine.game.objects import Zone
from mtg_engine.rules.views import observe


def _library(board, player: int, bottom_to_top: list[str]) -> None:
    for name in bottom_to_top:
        board.add(player, name, Zone.LIBRARY)


def _top_seen(game, viewer: int, whose: int):
    top = observe(game, viewer)["players"][whose]["library_top"]
    return None if top is None else top["name"]


def test_the_controller_sees_the_top_card_and_the_opponent_doesnt(board) -> None:
    board.add(0, "Sphinx of Jwar Isle")
    _library(board, 0, ["Lightning Bolt", "Island"])  # Island on top
    _library(board, 1, ["Forest"])
    game = board.start()
    assert _top_seen(game, 0, 0) == "Island"
    assert _top_seen(game, 1, 0) is None  # CR 401.2: hidden from the opponent
    assert _top_seen(game, 1, 1) is None  # B has no such ability
    assert "Island" not in repr(observe(game, 1))


def test_without_the_ability_no_one_sees_it(board) -> None:
    board.add(0, "Grizzly Bears")
    _library(board, 0, ["Island"])
    game = board.start()
    assert _top_seen(game, 0, 0) is None


def test_a_new_top_card_is_hidden_while_a_spell_is_being_cast(board) -> None:
    board.add(0, "Sphinx of Jwar Isle")
    _library(board, 0, ["Lightning Bolt", "Island"])
    game = board.start()
    island = game.players[0].library[-1]
    game.push_task("cast", {"library_tops": [island, None], "player": 0})
    assert _top_seen(game, 0, 0) == "Island"
    game.players[0].library.pop()  # the top card changes mid-cast (CR 401.5)
    assert _top_seen(game, 0, 0) is None
    game.tasks.pop()  # the spell became cast: the new top card may be looked at
    assert _top_seen(game, 0, 0) == "Lightning Bolt"


def test_a_top_card_played_revealed_is_seen_by_every_player(board) -> None:
    # "Play with the top card of your library revealed" (CR 401.5, 701.18c)
    board.add(0, "Mul Daya Channelers")
    _library(board, 0, ["Lightning Bolt", "Island"])  # Island on top
    _library(board, 1, ["Forest"])
    game = board.start()
    assert _top_seen(game, 0, 0) == "Island"
    assert _top_seen(game, 1, 0) == "Island"  # revealed: the opponent sees it too
    assert _top_seen(game, 0, 1) is None  # B's own library stays hidden (CR 401.2)
    game.players[0].library.pop()
    game.invalidate()
    assert _top_seen(game, 1, 0) == "Lightning Bolt"  # the new top card is revealed
