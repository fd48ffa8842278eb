"""The Oracle-text compiler, one construct per test (CR 113, 601-609, 702)."""

from __future__ import annotations

import pytest

from mtg_engine.cards.abilities import (
    ANY_TARGET,
    AbilityKind,
    Amount,
    ChooseRef,
    CompiledFace,
    ControllerOfRef,
    ControllerRef,
    EachOneRef,
    EachRef,
    Filter,
    OuterRef,
    ParentRef,
    SelfRef,
    TargetRef,
    TriggerRef,
)
from mtg_engine.cards.compiler import compile_face, compile_text
from mtg_engine.cards.compiler.normalize import paragraphs, shape
from mtg_engine.cards.coverage import coverage, seed_pool
from mtg_engine.cards.model import CardData, CardFace
from mtg_engine.effects.vocabulary import OP_SPECS, STATIC_OP_SPECS

CREATURE = ("Creature",)
INSTANT = ("Instant",)
SORCERY = ("Sorcery",)


def ok(text: str, types: tuple[str, ...] = CREATURE, name: str = "Test Card") -> CompiledFace:
    """Compile and insist that nothing was left unparsed."""
    cf = compile_text(text, name, types)
    assert cf.unparsed == (), cf.unparsed
    return cf


def only(text: str, types: tuple[str, ...] = CREATURE, name: str = "Test Card"):
    cf = ok(text, types, name)
    assert len(cf.abilities) == 1, cf.abilities
    return cf.abilities[0]


# --------------------------------------------------------------------------- normalization


def test_reminder_text_is_ignored() -> None:
    """CR 207.2a: reminder text has no rules meaning."""
    ab = only("Flying (This creature can't be blocked except by creatures with flying or reach.)")
    assert ab.keyword == "Flying"


def test_card_name_and_this_object_are_self() -> None:
    """CR 201.5: a card's own name means that object."""
    for text in ("Shock deals 2 damage to any target.", "This spell deals 2 damage to any target."):
        ab = only(text, INSTANT, name="Shock")
        assert ab.effects[0].args["source"] == SelfRef()


def test_legendary_short_name_is_self() -> None:
    paras = paragraphs("When Urza enters, draw a card.", "Urza, Lord High Artificer")
    assert paras[0].text == "when cardname enters, draw a card."


def test_ability_word_is_dropped() -> None:
    """CR 207.2c: an ability word has no rules meaning."""
    ab = only("Landfall — Whenever a land you control enters, you gain 1 life.")
    assert ab.trigger.event == "enters"
    assert ab.trigger.subject == Filter(kinds=("Land",), conditions=(("controller", "you"),))


def test_shape_normalizes_numbers_symbols_and_name() -> None:
    assert (
        shape("Bolt deals 3 damage. {2}{R}: Pump.", "Bolt")
        == "CARDNAME deals N damage. {M}{M}: Pump."
    )


# --------------------------------------------------------------------------- keywords (CR 702)


def test_comma_separated_keywords() -> None:
    cf = ok("Flying, vigilance")
    assert [a.keyword for a in cf.abilities] == ["Flying", "Vigilance"]
    assert all(a.kind is AbilityKind.STATIC for a in cf.abilities)


@pytest.mark.parametrize(
    "text,name",
    [
        ("First strike", "First strike"),
        ("Double strike", "Double strike"),
        ("Trample", "Trample"),
        ("Deathtouch", "Deathtouch"),
        ("Lifelink", "Lifelink"),
        ("Haste", "Haste"),
        ("Reach", "Reach"),
        ("Menace", "Menace"),
        ("Defender", "Defender"),
        ("Flash", "Flash"),
        ("Hexproof", "Hexproof"),
        ("Indestructible", "Indestructible"),
        ("Shroud", "Shroud"),
        ("Battle cry", "Battle cry"),
    ],
)
def test_keyword_official_capitalization(text: str, name: str) -> None:
    assert only(text).keyword == name


@pytest.mark.parametrize(
    "text,name,args",
    [
        ("Kicker {2}{R}", "Kicker", {"cost": "{2}{R}"}),
        ("Flashback {3}{R}", "Flashback", {"cost": "{3}{R}"}),
        ("Echo {2}", "Echo", {"cost": "{2}"}),
        ("Madness {1}{B}", "Madness", {"cost": "{1}{B}"}),
        ("Morph {3}", "Morph", {"cost": "{3}"}),
        ("Ninjutsu {U}", "Ninjutsu", {"cost": "{U}"}),
        ("Ward {2}", "Ward", {"cost": "{2}"}),
        ("Cumulative upkeep {1}", "Cumulative upkeep", {"cost": "{1}"}),
        ("Bushido 2", "Bushido", {"n": 2}),
        ("Rampage 1", "Rampage", {"n": 1}),
        ("Modular 3", "Modular", {"n": 3}),
        ("Fading 3", "Fading", {"n": 3}),
        ("Vanishing 2", "Vanishing", {"n": 2}),
        ("Soulshift 4", "Soulshift", {"n": 4}),
        ("Annihilator 2", "Annihilator", {"n": 2}),
        ("Afflict 2", "Afflict", {"n": 2}),
        ("Suspend 4—{1}{R}", "Suspend", {"n": 4, "cost": "{1}{R}"}),
    ],
)
def test_keyword_parameters(text: str, name: str, args: dict) -> None:
    ab = only(text)
    assert ab.keyword == name
    assert ab.keyword_args == args


