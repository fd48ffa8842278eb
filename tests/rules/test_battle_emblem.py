"""Battles (CR 310) and emblems (CR 114)."""

from __future__ import annotations

from mtg_engine.game.actions import (
    ActivateAbility,
    CastSpell,
    ChooseTargets,
    ChooseYesNo,
    PassPriority,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.characteristics import chars


def test_battle_with_no_defense_goes_to_the_graveyard(board):
    """CR 704.5v: a battle with defense 0 (no trigger of its own waiting)."""
    siege = board.add(0, "Invasion of Belenon", counters={"defense": 0})
    game = board.start()
    assert siege not in game.battlefield
    assert any("704.5v" in e.rules for e in game.log)


def test_defeated_siege_waits_for_its_trigger_then_is_cast_transformed(board):
    """CR 310.11b, 704.5v: the Siege stays while its trigger is on the stack; then
    it's exiled and may be cast transformed without paying its mana cost."""
    siege = board.add(0, "Invasion of Belenon", counters={"defense": 3})
    bolt = board.add(0, "Lightning Bolt", Zone.HAND)
    board.add(0, "Mountain")
    game = board.start()
    game.apply(CastSpell(bolt))
    game.apply(ChooseTargets((siege,)))
    game.apply(PassPriority())
    game.apply(PassPriority())  # Lightning Bolt resolves
    assert game.stack and siege in game.battlefield  # the Siege trigger waits (704.5v)
    while game.decision.kind == "priority":
        game.apply(PassPriority())
    assert game.decision.data["purpose"] == "may"
    clone = Game.from_json(game.to_json())
    game.apply(ChooseYesNo(True))
    while game.stack:
        game.apply(PassPriority())
    anthem = [game.objects[o] for o in game.battlefield if game.objects[o].name != "Mountain"]
    assert [o.name for o in anthem] == ["Belenon War Anthem"]
    assert "Enchantment" in chars(game, anthem[0]).types
    clone.apply(ChooseYesNo(False))
    assert any(clone.objects[o].name == "Invasion of Belenon" for o in clone.exile)


def test_emblem_static_ability_from_the_command_zone_round_trips(board):
    """CR 114.2-114.4: an emblem is owned and controlled by its player; its static
    ability applies from the command zone, also after a JSON round trip."""
    elspeth = board.add(0, "Elspeth, Sun's Champion", counters={"loyalty": 7})
    bears = board.add(0, "Grizzly Bears")
    game = board.start()
    game.apply(ActivateAbility(elspeth, 2))
    while game.stack:
        game.apply(PassPriority())
    assert len(game.command) == 1
    emblem = game.objects[game.command[0]]
    assert emblem.owner == 0 and emblem.controller == 0
    assert not chars(game, emblem).types and not chars(game, emblem).colors  # CR 114.3
    assert (chars(game, game.objects[bears]).power, chars(game, game.objects[bears]).toughness) == (
        4,
        4,
    )
    loaded = Game.from_json(game.to_json())
    assert chars(loaded, loaded.objects[bears]).power == 4
