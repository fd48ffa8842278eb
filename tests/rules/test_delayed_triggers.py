"""Delayed triggered abilities (CR 603.7): game state, clone, JSON, trigger once."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.delayed import BoundRef


def _pass_until(game: Game, step: int, turn: int) -> None:
    while not (game.step == step and game.turn == turn) and game.outcome is None:
        if game.decision.kind == "priority":
            game.apply(PassPriority())
        else:  # no attackers, no blockers, the first legal answer
            game.apply(game.legal_actions()[0])


def _armodon_activated(board):
    armodon = board.add(0, "Crazed Armodon")
    board.add(0, "Forest")
    game = board.start()
    game.apply(ActivateAbility(armodon, 0))
    while game.stack:
        game.apply(PassPriority())
    return game, armodon


def test_delayed_trigger_is_game_state_and_binds_its_object(board):
    """CR 603.7a, 603.7c: the ability lives in the state, its "this creature" fixed."""
    game, armodon = _armodon_activated(board)
    assert len(game.delayed_triggers) == 1
    rec = game.delayed_triggers[0]
    assert rec["step"] == "end"
    destroy = rec["ability"].effects[0]
    assert destroy.args["what"] == BoundRef((armodon,))
    assert any("603.7a" in e.rules for e in game.log)


def test_delayed_trigger_survives_clone_and_json(board):
    """Architecture §2: clone() and the JSON round-trip keep delayed triggers."""
    game, armodon = _armodon_activated(board)
    for copy in (game.clone(), Game.from_json(game.to_json())):
        assert copy.delayed_triggers == game.delayed_triggers
        _pass_until(copy, Step.CLEANUP, 3)
        assert copy.objects.get(armodon) is None  # destroyed in the copy
        assert not copy.delayed_triggers
    assert game.objects[armodon].zone == Zone.BATTLEFIELD  # the original is untouched
    assert len(game.delayed_triggers) == 1


def test_delayed_trigger_triggers_once(board):
    """CR 603.7b: after it triggered, it's gone; the next end step does nothing."""
    game, armodon = _armodon_activated(board)
    _pass_until(game, Step.CLEANUP, 3)
    assert not game.delayed_triggers
    triggered = [e for e in game.log if e.kind == "trigger"]
    _pass_until(game, Step.CLEANUP, 4)
    assert [e for e in game.log if e.kind == "trigger"] == triggered


def test_end_of_combat_delayed_trigger_expires_with_its_turn(board):
    """CR 603.7b, 511: "at end of combat" means this turn's end of combat."""
    game = board.start(step=Step.POSTCOMBAT_MAIN)
    game.delayed_triggers.append(
        {"step": "end_of_combat", "this_turn": True, "created_turn": 3, "controller": 0}
    )
    _pass_until(game, Step.END_OF_COMBAT, 5)
    assert not game.delayed_triggers
    assert not game.pending_triggers
