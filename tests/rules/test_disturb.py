"""Disturb (CR 702.146): offered from the graveyard, cast with the back face up."""

from __future__ import annotations

from mtg_engine.game.actions import CastSpell, PassPriority
from mtg_engine.game.objects import Zone
from mtg_engine.rules.casting import cast_problem, cast_task_data
from mtg_engine.rules.characteristics import chars
from mtg_engine.rules.priority_options import priority_options
from mtg_engine.ui.describe import describe


def test_disturb_is_offered_only_when_its_cost_can_be_paid(board):
    """CR 702.146a, 601.2f-h: {4}{W}{W}, not the mana cost {1}{W}."""
    beggar = board.add(0, "Beloved Beggar", Zone.GRAVEYARD)
    for _ in range(5):
        board.add(0, "Plains")
    game = board.start()
    act = CastSpell(beggar, alt="disturb")
    assert act not in priority_options(game, 0)
    why = cast_problem(game, 0, beggar, 0, act)
    assert why is not None and "601.2h" in why
    assert cast_problem(game, 0, beggar) is not None  # not from the graveyard without disturb
    board.add(0, "Plains")
    game = board.game
    game.invalidate()
    assert act in priority_options(game, 0)


def test_disturbed_spell_has_its_back_face_up_and_the_front_face_mana_value(board):
    """CR 712.11a, 712.8c: the back face's characteristics, the front face's mana value;
    702.146b: it enters transformed."""
    beggar = board.add(0, "Beloved Beggar", Zone.GRAVEYARD)
    for _ in range(6):
        board.add(0, "Plains")
    game = board.start()
    act = CastSpell(beggar, alt="disturb")
    assert cast_problem(game, 0, beggar, 0, act) is None
    game.pending = None
    game.passes = 0
    game.push_task("cast", cast_task_data(game, 0, act))
    game.run()
    spell = game.objects[game.stack[-1]]
    c = chars(game, spell)
    assert (spell.face, c.name, c.mana_value) == (1, "Generous Soul", 2)
    assert all(game.objects[o].tapped for o in game.battlefield)  # six lands paid {4}{W}{W}
    while game.stack and game.decision.kind == "priority":
        game.apply(PassPriority())
    perm = next(game.objects[o] for o in game.battlefield if game.objects[o].face == 1)
    assert (perm.name, chars(game, perm).power, chars(game, perm).mana_value) == (
        "Generous Soul",
        4,
        2,
    )


def test_disturb_is_described_as_cast_transformed(board):
    """CR 712.11a: the player sees which face the spell will have."""
    beggar = board.add(0, "Beloved Beggar", Zone.GRAVEYARD)
    game = board.start()
    text = describe(game, CastSpell(beggar, alt="disturb"))
    assert "for its disturb cost" in text and "transformed, as Generous Soul" in text
