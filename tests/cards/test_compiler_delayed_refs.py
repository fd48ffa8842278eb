"""Pronouns in delayed triggered abilities (CR 603.7c) and after instructions about
every object of a kind (CR 608.2c): "those creatures", "them", "that creature"
name the objects of the creating instruction or trigger, not the source."""

from __future__ import annotations

from mtg_engine.cards.abilities import ParentRef, SelfRef, TriggerRef
from mtg_engine.cards.compiler import compile_text


def _effects(text: str, types: tuple[str, ...] = ("Instant",)):
    cf = compile_text(text, "Test Card", types)
    assert not cf.unparsed, cf.unparsed
    return cf.abilities[0].effects


def test_those_creatures_in_a_delayed_trigger_are_the_pumped_creatures() -> None:
    """Tears of Rage: "Sacrifice those creatures at the beginning of the next end step"."""
    mod, delayed = _effects(
        "Attacking creatures you control get +1/+0 until end of turn. "
        "Sacrifice those creatures at the beginning of the next end step."
    )
    assert mod.op == "modify_pt" and delayed.op == "delayed_trigger"
    (sac,) = delayed.args["effects"]
    assert sac.op == "sacrifice" and sac.args["what"] == ParentRef("each")


def test_them_after_moving_cards_is_the_new_permanents() -> None:
    """Smog Smasher: "put all cards exiled with this creature onto the battlefield.
    They gain haste. Sacrifice them at the beginning of the next end step" (400.7)."""
    back, haste, delayed = _effects(
        "Put all cards exiled with this creature onto the battlefield. They gain haste. "
        "Sacrifice them at the beginning of the next end step.",
        ("Sorcery",),
    )
    assert back.op == "return_to_battlefield"
    assert haste.args["what"] == ParentRef("it")
    assert delayed.args["effects"][0].args["what"] == ParentRef("it")


def test_that_creature_of_a_damage_trigger_is_the_creature_dealt_damage() -> None:
    """Serpentine Basilisk: "destroy that creature at end of combat" (603.2, 603.7c)."""
    cf = compile_text(
        "Whenever this creature deals combat damage to a creature, destroy that creature "
        "at end of combat.",
        "Test Card",
        ("Creature",),
    )
    (delayed,) = cf.abilities[0].effects
    assert delayed.args["effects"][0].args["what"] == TriggerRef("damaged")


def test_it_still_names_this_object() -> None:
    """Crazed-Armodon-like "destroy it at end of combat": "it" is this creature."""
    cf = compile_text(
        "When this creature attacks or blocks, destroy it at end of combat.",
        "Test Card",
        ("Creature",),
    )
    (eff,) = cf.abilities[0].effects
    assert eff.args["effects"][0].args["what"] == SelfRef()


def test_kicked_instead_keeps_the_first_instructions_objects() -> None:
    """Dauntless Unity: "If this spell was kicked, those creatures get +2/+1 until end
    of turn instead": the replacing instruction affects the same creatures."""
    first, second = _effects(
        "Creatures you control get +1/+1 until end of turn. If this spell was kicked, "
        "those creatures get +2/+1 until end of turn instead."
    )
    assert second.args["what"] == first.args["what"]
    assert second.args["power"] == 2


def test_a_delayed_sentence_after_the_instructions_is_their_delayed_trigger() -> None:
    """Otherworldly Journey: "Exile target creature. At the beginning of the next end
    step, return that card ..." reads as the trailing "... at the beginning of the
    next end step" does (CR 603.7a)."""
    exile, delayed = _effects(
        "Exile target creature. At the beginning of the next end step, return that card "
        "to the battlefield under its owner's control with a +1/+1 counter on it."
    )
    assert exile.op == "exile" and delayed.op == "delayed_trigger"
    (back,) = delayed.args["effects"]
    assert back.op == "return_to_battlefield" and back.args["what"] == exile.args["what"]


def test_that_creature_after_put_onto_battlefield_is_the_permanent_put_there() -> None:
    """Surprise Deployment, Through the Breach: "You may put a creature card from your
    hand onto the battlefield. [That creature gains haste.] At the beginning of the next
    end step, return / sacrifice that creature": "that creature" is the permanent put
    onto the battlefield (CR 608.2c, 400.7), not the spell: the put's "it"."""
    for text in (
        "You may put a creature card from your hand onto the battlefield. At the "
        "beginning of the next end step, return that creature to your hand.",
        "You may put a creature card from your hand onto the battlefield. That creature "
        "gains haste. Sacrifice that creature at the beginning of the next end step.",
    ):
        cf = compile_text(text, "Test Card", ("Instant",))
        assert not cf.unparsed
        (ability,) = cf.abilities
        delayed = ability.effects[-1]
        assert delayed.op == "delayed_trigger"
        (inner,) = delayed.args["effects"]
        assert inner.args["what"] == ParentRef()
        assert all(e.args.get("what") != SelfRef() for e in ability.effects)


def test_damage_prevented_this_way_in_a_later_delayed_ability_does_not_compile() -> None:
    """Sacred Boon: the counters for the damage prevented this way, at the end step."""
    cf = compile_text(
        "Prevent the next 3 damage that would be dealt to target creature this turn. At "
        "the beginning of the next end step, put a +0/+1 counter on that creature for "
        "each 1 damage prevented this way.",
        "Test Card",
        ("Instant",),
    )
    assert cf.unparsed
