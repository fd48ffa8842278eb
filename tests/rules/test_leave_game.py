"""CR 800.4a: a player leaves a multiplayer game (3 and 4 players): the objects they
own leave the game, control effects giving them objects end, their abilities on the
stack cease to exist, and what they still control is exiled."""

from __future__ import annotations

from mtg_engine.cards.definitions import card_def
from mtg_engine.game.actions import ActivateAbility, CastSpell, ChooseTargets, Concede, PassPriority
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
