"""Replacement effects that modify how a permanent enters, as proposals on its
zone-change event (CR 614.1c-d, 614.12, 122.6, 616.1); those that ask something
as it enters (CR 614.12a, 616.1c, 707.5, 303.4f) ask it from the pipeline's
replacement_order task, and the pending event survives a clone and a save."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    CastSpell,
    ChooseNumber,
    ChooseObjects,
    ChooseOption,
    DecisionKind,
    IllegalActionError,
    PassPriority,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.etb_replacements import entering_replacements
from mtg_engine.rules.pipeline import STEP_ANY, STEP_COPY
from mtg_engine.rules.replacement import enter, new_entry
from mtg_engine.rules.zones import zone_event


def _entering(game: Game, oid: int) -> dict:
    obj = game.objects[oid]
    entry = new_entry(game, obj, 0, ("400.7",), False, False)
    ev = zone_event(game, obj, Zone.BATTLEFIELD, ("400.7",), "", False, 0, False, True, "")
    ev["entry"] = entry
    return ev


def test_own_enters_with_counters_is_a_614_1c_proposal(board):
    hydra = board.add(0, "Kalonian Hydra", Zone.HAND)
    game = board.start()
    ev = _entering(game, hydra)
    found = entering_replacements(game, ev)
    assert [r.rules for r in found] == [("614.1c",)]
    found[0].apply(game, ev)
    assert ev["entry"]["counters"] == {"+1/+1": 4}


def test_other_permanents_enter_tapped_is_a_614_1d_proposal_for_opponents_only(board):
    board.add(1, "Imposing Sovereign")
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    own = board.add(1, "Grizzly Bears", Zone.HAND)
    game = board.start()
    found = entering_replacements(game, _entering(game, bears))
    assert [r.rules for r in found] == [("614.1d",)]
    ev = _entering(game, own)
    ev["entry"]["controller"] = 1
    assert entering_replacements(game, ev) == []


def test_not_an_entering_event_has_no_etb_proposals(board):
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Orb of Dreams")
    game = board.start()
    obj = game.objects[bears]
    ev = zone_event(game, obj, Zone.GRAVEYARD, ("400.7",), "", False, None, False, False, "")
    assert entering_replacements(game, ev) == []


def _ballista_at_order(board) -> Game:
    for _ in range(4):
        board.add(0, "Forest")
    board.add(0, "Hardened Scales")
    board.add(0, "Doubling Season")
    ballista = board.add(0, "Walking Ballista", Zone.HAND)
    game = board.start()
    game.apply(CastSpell(ballista))
    if game.decision.kind == DecisionKind.X:
        game.apply(ChooseNumber(2))
    while game.decision.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    return game


def _ballista_counters(game: Game) -> int:
    o = next(o for o in game.objects.values() if o.name == "Walking Ballista")
    assert o.zone == Zone.BATTLEFIELD
    return o.counters.get("+1/+1", 0)


def test_the_order_of_counter_replacements_on_entering_is_asked_and_survives_clone(board):
    """CR 122.6, 616.1: the counters it enters with are put on it; the controller
    orders Hardened Scales and Doubling Season (the results differ)."""
    game = _ballista_at_order(board)
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OPTION and d.rule == "616.1"
    copy = game.clone()
    loaded = Game.from_json(game.to_json())
    game.apply(ChooseOption("Hardened Scales"))
    copy.apply(ChooseOption("Doubling Season"))
    loaded.apply(ChooseOption("Hardened Scales"))
    assert _ballista_counters(game) == 6
    assert _ballista_counters(copy) == 5
    assert _ballista_counters(loaded) == 6


def _choices(game: Game, ev: dict) -> list:
    """The entering event's replacement effects that ask something as they apply."""
    return [r for r in entering_replacements(game, ev) if r.choose is not None]


def _resolve(game: Game) -> None:
    while game.decision.kind == DecisionKind.PRIORITY and game.stack:
        game.apply(PassPriority())


def _named(game: Game, name: str) -> list:
    return [o for o in game.objects.values() if o.name == name]