def test_equip_and_cycling_are_activated() -> None:
    """CR 702.6a / 702.29a: equip and cycling are activated abilities."""
    equip = only("Equip {1}", ("Artifact",))
    assert equip.kind is AbilityKind.ACTIVATED and equip.cost.mana == "{1}"
    assert equip.timing == "sorcery"
    cycling = only("Cycling {2} ({2}, Discard this card: Draw a card.)")
    assert cycling.kind is AbilityKind.ACTIVATED and cycling.keyword == "Cycling"


def test_typecycling() -> None:
    ab = only("Forestcycling {2}")
    assert ab.keyword == "Typecycling" and ab.keyword_args["type"] == "Forest"


def test_keyword_with_non_mana_cost() -> None:
    ab = only("Ward—Pay 2 life.")
    assert ab.keyword == "Ward" and ab.keyword_args["cost"].life == 2


@pytest.mark.parametrize(
    "text,expected",
    [
        ("Protection from red", ("red",)),
        ("Protection from everything", ("everything",)),
        ("Protection from red and from white", ("red", "white")),
    ],
)
def test_protection(text: str, expected: tuple) -> None:
    ab = only(text)
    assert ab.keyword == "Protection" and ab.keyword_args["from"] == expected


def test_protection_from_creatures_is_a_filter() -> None:
    (what,) = only("Protection from creatures").keyword_args["from"]
    assert what == Filter(kinds=("Creature",))


@pytest.mark.parametrize(
    "text,land",
    [("Swampwalk", "Swamp"), ("Nonbasic landwalk", "nonbasic"), ("Islandwalk", "Island")],
)
def test_landwalk(text: str, land: str) -> None:
    ab = only(text)
    assert ab.keyword == "Landwalk" and ab.keyword_args["land"] == land


def test_enchant_and_affinity() -> None:
    assert only("Enchant creature", ("Enchantment",)).keyword_args["filter"] == Filter(
        kinds=("Creature",)
    )
    aff = only("Affinity for artifacts", ("Artifact",))
    assert aff.keyword == "Affinity" and aff.keyword_args["filter"].kinds == ("Artifact",)


def test_splice() -> None:
    ab = only("Splice onto Arcane {1}{R}", INSTANT)
    assert ab.keyword == "Splice" and ab.keyword_args == {"onto": "Arcane", "cost": "{1}{R}"}


# --------------------------------------------------------------------------- activated (CR 602)


def test_mana_ability() -> None:
    """CR 605.1a: an activated ability that adds mana and has no target is a mana ability."""
    ab = only("{T}: Add {G}.")
    assert ab.kind is AbilityKind.MANA and ab.cost.tap
    assert ab.effects[0].op == "add_mana" and ab.effects[0].args["mana"] == "{G}"


def test_mana_choice_and_any_color() -> None:
    assert only("{T}: Add {R} or {G}.").effects[0].args["choice"] == ["{R}", "{G}"]
    assert only("{T}: Add {W}, {U}, or {B}.").effects[0].args["choice"] == ["{W}", "{U}", "{B}"]
    anyc = only("{T}: Add one mana of any color.").effects[0]
    assert anyc.args["amount"] == 1 and len(anyc.args["choice"]) == 5


def test_activated_costs() -> None:
    ab = only("{1}, {T}, Sacrifice this creature: Draw a card.")
    assert ab.kind is AbilityKind.ACTIVATED
    assert ab.cost.mana == "{1}" and ab.cost.tap
    assert ab.cost.sacrifice == Filter(conditions=(("self", True),))
    ab = only("Pay 2 life, Discard a card: Draw two cards.")
    assert ab.cost.life == 2 and ab.cost.discard is not None
    ab = only("Remove two +1/+1 counters from this creature: Draw a card.")
    assert ab.cost.remove_counters == (("+1/+1", 2),)
    ab = only("{Q}, Exile a card from your graveyard: Draw a card.")
    assert ab.cost.untap and ab.cost.exile.zone == "graveyard"


def test_activation_restrictions() -> None:
    ab = ok("{2}: This creature gets +1/+1 until end of turn. Activate only once each turn.")
    (ab,) = ab.abilities
    assert ab.limit_per_turn == 1
    (ab,) = ok("{T}: Draw a card. Activate only as a sorcery.").abilities
    assert ab.timing == "sorcery"


