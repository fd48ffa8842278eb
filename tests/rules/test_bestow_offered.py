"""Bestow is offered at priority (so the agents can choose it) only when the
bestow cost can be paid and there's a creature to target (CR 702.103b, 601.2c, 601.2h)."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell
from mtg_engine.game.objects import Zone
from mtg_engine.rules.priority_options import priority_options


def test_bestow_is_offered_when_its_cost_can_be_paid(board):
    satyr = board.add(0, "Boon Satyr", Zone.HAND)
    board.add(0, "Grizzly Bears")
    for _ in range(4):
        board.add(0, "Forest")
    game = board.start()
    act = CastSpell(satyr, alt="bestow")
    assert CastSpell(satyr) in priority_options(game, 0)  # {1}{G}{G}
    assert act not in priority_options(game, 0)  # {3}{G}{G} needs five lands
    board.add(0, "Forest")
    game = board.game
    game.invalidate()
    assert act in priority_options(game, 0)
