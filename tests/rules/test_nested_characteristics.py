"""CR 611.3a, 613.1: the characteristics computed while another object's are being
worked out (a condition or a count of that computation reads them) are not kept: they
may have read the other object's provisional values. Whatever order the cache is
filled in, the answers are the same (mtg fuzz seed 4098249865: Rhonas's "can't attack
unless you control another creature with power 4 or greater", computed while Scurrid
Colony counted its lands, saw the Colony's printed 2/2 and kept "can't attack")."""

from __future__ import annotations

import itertools

from mtg_engine.game.objects import Zone
from mtg_engine.rules.characteristics import chars
from mtg_engine.scenario.builder import build
from mtg_engine.scenario.schema import load_data
from mtg_engine.scenario.yamlload import load_yaml

BOARD = """
scenarios:
  - name: board
    start: {turn: 3, active: A, step: precombat_main}
    players:
      A:
        battlefield: [Rhonas the Indomitable, Scurrid Colony, Forest, Forest, Forest,
                      Forest, Forest, Forest, Forest, Forest]
    actions: []
"""


def _summary(game, objs):
    return {o.name: (chars(game, o).power, sorted(chars(game, o).restrictions)) for o in objs}


def test_characteristics_do_not_depend_on_the_order_they_are_computed_in():
    valid, _ = load_data(load_yaml(BOARD), "t.yaml")
    game = build(valid[0]).game
    objs = [
        o
        for o in game.objects.values()
        if o.name in ("Rhonas the Indomitable", "Scurrid Colony") and o.zone == Zone.BATTLEFIELD
    ]
    assert len(objs) == 2
    seen = []
    for order in itertools.permutations(objs):
        game.invalidate()
        for o in order:
            chars(game, o)
        seen.append(_summary(game, objs))
    assert seen[0] == seen[1]
    assert seen[0] == {
        "Rhonas the Indomitable": (5, []),  # another creature with power 4: it may attack
        "Scurrid Colony": (4, []),  # eight lands: +2/+2
    }
    assert game._chars_nested == {} and game._chars_stack == []
