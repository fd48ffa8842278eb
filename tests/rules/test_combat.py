"""Combat: declaring attackers and blockers, evasion, combat damage (CR 506-511, 702)."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    PassPriority,
    player_ref,
)
from mtg_engine.game.state import Step

B = player_ref(1)


def to_attackers(game):
    while game.decision.kind != "attackers":
        game.apply(PassPriority())


def to_blockers(game):
    while game.decision.kind != "blockers":
        game.apply(PassPriority())


def finish_combat(game):
    while (
        game.step in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE)
        or game.decision.kind == "blockers"
    ):
        if game.decision.kind == "blockers":
            game.apply(DeclareBlockers(()))
        else:
            game.apply(PassPriority())


def test_unblocked_attacker_deals_damage(board):
    ogre = board.add(0, "Gray Ogre")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((ogre, B),)))
    assert game.objects[ogre].tapped  # CR 508.1f
    to_blockers(game)
    game.apply(DeclareBlockers(()))
    while game.step != Step.END_OF_COMBAT:
        game.apply(PassPriority())
    assert game.players[1].life == 18


def test_summoning_sick_creature_cannot_attack(board):
    """CR 302.6 / 508.1a."""
    ogre = board.add(0, "Gray Ogre", controlled_since=3)
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    with pytest.raises(IllegalActionError, match="302.6"):
        game.apply(DeclareAttackers(((ogre, B),)))


def test_haste(board):
    """CR 702.10b: haste lets a creature attack the turn it comes under your control."""
    gob = board.add(0, "Raging Goblin", controlled_since=3)
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((gob, B),)))
    assert gob in game.combat.attackers


def test_flying_cannot_be_blocked_by_ground_but_reach_can(board):
    """CR 702.9b, 702.17b."""
    drake = board.add(0, "Wind Drake")
    ogre = board.add(1, "Gray Ogre")
    spider = board.add(1, "Giant Spider")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((drake, B),)))
    to_blockers(game)
    with pytest.raises(IllegalActionError, match="702.9b"):
        game.apply(DeclareBlockers(((ogre, drake),)))
    game.apply(DeclareBlockers(((spider, drake),)))
    assert game.combat.blocked[drake]


def test_menace_needs_two_blockers(board):
    """CR 702.111b."""
    brute = board.add(0, "Boggart Brute")
    o1 = board.add(1, "Gray Ogre")
    o2 = board.add(1, "Gray Ogre")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((brute, B),)))
    to_blockers(game)
    with pytest.raises(IllegalActionError, match="702.111b"):
        game.apply(DeclareBlockers(((o1, brute),)))
    game.apply(DeclareBlockers(((o1, brute), (o2, brute))))


def test_first_strike_kills_before_regular_damage(board):
    """CR 510.4, 702.7b: Youthful Knight (2/1 first strike) kills a 2/2 blocker unharmed..."""
    knight = board.add(0, "Youthful Knight")
    gob = board.add(1, "Raging Goblin")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((knight, B),)))
    to_blockers(game)
    game.apply(DeclareBlockers(((gob, knight),)))
    while game.step != Step.END_OF_COMBAT:
        game.apply(PassPriority())
    assert knight in game.battlefield
    assert [game.objects[o].name for o in game.players[1].graveyard] == ["Raging Goblin"]


def test_double_strike_deals_damage_twice(board):
    """CR 702.4b."""
    ace = board.add(0, "Fencing Ace")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((ace, B),)))
    to_blockers(game)
    game.apply(DeclareBlockers(()))
    while game.step != Step.END_OF_COMBAT:
        game.apply(PassPriority())
    assert game.players[1].life == 18


def test_trample_assigns_excess_counting_marked_damage(board):
    """CR 702.19b: lethal damage counts damage already marked on the blocker."""
    mammoth = board.add(0, "War Mammoth")
    bears = board.add(1, "Grizzly Bears", damage=1)
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((mammoth, B),)))
    to_blockers(game)
    game.apply(DeclareBlockers(((bears, mammoth),)))
    while game.decision.kind != "assign_damage":
        game.apply(PassPriority())
    with pytest.raises(IllegalActionError, match="702.19b"):
        game.apply(AssignDamage(((B, 3),)))
    game.apply(AssignDamage(((bears, 1), (B, 2))))
    while game.step != Step.END_OF_COMBAT:
        game.apply(PassPriority())
    assert game.players[1].life == 18
    assert any("702.19b" in e.rules or "510.2" in e.rules for e in game.log)


def test_lifelink_and_vigilance(board):
    """CR 702.15b, 702.20b."""
    hawk = board.add(0, "Healer's Hawk")
    angel = board.add(0, "Serra Angel")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    to_attackers(game)
    game.apply(DeclareAttackers(((hawk, B), (angel, B))))
    assert not game.objects[angel].tapped
    to_blockers(game)
    game.apply(DeclareBlockers(()))
    while game.step != Step.END_OF_COMBAT:
        game.apply(PassPriority())
    assert game.players[0].life == 21
    assert game.players[1].life == 15
