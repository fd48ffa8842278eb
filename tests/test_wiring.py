"""The wiring (architecture §8): every hook the rules call is filled by the
module that owns it, and zone-change events say why the card moved."""

from __future__ import annotations

from dataclasses import fields

import mtg_engine  # noqa: F401  (the package import wires the engine)
from mtg_engine.game.hooks import (
    EVENT_LISTENERS,
    KEYWORD_HOOKS,
    PROCEDURES,
    _unwired,
    dispatch,
    keywords_possible,
    listeners_for,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.permanents import sacrifice
from mtg_engine.rules.support import COVERAGE_PROBES, _unregistered
from mtg_engine.rules.triggers import on_event
from mtg_engine.rules.zones import is_discard, move


def test_every_keyword_hook_and_procedure_is_set() -> None:
    missing = [f.name for f in fields(KEYWORD_HOOKS) if getattr(KEYWORD_HOOKS, f.name) is _unwired]
    missing += [f.name for f in fields(PROCEDURES) if getattr(PROCEDURES, f.name) is _unwired]
    probes = COVERAGE_PROBES
    missing += [f.name for f in fields(probes) if getattr(probes, f.name) is _unregistered]
    assert missing == []


def test_event_listeners_are_the_keyword_hooks_then_trigger_detection() -> None:
    """CR 603.2: one table for the engine, not a class list each game could change."""
    assert EVENT_LISTENERS == [dispatch, on_event]
    assert not hasattr(Game, "event_listeners")


def test_zone_changes_carry_their_cause(board) -> None:
    bears = board.add(0, "Grizzly Bears")
    card = board.add(0, "Forest", Zone.HAND)
    other = board.add(0, "Forest", Zone.HAND)
    game = board.start()
    sacrifice(game, bears)
    ev = game.log[-1]
    assert ev.kind == "zone_change" and ev.data["cause"] == "sacrifice"  # CR 701.21a
    move(game, card, Zone.GRAVEYARD, ("701.9a",), reason="is discarded", cause="discard")
    assert is_discard(game.log[-1])  # CR 701.9a
    move(game, other, Zone.GRAVEYARD, ("400.7",))
    assert "cause" not in game.log[-1].data and not is_discard(game.log[-1])


def test_trigger_detection_sees_only_the_kinds_that_can_trigger() -> None:
    """No work for a listener that can't care: a step beginning triggers nothing by
    itself (its "at the beginning of" abilities are found by the step, CR 603.6),
    a zone change may (CR 603.2, 603.10a)."""
    assert listeners_for("step") == (dispatch,)
    assert listeners_for("zone_change") == (dispatch, on_event)
    assert on_event not in listeners_for("shuffle")


def test_a_keyword_hook_waits_for_a_card_that_names_its_keyword(board) -> None:
    """CR 702.85a: cascade triggers only for a spell with cascade: in a game none of
    whose cards names it, the hook isn't called; a card that names it, made later,
    makes it possible (each new object is looked at once)."""
    board.add(0, "Grizzly Bears")
    game = board.start()
    assert keywords_possible(game).isdisjoint({"ward", "cascade"})
    board.add(1, "Bloodbraid Elf", Zone.HAND)  # "Cascade"
    assert "cascade" in keywords_possible(game) and "ward" not in keywords_possible(game)
