"""Copying objects (CR 707): copiable values, entering as a copy, becoming a copy,
exceptions, token copies, copies of spells."""

from __future__ import annotations

from dataclasses import replace

from mtg_engine.cards.abilities import (
    Ability,
    AbilityKind,
    CompiledFace,
    Filter,
    SelfRef,
    StaticEffect,
)
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    PassPriority,
)
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars


def resolve_all(game: Game) -> None:
    while game.stack and game.decision is not None and game.decision.kind == "priority":
        game.apply(PassPriority())


def cast(game: Game, oid: int, *targets: int) -> None:
    game.apply(CastSpell(oid))
    if targets:
        game.apply(ChooseTargets(tuple(targets)))


def copier(
    name: str, exc: dict | None = None, flt: Filter | None = None, base: str = "Clone"
) -> CardDef:
    """A Clone-like card whose "enter as a copy" ability has these exceptions (CR 707.9)."""
    args: dict = {"filter": flt or Filter(kinds=("Creature",)), "optional": True}
    if exc:
        args["except"] = exc
    ability = Ability(
        AbilityKind.STATIC,
        text=f"{name} copy",
        static=(StaticEffect("enters_as_copy", SelfRef(), args),),
    )
    data = card_def(base).data
    return CardDef(name, data, (CompiledFace((ability,)),))


def enter_as_copy(game: Game, cdef: CardDef, target: int | None, player: int = 0) -> int:
    """Put ``cdef`` onto the battlefield from exile, answering its copy choice."""
    from mtg_engine.rules.permanents import enter_battlefield

    obj = game.create_card(cdef, player, Zone.EXILE)
    uid = obj.card_uid
    got = enter_battlefield(game, obj.id, controller=player)
    if got is None:
        game.pending = None  # as if the engine were in the middle of resolving
        game.run()
        assert game.decision.kind == "choose_objects" and game.decision.data["purpose"] == "copy"
        game.apply(ChooseObjects((target,) if target is not None else ()))
    return game.uid_to_obj[uid]


def c_of(game: Game, oid: int):
    return chars(game, game.objects[oid])


def test_clone_enters_as_a_copy(board):
    """CR 707.5: Clone becomes a copy as it enters; the choice is made then (614.12a)."""
    clone = board.add(0, "Clone", zone=Zone.HAND)
    for _ in range(4):
        board.add(0, "Island")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    cast(game, clone)
    game.apply(PassPriority())
    game.apply(PassPriority())
    d = game.decision
    assert d.kind == "choose_objects" and d.rule == "707.5" and bears in d.data["candidates"]
    game.apply(ChooseObjects((bears,)))
    new = game.uid_to_obj[game.objects[bears].card_uid + 0]  # bears unchanged
    c = c_of(game, game.battlefield[-1])
    assert (c.name, c.power, c.toughness, c.colors) == ("Grizzly Bears", 2, 2, {"green"})
    assert game.objects[game.battlefield[-1]].controller == 0
    assert new == bears
    assert any("707.5" in ev.rules for ev in game.log)


def test_707_2_other_effects_and_counters_are_not_copied(board):
    """CR 707.2: status, counters and non-copy effects aren't copied."""
    ogre = board.add(1, "Gray Ogre", counters={"+1/+1": 2}, tapped=True)
    game = board.start()
    e = ContinuousEffect(
        "7c",
        game.new_timestamp(),
        None,
        1,
        (ogre,),
        "modify_pt",
        {"power": 3, "toughness": 3},
        "end_of_turn",
    )
    game.effects = [e]
    game.invalidate()
    new = enter_as_copy(game, card_def("Clone"), ogre)
    c = c_of(game, new)
    assert (c.name, c.power, c.toughness) == ("Gray Ogre", 2, 2)
    assert not game.objects[new].tapped and not game.objects[new].counters


