"""Simultaneous events and look-back triggers (CR 603.10a, 603.2c, 608.2h): the
pending and stacked abilities carry their last known information as data, so a
clone and a JSON round-trip resolve them the same way."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.simultaneous import simultaneous


def _finish(game: Game) -> None:
    """Pass and take the first legal answer until the stack is empty."""
    while (game.stack or game.pending_triggers or game.tasks) and game.outcome is None:
        if game.decision.kind == "priority":
            game.apply(PassPriority())
        else:
            game.apply(game.legal_actions()[0])
        if not game.stack and game.decision.kind == "priority":
            break


def _wrath_with_blood_artist(board) -> tuple[Game, int]:
    board.add(0, "Blood Artist")
    board.add(0, "Grizzly Bears")
    board.add(1, "Grizzly Bears")
    for _ in range(4):
        board.add(0, "Plains")
    wrath = board.add(0, "Wrath of God", Zone.HAND)
    game = board.start()
    game.apply(CastSpell(wrath))
    game.apply(PassPriority())
    game.apply(PassPriority())  # Wrath of God resolves
    return game, wrath


def test_603_10a_board_wipe_triggers_once_per_creature_including_itself(board):
    game, _ = _wrath_with_blood_artist(board)
    # three creatures died in one event: three Blood Artist triggers (its own death too)
    assert game.decision.kind == "order_triggers"
    assert len(game.decision.data["triggers"]) == 3
    _finish(game)
    stacked = [e for e in game.log if e.kind == "trigger"]
    assert len(stacked) == 3
    assert all("603.10a" in e.rules for e in stacked)
    assert game._batch is None


def test_look_back_triggers_survive_clone_and_json(board):
    """Architecture §2: the pending records are data (their source's LKI included)."""
    game, _ = _wrath_with_blood_artist(board)
    for t in game.pending_triggers:
        lki = t["event"]["source_lki"]
        assert lki["controller"] == 0 and lki["types"] == ["Creature"]
    results = []
    for g in (game, game.clone(), Game.from_json(game.to_json())):
        _finish(g)
        results.append(tuple(p.life for p in g.players))
    assert len(set(results)) == 1
    assert sum(results[0]) == 40  # each drain: one player loses 1, A gains 1


def test_bottle_golems_uses_last_known_power_after_json(board):
    """CR 608.2h: the dies trigger reads the power the creature had as it died,
    also in a game restored from JSON with the ability on the stack."""
    golems = board.add(0, "Bottle Golems")
    for name in ("Forest", "Swamp", "Swamp", "Swamp"):
        board.add(0, name)
    growth = board.add(0, "Giant Growth", Zone.HAND)
    murder = board.add(0, "Murder", Zone.HAND)
    game = board.start()
    game.apply(CastSpell(growth))
    if game.decision.kind != "priority":
        game.apply(game.legal_actions()[0])  # the target
    game.apply(PassPriority())
    game.apply(PassPriority())
    game.apply(CastSpell(murder))
    if game.decision.kind != "priority":
        game.apply(game.legal_actions()[0])
    game.apply(PassPriority())
    game.apply(PassPriority())  # Murder resolves; the trigger goes on the stack
    assert game.objects[game.stack[-1]].trigger_data["source_lki"]["power"] == 6
    assert golems not in game.objects
    for g in (game.clone(), Game.from_json(game.to_json()), game):
        g.apply(PassPriority())
        g.apply(PassPriority())
        assert g.players[0].life == 26


def test_nested_batches_are_one_event(board):
    """A batch opened inside another is part of it; closing the outer one checks triggers."""
    board.add(0, "Blood Artist")
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    from mtg_engine.rules.permanents import destroy_permanent

    with simultaneous(game, [bears]):
        with simultaneous(game, [bears]):
            destroy_permanent(game, bears, ("701.8a",))
        assert not game.pending_triggers  # not yet: the event isn't over
    assert len(game.pending_triggers) == 1
