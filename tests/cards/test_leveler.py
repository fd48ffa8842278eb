"""Leveler cards: level up (CR 702.87) and level symbols (CR 711), compiled and played."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from mtg_engine.cards.abilities import AbilityKind, Condition, SelfRef
from mtg_engine.cards.compiler import compile_text
from mtg_engine.cards.compiler.leveler import parse_level_symbol
from mtg_engine.game.hooks import full_ability
from mtg_engine.keywords.level_up import level_in_range
from mtg_engine.rules.support import face_unsupported

STUDENT = (
    "Level up {W} ({W}: Put a level counter on this. Level up only as a sorcery.)\n"
    "LEVEL 2-6\n3/3\nFirst strike\nLEVEL 7+\n4/4\nDouble strike"
)


def test_parse_level_symbol() -> None:
    assert parse_level_symbol("LEVEL 2-6") == (2, 6)
    assert parse_level_symbol("LEVEL 12+") == (12, None)
    assert parse_level_symbol("Level up {W}") is None
    assert parse_level_symbol("LEVEL 2") is None


def test_level_range() -> None:
    """CR 711.2a-b: "N1-N2" is at least N1 and at most N2; "N3+" is N3 or more."""
    assert not level_in_range(1, 2, 6)
    assert level_in_range(2, 2, 6) and level_in_range(6, 2, 6)
    assert not level_in_range(7, 2, 6)
    assert level_in_range(40, 7, None)


def test_student_of_warfare_compiles_to_level_symbols() -> None:
    cf = compile_text(STUDENT, "Student of Warfare", ("Creature",))
    assert cf.unparsed == ()
    assert not face_unsupported(cf)
    level_up, low, high = cf.abilities
    assert level_up.keyword == "Level up"
    # CR 702.87a: "[Cost]: Put a level counter on this permanent. Activate only as a sorcery."
    full = full_ability(level_up)
    assert full.kind is AbilityKind.ACTIVATED and full.timing == "sorcery"
    assert full.cost is not None and full.cost.mana == "{W}"
    assert [(e.op, e.args["counter"]) for e in full.effects] == [("put_counters", "level")]
    # CR 711.2a: base P/T and abilities as long as 2-6 level counters
    assert low.kind is AbilityKind.STATIC
    cond = Condition("level_counters", {"min": 2, "max": 6})
    pt, grant = low.static
    assert (pt.op, pt.affected, pt.args, pt.condition) == (
        "set_pt",
        SelfRef(),
        {"power": 3, "toughness": 3},
        cond,
    )
    assert grant.op == "grant_ability" and grant.condition == cond
    assert [a.keyword for a in grant.args["abilities"]] == ["First strike"]
    # CR 711.2b: "LEVEL 7+"
    assert high.static[0].condition == Condition("level_counters", {"min": 7, "max": None})
    assert [a.keyword for a in high.static[1].args["abilities"]] == ["Double strike"]
    # the striated abilities are not abilities of the card at every level
    assert not any(a.keyword == "First strike" for a in cf.abilities)


def test_striation_static_abilities_keep_their_effect_under_the_level_condition() -> None:
    text = (
        "Level up {2}{W}\nLEVEL 2-4\n3/6\nOther creatures you control get +1/+1.\n"
        "LEVEL 5+\n4/8\nOther creatures you control get +2/+2."
    )
    cf = compile_text(text, "Kabira Vindicator", ("Creature",))
    assert cf.unparsed == ()
    statics = cf.abilities[1].static
    assert [s.op for s in statics] == ["set_pt", "modify_pt"]
    assert statics[1].condition == Condition("level_counters", {"min": 2, "max": 4})
    assert statics[1].affected != SelfRef()


def test_striation_without_pt_box() -> None:
    """Under-Construction Skyscraper: a noncreature leveler has no P/T boxes."""
    text = (
        "Level up {1}\n{T}: Add {C}.\nLEVEL 1-7\n{T}: Add {W}, {B}, {G}, or {C}.\n"
        "LEVEL 8+\n{T}: Add {W}, {B}, {G}, or {C}. Scry 1."
    )
    cf = compile_text(text, "Under-Construction Skyscraper", ("Artifact", "Land"))
    assert cf.unparsed == ()
    kinds = [a.kind for a in cf.abilities]
    assert kinds == [
        AbilityKind.ACTIVATED,
        AbilityKind.MANA,
        AbilityKind.STATIC,
        AbilityKind.STATIC,
    ]
    assert [s.op for s in cf.abilities[2].static] == ["grant_ability"]


def test_uncompiled_striation_text_is_reported() -> None:
    text = "Level up {1}\nLEVEL 1-2\n2/2\nThis creature frobnicates wildly."
    cf = compile_text(text, "Test Leveler", ("Creature",))
    assert cf.unparsed and "frobnicates" in " ".join(cf.unparsed)


@pytest.mark.parametrize(
    "name",
    ["Student of Warfare", "Kargan Dragonlord", "Lord of Shatterskull Pass", "Joraga Treespeaker"],
)
def test_leveler_cards_play(name: str) -> None:
    sys.path.insert(0, str(Path(__file__).parent))
    from test_smoke import fully_supported, play_card

    assert fully_supported(name)
    for seed in range(2):
        play_card(name, seed)


def test_a_conditional_static_in_a_section_keeps_both_conditions() -> None:
    """Blacksmith's Talent level 3: "During your turn, ..." holds only at level 3 or
    greater and during your turn (CR 716.2a, 611.3a)."""
    text = (
        "{3}{R}: Level 3\nDuring your turn, equipped creatures you control have double "
        "strike and haste."
    )
    cf = compile_text(text, "Blacksmith's Talent", ("Enchantment",))
    assert cf.unparsed == ()
    st = cf.abilities[1].static[0]
    assert st.condition is not None and st.condition.kind == "all_of"
    assert st.condition.args["conds"][0] == Condition("class_level_ge", {"n": 3})


def test_class_level_bars() -> None:
    """CR 716.2a: "[Cost]: Level N" is an activated ability (level N-1, as a sorcery)
    and the section's abilities as long as the Class is level N or greater."""
    text = (
        "You have no maximum hand size.\n{2}{U}: Level 2\n"
        "When this Class becomes level 2, draw two cards.\n{4}{U}: Level 3\n"
        "Whenever you draw a card, put a +1/+1 counter on target creature you control."
    )
    cf = compile_text(text, "Wizard Class", ("Enchantment",))
    assert cf.unparsed == ()
    _, bar2, sec2, bar3, sec3 = cf.abilities
    for bar, n in ((bar2, 2), (bar3, 3)):
        assert bar.kind is AbilityKind.ACTIVATED and bar.timing == "sorcery"
        assert [(e.op, e.args) for e in bar.effects] == [("class_level", {"level": n})]
        assert bar.restrictions == (("condition", Condition("class_level_is", {"n": n - 1})),)
    trig = sec2.static[0].args["abilities"][0].trigger
    assert (trig.event, trig.details) == ("class_level", (("level", 2),))
    assert sec3.static[0].condition == Condition("class_level_ge", {"n": 3})