def test_707_2_copy_of_face_down_is_a_face_up_nameless_2_2(board):
    """CR 707.2 example: Clone copying a face-down Grinning Demon is face up, nameless,
    a 2/2 with no abilities, and can't be turned face up."""
    from mtg_engine.rules.face_down import set_face_down
    from mtg_engine.rules.face_turning import face_up_options

    demon = board.add(1, "Grinning Demon")
    game = board.start()
    set_face_down(game.objects[demon], "morph")
    game.invalidate()
    new = enter_as_copy(game, card_def("Clone"), demon)
    c = c_of(game, new)
    assert not game.objects[new].face_down
    assert (c.name, c.power, c.toughness, c.colors, c.abilities, c.mana_cost) == (
        "",
        2,
        2,
        frozenset(),
        (),
        None,
    )
    assert face_up_options(game, game.objects[new]) == []
    assert any("708.2a" in ev.rules for ev in game.log)


def test_clone_choosing_nothing_is_a_0_0_and_dies(board):
    """CR 707.5 ("you may"): choosing nothing leaves a 0/0 Clone (704.5f)."""
    game = board.start()
    board.add(1, "Grizzly Bears")
    new = enter_as_copy(game, card_def("Clone"), None)
    assert c_of(game, new).toughness == 0
    from mtg_engine.rules.sba import check_state_based_actions

    check_state_based_actions(game)
    assert new not in game.objects or game.objects[new].zone != Zone.BATTLEFIELD


def test_707_3_a_copy_of_a_copy_uses_its_copiable_values(board):
    """CR 707.3: a Clone of a Clone-as-Bears is a Grizzly Bears."""
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    first = enter_as_copy(game, card_def("Clone"), bears)
    second = enter_as_copy(game, card_def("Clone"), first)
    assert c_of(game, second).name == "Grizzly Bears"


def test_707_2b_the_copy_keeps_what_it_copied(board):
    """CR 707.2b: once copied, later changes to the original's copiable values don't
    change the copy."""
    from mtg_engine.rules.copy import copy_effect, snapshot

    bears = board.add(1, "Grizzly Bears")
    ogre = board.add(1, "Gray Ogre")
    game = board.start()
    clone = enter_as_copy(game, card_def("Clone"), bears)
    copy_effect(game, game.objects[bears], snapshot(game, game.objects[ogre]), None, 1)
    assert c_of(game, bears).name == "Gray Ogre"
    assert c_of(game, clone).name == "Grizzly Bears"


def test_707_9a_b_exception_adds_type_and_ability(board):
    """CR 707.9a-b (Phantasmal Image): an Illusion in addition, with an added ability;
    both become copiable values (a copy of it has them too)."""
    extra = Ability(AbilityKind.STATIC, text="Flying", keyword="Flying")
    image = copier("Test Image", {"add_subtypes": ("Illusion",), "abilities": (extra,)})
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    new = enter_as_copy(game, image, bears)
    c = c_of(game, new)
    assert c.subtypes == {"Bear", "Illusion"} and "Flying" in c.keywords
    again = enter_as_copy(game, card_def("Clone"), new)
    c2 = c_of(game, again)
    assert c2.subtypes == {"Bear", "Illusion"} and "Flying" in c2.keywords


def test_707_9b_artifact_in_addition(board):
    """CR 707.9b (Phyrexian Metamorph): an artifact in addition to its other types."""
    meta = copier("Test Metamorph", {"add_types": ("Artifact",)})
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    new = enter_as_copy(game, meta, bears)
    assert c_of(game, new).types == {"Artifact", "Creature"}


def test_707_9d_set_pt_exception_drops_the_cda(board):
    """CR 707.9d (Quicksilver Gargantuan copying Tarmogoyf): "except it's 7/7" — the
    P/T-defining ability isn't copied."""
    from mtg_engine.cards.abilities import Amount

    goyf_ability = Ability(
        AbilityKind.STATIC,
        text="CDA",
        static=(
            StaticEffect(
                "set_pt",
                SelfRef(),
                {"power": Amount("hand_size"), "toughness": Amount("hand_size"), "cda": True},
            ),
        ),
    )
    goyf = CardDef("Test Goyf", card_def("Grizzly Bears").data, (CompiledFace((goyf_ability,)),))
    gargantuan = copier("Test Gargantuan", {"power": 7, "toughness": 7})
    game = board.start()
    g = game.create_card(goyf, 1, Zone.BATTLEFIELD).id
    new = enter_as_copy(game, gargantuan, g)
    c = c_of(game, new)
    assert (c.power, c.toughness) == (7, 7)
    assert not any(a.static and a.static[0].args.get("cda") for a in c.abilities)


