"""Haunt (702.55), champion (702.72), hideaway (702.75), amplify (702.38), absorb
(702.64), changeling (702.73), reinforce (702.77) and linked "exiled card" abilities
(607.2a): compiled forms, the link kept on exiled cards, state round-trips
mid-decision, and the heuristic agent's use of the decisions they add. Rules
behaviour is pinned by the scenario files in tests/scenarios/keywords/ and the
ruling files in tests/scenarios/rulings/."""

from __future__ import annotations

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.cards.abilities import AbilityKind, EachRef
from mtg_engine.cards.compiler import compile_text
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import CastSpell, ChooseObjects, PassPriority, PlayLand
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.linked import exiled_with, is_exiled_with, link_owner
from mtg_engine.rules.linked_exile import exile_linked
from mtg_engine.rules.mana import productions_of
from mtg_engine.rules.support import face_unsupported
from mtg_engine.rules.zones import move


def _abilities(name: str):
    return card_def(name).compiled[0].abilities


def test_keyword_compiled_forms():
    """The keywords compile with their parameters and run (CR 702.38a, 702.55a,
    702.64a, 702.72a, 702.75a, 702.77a)."""
    champion = next(a for a in _abilities("Lightning Crafter") if a.keyword == "Champion")
    flt = champion.keyword_args["filter"]
    assert ("subtype_in", ("Goblin", "Shaman")) in flt.conditions
    hide = [a for a in _abilities("Evercoat Ursine") if a.keyword == "Hideaway"]
    assert [a.keyword_args["n"] for a in hide] == [3, 3]  # 702.75a: each instance
    reinforce = next(a for a in _abilities("Mosquito Guard") if a.keyword == "Reinforce")
    assert reinforce.kind is AbilityKind.ACTIVATED  # 702.77a: an activated ability
    assert reinforce.keyword_args["n"] == 1 and reinforce.cost.mana == "{1}{W}"
    absorb = compile_text("Absorb 2", "Test").abilities[0]
    assert absorb.keyword == "Absorb" and absorb.keyword_args["n"] == 2
    for name in (
        "Changeling Hero",
        "Shelldock Isle",
        "Daru Stinger",
        "Blind Hunter",
        "Cry of Contrition",
        "Chrome Mox",
        "Amoeboid Changeling",
        "Watcher for Tomorrow",
    ):
        face = card_def(name).compiled[0]
        assert not face.unparsed and not face_unsupported(face), name


def test_the_exiled_card_is_linked_unless_this_ability_exiled_it():
    """CR 607.2a: "the exiled card" of an ability that exiled nothing itself refers to
    the cards exiled with this object; after "exile ..." in the same ability, to those."""
    linked = compile_text(
        "{2}, {T}: You may cast the exiled card without paying its mana cost.", "Test"
    ).abilities[0]
    what = linked.effects[0].args["what"]
    assert isinstance(what, EachRef) and ("exiled_with", "self") in what.filter.conditions
    assert linked.effects[0].args["may"] is True  # asked by the handler (only if possible)
    mox = _abilities("Chrome Mox")
    exile = mox[0].effects[0].args["what"].filter
    assert ("not_type", "Artifact") in exile.conditions  # "nonartifact, nonland card"
    assert ("not_type", "Land") in exile.conditions


def test_haunt_triggers_compile_to_the_haunted_creature_event():
    """CR 702.55c: "When the creature this card haunts dies" / "... or the creature it
    haunts dies"."""
    cry = [a for a in _abilities("Cry of Contrition") if a.kind is AbilityKind.TRIGGERED]
    assert cry[0].trigger.event == "haunted_dies"
    hunter = [a for a in _abilities("Blind Hunter") if a.kind is AbilityKind.TRIGGERED][0]
    assert hunter.trigger.event == "enters"
    assert ("or_events", ("haunted_dies",)) in hunter.trigger.details


def test_the_link_follows_objects_not_cards(board):
    """CR 607.2a, 400.7: a card exiled by an object's ability is linked to that object;
    once the card leaves exile it's a new object with no link; an ability on the stack
    stands for its source."""
    mox = board.add(0, "Chrome Mox")
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    game = board.start()
    nid = exile_linked(game, bears, mox, ("607.2a",))
    assert nid is not None and [o.id for o in exiled_with(game, mox)] == [nid]
    assert is_exiled_with(game.objects[nid], game.objects[mox])
    assert productions_of(
        {"choice": "exiled_card_colors", "amount": 1}, game, game.objects[mox]
    ) == [("G",)]
    assert productions_of({"choice": "exiled_card_colors", "amount": 1}) == []
    clone = Game.from_json(game.to_json())  # the link is game state (architecture §2)
    assert [o.id for o in exiled_with(clone, mox)] == [nid]
    back = move(game, nid, Zone.HAND)
    assert back is not None and exiled_with(game, mox) == []
    assert game.objects[back].links is None
    ability = game.objects[mox].copy()
    ability.zone, ability.stack_kind, ability.source_id = Zone.STACK, "triggered", mox
    assert link_owner(ability) == mox


def test_changeling_works_in_every_zone(board):
    """CR 702.73a: "This object is every creature type", in every zone (604.3)."""
    hand = board.add(0, "Changeling Outcast", Zone.HAND)
    library = board.add(0, "Changeling Outcast", Zone.LIBRARY)
    game = board.start()
    for oid in (hand, library):
        subtypes = chars(game, game.objects[oid]).subtypes
        assert {"Goblin", "Elf", "Sliver", "Time Lord"} <= subtypes


