"""CR 601.2d: when a spell divides an amount among its targets, each target gets at
least one, so "X damage divided as you choose among any number of targets" can have
at most X targets (a fuzz game once offered nine targets for six damage and then
had no legal division)."""

from __future__ import annotations

from mtg_engine.game.actions import (
    CastSpell,
    ChooseNumber,
    ChooseTargets,
    DecisionKind,
    PassPriority,
)
from mtg_engine.game.objects import Zone


def test_any_number_of_targets_is_at_most_the_amount_divided(board):
    thunder = board.add(0, "Rolling Thunder", Zone.HAND)
    for _ in range(4):
        board.add(0, "Mountain")
    bears = [board.add(1, "Grizzly Bears") for _ in range(4)]
    game = board.start()
    game.apply(CastSpell(thunder))
    assert game.decision.kind == DecisionKind.X  # X (CR 601.2b)
    game.apply(ChooseNumber(2))
    d = game.decision
    assert d.kind == DecisionKind.TARGETS
    assert d.data["max"] == 2 and len(d.data["candidates"]) >= 6
    assert all(len(a.targets) <= 2 for a in game.legal_actions() if isinstance(a, ChooseTargets))
    game.apply(ChooseTargets((bears[0], bears[1])))
    assert game.decision.kind == DecisionKind.DIVIDE
    assert game.legal_actions()  # 1 and 1: a legal division exists


def test_a_triggered_ability_that_divides_has_at_most_that_many_targets(board):
    """Fury's "When this creature enters, it deals 4 damage divided as you choose among
    any number of target creatures and/or planeswalkers" (603.3d with 601.2d)."""
    fury = board.add(0, "Fury", Zone.HAND)
    for _ in range(5):
        board.add(0, "Mountain")
    for _ in range(5):
        board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(fury))
    while game.decision.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    d = game.decision
    assert d.kind == DecisionKind.TARGETS
    assert d.data["max"] == 4 and len(d.data["candidates"]) >= 5