def test_707_9c_keep_own_color(board):
    """CR 707.9c (Vesuvan Doppelganger): it doesn't copy color, keeps its own (blue)."""
    dop = copier("Test Doppelganger", {"keep_colors": True})
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    new = enter_as_copy(game, dop, bears)
    c = c_of(game, new)
    assert c.name == "Grizzly Bears" and c.colors == {"blue"}
    clone = enter_as_copy(game, card_def("Clone"), new)
    assert c_of(game, clone).colors == {"blue"}  # CR 707.3 example


def test_707_9f_exception_only_if_the_result_is_a_creature(board):
    """CR 707.9f (Moritte): legendary and snow; if a creature, +1/+1 counters and
    changeling — not for a noncreature copy."""
    moritte = copier(
        "Test Moritte",
        {
            "add_supertypes": ("Legendary", "Snow"),
            "if_creature": {"counters": {"+1/+1": 2}, "add_keywords": ("Changeling",)},
        },
        flt=Filter(kinds=("permanent",)),
    )
    bears = board.add(0, "Grizzly Bears")
    forest = board.add(0, "Forest")
    game = board.start()
    on_land = enter_as_copy(game, moritte, forest)
    c = c_of(game, on_land)
    assert c.supertypes >= {"Legendary", "Snow"} and not game.objects[on_land].counters
    on_bear = enter_as_copy(game, moritte, bears)
    c = c_of(game, on_bear)
    assert game.objects[on_bear].counters == {"+1/+1": 2} and "Changeling" in c.keywords


def test_707_9e_later_copy_cancels_the_exception_effect(board):
    """CR 707.9e (Altered Ego copying Clone): the exception's counters don't happen
    when the Clone ability it gained then copies something."""
    ego = copier("Test Ego", {"counters": {"+1/+1": 3}})
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    blank = game.create_card(card_def("Clone"), 1, Zone.BATTLEFIELD)
    from mtg_engine.rules.permanents import enter_battlefield

    obj = game.create_card(ego, 0, Zone.EXILE)
    uid = obj.card_uid
    assert enter_battlefield(game, obj.id, controller=0) is None
    game.pending = None
    game.run()
    game.apply(ChooseObjects((blank.id,)))  # Altered Ego copies the blank Clone ...
    assert game.decision.data["purpose"] == "copy"
    game.apply(ChooseObjects((bears,)))  # ... whose gained ability copies Bears
    new = game.uid_to_obj[uid]
    assert c_of(game, new).name == "Grizzly Bears"
    assert not game.objects[new].counters


def test_707_5_copy_gets_enters_replacements(board):
    """CR 707.5 example: a Clone of Skyshroud Behemoth enters tapped."""
    beh = board.add(1, "Skyshroud Behemoth")
    game = board.start()
    new = enter_as_copy(game, card_def("Clone"), beh)
    assert game.objects[new].tapped


def test_616_1c_essence_of_the_wild(board):
    """CR 616.1 example: creatures you control enter as a copy of Essence of the Wild."""
    from mtg_engine.rules.permanents import enter_battlefield

    board.add(0, "Essence of the Wild")
    game = board.start()
    obj = game.create_card(card_def("Grizzly Bears"), 0, Zone.EXILE)
    uid = obj.card_uid
    enter_battlefield(game, obj.id, controller=0)
    c = c_of(game, game.uid_to_obj[uid])
    assert (c.name, c.power, c.toughness) == ("Essence of the Wild", 6, 6)
    assert any("616.1c" in ev.rules for ev in game.log)


