"""The top cards of a library (CR 401.2, 701.20, 406.2): looked-at cards are known
only to the player who looked; "one of them" and "the rest" (CR 608.2c-d)."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    IllegalActionError,
    PassPriority,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.casting import cast_problem
from mtg_engine.rules.play_permissions import grant, may_play_from
from mtg_engine.rules.priority_options import priority_options


def _cast_and_resolve(game: Game, oid: int) -> None:
    game.apply(CastSpell(oid))
    while game.stack and game.decision is not None and game.decision.kind == "priority":
        game.apply(PassPriority())


def _impulse_board(board) -> tuple[Game, int, list[int]]:
    lib = [board.add(0, n, Zone.LIBRARY) for n in ("Swamp", "Hill Giant", "Shock", "Forest")]
    impulse = board.add(0, "Impulse", Zone.HAND)
    for _ in range(2):
        board.add(0, "Island")
    return board.start(), impulse, lib


def _names(view: dict) -> str:
    return " ".join(e["text"] for e in view["log"])


def test_looked_at_cards_are_known_only_to_the_looker(board):
    """CR 401.2: the opponent doesn't learn the cards looked at, nor the one taken."""
    game, impulse, _lib = _impulse_board(board)
    _cast_and_resolve(game, impulse)
    d = game.decision
    assert d.kind == "choose_objects" and d.player == 0 and d.rule == "608.2d"
    assert sorted(game.objects[o].name for o in d.data["candidates"]) == [
        "Forest",
        "Hill Giant",
        "Shock",
        "Swamp",
    ]
    assert "Hill Giant" in _names(game.observe(0))
    assert "Hill Giant" not in _names(game.observe(1))
    pick = [o for o in d.data["candidates"] if game.objects[o].name == "Shock"]
    game.apply(ChooseObjects(tuple(pick)))
    hand = [game.objects[o].name for o in game.players[0].hand]
    assert hand == ["Shock"]
    assert "Shock" not in _names(game.observe(1))
    # the other three went to the bottom (the library's first elements)
    bottom = {game.objects[o].name for o in game.players[0].library[:3]}
    assert bottom == {"Swamp", "Hill Giant", "Forest"}


def test_an_answer_outside_the_looked_at_cards_is_refused(board):
    """CR 608.2d: only the cards looked at can be chosen; the state is untouched."""
    game, impulse, _lib = _impulse_board(board)
    _cast_and_resolve(game, impulse)
    island = game.battlefield[0]
    with pytest.raises(IllegalActionError, match="isn't a legal choice"):
        game.apply(ChooseObjects((island,)))
    assert game.decision is not None and game.decision.kind == "choose_objects"
    assert len(game.players[0].library) == 4


def _to_step(game: Game, turn: int, step: int) -> None:
    from mtg_engine.game.actions import DeclareAttackers, DeclareBlockers

    while not (game.turn == turn and game.step == step):
        k = game.decision.kind
        if k == "attackers":
            game.apply(DeclareAttackers(()))
        elif k == "blockers":
            game.apply(DeclareBlockers(()))
        else:
            game.apply(PassPriority())


def _exiled_shock(board) -> tuple[Game, int]:
    shock = board.add(0, "Shock", Zone.EXILE)
    board.add(0, "Mountain")
    return board.start(), shock


def test_a_play_permission_this_turn_ends_in_the_cleanup_step(board):
    """CR 601.2a, 514.2: "you may play it this turn"."""
    game, shock = _exiled_shock(board)
    assert cast_problem(game, 0, shock) is not None  # no permission yet
    grant(game, None, 0, (shock,), "end_of_turn")
    assert cast_problem(game, 0, shock) is None
    assert CastSpell(shock) in priority_options(game, 0)
    assert cast_problem(game, 1, shock) is not None  # only the permitted player
    _to_step(game, 4, Step.UPKEEP)
    assert not may_play_from(game, 0, game.objects[shock])


def test_until_the_end_of_your_next_turn_lasts_through_that_turn(board):
    """CR 611.2a: "until the end of your next turn" (impulse draw on your own turn)."""
    game, shock = _exiled_shock(board)
    grant(game, None, 0, (shock,), "until_end_of_your_next_turn")
    _to_step(game, 4, Step.UPKEEP)
    assert may_play_from(game, 0, game.objects[shock])  # the opponent's turn
    _to_step(game, 5, Step.PRECOMBAT_MAIN)
    assert cast_problem(game, 0, shock) is None  # your next turn
    _to_step(game, 6, Step.UPKEEP)
    assert not may_play_from(game, 0, game.objects[shock])
