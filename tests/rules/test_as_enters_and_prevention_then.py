"""Questions asked as a permanent enters (CR 614.12) and a prevention effect's
additional effect (CR 615.5) survive a JSON round trip and a clone."""

from __future__ import annotations

from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    ChooseTargets,
    ChooseYesNo,
    PassPriority,
    PlayLand,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game


def test_a_shock_land_question_pending_round_trips(board):
    """CR 614.12, 119.4: the question is asked before the land is on the battlefield;
    a saved copy answers it the same way, another answer enters it tapped."""
    vents = board.add(0, "Steam Vents", Zone.HAND)
    game = board.start()
    game.apply(PlayLand(vents))
    assert game.decision.kind == "yes_no" and game.decision.player == 0
    assert game.decision.data["as_enters"] == "pay"
    assert not any(game.objects[o].name == "Steam Vents" for o in game.battlefield)
    copy = Game.from_json(game.to_json())
    game.apply(ChooseYesNo(True))
    copy.apply(ChooseYesNo(False))
    (mine,) = [game.objects[o] for o in game.battlefield if game.objects[o].name == "Steam Vents"]
    (theirs,) = [copy.objects[o] for o in copy.battlefield if copy.objects[o].name == "Steam Vents"]
    assert (game.players[0].life, mine.tapped) == (18, False)
    assert (copy.players[0].life, theirs.tapped) == (20, True)


def test_a_reveal_of_a_card_that_does_not_match_is_refused(board):
    """CR 701.20a: only an Island or Swamp card may be revealed for Choked Estuary;
    the game is unchanged by the refused answer."""
    estuary = board.add(0, "Choked Estuary", Zone.HAND)
    island = board.add(0, "Island", Zone.HAND)
    mountain = board.add(0, "Mountain", Zone.HAND)
    game = board.start()
    game.apply(PlayLand(estuary))
    assert game.decision.data["candidates"] == [island]
    before = game.to_json()
    assert game.is_legal(ChooseObjects((mountain,))) is not None
    assert game.to_json() == before
    game.apply(ChooseObjects((island,)))
    (land,) = [
        game.objects[o] for o in game.battlefield if game.objects[o].name == "Choked Estuary"
    ]
    assert not land.tapped


def test_test_of_faith_shield_with_its_additional_effect_round_trips(board):
    """CR 615.5: the shield and what it does afterward are kept in the saved game."""
    bears = board.add(0, "Grizzly Bears")
    faith = board.add(0, "Test of Faith", Zone.HAND)
    board.add(0, "Plains")
    board.add(0, "Plains")
    shock = board.add(1, "Shock", Zone.HAND)
    board.add(1, "Mountain")
    game = board.start()
    game.apply(CastSpell(faith))
    game.apply(ChooseTargets((bears,)))
    game.apply(PassPriority())
    game.apply(PassPriority())  # Test of Faith resolves
    game = Game.from_json(game.to_json())
    game.apply(PassPriority())
    game.apply(CastSpell(shock))
    game.apply(ChooseTargets((bears,)))
    while game.stack:
        game.apply(PassPriority())
    assert game.objects[bears].counters == {"+1/+1": 2}
    assert game.objects[bears].damage == 0