def test_707_4_becoming_a_copy_keeps_other_effects(board):
    """CR 707.4: a permanent that becomes a copy keeps its noncopy effects (Giant Growth)."""
    from mtg_engine.rules.copy import copy_effect, snapshot

    bears = board.add(0, "Grizzly Bears")
    ogre = board.add(1, "Hill Giant")
    game = board.start()
    e = ContinuousEffect(
        "7c",
        game.new_timestamp(),
        None,
        0,
        (bears,),
        "modify_pt",
        {"power": 3, "toughness": 3},
        "end_of_turn",
    )
    game.effects = [e]
    copy_effect(
        game, game.objects[bears], snapshot(game, game.objects[ogre]), None, 0, "end_of_turn"
    )
    c = c_of(game, bears)
    assert (c.name, c.power, c.toughness) == ("Hill Giant", 6, 6)


def test_mirrorweave_copies_until_end_of_turn(board):
    """CR 707.4, 514.2: "becomes a copy ... until end of turn" ends in cleanup."""
    from mtg_engine.rules.layers import end_of_turn_cleanup

    mw = board.add(0, "Mirrorweave", zone=Zone.HAND)
    for _ in range(4):
        board.add(0, "Island")
    bears = board.add(0, "Grizzly Bears")
    giant = board.add(1, "Hill Giant")
    game = board.start()
    cast(game, mw, giant)
    resolve_all(game)
    assert c_of(game, bears).name == "Hill Giant"
    end_of_turn_cleanup(game)
    assert c_of(game, bears).name == "Grizzly Bears"


def test_707_8a_token_copy_of_a_transformed_permanent(board):
    """CR 707.8a: a token copy of a double-faced permanent is double-faced with the same
    face up; it can transform (701.27)."""
    from mtg_engine.rules.multiface_play import transform

    cc = board.add(0, "Cackling Counterpart", zone=Zone.HAND)
    for _ in range(3):
        board.add(0, "Island")
    deserter = board.add(0, "Afflicted Deserter", face=1)
    game = board.start()
    cast(game, cc, deserter)
    resolve_all(game)
    tok = [o for o in game.battlefield if game.objects[o].is_token][0]
    assert c_of(game, tok).name == "Werewolf Ransacker"
    assert transform(game, game.objects[tok])
    assert c_of(game, tok).name == "Afflicted Deserter"


def test_707_8a_token_copy_of_a_clone_is_not_double_faced(board):
    """CR 707.8a example 2: a token copy of a Clone copying a double-faced permanent
    isn't double-faced, so it can't transform (701.27c)."""
    from mtg_engine.rules.multiface_play import transform

    deserter = board.add(1, "Afflicted Deserter")
    game = board.start()
    clone = enter_as_copy(game, card_def("Clone"), deserter)
    from mtg_engine.rules.copy import copy_effect, snapshot

    tok = game.create_card(game.objects[clone].card, 0, Zone.BATTLEFIELD)
    tok.is_token = True
    copy_effect(game, tok, snapshot(game, game.objects[clone]), None, 0)
    assert c_of(game, tok.id).name == "Afflicted Deserter"
    assert not transform(game, tok)
    assert any("701.27c" in ev.rules for ev in game.log)


def test_707_10_twincast_copies_targets_and_may_change_them(board):
    """CR 707.10, 707.10c: the copy keeps the original's choices; its controller may
    choose new targets; the copy ceases to exist off the stack (707.10a)."""
    bolt = board.add(0, "Lightning Bolt", zone=Zone.HAND)
    tw = board.add(0, "Twincast", zone=Zone.HAND)
    for _ in range(2):
        board.add(0, "Island")
    board.add(0, "Mountain")
    bears = board.add(1, "Grizzly Bears")
    ogre = board.add(1, "Gray Ogre")
    game = board.start()
    cast(game, bolt, bears)
    cast(game, tw, game.stack[-1])
    game.apply(PassPriority())
    game.apply(PassPriority())
    d = game.decision
    assert d.kind == "choose_objects" and d.data["purpose"] == "new_targets" and d.rule == "707.10c"
    copy_id = d.data["obj"]
    cp = game.objects[copy_id]
    assert cp.targets == [(bears,)] and cp.owner == 0 and cp.is_token
    game.apply(ChooseObjects((ogre,)))
    resolve_all(game)
    for uid in (ogre, bears):
        assert game.objects[game.uid_to_obj[uid]].zone == Zone.GRAVEYARD
    names = [game.objects[o].name for o in game.players[0].graveyard]
    assert sorted(names) == ["Lightning Bolt", "Twincast"]


