"""Random-playout conformance (OpenSpiel's random_sim_test): whole games with
random legal decisions across the bundled decks, asserting invariants after
every decision. 200 games by default; ``pytest -m slow`` runs 2,000."""

from __future__ import annotations

import itertools

import pytest

from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import bundled_decks, load_deck
from mtg_engine.game.invariants import card_count, check
from mtg_engine.rules.setup import new_game


def _pairs():
    names = bundled_decks()
    return list(itertools.product(names, names))


def run(n_games: int, agents=("random", "random"), check_every: int = 1) -> None:
    pairs = _pairs()
    cache = {n: load_deck(n).card_defs() for n in bundled_decks()}
    for i in range(n_games):
        a, b = pairs[i % len(pairs)]
        g = new_game([cache[a], cache[b]], seed=i)
        total = card_count(g)
        ags = [make_agent(agents[0], i), make_agent(agents[1], i + 1)]
        steps = 0
        while g.outcome is None and g.turn <= 200:
            g.apply(ags[g.pending.player].choose(g))
            steps += 1
            if steps % check_every == 0:
                problems = check(g, total)
                assert not problems, f"game {i} ({a} vs {b}) step {steps}: {problems}"
        assert not check(g, total)


def test_fuzz_200_random_games():
    run(200, check_every=7)


def test_fuzz_heuristic_games():
    run(20, agents=("heuristic", "heuristic"))


@pytest.mark.slow
def test_fuzz_2000_random_games():
    run(2000)
