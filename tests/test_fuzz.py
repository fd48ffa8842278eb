"""Random-playout conformance (OpenSpiel's random_sim_test): whole games with
random legal decisions across the bundled decks, asserting invariants after
every decision. 200 games by default; ``pytest -m slow`` runs 2,000."""

from __future__ import annotations

import itertools

import pytest

from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import bundled_decks, load_deck
from mtg_engine.fuzz import (
    DECK_SIZE,
    conservation_problems,
    full_pool,
    leak_problems,
    play_fuzz_game,
    run_fuzz,
    summarize,
    warm_up,
)
from mtg_engine.game.events import Event
from mtg_engine.game.invariants import card_count, card_uids, check
from mtg_engine.game.objects import Zone
from mtg_engine.rules.layers import creature_types
from mtg_engine.rules.setup import new_game
from mtg_engine.rules.zones import move
from mtg_engine.sim import game_seed


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


# --------------------------------------------------------------------------- the whole pool

#: the fully compiled cards of a fixed spread of the card file (quick to grade)
_POOL: list[str] | None = None


def sample_pool() -> list[str]:
    global _POOL
    if _POOL is None:
        _POOL = full_pool(sample=1500)
    return _POOL


def assert_clean(summary) -> None:
    bad = summary.signatures
    assert not bad, "\n".join(f"{s['games']} x seed {s['seed']}: {s['signature']}" for s in bad)


def test_whole_pool_fuzz_100_games():
    """Random decks from the fully compiled pool (a spread of the card file), random
    and heuristic play: no crash, no broken invariant, no leak, no divergence of a
    clone or a JSON round trip, no endless game."""
    results = run_fuzz(100, seed=0, pool=sample_pool(), check_every=10)
    summary = summarize(results, 0, 0.0)
    assert summary.games == 100
    assert_clean(summary)


@pytest.mark.parametrize("players", [3, 4])
def test_whole_pool_fuzz_multiplayer(players: int):
    """Games of three and four players (``mtg fuzz --players N``): every deck gets a
    player, the game plays to its end, and nothing breaks; no player who has left the
    game is asked a decision (CR 800.4a, checked by the fuzz)."""
    results = run_fuzz(2, seed=players, pool=sample_pool(), players=players, check_every=10)
    for r in results:
        assert len(r.decks) == len(r.agents) == players
        assert r.reason and r.decisions > 0
    assert_clean(summarize(results, players, 0.0))


def test_a_multiplayer_game_goes_on_after_a_player_loses():
    """CR 800.4: a multiplayer game continues after a player leaves it; turns and
    priority skip that player (800.4k, 800.4a), and the last player in wins (104.2a)."""
    deck = load_deck("red-green").card_defs()
    g = new_game([deck, deck, deck], seed=2)
    agents = [make_agent("random", i) for i in range(3)]
    while g.turn < 2:
        g.apply(agents[g.pending.player].choose(g))
    g.players[1].life = 0
    while g.outcome is None and not g.players[1].has_lost:
        g.apply(agents[g.pending.player].choose(g))
    assert g.players[1].has_lost and g.outcome is None
    turns_of = set()
    while g.outcome is None and g.turn <= 60:
        assert g.pending.player != 1, "a player who left the game is asked to decide"
        turns_of.add(g.active)
        g.apply(agents[g.pending.player].choose(g))
    assert 1 not in turns_of and turns_of == {0, 2}
    if g.outcome is not None:
        assert g.outcome.winner in (0, 2, None)


@pytest.mark.slow
@pytest.mark.parametrize("chunk", range(20))
def test_whole_pool_fuzz_10000_games(chunk: int):
    """10,000 games of the whole fully compiled pool in 20 chunks of 500, each a run
    of its own seed as ``mtg fuzz --games 500 --seed 1000+chunk`` plays it; one chunk:
    ``pytest -m slow "tests/test_fuzz.py::test_whole_pool_fuzz_10000_games[0]"``."""
    results = run_fuzz(500, seed=1000 + chunk, pool=full_pool())
    assert_clean(summarize(results, 1000 + chunk, 0.0))


def test_a_fuzz_game_replays_from_its_seed():
    """``mtg fuzz --replay SEED``: the same seed gives the same decks, agents and game."""
    pool = sample_pool()
    a = play_fuzz_game(game_seed(3, 7), pool, keep_game=True)
    b = play_fuzz_game(game_seed(3, 7), pool, keep_game=True)
    assert a.decks == b.decks and a.agents == b.agents
    assert [str(e) for e in a.game.log] == [str(e) for e in b.game.log]
    assert sum(n for n, _ in a.decks[0]) == DECK_SIZE


def test_warm_up_loads_the_rules_text_before_decisions_are_timed():
    # the first game of a process must not time the parsing of the CR (205.3m) as a decision
    creature_types.cache_clear()
    warm_up()
    assert creature_types.cache_info().currsize == 1
    assert {"Elf", "Goblin", "Time Lord"} <= creature_types()


def test_conservation_check_sees_a_card_from_nowhere():
    """The check that found "return target spell or creature" making a card in a hand
    from an ability: a card that appears (a new physical card) is reported."""
    g = new_game([load_deck("red-green").card_defs()] * 2, seed=1)
    cards = card_uids(g)
    assert conservation_problems(g, cards) == []
    g.create_card(g.objects[g.players[0].library[0]].card, 0, Zone.HAND)
    assert any("appeared" in p for p in conservation_problems(g, cards))


def test_leak_check_sees_a_named_card_from_hand_to_library():
    """CR 401.2, 402.3: a card put from a hand on top of its owner's library is not
    named to the other player; the leak check reports a log line that names it."""
    g = new_game([load_deck("red-green").card_defs()] * 2, seed=1)
    card = g.players[0].hand[0]
    name = g.objects[card].name
    move(g, card, Zone.LIBRARY, ("401.4",))
    ev = g.log[-1]
    assert ev.kind == "zone_change" and name in ev.text
    assert not any(name in e["text"] for e in g.observe(1)["log"][-1:])
    assert leak_problems(g, 1, [ev]) == []
    leaky = Event(ev.kind, ev.rules, ev.text, {**ev.data, "from_zone": "hand"}, ev.turn)
    from mtg_engine.rules import views

    real = views.hidden_move
    try:
        views.hidden_move = lambda ev, viewer: False  # a view that forgets the rule
        assert leak_problems(g, 1, [leaky])
    finally:
        views.hidden_move = real