def test_copy_spell_exception_changes_color(board):
    """CR 707.9b for spells (Fork: "except that the copy is red")."""
    from mtg_engine.effects.copy import put_copy_on_stack

    gg = board.add(0, "Giant Growth", zone=Zone.HAND)
    board.add(0, "Forest")
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    cast(game, gg, bears)
    copy = put_copy_on_stack(game, game.objects[game.stack[-1]], 0, {"colors": ("red",)})
    assert c_of(game, copy.id).colors == {"red"}
    assert c_of(game, game.stack[0]).colors == {"green"}


def test_clone_and_serialization_with_copy_effects(board):
    """Architecture §2: games with copy effects clone and round-trip through JSON."""
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    new = enter_as_copy(game, card_def("Clone"), bears)
    g2 = game.clone()
    assert c_of(g2, new).name == "Grizzly Bears"
    g3 = Game.from_json(game.to_json())
    assert c_of(g3, new).name == "Grizzly Bears"


def test_snapshot_is_immutable_values(board):
    from mtg_engine.rules.copy import snapshot

    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    v = snapshot(game, game.objects[bears])
    assert replace(v, name="X").name == "X" and v.name == "Grizzly Bears"


def test_707_10d_copy_for_each_other_target(board):
    """CR 707.10d: a copy for each other object the spell could target, each with that
    object as its target."""
    from mtg_engine.cards.abilities import Effect, TargetRef
    from mtg_engine.effects.copy import copy_spell
    from mtg_engine.rules.effects_runner import Ctx

    gg = board.add(0, "Giant Growth", zone=Zone.HAND)
    board.add(0, "Forest")
    a = board.add(0, "Grizzly Bears")
    b = board.add(0, "Gray Ogre")
    c = board.add(1, "Hill Giant")
    game = board.start()
    cast(game, gg, a)
    spell = game.objects[game.stack[-1]]
    spell.targets = [(a,)]
    e = Effect("copy_spell", {"what": TargetRef(0), "for_each_target": True})
    holder = game.create_card(card_def("Twincast"), 0, Zone.STACK)
    holder.stack_kind = "spell"
    holder.targets = [(spell.id,)]
    holder.ability = card_def("Twincast").compiled[0].abilities[0]
    from mtg_engine.game.tasks import Task

    ctx = Ctx(game, holder, Task("resolve", {"legal": [spell.id]}))
    assert copy_spell(ctx, e)
    copies = [game.objects[o] for o in game.stack if game.objects[o].is_token]
    assert sorted(t for cp in copies for spec in cp.targets for t in spec) == sorted([b, c])


# ---------------------------------------------------------------------------
# Copy exceptions compiled from Oracle text (CR 707.9) and the seed cards
# ---------------------------------------------------------------------------


def _statics(name: str) -> list[StaticEffect]:
    return [st for a in card_def(name).compiled[0].abilities for st in a.static]


def _except_of(text: str, types: tuple[str, ...] = ("Creature",)) -> dict:
    from mtg_engine.cards.compiler import compile_text

    cf = compile_text(text, "Test Card", types)
    assert not cf.unparsed, cf.unparsed
    for a in cf.abilities:
        for st in a.static:
            if "except" in st.args:
                return st.args["except"]
        for e in a.effects:
            if "except" in e.args:
                return e.args["except"]
            if e.op == "become" and "except" in e.args:
                return e.args["except"]
    raise AssertionError("no exceptions compiled")