def _entered_clone(game: Game):
    """The Clone on the battlefield, and its name as it is now (a copy's)."""
    (o,) = [o for o in _named(game, "Clone") if o.zone == Zone.BATTLEFIELD]
    return o, chars(game, o).name


def test_a_copy_effect_is_a_616_1c_proposal_and_a_choice_an_ordinary_one(board):
    board.add(0, "Essence of the Wild")
    clone = board.add(0, "Clone", Zone.HAND)
    voice = board.add(0, "Voice of All", Zone.HAND)
    game = board.start()
    found = _choices(game, _entering(game, clone))
    assert [r.step for r in found] == [STEP_COPY, STEP_COPY]  # Clone's own, Essence's
    found = _choices(game, _entering(game, voice))
    # Essence's copy effect, and Voice of All's own choice of a color
    assert sorted(r.step for r in found) == [STEP_COPY, STEP_ANY]


def test_a_plain_card_entering_has_no_choice_proposals(board):
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    game = board.start()
    assert entering_replacements(game, _entering(game, bears)) == []


def _clone_cast(board, mine: str | None = None, theirs: tuple[str, ...] = ()) -> Game:
    """A resolves Clone, with ``mine`` beside it and B's ``theirs``."""
    for _ in range(4):
        board.add(0, "Island")
    if mine is not None:
        board.add(0, mine)
    for name in theirs:
        board.add(1, name)
    clone = board.add(0, "Clone", Zone.HAND)
    game = board.start()
    game.apply(CastSpell(clone))
    _resolve(game)
    return game


def _clone_at_copy_choice(board) -> Game:
    return _clone_cast(board, theirs=("Grizzly Bears", "Rusted Sentinel"))


def test_the_copy_choice_is_asked_by_the_pipeline_and_survives_clone_and_save(board):
    """CR 707.5: the copy is chosen as it enters; the event waits in the
    replacement_order task, plain data, so a clone and a saved game go on alike."""
    game = _clone_at_copy_choice(board)
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OBJECTS and d.rule == "707.5"
    assert game.tasks[-1].kind == "replacement_order"
    bears = _named(game, "Grizzly Bears")[0].id
    sentinel = _named(game, "Rusted Sentinel")[0].id
    copy = game.clone()
    loaded = Game.from_json(game.to_json())
    game.apply(ChooseObjects((bears,)))
    copy.apply(ChooseObjects((sentinel,)))
    loaded.apply(ChooseObjects((sentinel,)))
    o, name = _entered_clone(game)
    assert name == "Grizzly Bears" and not o.tapped
    for g in (copy, loaded):
        o, name = _entered_clone(g)
        assert name == "Rusted Sentinel" and o.tapped  # CR 614.12: the copied "enters tapped"
        line = next(e for e in reversed(g.log) if "as a copy of Rusted Sentinel" in e.text)
        assert "707.5" in line.rules and "614.1c" in line.rules


def test_a_wrong_answer_to_the_copy_choice_is_refused_and_changes_nothing(board):
    game = _clone_at_copy_choice(board)
    before = game.to_json()
    with pytest.raises(IllegalActionError):
        game.apply(ChooseObjects((9999,)))
    assert game.to_json() == before


def test_two_copy_effects_ask_their_order_by_616_1c(board):
    game = _clone_cast(board, "Essence of the Wild")
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OPTION and d.rule == "616.1c"
    assert d.data["options"] == ["Clone", "Essence of the Wild"]
    game.apply(ChooseOption("Essence of the Wild"))
    # CR 616.1f: Clone's own effect no longer applies (it is a copy of Essence now)
    assert game.decision.kind == DecisionKind.PRIORITY
    assert _entered_clone(game)[1] == "Essence of the Wild"


def test_an_aura_with_nothing_to_enchant_stays_and_the_event_is_cancelled(board):
    """CR 303.4g: the Aura's attachment is part of the entering event; with nothing
    it could enchant, the event doesn't happen."""
    favor = board.add(0, "Divine Favor", Zone.GRAVEYARD)
    game = board.start()
    entry = new_entry(game, game.objects[favor], 0, ("400.7",), False, False)
    assert enter(game, entry) is None
    assert game.objects[favor].zone == Zone.GRAVEYARD
    assert game.log[-1].rules == ("303.4g",)
