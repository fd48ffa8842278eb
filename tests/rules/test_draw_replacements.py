"""Replacement effects of the draw event in the pipeline (CR 121.2, 614.1a, 616.1):
dredge (702.52a) and Island Sanctuary's skip are optional ("you may ... instead"),
the drawing player chooses among them or declines, each draw is its own event,
and a pending choice is plain data (clone, JSON)."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    ChooseObjects,
    ChooseOption,
    ChooseYesNo,
    DecisionKind,
    IllegalActionError,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.game.tasks import Task
from mtg_engine.rules.drawing import draw_event, draws
from mtg_engine.rules.pipeline import NONE, propose


def _names(game: Game, zone: list[int]) -> list[str]:
    return [game.objects[o].name for o in zone]


def _library(board, player: int, names: list[str]) -> None:
    for name in names:  # the last one added is the top card
        board.add(player, name, Zone.LIBRARY)


def _sanctuary_and_dredge(board) -> Game:
    board.add(0, "Island Sanctuary")
    board.add(0, "Darkblast", Zone.GRAVEYARD)
    _library(board, 0, ["Swamp", "Plains", "Forest", "Island"])
    return board.start(step=Step.UPKEEP)


def _to_draw_step(game: Game) -> None:
    while game.decision.kind == DecisionKind.PRIORITY and game.step == Step.UPKEEP:
        game.apply(game.legal_actions()[0])


def test_both_optional_replacements_are_offered_with_none(board):
    game = _sanctuary_and_dredge(board)
    _to_draw_step(game)
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OPTION and d.player == 0 and d.rule == "616.1"
    assert sorted(d.data["options"]) == sorted(["Island Sanctuary", "dredge Darkblast", NONE])


def test_declining_both_draws_the_top_card(board):
    game = _sanctuary_and_dredge(board)
    _to_draw_step(game)
    game.apply(ChooseOption(NONE))
    assert _names(game, game.players[0].hand) == ["Island"]
    assert _names(game, game.players[0].graveyard) == ["Darkblast"]


def test_an_answer_that_is_not_an_applicable_effect_is_illegal_state_unchanged(board):
    game = _sanctuary_and_dredge(board)
    _to_draw_step(game)
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(ChooseOption("dredge Golgari Thug"))
    assert game.to_json() == before


def test_the_pending_choice_survives_clone_and_json(board):
    game = _sanctuary_and_dredge(board)
    _to_draw_step(game)
    copy = game.clone()
    loaded = Game.from_json(game.to_json())
    game.apply(ChooseOption("dredge Darkblast"))
    copy.apply(ChooseOption("Island Sanctuary"))
    loaded.apply(ChooseOption("dredge Darkblast"))
    assert _names(game, game.players[0].hand) == ["Darkblast"]
    assert _names(loaded, loaded.players[0].hand) == ["Darkblast"]
    assert _names(game, game.players[0].graveyard) == ["Island", "Forest", "Plains"]
    assert copy.players[0].hand == [] and len(copy.players[0].library) == 4


def test_a_single_card_dredge_is_a_choice_of_that_card_or_none(board):
    board.add(0, "Darkblast", Zone.GRAVEYARD)
    _library(board, 0, ["Swamp", "Plains", "Forest", "Island"])
    game = board.start(step=Step.UPKEEP)
    _to_draw_step(game)
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OBJECTS and d.data["min"] == 0
    assert d.data["purpose"] == "dredge"
    game.apply(ChooseObjects(()))
    assert _names(game, game.players[0].hand) == ["Island"]


def test_a_single_skip_is_a_yes_no(board):
    board.add(0, "Island Sanctuary")
    game = board.start(step=Step.UPKEEP)
    _to_draw_step(game)
    d = game.decision
    assert d.kind == DecisionKind.YES_NO and d.rule == "616.1"
    game.apply(ChooseYesNo(True))
    assert game.players[0].hand == []
    assert any(e.op == "cant_be_attacked_except" for e in game.effects)


def test_draws_without_replacements_happen_now(board):
    game = board.start()
    hand = len(game.players[0].hand)
    assert draws(game, [0], 2) is True
    assert len(game.players[0].hand) == hand + 2


def test_draws_with_a_dredge_card_wait_in_a_task(board):
    board.add(0, "Darkblast", Zone.GRAVEYARD)
    game = board.start()
    tasks = len(game.tasks)
    assert draws(game, [0], 2) is False
    assert len(game.tasks) == tasks + 1 and game.tasks[-1].kind == "draw"


def test_a_declined_optional_replacement_does_not_apply_again(board):
    """CR 614.5, 616.1: declined for this event, dredge isn't offered again for it."""
    board.add(0, "Darkblast", Zone.GRAVEYARD)
    game = board.start()
    task = Task("draw")
    task.answer = ChooseObjects(())
    ev = propose(game, draw_event(game, 0, ("121.1",)), task)
    assert ev is not None and ev["kind"] == "draw"
    assert any(k.startswith("dredge:") for k in ev["applied"])
