"""Exhaust (CR 702.177a): "Activate only once" is for good, not each turn."""

from __future__ import annotations

from mtg_engine.game.actions import ActivateAbility, PassPriority
from mtg_engine.game.turn_flags import TurnFlags
from mtg_engine.rules.activating import activate_problem
from mtg_engine.rules.characteristics import chars


def _exhaust_index(game, oid: int) -> int:
    abilities = chars(game, game.objects[oid]).abilities
    return next(i for i, a in enumerate(abilities) if a.keyword == "Exhaust")


def test_exhaust_stays_used_on_later_turns(board) -> None:
    hog = board.add(0, "Hog-Monkey")
    for _ in range(5):
        board.add(0, "Mountain")
    game = board.start()
    i = _exhaust_index(game, hog)
    assert activate_problem(game, 0, hog, i) is None
    game.apply(ActivateAbility(hog, i))
    while game.stack:
        game.apply(PassPriority())
    assert game.objects[hog].counters.get("+1/+1") == 2
    game.turn_flags = TurnFlags()  # a later turn: "once each turn" records are gone
    assert "only once" in (activate_problem(game, 0, hog, i) or "")
