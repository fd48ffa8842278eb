"""Replacement effects that modify how a permanent enters, as proposals on its
zone-change event (CR 614.1c-d, 614.12, 122.6, 616.1)."""

from __future__ import annotations

from mtg_engine.game.actions import (
    CastSpell,
    ChooseNumber,
    ChooseOption,
    DecisionKind,
    PassPriority,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.etb_replacements import entering_replacements
from mtg_engine.rules.replacement import new_entry
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