def test_loyalty_ability() -> None:
    ab = only("+1: You gain 2 life.", ("Planeswalker",))
    assert ab.cost.loyalty == 1 and ab.timing == "sorcery"
    assert only("-3: Destroy target creature.", ("Planeswalker",)).cost.loyalty == -3


# --------------------------------------------------------------------------- triggered (CR 603)


@pytest.mark.parametrize(
    "text,event",
    [
        ("When this creature enters, draw a card.", "enters"),
        ("When this creature dies, draw a card.", "dies"),
        ("Whenever this creature attacks, draw a card.", "attacks"),
        ("Whenever this creature blocks, draw a card.", "blocks"),
        ("Whenever this creature becomes blocked, draw a card.", "becomes_blocked"),
        (
            "Whenever this creature deals combat damage to a player, draw a card.",
            "deals_combat_damage",
        ),
    ],
)
def test_self_triggers(text: str, event: str) -> None:
    ab = only(text)
    assert ab.kind is AbilityKind.TRIGGERED
    assert ab.trigger.event == event and ab.trigger.subject == SelfRef()
    assert ab.effects[0].op == "draw"


def test_trigger_on_other_objects() -> None:
    ab = only("Whenever a creature you control dies, you gain 1 life.")
    assert ab.trigger.event == "dies"
    assert ab.trigger.subject == Filter(kinds=("Creature",), conditions=(("controller", "you"),))
    ab = only("Whenever another creature enters, you gain 1 life.")
    assert ab.trigger.subject == Filter(kinds=("Creature",), conditions=(("other", True),))


def test_leaves_graveyard_triggers() -> None:
    # CR 603.10a: "leave your graveyard" looks back at the graveyard card; "one or
    # more" triggers once per event (603.2c)
    ab = only("Whenever one or more creature cards leave your graveyard, you gain 1 life.")
    assert ab.trigger.event == "leaves_graveyard"
    assert dict(ab.trigger.details) == {"whose": "you", "one_or_more": True}
    assert "Creature" in ab.trigger.subject.kinds
    ab = only("Whenever an instant or sorcery card leaves your graveyard, you gain 1 life.")
    assert dict(ab.trigger.details) == {"whose": "you"}
    ab = only("Whenever a creature card leaves an opponent's graveyard, you gain 1 life.")
    assert dict(ab.trigger.details) == {"whose": "opponent"}
    ab = only("Whenever a card leaves your graveyard during your turn, you gain 1 life.")
    assert dict(ab.trigger.details) == {"whose": "you", "your_turn": True}


def test_cast_trigger() -> None:
    ab = only("Whenever you cast a noncreature spell, draw a card.")
    assert ab.trigger.event == "cast"
    assert ab.trigger.details[0][1] == Filter(
        kinds=("spell",), zone="stack", conditions=(("not_type", "Creature"),)
    )


@pytest.mark.parametrize(
    "text,step,player",
    [
        ("At the beginning of your upkeep, you lose 1 life.", "upkeep", "you"),
        ("At the beginning of each upkeep, you lose 1 life.", "upkeep", "each"),
        ("At the beginning of your end step, you lose 1 life.", "end_step", "you"),
        ("At the beginning of combat on your turn, you lose 1 life.", "combat", "you"),
    ],
)
def test_step_triggers(text: str, step: str, player: str) -> None:
    ab = only(text)
    assert ab.trigger.event == "step" and ab.trigger.step == step and ab.trigger.player == player


def test_intervening_if() -> None:
    """CR 603.4: "When/Whenever/At ..., if ..., ..." checks the condition twice."""
    ab = only("At the beginning of your upkeep, if you control an artifact, draw a card.")
    assert ab.trigger.condition is not None and ab.trigger.condition.kind == "you_control"
    assert ab.effects[0].condition is None


def test_optional_trigger() -> None:
    """CR 603.5: "you may" makes the effect optional."""
    ab = only("When this creature enters, you may draw a card.")
    assert ab.optional and ab.effects[0].optional


def test_trigger_pronoun_refers_to_trigger_object() -> None:
    ab = only("Whenever a creature you control dies, return it to its owner's hand.")
    assert ab.effects[0].args["what"] == TriggerRef("object")


# --------------------------------------------------------------------------- static (CR 604)


def test_anthem() -> None:
    ab = only("Creatures you control get +1/+1.", ("Enchantment",))
    (st,) = ab.static
    assert st.op == "modify_pt" and st.args == {"power": 1, "toughness": 1}
    assert st.affected == Filter(kinds=("Creature",), conditions=(("controller", "you"),))


