"""Keyword and rules hooks say which zone changes and steps they watch
(``on_event(watch=...)``); dispatch calls only those that watch what an event
says (CR 603.2: every hook still sees every event it can act on). Games played
with the declarations ignored are the same games."""

from __future__ import annotations

import pytest

from mtg_engine.agents import make_agent
from mtg_engine.cards.decks import load_deck
from mtg_engine.game import emitter, hooks
from mtg_engine.game.events import EventKind
from mtg_engine.rules import pipeline
from mtg_engine.rules.setup import new_game


def _log(decks: tuple[str, str], seed: int) -> list[str]:
    game = new_game([load_deck(d).card_defs() for d in decks], seed=seed)
    agents = [make_agent("random", seed), make_agent("random", seed + 1)]
    while game.outcome is None and game.turn <= 25:
        game.apply(agents[game.pending.player].choose(game))
    return [str(ev) for ev in game.log]


@pytest.mark.parametrize(
    ("decks", "seed"),
    [(("red-green", "white-blue"), 2), (("green-stompy", "white-weenie"), 4)],
)
def test_watch_declarations_change_no_game(decks, seed, monkeypatch):
    filtered = _log(decks, seed)
    monkeypatch.setattr(hooks, "_WATCHES", {})
    monkeypatch.setattr(hooks, "_DISPATCH", {})
    assert _log(decks, seed) == filtered


@pytest.mark.parametrize(
    ("decks", "seed"),
    [(("red-green", "white-blue"), 3), (("green-stompy", "white-weenie"), 5)],
)
def test_kind_and_keyword_declarations_change_no_game(decks, seed, monkeypatch):
    """Every listener called for every event, every keyword hook and replacement
    finder asked whatever the cards of the game: the same games."""
    filtered = _log(decks, seed)
    monkeypatch.setattr(hooks, "_LISTENED_KINDS", {})
    monkeypatch.setattr(hooks, "_LISTENERS_BY_KIND", {})
    monkeypatch.setattr(hooks, "_GATES", {})
    monkeypatch.setattr(hooks, "_DISPATCH", {})
    monkeypatch.setattr(pipeline, "_FINDER_GATES", {})
    monkeypatch.setattr(pipeline, "_GATED_KINDS", {})
    monkeypatch.setattr(pipeline, "_KINDS_GATED", set())
    monkeypatch.setattr(pipeline, "_PLAN_MEMO", {})  # (the plans made with the gates)
    monkeypatch.setattr(pipeline, "_PLAN_MEMO_EFFECTS", {})
    monkeypatch.setattr(emitter, "_LISTENERS_BY_KIND", hooks._LISTENERS_BY_KIND)
    assert _log(decks, seed) == filtered


def _fns(hooks_for: tuple) -> list:
    return [fn for fn, _keywords in hooks_for]


def test_a_draw_calls_no_hook_that_watches_the_battlefield():
    draw = _fns(hooks._hooks_for(EventKind.ZONE_CHANGE, ("library", "hand")))
    resolve = _fns(hooks._hooks_for(EventKind.ZONE_CHANGE, ("stack", "battlefield")))
    everything = [*hooks.EVENT_HOOKS["zone_change"], *hooks.RULES_EVENT_HOOKS["zone_change"]]
    assert not draw
    # the order of registration is kept: "first" hooks, keyword hooks, rules hooks
    assert list(resolve) == [fn for fn in everything if fn in resolve]
    assert resolve[0].__name__ == "permanent_remembers_spell"
    assert hooks._hooks_for(EventKind.STEP, ("draw",)) == ()
    # (the initiative's "at the beginning of the upkeep of the player who has the
    # initiative" is one of them, CR 725.2)
    assert len(hooks._hooks_for(EventKind.STEP, ("upkeep",))) == 4


def test_a_watch_must_name_the_kinds_watched_data():
    with pytest.raises(ValueError, match="from_zone"):
        hooks.on_event(EventKind.ZONE_CHANGE, watch=[("battlefield",)])
    with pytest.raises(ValueError, match="nothing"):
        hooks.on_event(EventKind.CAST, watch=[("battlefield",)])