def test_compiler_reads_copy_exceptions():
    """CR 707.9a-f: the exceptions of the seed cards compile to the values rules/copy.py
    applies."""
    any_creature = "You may have this creature enter as a copy of any creature on the battlefield"
    assert _except_of(any_creature + ", except it's 7/7.") == {"power": 7, "toughness": 7}
    assert _except_of(
        "You may have this creature enter as a copy of any artifact or creature on the "
        "battlefield, except it's an artifact in addition to its other types."
    ) == {"add_types": ("Artifact",)}
    assert _except_of(
        "You may have this creature enter as a copy of a creature you control, except it's "
        "a Shapeshifter Rogue in addition to its other types."
    ) == {"add_subtypes": ("Shapeshifter", "Rogue")}
    assert (
        _except_of(any_creature + ", except it enters with X additional +1/+1 counters on it.")[
            "counters"
        ]["+1/+1"].kind
        == "x"
    )
    dop = _except_of(
        any_creature + ", except it doesn't copy that creature's color and it has \"At the "
        "beginning of your upkeep, you may have this creature become a copy of target "
        "creature, except it doesn't copy that creature's color and it has this ability.\""
    )
    assert dop["keep_colors"] is True
    (upkeep,) = dop["abilities"]
    assert upkeep.effects[0].args["except"] == {"keep_colors": True, "this_ability": True}
    moritte = _except_of(
        "You may have this creature enter as a copy of a permanent you control, except it's "
        "legendary and snow in addition to its other types and, if it's a creature, it "
        "enters with two additional +1/+1 counters on it and has changeling."
    )
    assert moritte == {
        "add_supertypes": ("Legendary", "Snow"),
        "if_creature": {"counters": {"+1/+1": 2}, "add_keywords": ("Changeling",)},
    }
    fork = _except_of(
        "Copy target instant or sorcery spell, except that the copy is red.", ("Instant",)
    )
    assert fork == {"colors": ("red",)}
    zombie = _except_of(
        "Create a token that's a copy of target creature, except it's a 4/4 black Zombie.",
        ("Sorcery",),
    )
    assert zombie == {
        "power": 4,
        "toughness": 4,
        "colors": ("black",),
        "set_subtypes": ("Zombie",),
    }


def test_seed_copy_cards_compile_fully():
    """The seed pool's copy cards compile with nothing the engine can't run."""
    from mtg_engine.rules.support import face_unsupported

    for name in (
        "Altered Ego",
        "Copy Artifact",
        "Glasspool Mimic // Glasspool Shore",
        "Moritte of the Frost",
        "Phantasmal Image",
        "Phyrexian Metamorph",
        "Quicksilver Gargantuan",
        "Vesuvan Doppelganger",
        "Unstable Shapeshifter",
        "Fork",
        "Adaptive Automaton",
        "Caller of the Hunt",
        "Tarmogoyf",
        "Mutavault",
    ):
        for face in card_def(name).compiled:
            assert not face.unparsed and not face_unsupported(face), (name, face.unparsed)


def test_quicksilver_gargantuan_copying_tarmogoyf(board):
    """CR 707.9d example: "except it's 7/7" leaves out Tarmogoyf's P/T-defining ability;
    Tarmogoyf counts the card types among cards in all graveyards (CR 604.3)."""
    board.add(0, "Grizzly Bears", zone=Zone.GRAVEYARD)
    board.add(1, "Giant Growth", zone=Zone.GRAVEYARD)
    board.add(1, "Forest", zone=Zone.GRAVEYARD)
    goyf = board.add(1, "Tarmogoyf")
    game = board.start()
    assert (c_of(game, goyf).power, c_of(game, goyf).toughness) == (3, 4)
    new = enter_as_copy(game, card_def("Quicksilver Gargantuan"), goyf)
    c = c_of(game, new)
    assert (c.name, c.power, c.toughness) == ("Tarmogoyf", 7, 7)
    cited = {r for ev in game.log for r in ev.rules}
    assert {"707.9b", "707.9c", "707.9d"} <= cited


def test_set_subtypes_exception_drops_changeling(board):
    """CR 707.9d, 205.1a: "except it's a 4/4 black Zombie" replaces the creature types,
    so the changeling ability (a type-defining CDA, 702.73a) isn't copied."""
    zombie = copier(
        "Test Zombifier",
        {"power": 4, "toughness": 4, "colors": ("black",), "set_subtypes": ("Zombie",)},
    )
    outcast = board.add(1, "Changeling Outcast")
    game = board.start()
    new = enter_as_copy(game, zombie, outcast)
    c = c_of(game, new)
    assert c.subtypes == {"Zombie"} and "Changeling" not in c.keywords
    assert (c.power, c.toughness, c.colors) == (4, 4, {"black"})