def test_lord_with_keyword_grant() -> None:
    ab = only("Other Goblins you control get +1/+1 and have haste.")
    pt, kw = ab.static
    assert pt.op == "modify_pt" and kw.op == "grant_keyword" and kw.args["keyword"] == "Haste"
    assert ("subtype", "Goblin") in pt.affected.conditions and (
        "other",
        True,
    ) in pt.affected.conditions


@pytest.mark.parametrize(
    "text,op",
    [
        ("This creature can't block.", "cant_block"),
        ("This creature can't attack.", "cant_attack"),
        ("This creature can't be blocked.", "cant_be_blocked"),
        ("This creature attacks each combat if able.", "must_attack"),
        ("This land enters tapped.", "enters_tapped"),
    ],
)
def test_self_statics(text: str, op: str) -> None:
    (st,) = only(text).static
    assert st.op == op and st.affected == SelfRef()


def test_enters_with_counters() -> None:
    (st,) = only("This creature enters with three +1/+1 counters on it.").static
    assert st.op == "enters_with_counters" and st.args == {"counter": "+1/+1", "amount": 3}


def test_cost_reduction() -> None:
    (st,) = only("Creature spells you cast cost {1} less to cast.", ("Enchantment",)).static
    assert st.op == "cost_change" and st.args["mana"] == "{1}" and st.args["direction"] == "less"


def test_aura_static() -> None:
    (st,) = only("Enchanted creature gets +2/+2.", ("Enchantment",)).static
    assert st.affected == Filter(kinds=("Creature",), conditions=(("enchanted_by", "self"),))


def test_additional_cost() -> None:
    cf = ok(
        "As an additional cost to cast this spell, sacrifice a creature.\nDraw two cards.", SORCERY
    )
    kinds = {a.kind for a in cf.abilities}
    assert kinds == {AbilityKind.SPELL, AbilityKind.STATIC}


def test_optional_additional_cost_is_optional() -> None:
    """ "As an additional cost to cast this spell, you may ..." is paid only if the
    caster chooses to (CR 118.8, 601.2b); without "you may" it must be paid."""
    for text, optional in (
        ("As an additional cost to cast this spell, you may sacrifice a creature.", True),
        ("As an additional cost to cast this spell, sacrifice a creature.", False),
    ):
        st = only(text, SORCERY).static[0]
        assert (st.op, st.args["optional"]) == ("additional_cost", optional)


def test_waterbend_cost() -> None:
    """ "Waterbend {3}" (CR 701.67a): that mana, marked as a waterbend cost, in an
    activated ability's cost and in a spell's additional cost."""
    ab = only("Waterbend {3}, {T}: Draw a card.")
    assert ab.cost is not None and ab.cost.tap
    assert (ab.cost.mana, ab.cost.other) == ("{3}", (("waterbend", "{3}"),))
    st = only("As an additional cost to cast this spell, you may waterbend {6}.", SORCERY).static[0]
    assert st.args["cost"].other == (("waterbend", "{6}"),) and st.args["optional"]


def test_x_cant_be_zero() -> None:
    """ "X can't be 0." (CR 107.3): the smallest X the ability may be activated with."""
    ab = only("{X}, {T}: Draw X cards. X can't be 0.", ("Artifact",))
    assert ("x_min", 1) in ab.restrictions


def test_additional_cost_paid_and_no_max_hand_size_for_the_game() -> None:
    """ "If this spell's additional cost was paid, instead ..." (CR 608.2c) and "you have
    no maximum hand size for the rest of the game" (CR 402.2, 611.2a)."""
    ab = only(
        "Draw two cards. If this spell's additional cost was paid, instead draw seven "
        "cards and you have no maximum hand size for the rest of the game.",
        SORCERY,
    )
    assert [e.op for e in ab.effects] == ["draw", "draw", "no_max_hand_size_for_game"]
    assert ab.effects[2].condition is not None
    assert ab.effects[2].condition.kind == "additional_cost_paid"


# --------------------------------------------------------------------------- spells (CR 113.3a)


def test_damage_any_target() -> None:
    ab = only("Lightning Bolt deals 3 damage to any target.", INSTANT, "Lightning Bolt")
    assert ab.kind is AbilityKind.SPELL
    assert ab.effects[0].args == {"amount": 3, "to": TargetRef(0), "source": SelfRef()}
    assert ab.targets[0].filter == ANY_TARGET


def test_damage_each_creature_and_opponent() -> None:
    ab = only("This spell deals 2 damage to each creature and each opponent.", SORCERY)
    assert [e.args["to"] for e in ab.effects] == [
        EachRef(Filter(kinds=("Creature",))),
        EachRef(Filter(kinds=("player",), conditions=(("opponent", True),))),
    ]


