"""Exact save/load and clone equivalence over random games from the whole card pool.

Hypothesis builds two random 40-card decks from the fully compiled cards of the
card file (``mtg cards coverage``'s "full": each pick is a random index into the
card file, moved on to the next full card), plus basic lands of the decks'
colors, and plays them with seeded random agents up to a decision cap. At
several decisions of the game the state is written to JSON *text* and read
back, and cloned; from there the restored game and the clone must continue
exactly as the original did: the same decision (kind, player, rule, prompt,
data, identity) and the same legal actions at every step, the same log, and
the same saved state at the end.
"""

from __future__ import annotations

import json
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.cards.abilities import AbilityKind
from mtg_engine.cards.coverage import card_status
from mtg_engine.cards.database import CardDatabase
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import Action, DecisionKind
from mtg_engine.game.objects import CardDef
from mtg_engine.game.serialize import decode, encode
from mtg_engine.game.state import Game
from mtg_engine.rules.setup import new_game
from mtg_engine.rules.support import face_unsupported

BASICS = {
    "white": "Plains",
    "blue": "Island",
    "black": "Swamp",
    "red": "Mountain",
    "green": "Forest",
}


@cache
def card_names() -> list[str]:
    return sorted(CardDatabase.default().names())


@cache
def full_card_at(index: int) -> str:
    """The first fully compiled card at or after ``index`` in the card file (wrapping)."""
    names = card_names()
    db = CardDatabase.default()
    for k in range(len(names)):
        name = names[(index + k) % len(names)]
        if card_status(db.get(name), engine=face_unsupported).status == "full":
            return name
    raise AssertionError("no fully compiled card in the card file")


def random_deck(picks: list[int], land_picks: list[int]) -> list[CardDef]:
    spells = [full_card_at(i) for i in picks]
    colors = sorted(
        {
            c
            for name in spells
            for f in CardDatabase.default().get(name).faces
            for c in f.colors
            if c in BASICS
        }
    ) or list(BASICS)
    lands = [BASICS[colors[i % len(colors)]] for i in land_picks]
    return [card_def(n) for n in spells + lands]


def decks_strategy() -> st.SearchStrategy[list[list[CardDef]]]:
    picks = st.lists(st.integers(0, len(card_names()) - 1), min_size=24, max_size=24)
    lands = st.lists(st.integers(0, 4), min_size=16, max_size=16)
    deck = st.builds(random_deck, picks, lands)
    return st.lists(deck, min_size=2, max_size=2)


Step = tuple[dict[str, Any], list[Action], Action]


def play(game: Game, seed: int, cap: int, cut_every: int) -> tuple[list[Step], dict[int, Any]]:
    """Play with seeded random agents; record each decision, its options and the
    answer, and at every ``cut_every``-th decision a JSON text save and a clone."""
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    steps: list[Step] = []
    saves: dict[int, Any] = {}
    while game.outcome is None and len(steps) < cap:
        if len(steps) % cut_every == 0:
            saves[len(steps)] = (json.dumps(game.to_json()), game.clone())
        assert game.pending is not None
        decision = game.pending.to_json()
        options = list(game.legal_actions())
        action = agents[game.pending.player].choose(game)
        steps.append((decision, options, action))
        game.apply(action)
    return steps, saves


def continues_like(copy: Game, original: Game, steps: list[Step], start: int, how: str) -> None:
    """``copy`` (taken at decision ``start``) offers the same decisions and options and
    logs the same events as ``original`` did, given the same answers."""
    for i in range(start, len(steps)):
        decision, options, action = steps[i]
        assert copy.pending is not None, f"{how} at {start}: game over early at {i}"
        assert copy.pending.to_json() == decision, f"{how} at {start}: decision {i} differs"
        assert copy.legal_actions() == options, f"{how} at {start}: options {i} differ"
        copy.apply(action)  # the original's own action: same game, same decision
    assert [str(e) for e in copy.log] == [str(e) for e in original.log], f"{how} at {start}"
    assert copy.outcome == original.outcome
    assert encode(copy.to_json()) == encode(original.to_json()), f"{how} at {start}: state"


def check_game(decks: list[list[CardDef]], seed: int, cap: int, cut_every: int) -> int:
    game = new_game(decks, seed=seed)
    steps, saves = play(game, seed, cap, cut_every)
    for start, (text, clone) in saves.items():
        loaded = Game.from_json(json.loads(text))
        continues_like(loaded, game, steps, start, "loaded")
        continues_like(clone, game, steps, start, "clone")
    return len(steps)


def examples(n: int) -> settings:
    return settings(
        max_examples=n,
        deadline=None,
        suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
    )


@examples(12)
@given(decks=decks_strategy(), seed=st.integers(0, 2**31), cut_every=st.integers(5, 40))
def test_saved_and_cloned_games_continue_exactly(decks, seed, cut_every):
    check_game(decks, seed, cap=250, cut_every=cut_every)


@pytest.mark.slow
@examples(300)
@given(decks=decks_strategy(), seed=st.integers(0, 2**31), cut_every=st.integers(1, 20))
def test_saved_and_cloned_games_continue_exactly_long(decks, seed, cut_every):
    check_game(decks, seed, cap=2000, cut_every=cut_every)


def test_an_emblem_with_abilities_is_saved_as_json_text(board):
    """CR 114: Elspeth's emblem ("Creatures you control get +2/+2 and have flying")
    is written as JSON text and read back with its abilities and their enum kinds."""
    from mtg_engine.cards.abilities import AbilityKind
    from mtg_engine.game.actions import ActivateAbility, PassPriority

    elspeth = board.add(0, "Elspeth, Sun's Champion", counters={"loyalty": 7})
    board.add(0, "Grizzly Bears")
    game = board.start()
    game.apply(ActivateAbility(elspeth, 2))
    while game.stack:
        game.apply(PassPriority())
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    emblem = loaded.objects[loaded.command[0]]
    assert emblem.card.token_spec is not None
    kinds = [a.kind for a in emblem.card.abilities()]
    assert kinds and all(type(k) is AbilityKind for k in kinds)
    steps, _ = play(game, seed=3, cap=60, cut_every=1000)
    continues_like(loaded, game, steps, 0, "loaded")


def test_a_state_saved_without_its_log_is_the_state_minus_the_log(board):
    """``to_json(log=False)`` (the fuzz compares states so, logs line by line) leaves out
    only the log."""
    board.add(0, "Grizzly Bears")
    game = board.start()
    play(game, seed=5, cap=40, cut_every=1000)
    full = game.to_json()
    assert full["log"]
    without = game.to_json(log=False)
    assert "log" not in without
    assert without == {k: v for k, v in full.items() if k != "log"}


def test_a_game_saved_before_the_enums_moved_still_names_them() -> None:
    """``DecisionKind`` and ``AbilityKind`` moved to modules of their own (compiled,
    benchmarks/mypyc.md session 27); a saved game names an enum by module, and the old
    modules re-export them, so an older file's members come back the same."""
    from_actions = {"__enum__": "mtg_engine.game.actions:DecisionKind", "v": "priority"}
    from_abilities = {"__enum__": "mtg_engine.cards.abilities:AbilityKind", "v": "mana"}
    assert decode(from_actions) is DecisionKind.PRIORITY
    assert decode(from_abilities) is AbilityKind.MANA
    assert decode(encode(DecisionKind.PRIORITY)) is DecisionKind.PRIORITY