def test_altered_ego_enters_with_x_counters(board):
    """CR 707.9e, 601.2b: Altered Ego's X is chosen as it's cast (a permanent spell) and
    it enters as a copy with X additional +1/+1 counters."""
    from mtg_engine.game.actions import ChooseNumber

    ego = board.add(0, "Altered Ego", zone=Zone.HAND)
    for name in ("Forest", "Forest", "Forest", "Island", "Island", "Island"):
        board.add(0, name)
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(ego))
    assert game.decision.kind == "x"
    game.apply(ChooseNumber(2))
    game.apply(PassPriority())
    game.apply(PassPriority())
    game.apply(ChooseObjects((bears,)))
    new = game.battlefield[-1]
    assert game.objects[new].counters == {"+1/+1": 2}
    assert (c_of(game, new).name, c_of(game, new).power) == ("Grizzly Bears", 4)


def test_caller_of_the_hunt_chooses_a_type_as_it_is_cast(board):
    """CR 601.2b, 607.2a: the type chosen as an additional cost is the permanent's
    chosen type; its P/T counts creatures of that type (CR 604.3)."""
    from mtg_engine.game.actions import ChooseOption

    caller = board.add(0, "Caller of the Hunt", zone=Zone.HAND)
    for _ in range(3):
        board.add(0, "Forest")
    board.add(0, "Grizzly Bears")
    board.add(1, "Runeclaw Bear")
    board.add(1, "Llanowar Elves")
    game = board.start()
    game.apply(CastSpell(caller))
    d = game.decision
    assert d.kind == "choose_option" and d.rule == "601.2b" and "Bear" in d.data["options"]
    game.apply(ChooseOption("Bear"))
    resolve_all(game)
    perm = next(o for o in game.battlefield if game.objects[o].name == "Caller of the Hunt")
    assert game.objects[perm].chosen["creature_type"] == "Bear"
    assert (c_of(game, perm).power, c_of(game, perm).toughness) == (2, 2)
    # a Clone of it makes no choice: "the chosen type" is undefined (CR 607.5a)
    clone = enter_as_copy(game, card_def("Clone"), perm)
    assert c_of(game, clone).power == 0


def test_phantasmal_image_is_sacrificed_when_targeted(board):
    """CR 707.9a, 603.2: the ability Phantasmal Image gains as it copies triggers when
    the Image becomes the target of a spell."""
    gg = board.add(0, "Giant Growth", zone=Zone.HAND)
    board.add(0, "Forest")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    image = enter_as_copy(game, card_def("Phantasmal Image"), bears)
    uid = game.objects[image].card_uid
    assert c_of(game, image).subtypes == {"Bear", "Illusion"}
    cast(game, gg, image)
    resolve_all(game)
    assert game.objects[game.uid_to_obj[uid]].zone == Zone.GRAVEYARD
    assert any(ev.kind == "becomes_target" for ev in game.log)
    assert game.objects[bears].zone == Zone.BATTLEFIELD


def test_unstable_shapeshifter_keeps_this_ability(board):
    """CR 707.9a, 707.4: each time a creature enters, the Shapeshifter becomes a copy of
    it and keeps the copying ability."""
    from mtg_engine.rules.permanents import enter_battlefield

    shifter = board.add(0, "Unstable Shapeshifter")
    game = board.start()
    for name in ("Grizzly Bears", "Hill Giant"):
        o = game.create_card(card_def(name), 1, Zone.EXILE)
        enter_battlefield(game, o.id, controller=1)
        game.pending = None
        game.run()
        resolve_all(game)
        assert c_of(game, shifter).name == name
    texts = [a.text for a in c_of(game, shifter).abilities]
    assert any("becomes a copy of that creature" in t for t in texts)
    assert any("707.9a" in ev.rules for ev in game.log)


