"""``legal_actions`` offers every face of an exiled card that a permission lets its
owner play (CR 601.2a, 305.1): a modal double-faced card's land face (712.12), a split
card's second half (709.3), beside the card's front face."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, PlayLand
from mtg_engine.game.state import Game
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data
from mtg_engine.scenario.yamlload import load_yaml

IMPULSE = """
name: faces from exile
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [Act on Impulse]
    library: [Glasspool Mimic, "Fire // Ice", Mountain, Island]
    battlefield: [{card: Mountain, count: 4}, {card: Island, count: 2}]
  B:
    battlefield: [Grizzly Bears]
"""


def _after_impulse() -> Game:
    valid, _invalid = load_data(load_yaml(IMPULSE), "scenario")
    game = build(valid[0]).game
    cast = next(
        a
        for a in game.legal_actions()
        if isinstance(a, CastSpell) and game.objects[a.card].name == "Act on Impulse"
    )
    game.apply(cast)
    while game.stack:
        game.apply(game.legal_actions()[0])  # pass: Act on Impulse resolves
    return game


def test_exiled_faces_are_offered() -> None:
    game = _after_impulse()
    named = {game.objects[o].card.name: o for o in game.exile}
    assert set(named) == {"Glasspool Mimic // Glasspool Shore", "Fire // Ice", "Mountain"}
    actions = game.legal_actions()
    mimic, fire_ice = named["Glasspool Mimic // Glasspool Shore"], named["Fire // Ice"]
    assert PlayLand(mimic, 1) in actions  # Glasspool Shore (712.12)
    assert PlayLand(named["Mountain"]) in actions
    assert CastSpell(fire_ice) in actions and CastSpell(fire_ice, face=1) in actions  # 709.3
    assert CastSpell(mimic) in actions  # {2}{U}: the front face too


def test_after_the_land_play_no_land_face_is_offered() -> None:
    """CR 305.2: one land a turn, from exile as from the hand."""
    game = _after_impulse()
    mountain = next(o for o in game.exile if game.objects[o].name == "Mountain")
    game.apply(PlayLand(mountain))
    assert not any(isinstance(a, PlayLand) for a in game.legal_actions())
