"""Event-based delayed triggered abilities (CR 603.7a, 603.7c): "when you lose control
of the creature" (Ray of Command) lives in the game state, survives clone() and the JSON
round-trip, and triggers once."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, ChooseTargets, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step


def _advance(game: Game, step: int, turn: int) -> None:
    while not (game.step == step and game.turn == turn) and game.outcome is None:
        if game.decision.kind == "priority":
            game.apply(PassPriority())
        else:
            game.apply(game.legal_actions()[0])


def _ray_resolved(board):
    ray = board.add(0, "Ray of Command", Zone.HAND)
    for _ in range(4):
        board.add(0, "Island")
    bears = board.add(1, "Grizzly Bears", tapped=True)
    game = board.start()
    game.apply(CastSpell(ray))
    if game.decision.kind == "targets":
        game.apply(ChooseTargets((bears,)))
    while game.stack:
        game.apply(PassPriority())
    return game, bears


def test_lose_control_trigger_is_state(board):
    """CR 603.7a: the ability waits in ``delayed_triggers`` for its event."""
    game, bears = _ray_resolved(board)
    assert game.objects[bears].controller == 0
    assert not game.objects[bears].tapped  # untapped by Ray of Command
    [rec] = game.delayed_triggers
    assert rec["on"] == "lose_control" and rec["objs"] == [bears]


def test_lose_control_trigger_survives_clone_and_json(board):
    """Architecture §2: the copies trigger it too; the original is untouched."""
    game, bears = _ray_resolved(board)
    for copy in (game.clone(), Game.from_json(game.to_json())):
        assert copy.delayed_triggers == game.delayed_triggers
        _advance(copy, Step.UPKEEP, 4)
        assert copy.objects[bears].controller == 1
        assert not copy.delayed_triggers  # it triggered once and is gone (603.7c)
        tapped = [e for e in copy.log if e.kind == "tap" and "Grizzly Bears" in e.text]
        assert tapped, "the creature is tapped when its controller loses control"
    assert game.objects[bears].controller == 0
    assert len(game.delayed_triggers) == 1