def test_copies_of_spells_have_no_mana_spent(board):
    """CR 707.10 (Dawnglow Infusion example): mana spent to cast the original isn't
    copied, for effect copies (Fork) and keyword copies (storm, replicate)."""
    from mtg_engine.effects.copy import put_copy_on_stack
    from mtg_engine.game.hooks import cast_record, set_cast_record

    gg = board.add(0, "Giant Growth", zone=Zone.HAND)
    board.add(0, "Forest")
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    cast(game, gg, bears)
    spell = game.objects[game.stack[-1]]
    assert (cast_record(game, spell.id) or spell.paid or {}).get("mana_spent")
    set_cast_record(game, spell.id, {**(cast_record(game, spell.id) or {}), "kicked": 1})
    copy = put_copy_on_stack(game, spell, 0)
    assert "mana_spent" not in (copy.paid or {}) and copy.paid.get("kicked") == 1
    assert "mana_spent" not in (cast_record(game, copy.id) or {})


def test_altered_ego_cant_be_countered(board):
    """CR 101.2, 701.6a: "This spell can't be countered." keeps it on the stack."""
    from mtg_engine.cards.abilities import Effect, TargetRef
    from mtg_engine.effects.stack import counter
    from mtg_engine.game.tasks import Task
    from mtg_engine.rules.effects_runner import Ctx

    ego = board.add(0, "Altered Ego", zone=Zone.STACK)
    game = board.start()
    spell = game.objects[ego]
    spell.stack_kind = "spell"
    game.stack.append(ego)
    holder = game.create_card(card_def("Counterspell"), 1, Zone.STACK)
    holder.stack_kind = "spell"
    holder.targets = [(ego,)]
    holder.ability = card_def("Counterspell").compiled[0].abilities[0]
    ctx = Ctx(game, holder, Task("resolve", {"legal": [ego]}))
    counter(ctx, Effect("counter", {"what": TargetRef(0)}))
    assert game.objects[ego].zone == Zone.STACK
    assert any("101.2" in ev.rules for ev in game.log)


def test_mutavault_becomes_a_creature_and_is_still_a_land(board):
    """CR 205.1b, 205.3m: "becomes a 2/2 creature with all creature types ... It's still
    a land." keeps the land type."""
    from mtg_engine.game.actions import ActivateAbility

    vault = board.add(0, "Mutavault")
    board.add(0, "Forest")
    game = board.start()
    game.apply(ActivateAbility(vault, 1))
    resolve_all(game)
    c = c_of(game, vault)
    assert c.types == {"Land", "Creature"} and (c.power, c.toughness) == (2, 2)
    assert {"Goblin", "Elf"} <= c.subtypes


def test_707_8a_token_copy_with_an_exception_keeps_both_faces(board):
    """CR 707.8a, 707.9: a token copy of a double-faced permanent made with an exception
    ("except it isn't legendary", Helm of the Host) still has both faces, each copied
    with the exception, and can transform."""
    from mtg_engine.cards.abilities import Effect, SelfRef
    from mtg_engine.effects.copy import copy_permanent
    from mtg_engine.game.tasks import Task
    from mtg_engine.rules.effects_runner import Ctx
    from mtg_engine.rules.multiface_play import transform

    deserter = board.add(0, "Afflicted Deserter")
    game = board.start()
    holder = game.create_card(card_def("Helm of the Host"), 0, Zone.STACK)
    holder.stack_kind = "triggered"
    holder.source_id = deserter
    holder.ability = card_def("Helm of the Host").compiled[0].abilities[0]
    e = Effect(
        "copy_permanent",
        {"what": SelfRef(), "amount": 1, "except": {"add_supertypes": ("Legendary",)}},
    )
    ctx = Ctx(game, holder, Task("resolve", {"legal": []}))
    ctx.source = game.objects[deserter]
    assert copy_permanent(ctx, e)
    tok = next(o for o in game.battlefield if game.objects[o].is_token)
    c = c_of(game, tok)
    assert c.name == "Afflicted Deserter" and "Legendary" in c.supertypes
    assert transform(game, game.objects[tok])
    c = c_of(game, tok)
    assert c.name == "Werewolf Ransacker" and "Legendary" in c.supertypes