def test_divided_damage() -> None:
    """CR 601.2d: the division is chosen as the spell is cast."""
    ab = only(
        "Fire deals 2 damage divided as you choose among one or two targets.", INSTANT, "Fire"
    )
    (spec,) = ab.targets
    assert spec.divide == "damage" and (spec.min, spec.max) == (1, 2)


def test_x_damage() -> None:
    ab = only("This spell deals X damage to target creature.", SORCERY)
    assert ab.effects[0].args["amount"] == Amount("x")


@pytest.mark.parametrize(
    "text,op",
    [
        ("Destroy target creature.", "destroy"),
        ("Exile target creature.", "exile"),
        ("Return target creature to its owner's hand.", "return_to_hand"),
        ("Tap target creature.", "tap"),
        ("Untap target creature.", "untap"),
        ("Counter target spell.", "counter"),
    ],
)
def test_single_target_removal(text: str, op: str) -> None:
    ab = only(text, INSTANT)
    assert ab.effects[0].op == op and ab.effects[0].args["what"] == TargetRef(0)


def test_it_cant_be_regenerated() -> None:
    ab = only("Destroy target creature. It can't be regenerated.", INSTANT)
    assert ab.effects[0].args["no_regenerate"] is True and len(ab.effects) == 1


def test_draw_discard_mill() -> None:
    ab = only("Draw two cards, then discard a card.", SORCERY)
    assert [(e.op, e.args["amount"]) for e in ab.effects] == [("draw", 2), ("discard", 1)]
    ab = only("Target player draws three cards.", SORCERY)
    assert ab.effects[0].args["player"] == TargetRef(0)
    assert ab.targets[0].filter.kinds == ("player",)
    assert only("Target player mills four cards.", SORCERY).effects[0].op == "mill"


def test_counter_unless_pays() -> None:
    ab = only("Counter target spell unless its controller pays {3}.", INSTANT)
    eff = ab.effects[0]
    assert eff.op == "unless_pays" and eff.args["cost"] == "{3}"
    assert eff.args["player"] == ControllerOfRef(TargetRef(0))


def test_counter_creature_and_noncreature_spells() -> None:
    assert only("Counter target creature spell.", INSTANT).targets[0].filter == Filter(
        kinds=("Creature",), zone="stack"
    )
    assert only("Counter target noncreature spell.", INSTANT).targets[0].filter == Filter(
        kinds=("spell",), zone="stack", conditions=(("not_type", "Creature"),)
    )


def test_create_tokens() -> None:
    ab = only("Create a 1/1 white Soldier creature token.", SORCERY)
    tok = ab.effects[0].args["token"]
    assert (tok["power"], tok["toughness"], tok["colors"], tok["subtypes"]) == (
        1,
        1,
        ("white",),
        ("Soldier",),
    )
    ab = only("Create two 2/2 green Wolf creature tokens with flying.", SORCERY)
    assert ab.effects[0].args["amount"] == 2
    assert ab.effects[0].args["token"]["keywords"] == ["Flying"]


def test_predefined_token() -> None:
    tok = only("Create a Treasure token.", SORCERY).effects[0].args["token"]
    assert tok["name"] == "Treasure" and "Add one mana" in tok["abilities_text"]


def test_counters_and_pump() -> None:
    ab = only("Put a +1/+1 counter on target creature.", INSTANT)
    assert ab.effects[0].args == {"what": TargetRef(0), "counter": "+1/+1", "amount": 1}
    ab = only("Target creature gets +3/+3 until end of turn.", INSTANT)
    assert ab.effects[0].args["duration"] == "end_of_turn"
    ab = only("Target creature gets +2/+2 and gains flying until end of turn.", INSTANT)
    assert [e.args["duration"] for e in ab.effects] == ["end_of_turn", "end_of_turn"]


def test_life() -> None:
    assert only("You gain 3 life.", INSTANT).effects[0].args == {
        "player": ControllerRef(),
        "amount": 3,
    }
    ab = only("Each opponent loses 2 life.", SORCERY)
    assert ab.effects[0].op == "lose_life"


def test_search_library() -> None:
    ab = only(
        "Search your library for a basic land card, put it onto the battlefield tapped, then shuffle.",
        SORCERY,
    )
    (eff,) = ab.effects
    assert eff.op == "search_library" and eff.args["to"] == "battlefield" and eff.args["tapped"]


def test_sacrifice_fight_scry_surveil() -> None:
    ab = only("Each player sacrifices a creature.", SORCERY)
    assert ab.effects[0].op == "sacrifice" and ab.effects[0].args["amount"] == 1
    ab = only("Target creature you control fights target creature you don't control.", SORCERY)
    assert ab.effects[0].args == {"a": TargetRef(0), "b": TargetRef(1)}
    assert only("Scry 2.", SORCERY).effects[0].args["amount"] == 2
    assert only("Surveil 1.", SORCERY).effects[0].op == "surveil"


