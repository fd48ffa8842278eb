"""Tapping to pay a cost, to attack and to regenerate is an event proposed to the
event pipeline (CR 602.2b, 107.5, 508.1f, 701.26a, 614): a replacement effect
on tapping sees it as it sees an effect's tap. No card of the engine has one
yet, so a recording replacement effect is registered for these tests."""

from __future__ import annotations

from typing import Any

import pytest

from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    DeclareAttackers,
    PassPriority,
    player_ref,
)
from mtg_engine.game.events import EventKind
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import pipeline
from mtg_engine.rules.pipeline import Replacement

#: the pipeline's plans are made from the tables these tests patch
pytestmark = pytest.mark.usefixtures("fresh_plans")


@pytest.fixture
def seen(monkeypatch) -> set[int]:
    """The permanents whose proposed tap a replacement effect saw; it applies to
    each once (CR 614.1a, 614.5) and names itself in the log."""
    out: set[int] = set()

    def noted(game: Game, ev: dict[str, Any]) -> str:
        return "the watcher notes it"

    def finder(game: Game, ev: dict[str, Any]) -> list[Replacement]:
        out.add(ev["obj"])
        return [Replacement("watcher", "the watcher", ("614.1a",), noted)]

    monkeypatch.setitem(pipeline.FINDERS, EventKind.TAP, [finder])
    pipeline.forget_plans()  # (the tables the plans are made from changed)
    return out


def _noted(game: Game, oid: int) -> bool:
    return any(
        e.kind == EventKind.TAP and e.data.get("obj") == oid and "the watcher notes it" in e.text
        for e in game.log
    )


def test_tapping_lands_for_mana_to_cast_a_spell_is_proposed(board, seen):
    """CR 605.3a, 602.2b: the {T} of the lands' mana abilities."""
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    forests = [board.add(0, "Forest"), board.add(0, "Forest")]
    game = board.start()
    game.apply(CastSpell(bears))
    assert seen == set(forests)
    assert all(game.objects[f].tapped and _noted(game, f) for f in forests)
    line = next(e for e in game.log if e.kind == EventKind.TAP)
    assert "614.1a" in line.rules


def test_a_tap_symbol_in_an_activation_cost_is_proposed(board, seen):
    """CR 602.2b, 107.5: Prodigal Pyromancer's {T}."""
    pyro = board.add(0, "Prodigal Pyromancer")
    game = board.start()
    game.apply(ActivateAbility(pyro, 0))
    game.apply(ChooseTargets((player_ref(1),)))
    assert seen == {pyro}
    assert game.objects[pyro].tapped and _noted(game, pyro)


def test_tapping_creatures_to_crew_is_proposed(board, seen):
    """CR 702.122a: the creatures tapped to pay crew's cost."""
    crusher = board.add(0, "Irontread Crusher")
    giant = board.add(0, "Hill Giant")
    game = board.start()
    game.apply(ActivateAbility(crusher, 0))
    game.apply(ChooseObjects((giant,)))
    assert seen == {giant}
    assert game.objects[giant].tapped and _noted(game, giant)


def test_attacking_taps_are_proposed(board, seen):
    """CR 508.1f: an attacking creature without vigilance becomes tapped."""
    ogre = board.add(0, "Gray Ogre")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    while game.decision.kind != "attackers":
        game.apply(PassPriority())
    game.apply(DeclareAttackers(((ogre, player_ref(1)),)))
    assert seen == {ogre}
    assert game.objects[ogre].tapped and _noted(game, ogre)


def test_without_a_tap_replacement_nothing_is_proposed_and_the_log_is_unchanged(board):
    """The hot path: no effect watches taps, so a cost's tap is made directly and
    logged as before (no replacement note)."""
    assert EventKind.TAP not in pipeline.FINDERS
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    forests = [board.add(0, "Forest"), board.add(0, "Forest")]
    game = board.start()
    game.apply(CastSpell(bears))
    assert all(game.objects[f].tapped for f in forests)
    assert not any(e.kind == EventKind.TAP for e in game.log)
