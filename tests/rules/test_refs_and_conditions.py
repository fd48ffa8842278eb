"""References resolved as an ability resolves (CR 608.2c-d, 608.2h), trigger
conditions naming several events (CR 603.2) and "as long as ... is ..." conditions
(CR 611.3a)."""

from __future__ import annotations

from mtg_engine.cards.abilities import (
    ChooseRef,
    Condition,
    Filter,
    ParentRef,
    SelfRef,
    Trigger,
    TriggerRef,
)
from mtg_engine.cards.compiler import compile_face
from mtg_engine.cards.database import CardDatabase
from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.support import face_unsupported
from mtg_engine.rules.triggers import alternatives


def _compiled(name: str):
    return compile_face(CardDatabase.default().get(name).faces[0])


def _resolve_top(game: Game) -> None:
    n = len(game.stack)
    while len(game.stack) >= n and game.decision.kind == "priority":
        game.apply(PassPriority())


def test_chosen_objects_are_a_pending_decision_that_survives_clone_and_json(board):
    """CR 608.2d: "return a creature you control" is chosen as the ability resolves,
    by its controller; the decision is part of the state (clone, JSON)."""
    lion = board.add(0, "Whitemane Lion", Zone.HAND)
    bears = board.add(0, "Grizzly Bears")
    for _ in range(3):
        board.add(0, "Plains")
    game = board.start()
    game.apply(CastSpell(lion))
    _resolve_top(game)  # the Lion resolves; its trigger goes on the stack
    _resolve_top(game)  # the trigger resolves and asks
    d = game.decision
    assert d.kind == "choose_objects" and d.rule == "608.2d"
    assert bears in d.data["candidates"] and len(d.data["candidates"]) == 2
    for copy in (game.clone(), Game.from_json(game.to_json())):
        copy.apply(ChooseObjects((bears,)))
        assert any(copy.objects[o].name == "Grizzly Bears" for o in copy.players[0].hand)
    assert game.objects[bears].zone == Zone.BATTLEFIELD  # the original still waits


def test_choose_ref_with_that_player_is_chosen_by_that_player():
    """ "that player exiles two cards from their graveyard": the clause's subject is
    the player who chooses (CR 608.2d), so the card runs."""
    face = _compiled("Curse of Oblivion")
    exile = face.abilities[1].effects[0]
    assert isinstance(exile.args["what"], ChooseRef)
    assert type(exile.args["player"]).__name__ == "TriggerRef"
    assert face_unsupported(face) == []


def test_choose_ref_marks_the_parent_for_later_pronouns():
    """ "tap any number of untapped Vampires ... on each of those Vampires" (608.2c)."""
    effects = _compiled("Urge to Feed").abilities[0].effects
    assert isinstance(effects[1].args["what"], ChooseRef)
    assert type(effects[2].args["what"]).__name__ == "ParentRef"


def test_or_events_become_one_trigger_per_event_with_its_details():
    """CR 603.2: "enters or deals combat damage to a player": each event keeps its own
    details; a single-event trigger has no alternatives."""
    trig = next(a.trigger for a in _compiled("Tomebound Lich").abilities if a.trigger)
    alts = alternatives(trig)
    assert [t.event for t in alts] == ["enters", "deals_combat_damage"]
    assert alts[0].details == ()
    assert dict(alts[1].details)["what"].kinds == ("player",)
    assert alternatives(Trigger("enters", SelfRef())) == ()


def test_static_it_after_as_long_as_is_the_described_object():
    """ "As long as equipped creature is a Human, it gets +1/+1": the creature, not the
    Equipment (CR 611.3a)."""
    st = _compiled("Sharpened Pitchfork").abilities[1].static[0]
    assert isinstance(st.affected, Filter)
    assert ("equipped_by", "self") in st.affected.conditions
    inner = st.condition.args["cond"]
    assert inner.kind == "is" and ("subtype", "Human") in inner.args["quality"].conditions


def test_is_condition_without_a_filter_is_never_true(board):
    """Words the compiler has no filter for never make a condition silently true."""
    from mtg_engine.rules.conditions import evaluate

    src = board.add(0, "Grizzly Bears")
    game = board.start()
    cond = Condition("is", {"ref": SelfRef(), "quality": None, "adj": "renowned"})
    assert not evaluate(game, cond, 0, game.objects[src])
    ok = Condition("is", {"ref": SelfRef(), "quality": Filter(("Creature",)), "adj": "a"})
    assert evaluate(game, Condition("as_long_as", {"cond": ok}), 0, game.objects[src])


def test_sacrificed_creature_power_uses_last_known_information(board):
    """CR 608.2h: Fling's damage is the sacrificed creature's power as it last existed."""
    fling = board.add(0, "Fling", Zone.HAND)
    giant = board.add(0, "Hill Giant")
    for _ in range(2):
        board.add(0, "Mountain")
    game = board.start()
    game.apply(CastSpell(fling, sacrifice=(giant,)))
    if game.decision.kind == "targets":
        game.apply(ChooseTargets((player_ref(1),)))
    spell = game.objects[game.stack[-1]]
    assert spell.paid["sacrificed"][0]["power"] == 3
    _resolve_top(game)
    assert game.players[1].life == 17


def test_attack_details_compile_to_their_own_meaning():
    """ "attacks alone" (CR 506.5) is not "attacks you" (CR 508.1b)."""
    lunk = next(a.trigger for a in _compiled("Lunk Errant").abilities if a.trigger)
    assert dict(lunk.details) == {"alone": True}
    lulu = next(a.trigger for a in _compiled("Lulu, Stern Guardian").abilities if a.trigger)
    assert dict(lulu.details).get("attack_target") == "you"


def test_that_creature_in_a_block_trigger_is_the_other_creature():
    """ "becomes blocked by a creature, it deals 2 damage to that creature": "it" is
    this creature, "that creature" the blocker (CR 509.3d)."""
    effect = next(a for a in _compiled("Acolyte of the Inferno").abilities if a.trigger).effects[0]
    assert effect.args["source"] == SelfRef()
    assert effect.args["to"] == TriggerRef("other")


def test_rest_is_what_the_choice_left(board):
    """ "Choose up to one creature. Destroy the rest." (CR 608.2d)."""
    effects = _compiled("Duneblast").abilities[0].effects
    assert effects[1].args["what"] == ParentRef("rest")