def test_copy_spell() -> None:
    ab = only(
        "Copy target instant or sorcery spell. You may choose new targets for the copy.", INSTANT
    )
    (eff,) = ab.effects
    assert eff.op == "copy_spell" and eff.args["new_targets"] is True
    assert ab.targets[0].filter.kinds == ("Instant", "Sorcery")


def test_modes() -> None:
    """CR 700.2: a modal spell's modes, each with its own targets."""
    ab = only("Choose one —\n• Destroy target artifact.\n• Target player draws a card.", INSTANT)
    assert len(ab.modes) == 2 and ab.modes_choose == (1, 1)
    assert ab.modes[0].targets[0].filter.kinds == ("Artifact",)
    assert ab.modes[1].effects[0].args["player"] == TargetRef(0)
    assert only(
        "Choose one or both —\n• Draw a card.\n• You gain 2 life.", INSTANT
    ).modes_choose == (1, 2)


def test_second_paragraph_joins_the_spell() -> None:
    ab = only("Tap target permanent.\nDraw a card.", INSTANT)
    assert [e.op for e in ab.effects] == ["tap", "draw"]


def test_created_token_pronoun_is_parent() -> None:
    ab = only("Create a 1/1 red Goblin creature token. It gains haste until end of turn.", SORCERY)
    assert ab.effects[1].args["what"] == ParentRef()


# --------------------------------------------------------------------------- targets (CR 115)


@pytest.mark.parametrize(
    "phrase,flt",
    [
        ("target creature you control", Filter(("Creature",), conditions=(("controller", "you"),))),
        (
            "target creature an opponent controls",
            Filter(("Creature",), conditions=(("controller", "opponent"),)),
        ),
        ("target nonblack creature", Filter(("Creature",), conditions=(("not_color", "black"),))),
        ("target tapped creature", Filter(("Creature",), conditions=(("tapped", True),))),
        ("target creature with flying", Filter(("Creature",), conditions=(("keyword", "Flying"),))),
        (
            "target creature with power 2 or less",
            Filter(("Creature",), conditions=(("power_le", 2),)),
        ),
        ("target artifact or enchantment", Filter(("Artifact", "Enchantment"))),
        ("target creature or planeswalker", Filter(("Creature", "Planeswalker"))),
        ("target player", Filter(("player",))),
        ("target opponent", Filter(("player",), conditions=(("opponent", True),))),
        ("another target creature", Filter(("Creature",), conditions=(("other", True),))),
        (
            "target creature card in your graveyard",
            Filter(("Creature",), "graveyard", (("owner", "you"),)),
        ),
    ],
)
def test_target_filters(phrase: str, flt: Filter) -> None:
    ab = only(f"Exile {phrase}.", INSTANT)
    assert ab.targets[0].filter == flt


def test_up_to_two_targets() -> None:
    (spec,) = only("Tap up to two target creatures.", INSTANT).targets
    assert (spec.min, spec.max) == (0, 2)


def test_target_spell() -> None:
    assert only("Counter target spell.", INSTANT).targets[0].filter == Filter(("spell",), "stack")


# --------------------------------------------------------------------------- honesty and API


def test_unparsed_sentence_is_reported_not_dropped() -> None:
    cf = compile_text("Flying\nFrobnicate the wibble.", "X", CREATURE)
    assert [a.keyword for a in cf.abilities] == ["Flying"]
    assert cf.unparsed == ("Frobnicate the wibble.",)


def test_failing_sentence_is_the_one_reported() -> None:
    cf = compile_text("Destroy target creature. Frobnicate the wibble.", "X", INSTANT)
    assert cf.unparsed == ("Frobnicate the wibble.",)


def test_compile_face_is_cached() -> None:
    face = CardFace(name="Grizzly Bears", types=CREATURE, text="")
    assert compile_face(face) is compile_face(face)
    assert compile_face(face) == CompiledFace()


def test_quoted_ability_grant() -> None:
    ab = only('Lands you control have "{T}: Add one mana of any color."', ("Enchantment",))
    (st,) = ab.static
    assert st.op == "grant_ability" and st.args["abilities"][0].kind is AbilityKind.MANA


def test_every_emitted_op_is_in_the_vocabulary() -> None:
    from mtg_engine.cards.compiler import STATIC_OPS

    assert STATIC_OPS <= set(OP_SPECS) | set(STATIC_OP_SPECS)


