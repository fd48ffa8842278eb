"""Compiler constructs needed by the keyword ruling scenarios (CR 702, 612, 510.1c)."""

from __future__ import annotations

from mtg_engine.cards.abilities import Condition, EachRef, Filter
from mtg_engine.cards.compiler import compile_text


def _one(text: str, name: str = "X", types: tuple[str, ...] = ("Instant",)):
    face = compile_text(text, name, types)
    assert not face.unparsed, face.unparsed
    return face.abilities


def test_stifle_targets_activated_or_triggered_abilities_on_the_stack():
    """CR 113.3b-c, 115.1: "target activated or triggered ability" is looked for on the stack."""
    (a,) = _one("Counter target activated or triggered ability.", "Stifle")
    flt = a.targets[0].filter
    assert flt.kinds == ("ability",) and flt.zone == "stack"
    assert flt.conditions == (("any_of", ((("activated", True),), (("triggered", True),))),)


def test_kicked_instead_replaces_the_first_instruction():
    """Burst Lightning: 2 damage unless kicked, 4 damage if kicked (never both)."""
    (a, _kicker) = _one(
        "Burst Lightning deals 2 damage to any target.\n"
        "If this spell was kicked, it deals 4 damage instead.\nKicker {4}",
        "Burst Lightning",
    )
    first, second = a.effects
    assert first.args["amount"] == 2 and second.args["amount"] == 4
    assert first.args["to"] == second.args["to"]
    assert second.condition == Condition("kicked", {"arg0": second.condition.args["arg0"]})
    assert first.condition == Condition("not", {"cond": second.condition})
    assert "instead" not in second.args


def test_cumulative_upkeep_alternatives_and_mana_and_life():
    """CR 702.24a: "{G} or {W}" is chosen per age counter; "Pay {B} and 1 life"."""
    (a,) = _one("Cumulative upkeep {G} or {W}", "Arctic Nishoba", ("Creature",))
    assert a.keyword_args["alternatives"] == ("{G}", "{W}")
    (b,) = _one("Cumulative upkeep—Pay {B} and 1 life.", "Infernal Darkness", ("Enchantment",))
    cost = b.keyword_args["cost"]
    assert cost.mana == "{B}" and cost.life == 1


def test_protection_from_instants_and_from_sorceries():
    """CR 702.16a: two qualities, each a card type."""
    (a,) = _one("Protection from instants and from sorceries", "X", ("Creature",))
    kinds = [q.kinds for q in a.keyword_args["from"] if isinstance(q, Filter)]
    assert kinds == [("Instant",), ("Sorcery",)]


def test_time_counters_and_suspended_cards():
    """CR 122.1, 702.62b: "time" is the counter's kind; a suspended card is a target."""
    (a,) = _one(
        "Choose one —\n• Remove X time counters from target permanent or suspended card.\n"
        "• Put X time counters on target permanent with a time counter on it or suspended card.",
        "Timecrafting",
    )
    first = a.modes[0]
    assert first.effects[0].args["counter"] == "time"
    flt = first.targets[0].filter
    assert set(flt.kinds) == {"permanent", "card"}
    (any_of,) = flt.conditions
    alternatives = {frozenset(alt) for alt in any_of[1]}
    assert frozenset({("is_kind", ("card",)), ("suspended", True)}) in alternatives
    assert frozenset({("is_kind", ("permanent",))}) in alternatives


def test_each_player_is_the_subject_of_the_following_then_clauses():
    """Living Death: "Each player exiles ..., then sacrifices ..., then puts ..."."""
    (a,) = _one(
        "Each player exiles all creature cards from their graveyard, then sacrifices all "
        "creatures they control, then puts all cards they exiled this way onto the battlefield.",
        "Living Death",
        ("Sorcery",),
    )
    exile, sac, back = a.effects
    assert exile.args["what"].filter.conditions == ()  # every player's graveyard
    assert isinstance(sac.args["player"], EachRef)
    assert back.args["what"].filter.conditions == (("this_way", True),)


def test_text_change_and_combat_damage_statics():
    """CR 612.2 (Artificial Evolution) and 510.1c (Butcher Orgg)."""
    (a,) = _one(
        "Change the text of target spell or permanent by replacing all instances of one "
        "creature type with another. The new creature type can't be Wall.",
        "Artificial Evolution",
    )
    assert [e.op for e in a.effects] == ["change_text", "change_text_limit"]
    assert a.effects[0].args["word"] == "creature_type"
    assert a.effects[1].args["not"] == "Wall"
    (orgg,) = _one(
        "You may assign this creature's combat damage divided as you choose among defending "
        "player and/or any number of creatures they control.",
        "Butcher Orgg",
        ("Creature",),
    )
    assert orgg.static[0].op == "assign_among_defenders"
