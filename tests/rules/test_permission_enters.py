"""CR 601.3, 702.8a: a permanent that enters and lets players cast spells "as though
they had flash" (Aluren) changes what the hand offers at once: the summary of the
hand built before it entered isn't kept (mtg fuzz seed 20007694834: the game offered
only "pass" at the beginning of combat, and its clone, computing afresh, offered the
free creature spells too, so the two counted a forced decision differently)."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, PassPriority
from mtg_engine.game.objects import Zone


def test_aluren_entering_offers_creature_spells_at_instant_speed(board):
    for _ in range(4):
        board.add(0, "Forest")
    aluren = board.add(0, "Aluren", Zone.HAND)
    bears = board.add(0, "Grizzly Bears", Zone.HAND)
    game = board.start()
    offered = game.legal_actions()  # the hand's summary is built and cached
    assert any(isinstance(a, CastSpell) and a.card == bears for a in offered)
    (cast,) = [a for a in offered if isinstance(a, CastSpell) and a.card == aluren]
    game.apply(cast)
    while game.stack:
        game.apply(PassPriority())
    assert any(game.objects[o].name == "Aluren" for o in game.battlefield)
    start = game.step
    while game.step == start:
        game.apply(PassPriority())
    assert game.step != start and game.pending is not None
    assert game.pending.player == 0
    now = [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == bears]
    fresh = game.clone()
    again = [a for a in fresh.legal_actions() if isinstance(a, CastSpell) and a.card == bears]
    assert now and len(now) == len(again)
