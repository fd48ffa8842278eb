"""CR 800.4a: a player leaves a multiplayer game (3 and 4 players): the objects they
own leave the game, control effects giving them objects end, their abilities on the
stack cease to exist, and what they still control is exiled."""

from __future__ import annotations

import random

import pytest

from mtg_engine.agents import make_agent
from mtg_engine.api import load_deck, new_game
from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    ChooseTargets,
    ChooseYesNo,
    Concede,
    Decision,
    DecisionKind,
    DeclareAttackers,
    PassPriority,
)
from mtg_engine.game.invariants import check
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules.layers import refresh_control
from mtg_engine.rules.setup import start_at


def table(
    players: int,
    cards: list[tuple[int, str, int]],
    active: int = 0,
    attach: tuple[int, int] | None = None,
) -> tuple[Game, list[int]]:
    """A game of ``players`` players at the active player's precombat main phase, with
    ``cards`` (owner, name, zone), ``attach`` (the n-th card attached to the m-th) and
    a library of 20 basic lands each."""
    game = Game(["A", "B", "C", "D"][:players], seed=1)
    ids = [game.create_card(card_def(name), owner, zone).id for owner, name, zone in cards]
    if attach is not None:
        game.objects[ids[attach[0]]].attached_to = ids[attach[1]]
    for p in range(players):
        for _ in range(20):
            game.create_card(card_def("Forest"), p, Zone.LIBRARY)
    start_at(game, 3, active, Step.PRECOMBAT_MAIN)
    return game, ids


def owned_by(game: Game, player: int) -> list[str]:
    return [o.name for o in game.objects.values() if o.owner == player]


def pass_until_empty_stack(game: Game) -> None:
    while game.stack and game.outcome is None:
        game.apply(PassPriority())


def test_three_players_a_conceding_players_cards_leave_and_mind_control_ends() -> None:
    """The rule's first example: Alex leaves, so does Mind Control, and the creature
    reverts to Bianca's control. Every card Alex owns, in every zone, leaves too."""
    game, (mc, bears, giant, *_rest) = table(
        3,
        [
            (0, "Mind Control", Zone.BATTLEFIELD),
            (2, "Grizzly Bears", Zone.BATTLEFIELD),
            (0, "Hill Giant", Zone.BATTLEFIELD),
            (0, "Lightning Bolt", Zone.HAND),
            (0, "Shock", Zone.GRAVEYARD),
            (1, "Plains", Zone.BATTLEFIELD),
        ],
        active=1,
        attach=(0, 1),
    )
    refresh_control(game)
    assert game.objects[bears].controller == 0
    game.apply(Concede(0))
    assert game.outcome is None and game.players[0].has_lost
    assert owned_by(game, 0) == []
    assert mc not in game.objects and giant not in game.objects
    assert game.objects[bears].controller == 2  # the control effect ended
    assert not check(game)
    assert any("800.4a" in e.rules for e in game.log)
    assert game.pending.player != 0


def test_three_players_the_owner_leaves_and_the_stolen_creature_goes_with_them() -> None:
    """The same example the other way: Bianca leaves, her creature leaves the game,
    and Mind Control, attached to nothing, goes to Alex's graveyard (CR 704.5m)."""
    game, (mc, bears) = table(
        3,
        [(0, "Mind Control", Zone.BATTLEFIELD), (2, "Grizzly Bears", Zone.BATTLEFIELD)],
        active=1,
        attach=(0, 1),
    )
    refresh_control(game)
    assert game.objects[bears].controller == 0
    game.apply(Concede(2))
    assert game.outcome is None and bears not in game.objects
    assert [game.objects[i].name for i in game.players[0].graveyard] == ["Mind Control"]
    assert not check(game)


