"""Triggered mana abilities (CR 605.1b, 605.4a): saved and cloned games go on alike.

A triggered mana ability activated by hand may ask its controller for a color in
the middle of the mana ability's resolution (rules/mana_triggers.py keeps the
triggers left to resolve in the activating task): a clone or a JSON save taken at
that decision, or at any other, must continue exactly like the original game.
"""

from __future__ import annotations

import json
import textwrap

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from mtg_engine.agents.random_agent import RandomAgent
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import ActivateAbility, DecisionPurpose
from mtg_engine.game.serialize import encode
from mtg_engine.game.state import Game
from mtg_engine.rules.setup import new_game
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data
from mtg_engine.scenario.yamlload import load_yaml

_GREEN = ["Fertile Ground", "Wild Growth", "Utopia Sprawl", "Dawn's Reflection", "Vernal Bloom"]
_BLACK = ["Crypt Ghast", "Mana Flare", "Heartbeat of Spring", "Walking Corpse", "Gravedigger"]


def _deck(spells: list[str], land: str) -> list:
    return [card_def(n) for n in spells * 4 + ["Grizzly Bears"] * 4 + [land] * 16]


def _play(game: Game, seed: int, cap: int) -> list:
    agents = [RandomAgent(seed), RandomAgent(seed + 1)]
    answers = []
    while game.outcome is None and len(answers) < cap:
        assert game.pending is not None
        action = agents[game.pending.player].choose(game)
        answers.append(action)
        game.apply(action)
    return answers


def _state(game: Game) -> str:
    return json.dumps(encode(game.to_json()), sort_keys=True)


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), cut=st.integers(0, 150))
def test_games_with_triggered_mana_abilities_save_and_clone_exactly(seed: int, cut: int) -> None:
    """CR 605.4a: a game with triggered mana abilities, saved as JSON text and
    cloned at a decision, continues with the same answers to the same state."""
    decks = [_deck(_GREEN, "Forest"), _deck(_BLACK, "Swamp")]
    game = new_game(decks, seed=seed)
    answers = _play(game, seed, cut)
    text = json.dumps(game.to_json())
    clone = game.clone()
    rest = _play(game, seed + 7, 150)
    for copy in (Game.from_json(json.loads(text)), clone):
        for action in rest:
            copy.apply(action)
        assert _state(copy) == _state(game)
    assert len(answers) <= cut


def test_a_color_asked_by_a_triggered_mana_ability_survives_save_and_clone() -> None:
    """CR 605.4a, 106.1b: Fertile Ground's controller is asked the color of the
    additional mana while the Forest's mana ability resolves; a save and a clone
    taken at that question make the same pool, {U}{G}, once it is answered."""
    scenarios, invalid = load_data(
        load_yaml(
            textwrap.dedent(
                """\
                name: Fertile Ground
                start: {turn: 3, active: A, step: precombat_main}
                players:
                  A:
                    battlefield:
                      - {card: Forest, id: forest}
                      - {card: Fertile Ground, attached_to: forest}
                """
            )
        ),
        "t.yaml",
    )
    assert not invalid
    built = build(scenarios[0])
    game = built.game
    forest = game.uid_to_obj[built.labels["forest"]]
    game.apply(ActivateAbility(source=forest, ability=0))
    pending = game.pending
    assert pending is not None and pending.data.get("purpose") == DecisionPurpose.MANA
    assert "Fertile Ground" in pending.prompt
    copies = [Game.from_json(json.loads(json.dumps(game.to_json()))), game.clone()]
    for g in (game, *copies):
        blue = next(a for a in g.legal_actions() if getattr(a, "value", None) == "blue")
        g.apply(blue)
    assert {_state(c) for c in copies} == {_state(game)}
    assert game.players[pending.player].mana_pool == [0, 1, 0, 0, 1, 0]  # {U}{G}
    assert not game.stack  # a mana ability: no stack (CR 605.4a)
