"""State triggers (CR 603.8) trigger once and not again while they wait."""

from __future__ import annotations

from mtg_engine.rules.state_triggers import check_state_triggers


def test_a_state_trigger_does_not_trigger_again_while_it_waits(board) -> None:
    dragon = board.add(0, "Covetous Dragon")
    game = board.start()  # the state matched: the ability is on the stack
    waiting = [s for s in game.stack if game.objects[s].source_id == dragon]
    assert len(waiting) == 1
    assert check_state_triggers(game) is False  # it waits on the stack: CR 603.8
    assert not game.pending_triggers


def test_no_trigger_while_the_state_does_not_match(board) -> None:
    board.add(0, "Covetous Dragon")
    board.add(0, "Ornithopter")
    game = board.start()
    game.pending_triggers.clear()
    assert check_state_triggers(game) is False
    assert not game.pending_triggers