def test_four_players_act_of_treason_ends_when_its_caster_leaves() -> None:
    """The rule's second example: Act of Treason's change of control ends when its
    controller leaves the game; the creature goes back to its owner."""
    game, (treason, bears, *_m) = table(
        4,
        [
            (0, "Act of Treason", Zone.HAND),
            (3, "Grizzly Bears", Zone.BATTLEFIELD),
            (0, "Mountain", Zone.BATTLEFIELD),
            (0, "Mountain", Zone.BATTLEFIELD),
            (0, "Mountain", Zone.BATTLEFIELD),
        ],
    )
    game.apply(CastSpell(treason))
    game.apply(ChooseTargets((bears,)))
    pass_until_empty_stack(game)
    assert game.objects[bears].controller == 0
    game.apply(Concede(0))
    assert game.objects[bears].controller == 3
    assert game.outcome is None and game.active == 0  # the turn goes on (800.4j) ...
    assert game.pending.player in (1, 2, 3)  # ... but the player who left decides nothing
    assert not check(game)


def test_four_players_abilities_leave_the_stack_and_what_they_control_is_exiled() -> None:
    """An ability they control on the stack ceases to exist (it doesn't resolve); a
    permanent another player owns that they still control is exiled (Bribery's
    creature in the rule's third example)."""
    game, (pyromancer, angel) = table(
        4,
        [(0, "Prodigal Pyromancer", Zone.BATTLEFIELD), (1, "Serra Angel", Zone.BATTLEFIELD)],
    )
    game.objects[angel].controller = 0  # put onto the battlefield under A's control
    game.apply(ActivateAbility(pyromancer, 0))
    assert game.pending.kind == "targets"
    game.apply(ChooseTargets((-2,)))  # player B (player refs are -1 - index)
    assert len(game.stack) == 1
    ability = game.stack[0]
    game.apply(Concede(0))
    assert ability not in game.objects and not game.stack
    exiled = [game.objects[i] for i in game.exile]
    assert [(o.name, o.owner) for o in exiled] == [("Serra Angel", 1)]
    pass_until_empty_stack(game)
    assert [p.life for p in game.players[1:]] == [20, 20, 20]  # the ability never resolved
    assert not check(game)


def test_the_last_player_standing_wins_and_keeps_the_board() -> None:
    """CR 104.2a: when all but one have left, the game ends; the winner's cards stay."""
    game, (bears,) = table(3, [(2, "Grizzly Bears", Zone.BATTLEFIELD)])
    game.apply(Concede(0))
    game.apply(Concede(1))
    assert game.outcome is not None and game.outcome.winner == 2
    assert bears in game.battlefield


def test_conceding_while_choosing_targets_abandons_the_spell_being_cast() -> None:
    """CR 104.3a, 800.4a: A concedes while choosing Lightning Bolt's target: the Bolt
    (theirs) has left the game, its casting stops, and priority goes on without A
    (800.4j: the turn continues without an active player)."""
    game, (bolt, _m) = table(
        3, [(0, "Lightning Bolt", Zone.HAND), (0, "Mountain", Zone.BATTLEFIELD)]
    )
    game.apply(CastSpell(bolt))
    assert game.pending.kind == "targets" and game.pending.player == 0
    game.apply(Concede(0))
    assert game.outcome is None and not game.stack
    assert bolt not in game.objects and owned_by(game, 0) == []
    assert game.pending.kind == "priority" and game.pending.player == 1
    assert not any(t.kind in ("cast", "choices") for t in game.tasks)
    assert not check(game)
    pass_until_empty_stack(game)
    for _ in range(40):  # the game plays on: nothing is asked of A again
        if game.outcome is not None:
            break
        assert game.pending.player != 0
        game.apply(game.legal_actions()[0])
    assert [p.life for p in game.players[1:]] == [20, 20]


