"""Rebound (CR 702.88a): the resolving spell is exiled instead of going to the
graveyard (a replacement in the event pipeline), and its delayed upkeep ability
is plain data that triggers only at its owner's upkeep."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, ChooseTargets, DecisionKind, PassPriority, player_ref
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.delayed import fire


def _resolved(board) -> Game:
    for _ in range(3):
        board.add(0, "Mountain")
    shock = board.add(0, "Staggershock", Zone.HAND)
    game = board.start()
    game.apply(CastSpell(shock))
    if game.decision.kind == DecisionKind.TARGETS:
        game.apply(ChooseTargets((player_ref(1),)))
    while game.stack and game.decision.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    return game


def _shock(game: Game):
    return next(o for o in game.objects.values() if o.name == "Staggershock")


def test_the_resolving_spell_is_exiled_with_a_delayed_ability(board):
    game = _resolved(board)
    assert _shock(game).zone == Zone.EXILE
    assert game.players[0].graveyard == []
    (rec,) = game.delayed_triggers
    assert rec["step"] == "upkeep" and rec["turn_of"] == 0 and rec["source"] == _shock(game).id


def test_the_delayed_ability_survives_json_and_waits_for_its_owners_upkeep(board):
    game = Game.from_json(_resolved(board).to_json())
    game.active = 1
    fire(game, "upkeep")
    assert game.pending_triggers == [] and len(game.delayed_triggers) == 1
    game.active = 0
    fire(game, "upkeep")
    assert len(game.pending_triggers) == 1 and game.delayed_triggers == []
