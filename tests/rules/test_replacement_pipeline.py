"""The event pipeline (CR 614-616): a pending choice of replacement order is
plain data (clone, JSON), an answer that isn't an applicable effect is illegal
with the state unchanged, and an effect applies to an event only once (614.5)."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    CastSpell,
    ChooseOption,
    ChooseTargets,
    DecisionKind,
    IllegalActionError,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.pipeline import propose


def _edict_at_order(board) -> Game:
    """Diabolic Edict makes B sacrifice Progenitus while A controls Rest in Peace:
    B chooses which replacement applies first (CR 616.1, the 616.1f example)."""
    board.add(0, "Rest in Peace")
    for _ in range(2):
        board.add(0, "Swamp")
    edict = board.add(0, "Diabolic Edict", Zone.HAND)
    board.add(1, "Progenitus")
    game = board.start()
    game.apply(CastSpell(edict))
    if game.decision.kind == DecisionKind.TARGETS:
        game.apply(ChooseTargets((player_ref(1),)))
    while game.decision is not None and game.decision.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    return game


def _progenitus_zone(game: Game) -> int:
    return next(o.zone for o in game.objects.values() if o.name == "Progenitus")


def test_the_affected_controller_chooses_the_order(board):
    game = _edict_at_order(board)
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OPTION and d.player == 1 and d.rule == "616.1"
    assert sorted(d.data["options"]) == ["Progenitus", "Rest in Peace"]
    game.apply(ChooseOption("Progenitus"))
    assert _progenitus_zone(game) == Zone.LIBRARY


def test_an_answer_that_is_not_an_applicable_effect_is_illegal(board):
    game = _edict_at_order(board)
    before = game.to_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(ChooseOption("Furnace of Rath"))
    assert "616.1" in str(err.value)
    assert game.to_json() == before


def test_a_pending_order_survives_clone_and_json(board):
    game = _edict_at_order(board)
    copy = game.clone()
    loaded = Game.from_json(game.to_json())
    game.apply(ChooseOption("Rest in Peace"))
    copy.apply(ChooseOption("Progenitus"))
    loaded.apply(ChooseOption("Rest in Peace"))
    assert _progenitus_zone(game) == Zone.EXILE
    assert _progenitus_zone(copy) == Zone.LIBRARY
    assert _progenitus_zone(loaded) == Zone.EXILE


def test_an_effect_applies_once_to_an_event(board):
    """CR 614.5: two Furnaces of Rath make 2 damage 8; each applies once."""
    board.add(0, "Furnace of Rath")
    board.add(0, "Furnace of Rath")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    ev = propose(
        game,
        {
            "kind": "damage",
            "source": bears,
            "source_uid": 0,
            "to": -2,
            "amount": 2,
            "orig": 2,
            "combat": False,
            "player": 1,
            "what": "test",
            "args": [[], True],
        },
    )
    assert ev is not None and ev["amount"] == 8
    assert len(ev["applied"]) == 2
    again = propose(game, ev)  # already modified by both: nothing applies again
    assert again is not None and again["amount"] == 8
