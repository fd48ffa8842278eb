"""Loops (CR 104.4b, 731): a loop of mandatory actions is a draw; an optional loop
is repeated a bounded number of times; a game stopped by the drivers' safety cap
is a draw counted apart from the rules' draws."""

from __future__ import annotations

from mtg_engine.agents.loops import MAX_REPEATS, LoopBound
from mtg_engine.cards.decks import load_deck
from mtg_engine.game import state as state_module
from mtg_engine.game.actions import ActivateAbility, CastSpell, PassPriority
from mtg_engine.game.records import OutcomeReason
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


def _forced_loop_game(monkeypatch, limit: int = 50, choice_every: int = 0):
    """A game whose engine asks, for ever, a choice with one legal answer (a trigger
    that must target the only legal object, again and again); with ``choice_every``,
    every so many times a choice between two objects instead."""
    from mtg_engine.game.actions import Decision, DecisionKind

    game = new_game([load_deck("red-green").card_defs()] * 2, seed=3)
    library = game.players[0].library
    asked = [0]

    def ask_again(g, t):
        t.answer = None
        asked[0] += 1
        two = choice_every and asked[0] % choice_every == 0
        g.ask(
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                0,
                "603.3d",
                "choose a target",
                {"candidates": library[:2] if two else library[:1], "min": 1, "max": 1},
            )
        )

    monkeypatch.setitem(TASK_HANDLERS, "test_forced", ask_again)
    monkeypatch.setattr(state_module, "MANDATORY_LOOP_DECISIONS", limit)
    game.pending = None
    game.push_task("test_forced")
    game.run()
    return game


def test_a_loop_of_forced_decisions_is_a_draw(monkeypatch):
    """CR 104.4b: a decision with one legal answer is no choice; a step that asks
    such decisions over and over is a loop of mandatory actions and a draw (not a
    game stopped by the drivers' decision cap)."""
    game = _forced_loop_game(monkeypatch, limit=50)
    applied = 0
    while game.outcome is None and applied < 1000:
        (only,) = game.legal_actions()
        game.apply(only)
        applied += 1
    assert applied == 50
    assert game.outcome.winner is None and game.outcome.rule == "104.4b"
    assert game.outcome.reason == OutcomeReason.MANDATORY_LOOP
    assert game.pending is None and game.log[-1].kind == "draw_game"


def test_forced_decisions_are_counted_alike_for_hand_built_answers(monkeypatch):
    """A clone answered with actions built by hand (no legal_actions call) counts the
    forced decisions too: it ends exactly where the original does."""
    game = _forced_loop_game(monkeypatch, limit=20)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    copy = game.clone()
    while game.outcome is None:
        action = game.legal_actions()[0]
        game.apply(action)
        copy.apply(action.unbound())
    assert copy.outcome == game.outcome and copy.decisions_made == game.decisions_made == 20


def test_a_choice_breaks_the_count_of_forced_decisions(monkeypatch):
    """Decisions with a real choice between them are not a mandatory loop."""
    game = _forced_loop_game(monkeypatch, limit=20, choice_every=10)
    for _ in range(100):
        game.apply(game.legal_actions()[0])
    assert game.outcome is None


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


def test_casting_one_card_is_bounded_per_step_too(board):
    """CR 732.1: a cast reversed as illegal (its cost depended on the targets chosen)
    returns the card as a new object (400.7); an agent that always chooses the same
    way tries that card at most MAX_REPEATS times in the step (the fuzz found an
    endless game of Fate of the Sun-Cryst, seed 9900758249)."""
    from mtg_engine.game.objects import Zone

    bolt = board.add(0, "Lightning Bolt", Zone.HAND)
    game = board.start()
    bound = LoopBound()
    cast = CastSpell(bolt)
    for _ in range(MAX_REPEATS):
        assert cast in bound.allowed(game, [cast, PassPriority()])
        bound.record(game, cast)
    assert bound.allowed(game, [cast, PassPriority()]) == [PassPriority()]
