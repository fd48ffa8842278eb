"""Casting keywords: alternative and additional costs, cost changes (CR 601.2b-f, 118.8-9, 702)."""

from __future__ import annotations

import pytest

from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    ChooseYesNo,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.records import ContinuousEffect
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import costs, mana_costs
from mtg_engine.rules.casting import cast_options, cast_problem, cast_task_data
from mtg_engine.rules.priority_options import priority_options


def cast(game: Game, action: CastSpell) -> None:
    """Cast with the announced choices, as the priority step does (CR 117.1a, 601.2)."""
    p = game.pending.player
    assert cast_problem(game, p, action.card, action.face, action) is None
    game.pending = None
    game.passes = 0
    game.push_task("cast", cast_task_data(game, p, action))
    game.run()


def resolve_all(game: Game) -> None:
    while game.stack and game.decision.kind == "priority":
        game.apply(PassPriority())


def names(game: Game, ids: list[int]) -> list[str]:
    return sorted(game.objects[o].name for o in ids)


def test_cast_options_are_plain_task_data():
    """The announced choices (CR 601.2b) travel as JSON-friendly task data."""
    opts = cast_options(CastSpell(5, kicker=(0, 1), buyback=True, convoke=(7, 8), face_down=True))
    assert opts == {"alt": "morph", "kicker": [0, 1], "buyback": True, "convoke": [7, 8]}
    assert cast_options(CastSpell(5)) == {}


def test_kicker_adds_its_cost_and_is_remembered(board):
    """CR 702.33a, 601.2f: the kicker cost is added to the total cost; CR 400.7d:
    the permanent knows it was kicked."""
    gorger = board.add(0, "Baloth Gorger", Zone.HAND)
    for _ in range(7):
        board.add(0, "Forest")
    game = board.start()
    why = cast_problem(game, 0, gorger, 0, CastSpell(gorger, kicker=(1,)))
    assert why is not None and "601.2h" in why  # {2}{G}{G} + {4} is 8 mana
    assert cast_problem(game, 0, gorger, 0, CastSpell(gorger, kicker=(2,))) is not None  # 702.33a
    board.add(0, "Forest")
    game = board.game
    game.invalidate()
    cast(game, CastSpell(gorger, kicker=(1,)))
    resolve_all(game)
    perm = next(
        game.objects[o] for o in game.battlefield if game.objects[o].name == "Baloth Gorger"
    )
    assert perm.paid and perm.paid["kicker"] == [1]
    assert any("702.33a" in e.rules for e in game.log)


def test_flashback_from_graveyard_then_exiled(board):
    """CR 702.34a: cast from the graveyard for the flashback cost; exiled as it leaves the stack."""
    think = board.add(0, "Think Twice", Zone.GRAVEYARD)
    for _ in range(3):
        board.add(0, "Island")
    game = board.start()
    assert cast_problem(game, 0, think) is not None  # not from the graveyard without flashback
    act = CastSpell(think, alt="flashback")
    assert act in priority_options(game, 0)
    cast(game, act)
    resolve_all(game)
    assert names(game, game.exile) == ["Think Twice"]
    assert not game.players[0].graveyard
    assert any("702.34a" in e.rules for e in game.log)


def test_buyback_returns_the_spell_to_hand(board):
    """CR 702.27a: a bought-back spell goes to its owner's hand as it resolves."""
    capsize = board.add(0, "Capsize", Zone.HAND)
    for _ in range(6):
        board.add(0, "Island")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    cast(game, CastSpell(capsize, buyback=True))
    game.apply(ChooseTargets((bears,)))
    resolve_all(game)
    assert "Capsize" in names(game, game.players[0].hand)
    assert names(game, game.players[1].hand) == ["Grizzly Bears"]


def test_cost_reduction_and_increase_apply_to_the_total(board):
    """CR 601.2f: increases then reductions; generic mana only for "{1} less"."""
    growth = board.add(0, "Giant Growth", Zone.HAND)
    board.add(0, "Emerald Medallion")
    board.add(1, "Thalia, Guardian of Thraben")
    game = board.start()
    total, problem = costs.total_cost(game, 0, game.objects[growth], {}, as_spell=True)
    assert problem is None
    assert str(total.mana) == "{G}"
    assert "601.2f" in total.rules


def test_convoke_and_delve_pay_parts_of_the_cost(board):
    """CR 702.51a: creatures pay for their colors or generic; CR 702.66a: exiled cards pay generic."""
    bears = board.add(0, "Grizzly Bears")
    lions = board.add(0, "Savannah Lions")
    g1 = board.add(0, "Shock", Zone.GRAVEYARD)
    g2 = board.add(0, "Shock", Zone.GRAVEYARD)
    game = board.start()
    cost = mana_costs.parse_cost("{6}{G}{W}")
    left, problem = costs.apply_convoke(game, 0, cost, [bears, lions])
    assert problem is None and str(left) == "{6}"
    left, problem = costs.apply_delve(game, 0, left, [g1, g2])
    assert problem is None and str(left) == "{4}"
    _, problem = costs.apply_delve(game, 0, mana_costs.parse_cost("{G}"), [g1])
    assert problem is not None and "702.66a" in problem
    game.objects[bears].tapped = True
    _, problem = costs.apply_convoke(game, 0, cost, [bears])
    assert problem is not None and "702.51a" in problem