def test_coverage_report_and_seed_pool() -> None:
    cards = [
        CardData("Grizzly Bears", faces=(CardFace("Grizzly Bears", types=CREATURE),)),
        CardData(
            "Shock",
            faces=(CardFace("Shock", types=INSTANT, text="Shock deals 2 damage to any target."),),
        ),
        CardData(
            "Odd", faces=(CardFace("Odd", types=CREATURE, text="Frobnicate 3 wibbles.\nFlying"),)
        ),
        CardData("Odder", faces=(CardFace("Odder", types=CREATURE, text="Frobnicate 4 wibbles."),)),
    ]
    rep = coverage(cards)
    assert (rep.total, rep.full, rep.partial, rep.none) == (4, 2, 1, 1)
    assert rep.shapes["Frobnicate N wibbles."] == 2
    strict = coverage(cards, executable_ops={"draw"})
    assert (
        strict.cards["Shock"].status == "partial" and "damage" in strict.cards["Shock"].missing_ops
    )
    sp = seed_pool(rep, ["Shock", "Odd", "Nonexistent"])
    assert (sp.total, sp.full, sp.missing, sp.not_full) == (3, 1, ("Nonexistent",), ("Odd",))


def test_parser_is_built_once() -> None:
    """The LALR parser is built once per process and reused for every paragraph
    (compile speed itself is measured by the benchmark, not asserted here)."""
    from mtg_engine.cards.compiler.parser import get_parser

    compile_text("Flying", "Warm Up", CREATURE)
    first = get_parser()
    for i in range(20):
        compile_text(
            f"When this creature enters, it deals {i} damage to any target.", f"P{i}", CREATURE
        )
    assert get_parser() is first
    assert first.options.parser == "lalr"


# --------------------------------------------------------------------------- more constructs


def test_bracketed_loyalty_cost() -> None:
    """Oracle prints loyalty costs as "[+1]:" (CR 606.4)."""
    ab = only("[+1]: Draw a card.", ("Planeswalker",))
    assert ab.cost.loyalty == 1
    assert only("[−2]: Draw a card.", ("Planeswalker",)).cost.loyalty == -2


def test_non_target_choice_is_choose_ref() -> None:
    """CR 608.2d: "a card" without "target" is chosen as the effect happens."""
    eff = only("Exile a card from your hand.", SORCERY).effects[0]
    assert eff.args["what"] == ChooseRef(Filter(("card",), "hand", (("owner", "you"),)), 1)


def test_where_x_is() -> None:
    ab = only(
        "Target creature gets +X/+X until end of turn, where X is the number of creatures you control.",
        INSTANT,
    )
    amount = ab.effects[0].args["power"]
    assert amount.kind == "count" and amount.filter.kinds == ("Creature",)


def test_as_long_as_static() -> None:
    (pt, kw) = only(
        "As long as you have 30 or more life, this creature gets +5/+5 and has flying."
    ).static
    assert pt.condition.kind == "as_long_as" and kw.args["keyword"] == "Flying"


def test_leading_duration_sentence() -> None:
    ab = only("Until end of turn, target creature gains flying.", INSTANT)
    assert ab.effects[0].args["duration"] == "end_of_turn"


def test_impulse_look_and_rest() -> None:
    ab = only(
        "Look at the top four cards of your library. Put one of them into your hand and the rest "
        "on the bottom of your library in any order.",
        SORCERY,
    )
    assert [e.op for e in ab.effects] == ["look_at_top", "return_to_hand", "put_on_library"]
    # "one of them": one card chosen among those looked at (CR 608.2d); "the rest":
    # the others (608.2c)
    what = ab.effects[1].args["what"]
    assert isinstance(what, ChooseRef) and what.count == 1 and not what.up_to
    assert what.filter.conditions[0] == ("from_among", "it")
    assert ab.effects[2].args["what"] == ParentRef("rest")


def test_enters_tapped_unless() -> None:
    (st,) = only(
        "This land enters tapped unless you control two or more other lands.", ("Land",)
    ).static
    assert st.op == "enters_tapped" and st.condition.kind == "not"


def test_reflexive_trigger_and_intervening_if_words() -> None:
    ab = only("When this creature enters, you may pay {2}. When you do, draw a card.")
    assert [e.op for e in ab.effects] == ["pay", "reflexive_trigger"]
    assert ab.effects[1].condition.kind == "you_do"
    assert [e.op for e in ab.effects[1].args["effects"]] == ["draw"]


def test_reflexive_trigger_has_its_own_targets() -> None:
    """CR 603.12, 603.3d: "when you do, ... target ..." — the reflexive ability's
    targets are its own, not the triggered ability's; "it" of its instructions is
    the first ability's target, fixed as the reflexive ability triggers."""
    ab = only(
        "Return target creature card from your graveyard to the battlefield. When you do, "
        "it fights up to one target creature you don't control.",
        SORCERY,
    )
    assert len(ab.targets) == 1  # the creature card only
    reflexive = ab.effects[-1]
    assert reflexive.op == "reflexive_trigger"
    (spec,) = reflexive.args["targets"]
    assert spec.min == 0 and spec.max == 1
    (fight,) = reflexive.args["effects"]
    assert fight.args["a"] == OuterRef(TargetRef(0)) and fight.args["b"] == TargetRef(0)


