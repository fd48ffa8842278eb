"""Compiler constructs: event-based delayed triggers (CR 603.7), an intervening "if"
about the triggering object (CR 603.4), "the same is true for ..." (CR 611.3), and
proliferate (CR 701.34)."""

from __future__ import annotations

from mtg_engine.cards.abilities import Condition, Filter, TriggerRef
from mtg_engine.cards.compiler import compile_text
from mtg_engine.rules.support import unsupported


def _one(text: str, name: str, types: tuple[str, ...]):
    face = compile_text(text, name, types)
    assert not face.unparsed, face.unparsed
    return face.abilities


def test_when_you_next_cast_is_a_delayed_trigger_on_the_cast_event():
    """Sword of Wealth and Power: "copy that spell" is the spell that triggers it."""
    (a,) = _one(
        "Whenever equipped creature deals combat damage to a player, create a Treasure "
        "token. When you next cast an instant or sorcery spell this turn, copy that spell. "
        "You may choose new targets for the copy.",
        "Sword of Wealth and Power",
        ("Artifact",),
    )
    delayed = a.effects[-1]
    assert delayed.op == "delayed_trigger"
    trig = delayed.args["trigger"]
    assert trig.event == "cast" and ("this_turn", True) in trig.details
    what = dict(trig.details)["what"]
    assert isinstance(what, Filter) and set(what.kinds) == {"Instant", "Sorcery"}
    (copy,) = delayed.args["effects"]
    assert copy.op == "copy_spell" and copy.args["what"] == TriggerRef("spell")
    assert copy.args["new_targets"] is True
    assert not unsupported(a)


def test_when_you_lose_control_binds_the_creature():
    (a,) = _one(
        "Untap target creature an opponent controls and gain control of it until end of "
        "turn. That creature gains haste until end of turn. When you lose control of the "
        "creature, tap it.",
        "Ray of Command",
        ("Instant",),
    )
    delayed = a.effects[-1]
    assert delayed.op == "delayed_trigger"
    assert delayed.args["trigger"].event == "lose_control"
    assert not unsupported(a)


def test_intervening_if_its_power_names_the_triggering_object():
    (_enchant, a) = _one(
        "Enchant creature\nWhenever enchanted creature attacks, if its power is 2 or less, "
        "it can't be blocked this turn.",
        "Writ of Passage",
        ("Enchantment",),
    )
    cond = a.trigger.condition
    assert isinstance(cond, Condition) and cond.kind == "is"
    assert cond.args["ref"] == TriggerRef("object")
    assert cond.args["quality"].conditions == (("power_le", 2),)
    assert not unsupported(a)


def test_the_same_is_true_for_spells_and_cards():
    (_choose, a) = _one(
        "As this enchantment enters, choose a creature type.\nCreatures you control are the "
        "chosen type in addition to their other types. The same is true for creature spells "
        "you control and creature cards you own that aren't on the battlefield.",
        "Arcane Adaptation",
        ("Enchantment",),
    )
    zones = [st.affected.zone for st in a.static]
    assert zones == ["battlefield", "stack", "any"]
    assert all(st.op == "add_types" for st in a.static)
    assert not unsupported(a)


def test_proliferate_runs():
    (a,) = _one("Proliferate.\nDraw a card.", "Contentious Plan", ("Sorcery",))
    assert [e.op for e in a.effects] == ["proliferate", "draw"]
    assert not unsupported(a)
