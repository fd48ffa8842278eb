"""CR 603.8: a state trigger that has triggered doesn't trigger again until it has
left the stack -- also in a game read back from JSON text, whose ability records
are equal to the original's but not the same objects (mtg fuzz seed 2043330809)."""

from __future__ import annotations

import json

from mtg_engine.game.actions import CastSpell
from mtg_engine.game.state import Game
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data
from mtg_engine.scenario.yamlload import load_yaml

GRIFFIN = """
scenarios:
  - name: griffin
    start: {turn: 3, active: A, step: precombat_main}
    players:
      A:
        hand: [Tethered Griffin]
        battlefield: [Plains]
    actions: []
"""


def _texts(game: Game, start: int) -> list[str]:
    return [str(e) for e in game.log[start:]]


def test_a_state_trigger_on_the_stack_does_not_trigger_again_after_a_json_round_trip():
    valid, _ = load_data(load_yaml(GRIFFIN), "t.yaml")
    game = build(valid[0]).game
    game.apply(next(a for a in game.legal_actions() if isinstance(a, CastSpell)))
    while not game.stack or game.objects[game.stack[-1]].stack_kind != "triggered":
        game.apply(game.legal_actions()[0])  # pass until the Griffin's trigger is on the stack
    loaded = Game.from_json(json.loads(json.dumps(game.to_json())))
    start = len(game.log)
    for g in (game, loaded):
        g.apply(g.legal_actions()[0])
    assert _texts(loaded, start) == _texts(game, start)
    assert not any("state trigger triggers" in t for t in _texts(loaded, start))
