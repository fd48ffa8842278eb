"""Loyalty abilities (CR 606) and the heuristic agent's use of them."""

from __future__ import annotations

from mtg_engine.agents.heuristic import HeuristicAgent
from mtg_engine.game.actions import ActivateAbility, ChooseNumber, ChooseTargets, PassPriority
from mtg_engine.game.state import Game, Step


def _loyalty_actions(game: Game, oid: int) -> list[ActivateAbility]:
    return [a for a in game.legal_actions() if isinstance(a, ActivateAbility) and a.source == oid]


def test_legal_actions_offer_each_loyalty_ability_once_per_turn(board):
    """CR 606.3: after one loyalty ability of a permanent, none of its others this turn."""
    ajani = board.add(0, "Ajani Goldmane", counters={"loyalty": 4})
    game = board.start()
    assert {a.ability for a in _loyalty_actions(game, ajani)} == {0, 1}  # [−6] needs 6 (606.6)
    game.apply(ActivateAbility(ajani, 0))
    game.apply(PassPriority())
    game.apply(PassPriority())
    assert not game.stack and game.decision.player == 0
    assert _loyalty_actions(game, ajani) == []
    assert game.objects[ajani].counters["loyalty"] == 5
    assert game.players[0].life == 22


def test_loyalty_abilities_again_next_turn(board):
    """CR 606.3: the limit is per turn."""
    ajani = board.add(0, "Ajani Goldmane", counters={"loyalty": 4})
    game = board.start()
    game.apply(ActivateAbility(ajani, 0))
    while not (game.turn == 5 and game.step == Step.PRECOMBAT_MAIN and not game.stack):
        game.apply(PassPriority() if game.decision.kind == "priority" else game.legal_actions()[0])
    assert _loyalty_actions(game, ajani)


def test_minus_x_is_bounded_by_loyalty_and_survives_clone(board):
    """CR 606.6, 107.3a: X of "[−X]" is at most the loyalty counters; the X decision
    can be cloned and serialized mid-activation."""
    chandra = board.add(0, "Chandra Nalaar", counters={"loyalty": 4})
    giant = board.add(1, "Hill Giant")
    game = board.start()
    game.apply(ActivateAbility(chandra, 1))
    d = game.decision
    assert d.kind == "x" and d.data["max"] == 4 and d.data["purpose"] == "loyalty"
    clone = Game.from_json(game.to_json())
    assert clone.is_legal(ChooseNumber(5)) is not None
    game.apply(ChooseNumber(3))
    game.apply(ChooseTargets((giant,)))
    assert game.objects[chandra].counters["loyalty"] == 1  # paid as the cost (CR 606.4)
    while game.stack:
        game.apply(PassPriority())
    assert giant not in game.battlefield


def test_heuristic_agent_uses_a_loyalty_ability(board):
    """The heuristic agent activates one loyalty ability in its main phase (CR 606.3)."""
    lili = board.add(0, "Liliana of the Veil", counters={"loyalty": 3})
    board.add(1, "Grizzly Bears")
    game = board.start()
    agent = HeuristicAgent(1)
    for _ in range(20):
        if game.step != Step.PRECOMBAT_MAIN or game.turn != 3:
            break
        game.apply(agent.choose(game))
    # the [−2] with an opposing creature to hit, keeping Liliana alive
    assert game.objects[lili].counters["loyalty"] == 1
    assert not any(game.objects[o].name == "Grizzly Bears" for o in game.battlefield)


def test_heuristic_attacks_a_planeswalker_it_can_finish(board):
    """CR 506.2, 120.3c: unblockable damage that removes all of a planeswalker's
    loyalty goes there when the player isn't dead anyway."""
    from mtg_engine.game.actions import DeclareAttackers

    angel = board.add(0, "Serra Angel")
    jace = board.add(1, "Jace Beleren", counters={"loyalty": 3})
    board.add(1, "Grizzly Bears")
    game = board.start(step=Step.DECLARE_ATTACKERS)
    while game.decision.kind != "attackers":
        game.apply(PassPriority())
    action = HeuristicAgent(0).choose(game)
    assert isinstance(action, DeclareAttackers) and dict(action.attackers) == {angel: jace}


def test_target_player_or_planeswalker(board):
    """CR 115.4: "target player or planeswalker" and "target opponent or planeswalker"
    take players and planeswalkers (not creatures; "opponent" excludes yourself)."""
    from mtg_engine.game.actions import CastSpell
    from mtg_engine.game.objects import Zone

    fields = board.add(0, "Burning Fields", Zone.HAND)
    for _ in range(5):
        board.add(0, "Mountain")
    jace = board.add(1, "Jace Beleren", counters={"loyalty": 3})
    mine = board.add(0, "Ajani Goldmane", counters={"loyalty": 4})
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(CastSpell(fields))
    cands = set(game.decision.data["candidates"])
    assert jace in cands and mine in cands and bears not in cands
    assert -(1 + 1) in cands and -(0 + 1) not in cands  # B yes, A (you) no
