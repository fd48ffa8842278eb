"""Casting spells, paying costs, the stack and resolving (CR 601, 608, 117)."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    CastSpell,
    ChooseTargets,
    IllegalActionError,
    PassPriority,
    PlayLand,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Step


def pass_until_stack_resolves(game):
    while game.stack:
        game.apply(PassPriority())


def test_lightning_bolt_kills_a_creature(board):
    """CR 601.2, 608.2, 704.5g: Bolt deals 3 to Grizzly Bears, which is destroyed."""
    bolt = board.add(0, "Lightning Bolt", Zone.HAND)
    board.add(0, "Mountain")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(bolt))
    assert game.decision.kind == "targets"
    game.apply(ChooseTargets((bears,)))
    assert game.decision.kind == "priority"
    pass_until_stack_resolves(game)
    assert [game.objects[o].name for o in game.players[1].graveyard] == ["Grizzly Bears"]
    assert any("704.5g" in e.rules for e in game.log)
    assert any("601.2i" in e.rules for e in game.log)


def test_bolt_to_the_face(board):
    bolt = board.add(0, "Lightning Bolt", Zone.HAND)
    board.add(0, "Mountain")
    game = board.start()
    game.apply(CastSpell(bolt))
    game.apply(ChooseTargets((player_ref(1),)))
    pass_until_stack_resolves(game)
    assert game.players[1].life == 17


def test_cannot_cast_without_mana_and_state_is_unchanged(board):
    """An illegal action raises, names the rule, and changes nothing (architecture §1)."""
    bolt = board.add(0, "Lightning Bolt", Zone.HAND)
    game = board.start()
    before = game.to_json()
    with pytest.raises(IllegalActionError) as err:
        game.apply(CastSpell(bolt))
    assert "601.2h" in str(err.value)
    assert game.to_json() == before


def test_sorcery_speed_creature_not_castable_in_combat(board):
    """CR 307.1: a creature spell without flash only in a main phase with an empty stack."""
    ogre = board.add(0, "Gray Ogre", Zone.HAND)
    for _ in range(3):
        board.add(0, "Mountain")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    with pytest.raises(IllegalActionError, match="307.1"):
        game.apply(CastSpell(ogre))


def test_counterspell_counters(board):
    """CR 701.6a: a countered spell goes to its owner's graveyard."""
    ogre = board.add(0, "Gray Ogre", Zone.HAND)
    for _ in range(3):
        board.add(0, "Mountain")
    cs = board.add(1, "Counterspell", Zone.HAND)
    board.add(1, "Island")
    board.add(1, "Island")
    game = board.start()
    game.apply(CastSpell(ogre))
    game.apply(PassPriority())  # A passes, B gets priority
    assert game.decision.player == 1
    game.apply(CastSpell(cs))
    spell = game.stack[0]
    game.apply(ChooseTargets((spell,)))
    pass_until_stack_resolves(game)
    assert [game.objects[o].name for o in game.players[0].graveyard] == ["Gray Ogre"]
    assert any("701.6a" in e.rules for e in game.log)


def test_fizzle_when_target_is_gone(board):
    """CR 608.2b: a spell whose only target is illegal doesn't resolve."""
    bolt1 = board.add(0, "Lightning Bolt", Zone.HAND)
    bolt2 = board.add(0, "Lightning Bolt", Zone.HAND)
    board.add(0, "Mountain")
    board.add(0, "Mountain")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(bolt1))
    game.apply(ChooseTargets((bears,)))
    game.apply(CastSpell(bolt2))  # holding priority (CR 117.3c)
    game.apply(ChooseTargets((bears,)))
    pass_until_stack_resolves(game)
    assert any(e.kind == "fizzle" and "608.2b" in e.rules for e in game.log)
    assert len(game.players[0].graveyard) == 2


def test_one_land_per_turn(board):
    """CR 305.2."""
    f1 = board.add(0, "Forest", Zone.HAND)
    f2 = board.add(0, "Forest", Zone.HAND)
    game = board.start()
    game.apply(PlayLand(f1))
    with pytest.raises(IllegalActionError, match="305.2"):
        game.apply(PlayLand(f2))


def test_mana_abilities_of_summoning_sick_elves(board):
    """CR 302.6: a creature's {T} ability needs it to be under control since the turn began."""
    elves = board.add(0, "Llanowar Elves", controlled_since=3)
    spider = board.add(0, "Raging Goblin", Zone.HAND)
    game = board.start()
    with pytest.raises(IllegalActionError):
        game.apply(CastSpell(spider))
    assert not game.objects[elves].tapped


def test_an_ability_on_the_stack_is_not_a_creature_to_target(board):
    """CR 113.1c: an activated ability of a creature on the stack is an object but no
    card: "return target spell or creature" can't target it (a card used to appear
    in its owner's hand), while the creature spell or permanent can be."""
    from mtg_engine.game.actions import ActivateAbility

    pyro = board.add(0, "Prodigal Pyromancer")
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    board.add(0, "Forest")
    board.add(0, "Forest")
    unsub = board.add(1, "Unsubstantiate", Zone.HAND)
    board.add(1, "Island")
    board.add(1, "Island")
    game = board.start()
    game.apply(CastSpell(bears))
    spell = game.stack[-1]
    game.apply(ActivateAbility(pyro, 0))
    game.apply(ChooseTargets((player_ref(1),)))
    ability = game.stack[-1]
    assert game.objects[ability].stack_kind == "activated"
    game.apply(PassPriority())
    assert game.decision.player == 1
    game.apply(CastSpell(unsub))
    assert game.decision.kind == "targets"
    assert game.is_legal(ChooseTargets((ability,))) is not None
    assert game.is_legal(ChooseTargets((spell,))) is None


def test_monocolored_hybrid_paid_with_generic_leaves_the_colors_for_the_others(board):
    """CR 107.4e: {2/B}{2/G}{2/U} from two Forests and two Islands: {2/G} and {2/U} are
    paid with {G} and {U}, {2/B} with the two others (paying {2/B} first with two
    generic used to spend both Islands and fail)."""
    card = board.add(0, "Rakshasa's Bargain", Zone.HAND)
    for land in ("Forest", "Forest", "Island", "Island"):
        board.add(0, land)
    game = board.start()
    game.apply(CastSpell(card))
    assert game.objects[game.stack[-1]].name == "Rakshasa's Bargain"
    assert all(game.objects[o].tapped for o in game.battlefield)


def test_omniscience_offers_a_free_cast_at_sorcery_timing_only(board):
    """CR 118.9: Omniscience's permission is offered as an alternative cost of
    nothing for a card in its controller's hand, at the card's normal timing."""
    angel = board.add(0, "Serra Angel", Zone.HAND)
    board.add(0, "Omniscience")
    game = board.start()
    free = [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == angel]
    assert [a.alt for a in free] == ["free_permission"]
    game.apply(free[0])
    pass_until_stack_resolves(game)
    assert [game.objects[o].name for o in game.battlefield] == ["Omniscience", "Serra Angel"]


def test_omniscience_offers_nothing_to_the_opponent(board):
    """CR 118.9: "you may cast": the permission is its controller's only."""
    angel = board.add(1, "Serra Angel", Zone.HAND)
    board.add(0, "Omniscience")
    game = board.start(active=1)  # B's main phase: B could cast it by paying
    assert game.decision.player == 1
    assert not [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == angel]
