"""Continuous effects in layers (CR 611, 613): timestamps, sublayers, dependencies,
characteristic-defining abilities, locked-in sets, control, caching."""

from __future__ import annotations

from mtg_engine.cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    CompiledFace,
    Filter,
    SelfRef,
    StaticEffect,
)
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.copy import copiable_values


def effect(game: Game, oid: int, layer: str, op: str, duration: str = "end_of_turn", **args):
    """A resolved spell's effect on ``oid`` (CR 611.2), timestamped now (613.7b)."""
    e = ContinuousEffect(layer, game.new_timestamp(), None, 0, (oid,), op, args, duration)
    game.effects = [*game.effects, e]
    game.invalidate()
    return e


def static_card(name: str, *statics: StaticEffect, base: str = "Glorious Anthem") -> CardDef:
    """A card whose abilities are the given static effects (hand-built, for tests)."""
    data = card_def(base).data
    ability = Ability(AbilityKind.STATIC, text=name, static=statics)
    return CardDef(name, data, (CompiledFace((ability,)),))


def pt(game: Game, oid: int) -> tuple[int | None, int | None]:
    c = chars(game, game.objects[oid])
    return c.power, c.toughness


def test_613_5_gray_ogre_example(board):
    """CR 613.5 example: counter (7c), +4/+4 (7c), +0/+2 (7c static), becomes 0/1 (7b): 5/8."""
    ogre = board.add(0, "Gray Ogre", counters={"+1/+1": 1})
    game = board.start()
    assert pt(game, ogre) == (3, 3)
    effect(game, ogre, "7c", "modify_pt", power=4, toughness=4)
    assert pt(game, ogre) == (7, 7)
    anthem = static_card(
        "Test Anthem",
        StaticEffect(
            "modify_pt",
            Filter(kinds=("Creature",), conditions=(("controller", "you"),)),
            {"power": 0, "toughness": 2},
        ),
    )
    game.create_card(anthem, 0, Zone.BATTLEFIELD)
    assert pt(game, ogre) == (7, 9)
    effect(game, ogre, "7b", "set_pt", power=0, toughness=1)
    assert pt(game, ogre) == (5, 8)


def test_613_5_honor_of_the_pure_follows_color_changes(board):
    """CR 613.5 example: a static ability isn't locked in (611.3a); color is layer 5,
    the bonus layer 7c, so it applies as soon as the creature becomes white."""
    board.add(0, "Honor of the Pure")
    vampire = board.add(0, "Vampire Bats")  # a 0/1 black creature
    game = board.start()
    assert pt(game, vampire) == (0, 1)
    effect(game, vampire, "5", "set_colors", colors=("white",))
    assert pt(game, vampire) == (1, 2)
    effect(game, vampire, "5", "set_colors", colors=("red",))
    assert pt(game, vampire) == (0, 1)


def test_613_4d_switching_examples(board):
    """CR 613.4d examples: switch applies after all other P/T changes."""
    wall = board.add(0, "Wall of Stone")  # 0/8
    game = board.start()
    effect(game, wall, "7b", "set_pt", power=1, toughness=3)
    effect(game, wall, "7c", "modify_pt", power=0, toughness=1)
    sw = effect(game, wall, "7d", "switch_pt")
    assert pt(game, wall) == (4, 1)
    effect(game, wall, "7c", "modify_pt", power=5, toughness=0)
    assert pt(game, wall) == (4, 6)
    effect(game, wall, "7d", "switch_pt")
    assert pt(game, wall) == (6, 4)  # two switches cancel
    game.effects = [e for e in game.effects if e is not sw and e.op != "switch_pt"]
    game.invalidate()
    assert pt(game, wall) == (6, 4)


