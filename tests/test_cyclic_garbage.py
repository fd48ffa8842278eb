"""A game leaves no reference cycles behind (issue 12: speed of the rules core).

What a game no longer needs is freed by reference counting as soon as it is
dropped; a reference cycle (a recursive closure, closures that call each other)
is freed only by the cyclic garbage collector, and each one counts towards its
next collection, which traverses every young object (benchmarks/mypyc.md, session
28: the mana payment search's closures made about 1,400 such objects a compiled
random game). The search and the choice references are records and functions
now; these games must end with nothing for the collector to find.
"""

from __future__ import annotations

import gc

import pytest

from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.rules.setup import new_game


@pytest.mark.parametrize(("agent", "seed"), [("random", 5), ("random", 6), ("heuristic", 7)])
def test_a_seeded_game_makes_no_cyclic_garbage(agent: str, seed: int) -> None:
    decks = [load_deck(name).card_defs() for name in ("red-green", "white-blue")]
    game = new_game(decks, seed=seed)
    agents = [make_agent(agent, seed + i) for i in range(2)]
    gc.collect()
    enabled = gc.isenabled()
    gc.disable()
    try:
        decisions = 0
        while game.outcome is None and game.turn <= 40:
            d = game.pending
            assert d is not None
            game.apply(agents[d.player].choose(game))
            decisions += 1
        found = gc.collect()
    finally:
        if enabled:
            gc.enable()
    assert decisions > 100  # a whole game was played (mana paid, spells cast)
    assert found == 0
