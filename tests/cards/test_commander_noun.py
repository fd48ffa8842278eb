"""The noun "commander" before another head noun is kept: "a commander spell" is a
spell that is a commander, not any spell (CR 903.3)."""

from __future__ import annotations

from mtg_engine.cards.compiler import compile_text


def test_a_commander_spell_is_a_commander() -> None:
    cf = compile_text("Whenever you cast a commander spell, draw a card.", "X", ("Enchantment",))
    (ab,) = cf.abilities
    assert ab.trigger is not None
    what = dict(ab.trigger.details)["what"]
    assert what.kinds == ("spell",)
    assert ("commander", True) in what.conditions


def test_commanders_you_control_stay_commanders() -> None:
    cf = compile_text(
        "During your turn, commanders you control have indestructible.", "X", ("Creature",)
    )
    assert "('commander', True)" in repr(cf.abilities)