def test_conceding_while_declaring_attackers_declares_none_and_the_turn_goes_on() -> None:
    """CR 800.4j: the active player concedes at their declaration of attackers: no
    attackers are declared, the turn goes to its end without an active player, and
    the next turn is the next player's (800.4k)."""
    game, (bears,) = table(3, [(0, "Grizzly Bears", Zone.BATTLEFIELD)])
    while game.pending.kind != "attackers":
        game.apply(PassPriority())
    assert game.pending.player == 0
    game.apply(Concede(0))
    assert game.outcome is None and bears not in game.objects
    assert game.pending.player != 0
    turn = game.turn
    while game.turn == turn:
        assert game.pending.player != 0
        game.apply(PassPriority())
    assert game.active == 1 and [p.life for p in game.players[1:]] == [20, 20]
    assert not check(game)


def test_a_defending_player_conceding_at_blockers_declares_none() -> None:
    """CR 800.4a, 800.4e: B concedes while declaring blockers against A's Hill Giant:
    B's creatures leave the game, no blockers are declared for them, no damage is
    assigned to B, and combat goes on for the others."""
    game, (giant, bears) = table(
        3, [(0, "Hill Giant", Zone.BATTLEFIELD), (1, "Grizzly Bears", Zone.BATTLEFIELD)]
    )
    while game.pending.kind != "attackers":
        game.apply(PassPriority())
    game.apply(DeclareAttackers(((giant, -2),)))  # A attacks B
    while game.pending.kind != "blockers":
        game.apply(PassPriority())
    assert game.pending.player == 1
    game.apply(Concede(1))
    assert game.outcome is None and bears not in game.objects
    while game.step < Step.END_OF_COMBAT:
        assert game.pending.player != 1
        game.apply(game.legal_actions()[0])
    assert [game.players[0].life, game.players[2].life] == [20, 20]
    assert giant in game.battlefield and not check(game)


def test_a_choice_a_left_player_must_make_goes_to_the_next_player() -> None:
    """CR 800.4h: a choice that must be made and that the player who left can't decline
    (here a colour) is made by the next player in turn order still in the game; one
    they may decline (800.4f: a cost, a "may") is declined for them."""
    game, _ = table(3, [])
    game.apply(Concede(1))
    assert game.players[1].has_lost and game.outcome is None
    before = len(game.log)
    game.ask(
        Decision(
            DecisionKind.CHOOSE_OPTION, 1, "105.1", "Choose a color", {"options": ["red", "blue"]}
        )
    )
    assert game.pending.player == 2 and game.pending.kind == "choose_option"
    assert any("800.4h" in e.rules for e in game.log[before:])
    task = game.tasks[-1]
    game.ask(Decision(DecisionKind.YES_NO, 1, "118.12", "Pay {1}?", {}))
    assert game.pending is None and task.answer == ChooseYesNo(False)


@pytest.mark.parametrize("seed", [3, 8, 31, 48])
def test_random_multiplayer_games_with_a_concession_mid_decision(seed: int) -> None:
    """3 and 4 players with the bundled decks, random play; at a random decision other
    than priority (targets, attackers, blockers, a choice, a mulligan ...) the deciding
    player or another concedes. The game goes on whole: invariants hold, and no
    decision is ever asked of a player who left (CR 800.4a, 800.4f-h)."""
    r = random.Random(seed)
    n = 3 + seed % 2
    names = ("red-green", "white-blue", "green-stompy", "white-weenie")
    game = new_game([load_deck(names[(seed + i) % 4]).card_defs() for i in range(n)], seed=seed)
    agents = [make_agent("random", seed + i) for i in range(n)]
    conceded = 0
    while game.outcome is None and game.decisions_made < 2500:
        d = game.pending
        assert not game.players[d.player].has_lost, d
        if conceded < 2 and d.kind != "priority" and r.random() < 0.05:
            alive = [p.index for p in game.players if not p.has_lost]
            game.apply(Concede(d.player if r.random() < 0.6 else r.choice(alive)))
            conceded += 1
            assert not check(game)
            continue
        game.apply(agents[d.player].choose(game))
    assert conceded and not check(game)
