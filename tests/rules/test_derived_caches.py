"""The caches the engine keeps between decisions never change an answer.

Characteristics (CR 613), mana sources (CR 605), payment checks (CR 601.2h),
the legal actions at priority (CR 117.1) and the state-based-action check
(CR 704.3) are remembered and kept through changes that can't affect them
(``Game.invalidate`` told what changed). A clone starts with nothing
remembered, so at every decision of random games the game and its fresh clone
must give the same answers. And ``Game.apply`` accepts an action taken from
``legal_actions()`` by identity, but still checks any other action.
"""

from __future__ import annotations

import pytest

from conftest import compiled
from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game.actions import CastSpell, DecisionKind, IllegalActionError, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.rules import pipeline, sba
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.mana import mana_sources
from mtg_engine.rules.sba import sba_would_apply
from mtg_engine.rules.setup import new_game

_FIELDS = ("name", "types", "subtypes", "supertypes", "colors", "power", "toughness")
_FIELDS += ("loyalty", "defense", "abilities", "keywords", "mana_value", "mana_cost")


def _answers(game) -> tuple:
    """What the caches serve: characteristics of permanents and hands, mana sources,
    the legal actions, whether an SBA applies, the replacement statics' index."""
    ids = list(game.battlefield) + [oid for p in game.players for oid in p.hand]
    looks = {oid: tuple(getattr(chars(game, game.objects[oid]), f) for f in _FIELDS) for oid in ids}
    sources = [
        [
            (s.obj, s.ability, tuple(s.productions), s.is_land, tuple(s.abilities))
            + (s.mana_cost, s.sacrifice)
            for s in mana_sources(game, p.index)
        ]
        for p in game.players
    ]
    replacements = {
        kind: [(sid, key, st.op) for sid, key, st in entries]
        for kind, entries in pipeline._index(game).items()
    }
    return looks, sources, game.legal_actions(), sba_would_apply(game), replacements


@pytest.mark.parametrize(
    ("decks", "seed"),
    [(("red-green", "white-blue"), 3), (("green-stompy", "white-weenie"), 11)],
)
def test_remembered_answers_equal_fresh_ones(decks, seed):
    cards = [load_deck(d).card_defs() for d in decks]
    game = new_game(cards, seed=seed)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    checked = 0
    while game.outcome is None and game.turn <= 40:
        if game.pending.kind == DecisionKind.PRIORITY:
            fresh = game.clone()  # nothing remembered
            assert _answers(game) == _answers(fresh), f"turn {game.turn}, {game.step_name}"
            checked += 1
        game.apply(agents[game.pending.player].choose(game))
    assert checked > 100


def test_an_offered_action_is_taken_and_any_other_is_checked():
    cards = [load_deck("red-green").card_defs(), load_deck("white-blue").card_defs()]
    game = new_game(cards, seed=5)
    agents = [make_agent("random", 5), make_agent("random", 6)]
    while game.pending.kind != DecisionKind.PRIORITY or game.step_name != "upkeep":
        game.apply(agents[game.pending.player].choose(game))
    # CR 307.1: a creature card can't be cast in the upkeep; an action built by the
    # caller (not the offered object) is checked and refused, the state untouched
    player = game.pending.player
    creature = next(
        oid
        for oid in game.players[player].hand
        if "Creature" in chars(game, game.objects[oid]).types
        and game.objects[oid].zone == Zone.HAND
    )
    log_size = len(game.log)
    with pytest.raises(IllegalActionError):
        game.apply(CastSpell(creature))
    assert len(game.log) == log_size
    offered = game.legal_actions()
    assert CastSpell(creature) not in offered
    passing = next(a for a in offered if isinstance(a, PassPriority))
    before = game.decisions_made
    game.apply(passing)
    assert game.decisions_made == before + 1


@pytest.mark.parametrize(
    ("decks", "seed"),
    [(("red-green", "white-blue"), 7), (("green-stompy", "white-weenie"), 9)],
)
@pytest.mark.skipif(compiled(sba), reason="compiled, sba calls _owed_only_clean directly")
def test_owed_state_based_checks_agree_with_the_whole_check(decks, seed, monkeypatch):
    """CR 704.3: after damage, or a permanent without static abilities entering,
    the object-based checks look at the changed permanents alone; whenever that
    finds nothing, the whole check finds nothing either."""
    looked = 0
    owed = sba._owed_only_clean

    def checked(game):
        nonlocal looked
        clean = owed(game)
        if clean:
            looked += 1
            deaths, legends, attachments, worlds, waiting = sba._object_checks(game)
            assert not (deaths or legends or attachments or worlds or waiting[0] or waiting[1])
            assert not sba._counter_pairs(game)
        return clean

    monkeypatch.setattr(sba, "_owed_only_clean", checked)
    cards = [load_deck(d).card_defs() for d in decks]
    for game_seed in range(seed, seed + 4):
        game = new_game(cards, seed=game_seed)
        agents = [make_agent("random", game_seed), make_agent("random", game_seed + 1)]
        while game.outcome is None and game.turn <= 30:
            game.apply(agents[game.pending.player].choose(game))
    assert looked > 20
