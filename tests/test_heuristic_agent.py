"""The heuristic agent answers priority with the options the game offers: its pass
is the offered PassPriority (CR 117.3d), so ``Game.apply`` takes it by identity
without checking it again, and a pass-only decision is answered with that option."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game.actions import DecisionKind, PassPriority
from mtg_engine.rules.setup import new_game


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31))
def test_priority_answers_are_offered_objects(seed: int) -> None:
    decks = [load_deck(n).card_defs() for n in ("green-stompy", "white-weenie")]
    game = new_game(decks, seed=seed)
    agents = [HeuristicAgent(seed), HeuristicAgent(seed + 1)]
    passes = 0
    while game.outcome is None and game.decisions_made < 400:
        d = game.pending
        assert d is not None
        action = agents[d.player].choose(game)
        if d.kind == DecisionKind.PRIORITY and isinstance(action, PassPriority):
            assert any(action is o for o in game.legal_actions())
            assert action.decision == d.id
            passes += 1
        game.apply(action)
    assert passes > 0
