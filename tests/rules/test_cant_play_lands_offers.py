"""A "can't play lands" effect (Aggressive Mining, CR 101.2, 305.1) removes the land
play from the priority options themselves, not only from a scripted play: an action
taken from ``legal_actions()`` is accepted without being validated again, so an
offered land play would have been played (found by ``mtg fuzz`` seed 2406, where a
clone, which computes its options from scratch, refused it)."""

from __future__ import annotations

import textwrap

from mtg_engine.game.actions import PlayLand
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data
from mtg_engine.scenario.yamlload import load_yaml


def _lands_offered(battlefield: str) -> list[PlayLand]:
    text = f"""\
        name: land offers
        start: {{turn: 3, active: A, step: precombat_main}}
        players:
          A:
            hand: [Forest]
            battlefield: {battlefield}
          B: {{}}
        """
    scenarios, invalid = load_data(load_yaml(textwrap.dedent(text)), "t.yaml")
    assert not invalid
    game = build(scenarios[0]).game
    return [a for a in game.legal_actions() if isinstance(a, PlayLand)]


def test_a_land_play_is_offered_without_the_effect() -> None:
    assert _lands_offered("[Island]")


def test_aggressive_mining_removes_the_land_play_from_the_options() -> None:
    assert _lands_offered("[Aggressive Mining]") == []