def test_613_9_later_timestamp_wins_in_layer_6(board):
    """CR 613.9 example: "has flying" and "loses flying" apply in timestamp order."""
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    effect(game, bears, "6", "grant_keyword", keyword="Flying")
    assert "Flying" in chars(game, game.objects[bears]).keywords
    effect(game, bears, "6", "lose_keyword", keyword="Flying")
    assert "Flying" not in chars(game, game.objects[bears]).keywords
    effect(game, bears, "6", "grant_keyword", keyword="Flying")
    assert "Flying" in chars(game, game.objects[bears]).keywords


def test_613_8_dependency_changes_what_an_effect_applies_to(board):
    """CR 613.8a-b: "creatures with power 2 or less get +1/+1" depends on a later
    +3/+3 to the same creature (applying it changes what the first applies to), so
    it waits until the +3/+3 has applied and then no longer applies: 5/5, not 6/6."""
    small = static_card(
        "Small Anthem",
        StaticEffect(
            "modify_pt",
            Filter(kinds=("Creature",), conditions=(("power_le", 2),)),
            {"power": 1, "toughness": 1},
        ),
    )
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    game.create_card(small, 0, Zone.BATTLEFIELD)
    assert pt(game, bears) == (3, 3)
    effect(game, bears, "7c", "modify_pt", power=3, toughness=3)
    assert pt(game, bears) == (5, 5)


def test_611_2c_resolved_effect_locked_in_static_not(board):
    """CR 611.2c vs 611.3a: a resolved effect keeps its affected set; a creature entering
    later gets the static bonus but not the resolved one."""
    a = board.add(0, "Grizzly Bears")
    game = board.start()
    effect(game, a, "7c", "modify_pt", power=1, toughness=1)
    game.create_card(card_def("Glorious Anthem"), 0, Zone.BATTLEFIELD)
    b = game.create_card(card_def("Grizzly Bears"), 0, Zone.BATTLEFIELD).id
    assert pt(game, a) == (4, 4)
    assert pt(game, b) == (3, 3)


def test_604_3_cda_works_in_every_zone(board):
    """CR 604.3: a characteristic-defining ability applies in all zones."""
    cda = static_card(
        "Hand Counter",
        StaticEffect(
            "set_pt",
            SelfRef(),
            {"power": Amount("hand_size"), "toughness": Amount("hand_size"), "cda": True},
        ),
        base="Grizzly Bears",
    )
    game = board.start()
    gy = game.create_card(cda, 0, Zone.GRAVEYARD)
    for _ in range(3):
        game.create_card(card_def("Forest"), 0, Zone.HAND)
    game.invalidate()
    assert pt(game, gy.id) == (3, 3)


def test_613_3_cda_applies_before_other_effects_in_its_layer(board):
    """CR 613.3/613.4a: a P/T CDA (7a) is applied before a setting effect (7b)."""
    cda = static_card(
        "Fixed CDA",
        StaticEffect("set_pt", SelfRef(), {"power": 5, "toughness": 5, "cda": True}),
        base="Grizzly Bears",
    )
    game = board.start()
    o = game.create_card(cda, 0, Zone.BATTLEFIELD).id
    assert pt(game, o) == (5, 5)
    effect(game, o, "7b", "set_pt", power=1, toughness=1)
    assert pt(game, o) == (1, 1)


def test_702_73_changeling_has_every_creature_type(board):
    """CR 702.73a: changeling is a CDA (layer 4): every creature type."""
    o = board.add(0, "Changeling Outcast")
    game = board.start()
    st = chars(game, game.objects[o]).subtypes
    assert {"Goblin", "Elf", "Shapeshifter", "Sliver"} <= st


def test_613_1f_keyword_counter_grants_the_keyword(board):
    """CR 613.1f / 122.1b: a flying counter gives flying in layer 6."""
    bears = board.add(0, "Grizzly Bears", counters={"flying": 1})
    game = board.start()
    assert "Flying" in chars(game, game.objects[bears]).keywords


