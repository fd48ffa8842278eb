"""Tapping, untapping, life loss and counters are proposed events (CR 614, 101.2):
a replacement effect registered for their kind changes them and is named in the
log; a "can't" check stops them; with nothing registered they just happen."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_engine.cards.compiler import compile_text
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game
from mtg_engine.rules import pipeline
from mtg_engine.rules.counters import put_player_counters, remove_counters
from mtg_engine.rules.damage import deal_damage, life_unpayable, lose_life
from mtg_engine.rules.pipeline import Replacement
from mtg_engine.rules.tapping import set_tapped
from mtg_engine.rules.turn import untap_step

#: the pipeline's plans are made from the tables these tests patch
pytestmark = pytest.mark.usefixtures("fresh_plans")


def _stays_untapped(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["cancelled"] = "replaced"
        return "the test effect: it stays untapped instead"

    return [Replacement("test:stay", "the test effect", ("614.1a",), apply)]


def test_tapping_is_proposed_and_a_replacement_is_named(board, monkeypatch):
    bears = board.add(0, "Grizzly Bears")
    elves = board.add(0, "Llanowar Elves")
    game = board.start()
    monkeypatch.setitem(pipeline.FINDERS, "tap", [_stays_untapped])
    pipeline.forget_plans()  # (the tables the plans are made from changed)
    changed = set_tapped(game, [game.objects[bears], game.objects[elves]], True, ("701.26a",))
    assert changed == []
    assert not game.objects[bears].tapped and not game.objects[elves].tapped
    lines = [e for e in game.log if e.kind == "tap_replaced"]
    assert [e.text for e in lines] == [
        "Grizzly Bears would become tapped; the test effect: it stays untapped instead",
        "Llanowar Elves would become tapped; the test effect: it stays untapped instead",
    ]
    assert all("614.1a" in e.rules for e in lines)


def test_tapping_with_nothing_registered_just_happens(board):
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    changed = set_tapped(game, [game.objects[bears]], True, ("701.26a",))
    assert [o.id for o in changed] == [bears] and game.objects[bears].tapped
    # an already tapped permanent doesn't become tapped again (CR 701.26a)
    assert set_tapped(game, [game.objects[bears]], True, ("701.26a",)) == []


def test_cant_untap_beats_the_untap_step(board, monkeypatch):
    """CR 101.2: a "can't become untapped" check wins over the untap step's untapping."""
    bears = board.add(0, "Grizzly Bears", tapped=True)
    land = board.add(0, "Forest", tapped=True)
    game = board.start()

    def cant(game: Game, ev: dict[str, Any]) -> str | None:
        return "it can't become untapped" if ev["obj"] == bears else None

    monkeypatch.setitem(pipeline.PROHIBITIONS, "untap", [(cant, None)])
    pipeline.forget_plans()  # (the tables the plans are made from changed)
    untap_step(game)
    assert game.objects[bears].tapped and not game.objects[land].tapped
    lines = [e.text for e in game.log if e.kind == "untap_prevented"]
    assert lines == ["Grizzly Bears would untap, but can't: it can't become untapped"]
    assert "101.2" in next(e for e in game.log if e.kind == "untap_prevented").rules


def test_platinum_emperion_stops_life_loss_and_life_payment(board):
    board.add(0, "Platinum Emperion")
    game = board.start()
    assert lose_life(game, 0, 5, ("119.3",)) == 0
    assert game.players[0].life == 20
    assert "119.8" in (life_unpayable(game, 0, 2) or "")
    assert life_unpayable(game, 0, 0) is None  # CR 119.4b: 0 life can always be paid
    assert life_unpayable(game, 1, 2) is None  # the opponent isn't affected
    assert lose_life(game, 1, 5, ("119.3",)) == 5 and game.players[1].life == 15


def test_removing_counters_is_proposed(board, monkeypatch):
    bears = board.add(0, "Grizzly Bears", counters={"+1/+1": 3})
    game = board.start()
    assert remove_counters(game, game.objects[bears], "+1/+1", 2) == 2
    assert game.objects[bears].counters == {"+1/+1": 1}
    monkeypatch.setitem(
        pipeline.PROHIBITIONS, "remove_counters", [(lambda g, ev: "the test says no", None)]
    )
    pipeline.forget_plans()  # (the tables the plans are made from changed)
    assert remove_counters(game, game.objects[bears], "+1/+1", 1) == 0
    assert game.objects[bears].counters == {"+1/+1": 1}
    # removing more than it has removes what there is; none removes nothing
    monkeypatch.setitem(pipeline.PROHIBITIONS, "remove_counters", [])
    pipeline.forget_plans()  # (the tables the plans are made from changed)
    assert remove_counters(game, game.objects[bears], "+1/+1", 5) == 1
    assert game.objects[bears].counters == {}
    assert remove_counters(game, game.objects[bears], "+1/+1", 1) == 0


def test_player_counters_are_proposed(board):
    board.add(1, "Melira, Sylvok Outcast")
    game = board.start()
    assert put_player_counters(game, 0, "poison", 2) == 2 and game.players[0].poison == 2
    assert put_player_counters(game, 1, "poison", 2) == 0 and game.players[1].poison == 0
    # energy counters are kept (CR 107.14); Melira stops only poison counters
    assert put_player_counters(game, 1, "energy", 2) == 2 and game.players[1].energy == 2
    # and so are experience counters (CR 122.1; Mizzix of the Izmagnus)
    assert put_player_counters(game, 1, "experience", 1) == 1 and game.players[1].experience == 1
    with pytest.raises(ValueError, match="122.1"):
        put_player_counters(game, 0, "+1/+1", 1)


def test_a_replacement_ability_granted_in_layer_6_is_seen(board):
    """CR 613.1f, 615.1: a creature given "Prevent all damage that would be dealt to
    this creature" by a resolved effect has that prevention effect."""
    bears = board.add(0, "Grizzly Bears")
    bolt_source = board.add(1, "Shivan Dragon")
    game = board.start()
    (granted,) = compile_text(
        "Prevent all damage that would be dealt to this creature.", "X", ("Creature",)
    ).abilities
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "6",
            game.new_timestamp(),
            None,
            0,
            (bears,),
            "grant_ability",
            {"abilities": (granted,)},
            "end_of_turn",
        ),
    ]
    game.invalidate()
    assert deal_damage(game, game.objects[bolt_source], bears, 3) == 0
    assert game.objects[bears].damage == 0
    assert any("prevents 3 damage" in e.text and "615.1" in e.rules for e in game.log)
    game.effects = []
    game.invalidate()
    assert deal_damage(game, game.objects[bolt_source], bears, 1) == 1
