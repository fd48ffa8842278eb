"""Spree (CR 702.172a): "Choose one or more modes. As an additional cost to cast
this spell, pay the costs associated with those modes." """

from __future__ import annotations

from mtg_engine import DecisionKind
from mtg_engine.cards.compiler import compile_text
from mtg_engine.game.actions import CastSpell, ChooseModes, ChooseTargets
from mtg_engine.game.objects import Zone
from mtg_engine.rules.support import face_unsupported

ACCIDENT = (
    "Spree (Choose one or more additional costs.)\n"
    "+ {2}{B} — Destroy target creature.\n"
    "+ {1} — You draw a card and you lose 1 life."
)


def test_each_plus_line_is_a_mode_with_its_cost() -> None:
    cf = compile_text(ACCIDENT, "Accident", ("Instant",))
    assert cf.unparsed == ()
    assert not face_unsupported(cf)
    spell = cf.abilities[0]
    assert spell.modes_choose == (1, 2)
    assert [m.cost for m in spell.modes] == ["{2}{B}", "{1}"]
    assert [len(m.targets) for m in spell.modes] == [1, 0]
    assert any(a.keyword == "Spree" for a in cf.abilities)


def test_a_mode_that_does_not_compile_is_reported() -> None:
    text = ACCIDENT + "\n+ {1} — Frobnicate the widget."
    cf = compile_text(text, "Accident", ("Instant",))
    assert cf.unparsed == ("+ {1} — Frobnicate the widget.",)


def test_one_to_all_modes_are_asked_then_their_costs_paid(board) -> None:
    """CR 601.2b, 700.2: the controller chooses one or more modes; 601.2f: the
    chosen modes' costs are part of the total cost."""
    card = board.add(0, "Unfortunate Accident", Zone.HAND)
    swamps = [board.add(0, "Swamp") for _ in range(5)]
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(card))
    d = game.decision
    assert d.kind == DecisionKind.MODES
    assert (d.data["min"], d.data["max"]) == (1, 2)
    assert d.data["modes"][0].startswith("{2}{B} — Destroy")
    game.apply(ChooseModes((0,)))
    assert game.decision.kind == DecisionKind.TARGETS
    game.apply(ChooseTargets((bears,)))
    tapped = [s for s in swamps if game.objects[s].tapped]
    assert len(tapped) == 4  # {B} + {2}{B}
    assert any("702.172a" in e.rules for e in game.log)
