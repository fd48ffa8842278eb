"""Combat damage (CR 510, 702.19, 702.22j-k): assignment decisions, their options
and checks, trample over planeswalkers, "as though it weren't blocked"."""

from __future__ import annotations

import pytest
from test_combat_requirements import add_custom, custom_card, to_kind

import mtg_engine.effects.combat  # noqa: F401  (registers the combat effect ops)
from mtg_engine.cards.abilities import SelfRef, StaticEffect
from mtg_engine.game.actions import (
    AssignDamage,
    DeclareAttackers,
    DeclareBlockers,
    IllegalActionError,
    PassPriority,
    player_ref,
)
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import combat_damage as cd

B = player_ref(1)


def grant(game: Game, oid: int, keyword: str) -> None:
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "6",
            game.new_timestamp(),
            None,
            0,
            (oid,),
            "grant_keyword",
            {"keyword": keyword},
            "end_of_turn",
        ),
    ]
    game.invalidate()


def fight(game: Game, attacks, blocks) -> None:
    to_kind(game, "attackers")
    game.apply(DeclareAttackers(tuple(attacks)))
    to_kind(game, "blockers")
    game.apply(DeclareBlockers(tuple(blocks)))


def run_out(game: Game) -> None:
    while game.step in (Step.DECLARE_BLOCKERS, Step.FIRST_STRIKE_DAMAGE, Step.COMBAT_DAMAGE):
        game.apply(PassPriority())


def test_assignment_decision_lists_only_legal_options(board):
    """CR 510.1c: the options offered are legal; the decision accepts any legal one."""
    wurm = board.add(0, "Craw Wurm")
    b1 = board.add(1, "Grizzly Bears")
    b2 = board.add(1, "Grizzly Bears")
    b3 = board.add(1, "Memnite")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    fight(game, [(wurm, B)], [(b1, wurm), (b2, wurm), (b3, wurm)])
    to_kind(game, "assign_damage")
    d = game.decision
    assert (
        d.player == 0
        and d.data["power"] == 6
        and sorted(d.data["blockers"]) == sorted([b1, b2, b3])
    )
    opts = game.legal_actions()
    assert len(opts) > 3 and all(game.is_legal(o) is None for o in opts)
    assert game.is_legal(AssignDamage(((b3, 6),))) is None  # no lethal damage needed first
    assert game.is_legal(AssignDamage(((B, 6),))) is not None
    game.apply(AssignDamage(((b1, 1), (b2, 1), (b3, 4))))
    run_out(game)
    assert game.objects[b1].damage == 1 and b3 not in game.battlefield


def test_trample_over_planeswalkers(board):
    """CR 702.19c: lethal to the blockers, loyalty to the planeswalker, the rest to its
    controller."""
    mammoth = board.add(0, "Craw Wurm")
    ajani = board.add(1, "Ajani Goldmane", counters={"loyalty": 3})
    memnite = board.add(1, "Memnite")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    grant(game, mammoth, cd.TRAMPLE_OVER_PLANESWALKERS)
    fight(game, [(mammoth, ajani)], [(memnite, mammoth)])
    to_kind(game, "assign_damage")
    with pytest.raises(IllegalActionError, match="702.19c"):
        game.apply(AssignDamage(((memnite, 1), (ajani, 2), (B, 3))))
    game.apply(AssignDamage(((memnite, 1), (ajani, 3), (B, 2))))
    run_out(game)
    assert game.players[1].life == 18
    assert ajani not in game.battlefield
    assert any("702.19c" in e.rules for e in game.log if e.kind == "damage")


def test_trample_without_the_variant_cant_reach_the_controller(board):
    """CR 702.19f."""
    wurm = board.add(0, "Craw Wurm")
    ajani = board.add(1, "Ajani Goldmane", counters={"loyalty": 3})
    memnite = board.add(1, "Memnite")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    grant(game, wurm, "Trample")
    fight(game, [(wurm, ajani)], [(memnite, wurm)])
    to_kind(game, "assign_damage")
    assert B not in game.decision.data["recipients"]
    game.apply(AssignDamage(((memnite, 1), (ajani, 5))))


def test_assign_as_though_unblocked(board):
    """ "You may have it assign its combat damage as though it weren't blocked"
    (Thorn Elemental): all of it to the player is one more legal assignment."""
    thorn = add_custom(
        board, 0, custom_card("Thorn Elemental", StaticEffect("assign_as_unblocked", SelfRef()))
    )
    bears = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    fight(game, [(thorn, B)], [(bears, thorn)])
    to_kind(game, "assign_damage")
    assert game.is_legal(AssignDamage(((bears, 2), (B, 5)))) is not None
    game.apply(AssignDamage(((B, 7),)))
    run_out(game)
    assert game.players[1].life == 13 and bears in game.battlefield


def test_deathtouch_lethal_counts_other_assignments(board):
    """CR 702.19b, 702.2c: lethal damage counts damage other creatures assign in the step."""
    memnite = board.add(0, "Memnite")
    mammoth = board.add(0, "War Mammoth")
    board.add(1, "Brave the Sands")
    bears = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    fight(game, [(memnite, B), (mammoth, B)], [(bears, memnite), (bears, mammoth)])
    to_kind(game, "assign_damage")
    assert game.decision.data["attacker"] == mammoth
    assert game.decision.data["lethal"] == {bears: 1}
    game.apply(AssignDamage(((bears, 1), (B, 2))))


def test_clone_in_the_middle_of_damage_assignment(board):
    wurm = board.add(0, "Craw Wurm")
    b1 = board.add(1, "Grizzly Bears")
    b2 = board.add(1, "Grizzly Bears")
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    fight(game, [(wurm, B)], [(b1, wurm), (b2, wurm)])
    to_kind(game, "assign_damage")
    for g in (game.clone(), Game.from_json(game.to_json())):
        g.apply(AssignDamage(((b1, 6),)))
        run_out(g)
        assert b1 not in g.battlefield and b2 in g.battlefield
    assert b1 in game.battlefield
