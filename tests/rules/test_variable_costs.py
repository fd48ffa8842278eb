"""Variable amounts in an activated ability's cost (CR 107.3).

"Sacrifice X Squirrels" is paid with the X announced as the ability is activated
(601.2b, 602.2b): the ability is offered even with nothing to sacrifice (X may be
0). A variable amount that isn't X ("Discard your hand") isn't paid yet:
activating it is refused with a clear reason, it isn't offered, and nothing
crashes or changes."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import ActivateAbility, IllegalActionError
from mtg_engine.rules.characteristics import chars


def _index(game, oid: int, part: str) -> int:
    abilities = chars(game, game.objects[oid]).abilities
    return next(i for i, a in enumerate(abilities) if a.cost is not None and getattr(a.cost, part))


def _offered(game, oid: int, index: int) -> list[ActivateAbility]:
    return [
        a
        for a in game.legal_actions()
        if isinstance(a, ActivateAbility) and a.source == oid and a.ability == index
    ]


def test_an_x_sacrifice_cost_is_offered_with_x_announced(board):
    chatterfang = board.add(0, "Chatterfang, Squirrel General")
    board.add(0, "Swamp")
    board.add(1, "Grizzly Bears")
    game = board.start()
    index = _index(game, chatterfang, "sacrifice")
    assert _offered(game, chatterfang, index) != []
    game.apply(ActivateAbility(chatterfang, index))
    assert game.decision.kind.name == "X"
    # the one Squirrel there is to sacrifice: Chatterfang itself (CR 107.3, 601.2b)
    assert game.decision.data["max"] == 1


def test_a_variable_discard_cost_is_refused_not_crashed(board):
    brooch = board.add(0, "Null Brooch")
    board.add(0, "Island")
    board.add(0, "Island")
    game = board.start()
    index = _index(game, brooch, "discard")
    before = game.to_json()
    assert _offered(game, brooch, index) == []
    with pytest.raises(IllegalActionError, match="variable amount"):
        game.apply(ActivateAbility(brooch, index))
    assert game.to_json() == before