def test_305_7_setting_a_basic_land_type_replaces_land_abilities(board):
    """CR 305.7: a land that becomes a Mountain loses its rules-text abilities and has
    {T}: Add {R}."""
    forest = board.add(0, "Forest")
    game = board.start()
    effect(game, forest, "4", "set_types", "permanent", subtypes=("Mountain",))
    c = chars(game, game.objects[forest])
    assert c.subtypes == {"Mountain"}
    assert [a.effects[0].args["mana"] for a in c.abilities] == ["{R}"]


def test_613_1b_control_effect_ends_and_control_reverts(board):
    """CR 613.1b, 514.2: a control effect "until end of turn" ends at cleanup; the
    controller reverts (and the creature is removed from combat, 506.4)."""
    from mtg_engine.rules.layers import end_of_turn_cleanup, refresh_control

    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    effect(game, bears, "2", "control", player=0)
    refresh_control(game)
    assert game.objects[bears].controller == 0
    end_of_turn_cleanup(game)
    assert game.objects[bears].controller == 1
    assert any("613.1b" in ev.rules for ev in game.log)


def test_act_of_treason_gains_control_and_haste(board):
    """Act of Treason (layers 2 and 6, CR 613.6 example)."""
    from mtg_engine.game.actions import CastSpell, ChooseTargets, PassPriority

    act = board.add(0, "Act of Treason", zone=Zone.HAND)
    for _ in range(3):
        board.add(0, "Mountain")
    ogre = board.add(1, "Gray Ogre", tapped=True)
    game = board.start()
    game.apply(CastSpell(act))
    game.apply(ChooseTargets((ogre,)))
    game.apply(PassPriority())
    game.apply(PassPriority())
    o = game.objects[ogre]
    assert o.controller == 0 and not o.tapped
    assert "Haste" in chars(game, o).keywords


def test_phased_out_permanent_is_unaffected(board):
    """CR 702.26b: a phased-out permanent can't be affected by anything."""
    board.add(0, "Glorious Anthem")
    bears = board.add(0, "Grizzly Bears", phased_out=True)
    game = board.start()
    assert pt(game, bears) == (2, 2)


def test_chars_is_cached_until_invalidated(board):
    """Architecture §3: reading characteristics in a loop is a dict lookup."""
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Glorious Anthem")
    game = board.start()
    o = game.objects[bears]
    first = chars(game, o)
    assert chars(game, o) is first
    game.invalidate()
    assert chars(game, o) is not first
    assert (chars(game, o).power, chars(game, o).toughness) == (3, 3)


def test_copiable_values_ignore_other_effects(board):
    """CR 707.2, 613.2c: copiable values are layer 1 only."""
    bears = board.add(0, "Grizzly Bears")
    board.add(0, "Glorious Anthem")
    game = board.start()
    effect(game, bears, "7c", "modify_pt", power=3, toughness=3)
    cv = copiable_values(game, game.objects[bears])
    assert (cv.power, cv.toughness) == (2, 2)
    assert pt(game, bears) == (6, 6)


def test_612_text_change_swaps_a_land_type_word(board):
    """CR 612.2 (Mind Bend): "swampwalk" becomes "islandwalk"; the name doesn't change."""
    from mtg_engine.cards.compiler import compile_text

    face = compile_text("Swampwalk", "Test Walker", ("Creature",))
    walker = CardDef("Test Walker", card_def("Grizzly Bears").data, (face,))
    game = board.start()
    o = game.create_card(walker, 0, Zone.BATTLEFIELD)
    before = [a.keyword_args for a in chars(game, o).abilities if a.keyword == "Landwalk"]
    effect(game, o.id, "3", "text_change", "permanent", **{"from": "Swamp", "to": "Island"})
    after = [a.keyword_args for a in chars(game, o).abilities if a.keyword == "Landwalk"]
    assert before and after and before != after
    assert "Island" in str(after) and "Swamp" not in str(after)
    assert chars(game, o).name == "Grizzly Bears"
