"""Turn structure and state-based actions (CR 500-514, 704)."""

from __future__ import annotations

from mtg_engine.game.actions import PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Step


def test_starting_player_skips_first_draw(board):
    """CR 103.8a."""
    game = board.start(turn=1, active=0, step=Step.UNTAP)
    assert game.turn == 1 and game.step == Step.UPKEEP
    while game.step != Step.PRECOMBAT_MAIN:
        game.apply(PassPriority())
    assert len(game.players[0].hand) == 0
    assert any("103.8a" in e.rules for e in game.log)


def test_draw_step_draws(board):
    """CR 504.1."""
    game = board.start(turn=2, active=1, step=Step.UPKEEP)
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.step == Step.DRAW
    assert len(game.players[1].hand) == 1


def test_empty_library_loses(board):
    """CR 704.5b."""
    for _ in range(2):
        board.add(0, "Forest", Zone.LIBRARY)
    board.libraries[1] = True  # B: empty library
    game = board.start(turn=2, active=1, step=Step.DRAW)
    assert game.outcome is not None and game.outcome.winner == 0
    assert game.outcome.rule == "704.5b"


def test_life_zero_loses(board):
    """CR 704.5a."""
    game = board.start()
    game.players[1].life = 0
    game.apply(PassPriority())
    assert game.outcome is not None and game.outcome.winner == 0


def test_discard_to_hand_size_and_damage_wears_off(board):
    """CR 514.1-514.2."""
    for _ in range(9):
        board.add(0, "Gray Ogre", Zone.HAND)
    bears = board.add(1, "Grizzly Bears", damage=1)
    game = board.start(step=Step.END)
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.decision.kind == "choose_objects"
    assert game.decision.rule == "514.1"
    game.apply(game.legal_actions()[0])
    assert len(game.players[0].hand) == 7
    assert game.objects[bears].damage == 0


def test_mana_empties_between_steps(board):
    """CR 500.4."""
    game = board.start()
    game.players[0].mana_pool[4] = 2
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert game.players[0].mana_pool == [0, 0, 0, 0, 0, 0]
    assert any("500.4" in e.rules for e in game.log)
