"""Properties (hypothesis): determinism, clone equivalence, card conservation, JSON round-trip.

Each property plays random legal decisions from the bundled decks with a
seeded random agent; hypothesis chooses the seeds and where to clone.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game.invariants import card_count, check
from mtg_engine.game.state import Game
from mtg_engine.rules.setup import new_game

_DECKS = None


def decks():
    global _DECKS
    if _DECKS is None:
        _DECKS = [load_deck("red-green").card_defs(), load_deck("white-blue").card_defs()]
    return _DECKS


def play(game: Game, agents, steps: int) -> list:
    actions = []
    for _ in range(steps):
        if game.outcome is not None:
            break
        a = agents[game.pending.player].choose(game)
        actions.append(a)
        game.apply(a)
    return actions


def log_of(game: Game) -> list[str]:
    return [str(e) for e in game.log]


SETTINGS = settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_same_seed_same_decisions_same_log(seed):
    g1 = new_game(decks(), seed=seed)
    actions = play(g1, [RandomAgent(seed), RandomAgent(seed + 1)], 400)
    g2 = new_game(decks(), seed=seed)
    for a in actions:
        g2.apply(a.unbound())  # another game: the actions are checked by what they say
    assert log_of(g1) == log_of(g2)


@SETTINGS
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 300))
def test_clone_then_same_decisions_ends_like_original(seed, cut):
    g = new_game(decks(), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    play(g, agents, cut)
    c = g.clone()
    rest = play(g, agents, 300)
    for a in rest:
        c.apply(a)
    assert log_of(c) == log_of(g)
    assert c.to_json() == g.to_json()


@SETTINGS
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 300))
def test_clone_is_independent(seed, cut):
    g = new_game(decks(), seed=seed)
    play(g, [RandomAgent(seed), RandomAgent(seed + 1)], cut)
    before = g.to_json()
    c = g.clone()
    play(c, [RandomAgent(seed + 5), RandomAgent(seed + 6)], 100)
    assert g.to_json() == before


@SETTINGS
@given(seed=st.integers(0, 2**31))
def test_cards_are_conserved_and_each_in_one_zone(seed):
    g = new_game(decks(), seed=seed)
    total = card_count(g)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    for _ in range(600):
        if g.outcome is not None:
            break
        g.apply(agents[g.pending.player].choose(g))
        assert check(g, total) == []


@SETTINGS
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 300))
def test_json_round_trip(seed, cut):
    g = new_game(decks(), seed=seed)
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    play(g, agents, cut)
    data = json.loads(json.dumps(g.to_json()))
    g2 = Game.from_json(data)
    assert g2.to_json() == g.to_json()
    rest = play(g, agents, 100)
    for a in rest:
        g2.apply(a)
    assert log_of(g2) == log_of(g)
