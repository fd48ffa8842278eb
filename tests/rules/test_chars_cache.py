"""The characteristics cache (CR 613) keeps the permanents' characteristics apart
from the other objects': a change of status or a card drawn keeps them whole, and
the debug check (``rules/layers_check.py``, ``MTG_CHECK_CHARS=1``) finds a kept
value that differs from one computed again."""

from __future__ import annotations

import pytest

from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game.hooks import PROCEDURES
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.layers_check import CharsCacheError, checked_forget_after
from mtg_engine.rules.setup import new_game


def _game_with_permanents(seed: int = 5):
    """A random game played until both players have a few permanents."""
    cards = [load_deck(d).card_defs() for d in ("red-green", "white-blue")]
    game = new_game(cards, seed=seed)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    while game.outcome is None and len(game.battlefield) < 6:
        game.apply(agents[game.pending.player].choose(game))
    assert game.outcome is None
    return game


def test_status_change_keeps_the_permanents_characteristics():
    game = _game_with_permanents()
    kept = {oid: chars(game, game.objects[oid]) for oid in game.battlefield}
    game.invalidate("tapped")
    # the same records: nothing was computed again (CR 613: tapping changes none)
    assert all(game._perm.get(oid) is c for oid, c in kept.items())


def test_damage_to_one_permanent_forgets_only_its_characteristics():
    game = _game_with_permanents()
    kept = {oid: chars(game, game.objects[oid]) for oid in game.battlefield}
    hit = game.battlefield[0]
    game.invalidate("damage", hit)
    assert hit not in game._perm
    assert all(game._perm.get(oid) is c for oid, c in kept.items() if oid != hit)


def test_last_known_information_is_forgotten_at_the_next_change():
    game = _game_with_permanents()
    old = game.objects[game.battlefield[-1]]
    # as if it had left: its old id is no longer an object of the game (CR 400.7)
    del game.objects[old.id]
    game.battlefield.remove(old.id)
    game._perm.pop(old.id)
    chars(game, old)
    assert old.id in game._perm and old.id in game._perm_stray
    game.invalidate("tapped")
    assert old.id not in game._perm


def test_the_debug_check_finds_a_wrong_kept_value():
    game = _game_with_permanents()
    oid = next(o for o in game.battlefield if chars(game, game.objects[o]).power is not None)
    wrong = chars(game, game.objects[oid]).copy()
    wrong.power = (wrong.power or 0) + 7
    game._perm[oid] = wrong
    with pytest.raises(CharsCacheError, match="power"):
        checked_forget_after(game, ("tapped",))


@pytest.mark.parametrize("agents", [("random", "random"), ("heuristic", "heuristic")])
def test_kept_values_equal_values_computed_again(monkeypatch, agents):
    """Every value the cache keeps through a change, in whole games, is the one
    computed from nothing (the debug check raises otherwise)."""
    monkeypatch.setattr(PROCEDURES, "cache_forget_after", checked_forget_after)
    cards = [load_deck(d).card_defs() for d in ("green-stompy", "white-weenie")]
    for seed in (1, 2):
        game = new_game(cards, seed=seed)
        players = [make_agent(a, seed + i) for i, a in enumerate(agents)]
        while game.outcome is None and game.turn <= 30:
            game.apply(players[game.pending.player].choose(game))
        assert game.turn > 3
