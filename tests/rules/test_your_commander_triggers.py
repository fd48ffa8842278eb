"""'Whenever your commander enters or attacks, ...' (Tome of Legends; CR 903.3, 603.2):
the events of a commander its controller owns, and of no other creature."""

from __future__ import annotations

from test_combat_requirements import to_kind

from mtg_engine.game.actions import DeclareAttackers, PassPriority, player_ref
from mtg_engine.game.state import Step
from mtg_engine.rules.commanders import designate_commander

B = player_ref(1)


def _attack(board, with_commander: bool) -> int:
    cmdr = board.add(0, "Isamaru, Hound of Konda")
    bears = board.add(0, "Grizzly Bears")
    tome = board.add(0, "Tome of Legends", counters={"page": 1})
    game = board.start(step=Step.BEGINNING_OF_COMBAT)
    designate_commander(game, 0, game.objects[cmdr])
    to_kind(game, "attackers")
    attackers = [(bears, B)] + ([(cmdr, B)] if with_commander else [])
    game.apply(DeclareAttackers(tuple(attackers)))
    while game.step == Step.DECLARE_ATTACKERS:
        game.apply(PassPriority())
    return game.objects[tome].counters.get("page", 0)


def test_your_commander_attacking_puts_a_page_counter(board) -> None:
    assert _attack(board, with_commander=True) == 2


def test_another_creature_attacking_doesnt(board) -> None:
    assert _attack(board, with_commander=False) == 1


def test_an_opponents_commander_isnt_yours(board) -> None:
    """ "Your commander" is one you own (CR 903.3): B's commander attacking A doesn't
    trigger A's Tome of Legends."""
    theirs = board.add(1, "Isamaru, Hound of Konda")
    tome = board.add(0, "Tome of Legends", counters={"page": 1})
    game = board.start(active=1, step=Step.BEGINNING_OF_COMBAT)
    designate_commander(game, 1, game.objects[theirs])
    to_kind(game, "attackers")
    game.apply(DeclareAttackers(((theirs, player_ref(0)),)))
    while game.step == Step.DECLARE_ATTACKERS:
        game.apply(PassPriority())
    assert game.objects[theirs].id in game.turn_flags.attacked
    assert game.objects[tome].counters.get("page", 0) == 1
