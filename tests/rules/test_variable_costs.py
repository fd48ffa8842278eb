"""An activated ability whose cost has a variable amount ("Sacrifice X Squirrels",
CR 107.3) is compiled but its payment isn't run yet: activating it is refused with
a clear reason, it isn't offered, and nothing crashes or changes."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import ActivateAbility, IllegalActionError
from mtg_engine.rules.characteristics import chars


def test_a_variable_sacrifice_cost_is_refused_not_crashed(board):
    chatterfang = board.add(0, "Chatterfang, Squirrel General")
    board.add(0, "Swamp")
    board.add(1, "Grizzly Bears")
    game = board.start()
    abilities = chars(game, game.objects[chatterfang]).abilities
    index = next(i for i, a in enumerate(abilities) if a.cost is not None and a.cost.sacrifice)
    before = game.to_json()
    offered = [
        a
        for a in game.legal_actions()
        if isinstance(a, ActivateAbility) and a.source == chatterfang and a.ability == index
    ]
    assert offered == []
    with pytest.raises(IllegalActionError, match="variable amount"):
        game.apply(ActivateAbility(chatterfang, index))
    assert game.to_json() == before
