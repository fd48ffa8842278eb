"""In a static ability that affects this object, an "it" is this object, and no
compiler placeholder is left in a compiled ability: an ability granted by a spell
("It gains 'If this creature would die, exile it instead.'") is game state, and a
game holding one must save and load (``mtg fuzz --seed 9002``'s run stopped on
"can't serialize It in a game state": Chimeric Mass, seed 9002446714)."""

from __future__ import annotations

import dataclasses
import json
from typing import Any

import pytest

from mtg_engine.cards.abilities import SelfRef
from mtg_engine.cards.compiler import compile_face, ir
from mtg_engine.cards.database import CardDatabase
from mtg_engine.game.actions import ActivateAbility, PassPriority
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars

PLACEHOLDERS = (ir.It, ir.Tgt, ir.ThatPlayer)


def placeholders(v: Any, path: str = "") -> list[str]:
    if isinstance(v, PLACEHOLDERS):
        return [path]
    if isinstance(v, list | tuple):
        return [p for i, x in enumerate(v) for p in placeholders(x, f"{path}[{i}]")]
    if isinstance(v, dict):
        return [p for k, x in v.items() for p in placeholders(x, f"{path}.{k}")]
    if dataclasses.is_dataclass(v) and not isinstance(v, type):
        return [
            p
            for f in dataclasses.fields(v)
            for p in placeholders(getattr(v, f.name), f"{path}.{f.name}")
        ]
    return []


@pytest.mark.parametrize(
    "name",
    [
        "Temple Garden",
        "Blood Crypt",
        "Necrosquito",
        "Can't Stay Away",
        "Gloomshrieker",
        "Chimeric Mass",
    ],
)
def test_no_placeholder_is_left_in_a_compiled_ability(name: str):
    face = CardDatabase.default().get(name).faces[0]
    assert placeholders(compile_face(face)) == []


def test_exile_it_instead_is_this_creature():
    """CR 614.1a: "If this creature would die, exile it instead": "it" is the creature."""
    face = CardDatabase.default().get("Gloomshrieker").faces[0]
    (static,) = [a for a in compile_face(face).abilities if a.static][0].static
    assert any(isinstance(e.args.get("what"), SelfRef) for e in static.args["effects"])


def test_a_game_holding_a_granted_ability_saves_and_loads(board):
    """Chimeric Mass becomes a creature with "This creature's power and toughness are
    each equal to the number of charge counters on it" (CR 613.1d, 604.3): the layer
    effect holds that ability, so the saved game does, and the game saves to JSON
    text, loads, and both go on the same (mtg fuzz seed 9002446714)."""
    board.add(0, "Plains")
    mass = board.add(0, "Chimeric Mass", counters={"charge": 3})
    game = board.start()
    (activate,) = [
        a for a in game.legal_actions() if isinstance(a, ActivateAbility) and a.source == mass
    ]
    game.apply(activate)
    while game.stack:
        game.apply(PassPriority())
    assert game.effects and chars(game, game.objects[mass]).power == 3
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    assert chars(loaded, loaded.objects[mass]).power == 3
    assert loaded.to_json() == game.to_json()