def test_convoke_and_delve_need_the_keyword(board):
    """CR 702.51a, 702.66a: convoke and delve are abilities of the spell; announcing
    them for a spell without the keyword is refused, and never offered."""
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    lions = board.add(0, "Savannah Lions")
    shock = board.add(0, "Shock", Zone.GRAVEYARD)
    board.add(0, "Forest")
    game = board.start()
    why = cast_problem(game, 0, bears, 0, CastSpell(bears, convoke=(lions,)))
    assert why is not None and "702.51a" in why and "convoke" in why
    why = cast_problem(game, 0, bears, 0, CastSpell(bears, delve=(shock,)))
    assert why is not None and "702.66a" in why and "delve" in why
    offered = [a for a in game.legal_actions() if isinstance(a, CastSpell)]
    assert not any(a.convoke or a.delve for a in offered)
    # a keyword granted to the card counts as its own (CR 613.1f); the grant
    # names this card, so it ends as the card becomes a spell (CR 400.7)
    game.effects = [
        *game.effects,
        ContinuousEffect(
            "6",
            game.new_timestamp(),
            None,
            0,
            (bears,),
            "grant_keyword",
            {"keyword": "Convoke"},
            "end_of_turn",
        ),
    ]
    game.invalidate()
    assert cast_problem(game, 0, bears, 0, CastSpell(bears, convoke=(lions,))) is None
    assert cast_problem(game, 0, bears, 0, CastSpell(bears, delve=(shock,))) is not None


def test_cycling_is_an_activated_ability_from_the_hand(board):
    """CR 702.29a: "[Cost], Discard this card: Draw a card." — from the hand only."""
    meadow = board.add(0, "Drifting Meadow", Zone.HAND)
    board.add(0, "Island")
    board.add(0, "Island")
    board.add(0, "Giant Growth", Zone.LIBRARY)
    game = board.start()
    acts = [a for a in priority_options(game, 0) if isinstance(a, ActivateAbility)]
    assert [a.source for a in acts] == [meadow]
    game.apply(acts[0])
    resolve_all(game)
    assert names(game, game.players[0].graveyard) == ["Drifting Meadow"]
    assert "Giant Growth" in names(game, game.players[0].hand)
    assert any("702.29a" in e.rules for e in game.log)


def test_madness_exiles_the_discarded_card_and_offers_the_cast(board):
    """CR 702.35a: discarded, it's exiled instead; its owner may cast it for the madness cost."""
    temper = board.add(0, "Fiery Temper", Zone.HAND)
    voice = board.add(0, "Tormenting Voice", Zone.HAND)
    for _ in range(3):
        board.add(0, "Mountain")
    game = board.start()
    cast(game, CastSpell(voice, discard=(temper,)))
    assert names(game, game.exile) == ["Fiery Temper"]
    game.apply(PassPriority())
    game.apply(PassPriority())  # the madness trigger resolves
    assert game.decision.kind == "yes_no" and game.decision.rule == "702.35a"
    game.apply(ChooseYesNo(True))
    assert game.decision.kind == "targets"
    game.apply(ChooseTargets((player_ref(1),)))
    resolve_all(game)
    assert game.players[1].life == 17
    assert "Fiery Temper" in names(game, game.players[0].graveyard)


def test_storm_copies_for_each_earlier_spell(board):
    """CR 702.40a: one copy per spell cast before it this turn; copies aren't cast."""
    g1 = board.add(0, "Giant Growth", Zone.HAND)
    shot = board.add(0, "Grapeshot", Zone.HAND)
    board.add(0, "Forest")
    board.add(0, "Mountain")
    board.add(0, "Mountain")
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(g1))
    game.apply(ChooseTargets((bears,)))
    resolve_all(game)
    game.apply(CastSpell(shot))
    game.apply(ChooseTargets((player_ref(1),)))
    game.apply(PassPriority())  # not needed: the storm trigger goes on the stack first
    while game.decision.kind != "priority" or game.stack:
        d = game.decision
        if d.kind == "choose_objects":
            game.apply(ChooseObjects(()))  # keep the same target (CR 707.10c)
        else:
            game.apply(PassPriority())
    assert game.players[1].life == 18
    assert game.players[0].spells_cast_this_turn == 2


def test_suspend_is_a_special_action_and_the_card_comes_back(board):
    """CR 702.62a, 116.2f: exile with N time counters; at upkeep a counter is removed;
    the last one lets its owner cast it without paying its mana cost."""
    bolt = board.add(0, "Rift Bolt", Zone.HAND)
    board.add(0, "Mountain")
    game = board.start()
    cast(game, CastSpell(bolt, alt="suspend"))
    exiled = game.objects[game.exile[0]]
    assert exiled.name == "Rift Bolt" and exiled.counters == {"time": 1}
    assert not game.stack
    # clone and serialization keep the suspended card (architecture §2)
    clone = Game.from_json(game.to_json())
    assert clone.objects[exiled.id].counters == {"time": 1}
    while not (game.step == Step.UPKEEP and game.active == 0 and game.decision.kind == "yes_no"):
        game.apply(PassPriority() if game.decision.kind == "priority" else game.legal_actions()[0])
    game.apply(ChooseYesNo(True))
    game.apply(ChooseTargets((player_ref(1),)))
    resolve_all(game)
    assert game.players[1].life == 17


@pytest.mark.parametrize("forests", [6, 7])
def test_multikicker_is_offered_once_for_each_count_the_player_can_pay(board, forests):
    """CR 702.33c: multikicker may be paid any number of times; the options list each
    count the lands pay ({G} + n x {1}{G}: 2 with six Forests, 3 with seven), not just
    once, so an agent or a player chooses how many."""
    warcaller = board.add(0, "Joraga Warcaller", Zone.HAND)
    for _ in range(forests):
        board.add(0, "Forest")
    game = board.start()
    most = (forests - 1) // 2
    counts = [
        a.kicker for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == warcaller
    ]
    assert counts == [(), *((n,) for n in range(1, most + 1))]
    assert all(game.is_legal(CastSpell(warcaller, kicker=k)) is None for k in counts)
    assert game.is_legal(CastSpell(warcaller, kicker=(most + 1,))) is not None  # not paid