def test_for_each_binds_that_one() -> None:
    """CR 608.2c: "that permanent" / "its controller" inside "for each ..." is each
    one in turn, not this object; "that player" for a "for each player"."""
    (e,) = only(
        "For each token you control, create a token that's a copy of that permanent.", INSTANT
    ).effects
    assert e.op == "for_each" and e.args["effects"][0].args["what"] == EachOneRef()
    (_, e) = only(
        "Exile all white creatures. For each creature exiled this way, its controller draws a card.",
        SORCERY,
    ).effects
    assert e.args["effects"][0].args["player"] == ControllerOfRef(EachOneRef())
    (e,) = only("For each opponent, that player loses 1 life.", SORCERY).effects
    assert e.args["effects"][0].args["player"] == EachOneRef()


def test_player_controls_keeps_its_count() -> None:
    (st,) = only(
        "This creature can't be blocked as long as defending player controls three or more "
        "artifacts."
    ).static
    assert st.condition.kind == "as_long_as"
    inner = st.condition.args["cond"]
    assert inner.kind == "player_controls" and inner.args["n"] == 3


def test_their_library_is_the_subjects() -> None:
    """ "Each player reveals the top card of their library": every player's, and a
    target player's own (CR 608.2c); not only the controller's."""
    (e,) = only("Each player reveals the top card of their library.", SORCERY).effects
    assert isinstance(e.args["player"], EachRef)
    ab = only("Target player reveals the top card of their library.", SORCERY)
    assert ab.effects[0].args["player"] == TargetRef(0) and len(ab.targets) == 1


def test_ops_of_many_texts_are_in_the_vocabulary() -> None:
    from mtg_engine.cards.coverage import face_ops

    texts = [
        ("Flying\nWhen this creature enters, create a Treasure token.", CREATURE),
        ("Scry 2, then draw a card.", SORCERY),
        ("Target creature can't block this turn.", INSTANT),
        ("Enchanted creature doesn't untap during its controller's untap step.", ("Enchantment",)),
        ("Search your library for a card, put it into your hand, then shuffle.", SORCERY),
        ("Whenever you cast an instant or sorcery spell, investigate.", CREATURE),
        ("{T}: Add {C}{C}.", ("Artifact",)),
        (
            "Gain control of target creature until end of turn. Untap it. It gains haste until end of turn.",
            SORCERY,
        ),
        ("This spell costs {1} less to cast for each creature you control.", INSTANT),
        ("Return target creature card from your graveyard to the battlefield.", SORCERY),
    ]
    for text, types in texts:
        cf = ok(text, types)
        assert face_ops(cf) <= set(OP_SPECS) | set(STATIC_OP_SPECS), (text, face_ops(cf))


def test_two_tokens_each_with_its_own_keyword() -> None:
    """ "create a ... token with deathtouch and a ... token with lifelink" (Wurmcoil
    Engine): two token descriptions, the keyword after "with" its own token's only
    (CR 111.1, 111.4)."""
    cf = ok(
        "When this creature dies, create a 3/3 colorless Phyrexian Wurm artifact creature "
        "token with deathtouch and a 3/3 colorless Phyrexian Wurm artifact creature token "
        "with lifelink.",
        ("Artifact", "Creature"),
    )
    tokens = [e.args["token"] for e in cf.abilities[0].effects]
    assert [t["keywords"] for t in tokens] == [["Deathtouch"], ["Lifelink"]]


def test_next_spell_cant_be_countered_names_its_card_types() -> None:
    """ "The next instant or sorcery spell you cast this turn can't be countered."
    (Overmaster; CR 101.2): the card types it waits for, none for any spell."""
    cf = ok("The next instant or sorcery spell you cast this turn can't be countered.", SORCERY)
    assert cf.abilities[0].effects[0].args == {"kinds": ("Instant", "Sorcery")}
    cf = ok("{U}, {T}: The next spell you cast this turn can't be countered.", ("Land",))
    assert cf.abilities[0].effects[0].args == {"kinds": ()}


def test_with_lesser_mana_value_is_the_triggering_objects() -> None:
    """ "target creature you control with lesser mana value" (Clement, the Worrywort):
    less than the triggering object's mana value (CR 202.3, 603.2); refused where
    the ability has no triggering object."""
    ab = only(
        "Whenever this creature or another creature you control enters, return up to one "
        "target creature you control with lesser mana value to its owner's hand."
    )
    conds = dict(ab.targets[0].filter.conditions)
    assert conds["mana_value_lt"] == Amount("mana_value", ref=TriggerRef("object"))
    cf = compile_text(
        "At the beginning of your end step, return target creature card with lesser mana "
        "value from your graveyard to your hand.",
        "Test Card",
        CREATURE,
    )
    assert cf.unparsed
