"""Loops (CR 104.4b, 731): a loop of mandatory actions is a draw; an optional loop
is repeated a bounded number of times; a game stopped by the drivers' safety cap
is a draw counted apart from the rules' draws."""

from __future__ import annotations

from mtg_engine.agents.loops import MAX_REPEATS, LoopBound
from mtg_engine.cards.decks import load_deck
from mtg_engine.game import state as state_module
from mtg_engine.game.actions import ActivateAbility, PassPriority
from mtg_engine.game.tasks import TASK_HANDLERS
from mtg_engine.rules.setup import new_game
from mtg_engine.sim import CAP_REASONS, play_game, summarize


def test_a_loop_of_mandatory_actions_is_a_draw(monkeypatch):
    """CR 104.4b: work that repeats with no decision for anyone to make ends the game
    in a draw (here a task that never finishes)."""
    game = new_game([load_deck("red-green").card_defs()] * 2, seed=3)
    monkeypatch.setitem(TASK_HANDLERS, "test_loop", lambda g, t: None)
    monkeypatch.setattr(state_module, "MANDATORY_LOOP_STEPS", 1000)
    game.pending = None
    game.push_task("test_loop")
    game.run()
    assert game.outcome is not None
    assert game.outcome.winner is None and game.outcome.rule == "104.4b"
    assert game.pending is None
    assert game.log[-1].kind == "draw_game"


def test_an_optional_loop_is_bounded_per_step(board):
    """CR 731.2a: the random agent repeats a free ability at most MAX_REPEATS times in
    one step, then chooses something else (here, passing)."""
    from mtg_engine.game.objects import Zone

    pyro = board.add(0, "Prodigal Pyromancer")
    board.add(0, "Lightning Bolt", Zone.HAND)
    game = board.start()
    bound = LoopBound()
    ability = ActivateAbility(pyro, 0)
    options = [ability, PassPriority()]
    for _ in range(MAX_REPEATS):
        assert ability in bound.allowed(game, options)
        bound.record(game, ability)
    assert bound.allowed(game, options) == [PassPriority()]
    assert bound.allowed(game, [ability]) == [ability]  # nothing else left: still allowed


def test_the_decision_cap_ends_a_game_as_a_counted_draw():
    decks = [load_deck("red-green").card_defs(), load_deck("white-blue").card_defs()]
    r = play_game(decks, ["random", "random"], seed=5, max_decisions=50)
    assert r.winner is None and r.reason == CAP_REASONS[1] and r.decisions == 50
    s = summarize([r], [load_deck("red-green"), load_deck("white-blue")], ["random"] * 2, 1.0, 0)
    assert s.draws == 1 and s.capped == 1
