"""Sagas (CR 714), ward (CR 702.21) and crew (CR 702.122): engine-level checks."""

from __future__ import annotations

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    ChooseYesNo,
    PassPriority,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step


def test_saga_waits_for_its_final_chapter_to_leave_the_stack(board):
    """CR 714.4: not sacrificed while its final chapter ability is on the stack."""
    history = board.add(0, "History of Benalia", counters={"lore": 2})
    game = board.start()
    assert game.objects[history].counters["lore"] == 3
    assert game.stack and history in game.battlefield  # chapter III waits on the stack
    clone = Game.from_json(game.to_json())
    while game.stack:
        game.apply(PassPriority())
    assert history not in game.battlefield
    assert any("704.5s" in e.rules for e in game.log)
    while clone.stack:
        clone.apply(PassPriority())
    assert history not in clone.battlefield


def test_lore_counter_put_by_an_effect_triggers_the_next_chapter(board):
    """CR 714.2b: any lore counter put on the Saga triggers the chapter it reaches."""
    from mtg_engine.cards.abilities import Effect, SelfRef
    from mtg_engine.rules.effects_runner import Ctx

    history = board.add(0, "History of Benalia", counters={"lore": 1})
    game = board.start(step=Step.POSTCOMBAT_MAIN)
    from mtg_engine.effects import REGISTRY

    ctx = Ctx(game, game.objects[history], None)
    REGISTRY["put_counters"](
        ctx, Effect("put_counters", {"what": SelfRef(), "counter": "lore", "amount": 1})
    )
    assert [t["event"] for t in game.pending_triggers] == [{"chapter": 2}]


def test_ward_decision_survives_clone_and_the_heuristic_pays(board):
    """CR 702.21a: the ward payment decision can be cloned; the heuristic pays mana."""
    strider = board.add(0, "Frostfist Strider")
    murder = board.add(1, "Murder", Zone.HAND)
    for _ in range(5):
        board.add(1, "Swamp")
    game = board.start(turn=4, active=1)
    game.apply(CastSpell(murder))
    game.apply(ChooseTargets((strider,)))
    while game.decision.kind == "priority":
        game.apply(PassPriority())
    d = game.decision
    assert d.kind == "yes_no" and d.data["purpose"] == "ward" and d.player == 1
    clone = Game.from_json(game.to_json())
    clone.apply(ChooseYesNo(False))
    while clone.stack:
        clone.apply(PassPriority())
    assert strider in clone.battlefield
    game.apply(HeuristicAgent(3).choose(game))
    while game.stack:
        game.apply(PassPriority())
    assert strider not in game.battlefield


def test_crew_choice_needs_enough_power_and_lists_minimal_crews(board):
    """CR 702.122a: any set of untapped other creatures with total power N or more."""
    crusher = board.add(0, "Irontread Crusher")
    bears = board.add(0, "Grizzly Bears")
    elves = board.add(0, "Llanowar Elves")
    giant = board.add(0, "Hill Giant")
    game = board.start()
    game.apply(ActivateAbility(crusher, 0))
    d = game.decision
    assert d.kind == "choose_objects" and d.data["min_power"] == 3
    options = {frozenset(a.objects) for a in game.legal_actions()}
    assert frozenset({giant}) in options and frozenset({bears, elves}) in options
    assert game.is_legal(ChooseObjects((bears,))) is not None
    assert game.is_legal(ChooseObjects((bears, elves, giant))) is None  # more is fine
    game.apply(ChooseObjects((giant,)))
    while game.stack:
        game.apply(PassPriority())
    from mtg_engine.rules.characteristics import chars

    assert "Creature" in chars(game, game.objects[crusher]).types
    assert game.objects[giant].tapped and not game.objects[bears].tapped


def test_heuristic_crews_at_beginning_of_combat(board):
    """The heuristic agent crews a Vehicle that hits harder than its crew."""
    crusher = board.add(0, "Irontread Crusher")
    board.add(0, "Hill Giant", controlled_since=3)  # summoning sick: can still crew
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    agent = HeuristicAgent(0)
    for _ in range(10):
        if game.step != Step.BEGINNING_OF_COMBAT:
            break
        game.apply(agent.choose(game))
    from mtg_engine.rules.characteristics import chars

    assert "Creature" in chars(game, game.objects[crusher]).types


def test_heuristic_saddles_with_a_creature_that_cant_attack(board):
    """CR 702.171a: saddling in the first main phase with a summoning-sick creature."""
    from mtg_engine.keywords.crew import is_saddled

    jaguar = board.add(0, "Alacrian Jaguar")
    board.add(0, "Grizzly Bears", controlled_since=3)  # summoning sick
    game = board.start()
    agent = HeuristicAgent(0)
    for _ in range(10):
        if game.step != Step.PRECOMBAT_MAIN:
            break
        game.apply(agent.choose(game))
    assert is_saddled(game, game.objects[jaguar])