def test_hideaway_choice_survives_json_round_trip(board):
    """CR 702.75a mid-resolution: the game serializes at the hideaway choice and goes on
    the same way; the exiled card is face down and linked to the land."""
    isle = board.add(0, "Shelldock Isle", Zone.HAND)
    for name in ("Island", "Hill Giant", "Forest", "Swamp", "Plains"):
        board.add(0, name, Zone.LIBRARY)
    game = board.start()
    game.apply(PlayLand(isle))
    while game.decision.kind == "priority" and game.stack:
        game.apply(PassPriority())
    d = game.decision
    assert d.kind == "choose_objects" and d.data["purpose"] == "hideaway"
    assert len(d.data["candidates"]) == 4
    copy = Game.from_json(game.to_json())
    for g in (game, copy):
        pick = d.data["candidates"][1]
        g.apply(ChooseObjects((pick,)))
        land = next(o for o in g.battlefield if g.objects[o].name == "Shelldock Isle")
        hidden = exiled_with(g, land)
        assert len(hidden) == 1 and hidden[0].face_down
        assert len(g.players[0].library) == 4


def _run_agent(game: Game, agent: HeuristicAgent, until) -> None:
    for _ in range(200):
        if until(game) or game.outcome is not None:
            return
        game.apply(agent.choose(game))


def test_heuristic_agent_champions_rather_than_sacrifices(board):
    """The agent exiles an Elf to keep Wren's Run Packmaster (702.72a)."""
    elf = board.add(0, "Llanowar Elves")
    board.add(0, "Wren's Run Packmaster", Zone.HAND)
    for _ in range(4):
        board.add(0, "Forest")
    game = board.start()
    _run_agent(game, HeuristicAgent(0), lambda g: g.step == Step.BEGINNING_OF_COMBAT)
    names = {game.objects[o].name for o in game.battlefield}
    assert "Wren's Run Packmaster" in names
    assert elf not in game.objects


def test_heuristic_agent_reveals_for_amplify(board):
    """The agent reveals every card it may for amplify (702.38a)."""
    board.add(0, "Daru Stinger", Zone.HAND)
    board.add(0, "Benalish Hero", Zone.HAND)
    board.add(0, "Benalish Hero", Zone.HAND)
    for _ in range(4):
        board.add(0, "Plains")
    game = board.start()
    _run_agent(game, HeuristicAgent(0), lambda g: g.step == Step.BEGINNING_OF_COMBAT)
    stinger = next(
        game.objects[o] for o in game.battlefield if game.objects[o].name == "Daru Stinger"
    )
    assert stinger.counters == {"+1/+1": 2}


def test_amplify_decision_from_a_cast_creature(board):
    """CR 702.38a: the reveal is asked as the creature enters, before it's on the
    battlefield (614.12); only cards sharing a creature type are candidates."""
    stinger = board.add(0, "Daru Stinger", Zone.HAND)
    hero = board.add(0, "Benalish Hero", Zone.HAND)
    board.add(0, "Grizzly Bears", Zone.HAND)
    for _ in range(4):
        board.add(0, "Plains")
    game = board.start()
    game.apply(CastSpell(stinger))
    while game.decision.kind == "priority":
        game.apply(PassPriority())
    d = game.decision
    assert d.kind == "choose_objects" and d.data["purpose"] == "amplify"
    assert d.data["candidates"] == [hero]
    assert not any(game.objects[o].name == "Daru Stinger" for o in game.battlefield)


def _custom(name: str, type_line: str, subtypes: tuple[str, ...], text: str, cost: str):
    from mtg_engine.cards.definitions import compile_card
    from mtg_engine.cards.model import CardData, CardFace
    from mtg_engine.game.objects import CardDef

    face = CardFace(
        name=name,
        mana_cost=cost,
        type_line=type_line,
        types=("Creature",),
        subtypes=subtypes,
        text=text,
        power="2",
        toughness="2",
    )
    data = CardData(name=name, layout="normal", faces=(face,))
    return CardDef(name, data, compile_card(data))


def test_championed_with_this_creature_triggers(board):
    """CR 702.72c: "When a Faerie is championed with this creature" triggers when its
    champion ability exiles a Faerie (the trigger sees the Faerie before it leaves)."""
    card = _custom(
        "Test Champion",
        "Creature — Faerie",
        ("Faerie",),
        "Champion a Faerie\nWhen a Faerie is championed with this creature, you gain 3 life.",
        "{1}",
    )
    assert not face_unsupported(card.compiled[0])
    sprite = board.add(0, "Spellstutter Sprite")
    board.add(0, "Island")
    game = board.start()
    champ = game.create_card(card, 0, Zone.HAND)
    game.apply(CastSpell(champ.id))
    while game.decision.kind == "priority":
        game.apply(PassPriority())
    d = game.decision
    assert d.data["purpose"] == "champion" and d.data["candidates"] == [sprite]
    game.apply(ChooseObjects((sprite,)))
    while game.stack and game.decision.kind == "priority":
        game.apply(PassPriority())
    assert game.players[0].life == 23
    assert any("702.72c" in ev.rules for ev in game.log)
