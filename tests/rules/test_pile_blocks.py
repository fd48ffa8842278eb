"""Camouflage: piles assigned at random instead of declaring blockers
(CR 614.1a, 509.1, 700.3), and "Cast this spell only during ..." (CR 601.3)."""

from __future__ import annotations

from mtg_engine.cards.compiler import compile_text
from mtg_engine.game.actions import (
    CastSpell,
    ChooseObjects,
    DecisionKind,
    DeclareAttackers,
    PassPriority,
    player_ref,
)
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game, Step
from mtg_engine.rules import pile_blocks as pile_rules
from mtg_engine.rules.cast_restrictions import CAST_TIMINGS


def _to_piles(board, attackers: list[str], blockers: list[str]):
    ids_a = [board.add(0, n) for n in attackers]
    ids_b = [board.add(1, n) for n in blockers]
    game = board.start(step=Step.DECLARE_ATTACKERS)
    game.apply(DeclareAttackers(tuple((a, player_ref(1)) for a in ids_a)))
    pile_rules.start(game)  # as if Camouflage had resolved (CR 611.2a)
    while game.decision.kind == DecisionKind.PRIORITY:
        game.apply(PassPriority())
    return game, ids_a, ids_b


def test_one_pile_per_attacker_and_extra_piles_only_for_extra_blockers(board):
    """700.3a: each creature goes into one pile, unless it can block additional
    creatures (509.1a): then into up to that many piles."""
    game, atts, (giant, bears) = _to_piles(
        board, ["Grizzly Bears", "Hill Giant"], ["Two-Headed Giant of Foriys", "Grizzly Bears"]
    )
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OBJECTS and d.player == 1 and d.rule == "700.3"
    assert set(d.data["candidates"]) == {giant, bears}
    game.apply(ChooseObjects((giant, bears)))
    d = game.decision
    assert d.kind == DecisionKind.CHOOSE_OBJECTS
    assert d.data["candidates"] == [giant]  # the Bears are used up; the Giant blocks two
    game.apply(ChooseObjects((giant,)))
    assert game.step == Step.DECLARE_BLOCKERS
    combat = game.combat
    assert sorted(combat.blockers[giant]) == sorted(atts)  # in both piles: blocks both
    assert len(combat.blockers[bears]) == 1
    assert any("700.3" in e.rules for e in game.log)


def test_the_random_assignment_follows_the_seed_and_survives_json(board):
    """The piles are assigned with the game's generator: a clone or a JSON copy
    taken while a pile is being chosen ends the same way (architecture §2)."""
    game, atts, (bears, wall) = _to_piles(
        board, ["Serra Angel", "Craw Wurm"], ["Grizzly Bears", "Wall of Wood"]
    )
    game.apply(ChooseObjects((bears, wall)))
    copy = Game.from_json(game.to_json())
    clone = game.clone()
    for g in (game, copy, clone):
        g.apply(ChooseObjects(()))
    results = [{b: tuple(a) for b, a in g.combat.blockers.items()} for g in (game, copy, clone)]
    assert results[0] == results[1] == results[2]
    angel = atts[0]
    # a creature without flying or reach never blocks the Angel (509.1b, 702.9b)
    assert all(angel not in a for a in results[0].values())


def test_requirements_do_not_apply_and_tapped_creatures_do_not_block(board):
    """509.1a: a tapped creature in the pile doesn't block; with every creature in
    an empty pile's complement nothing blocks."""
    game, (att,), (bears,) = _to_piles(board, ["Hill Giant"], ["Grizzly Bears"])
    game.objects[bears].tapped = True
    game.invalidate()
    game.apply(ChooseObjects((bears,)))
    assert game.combat.blockers == {}
    assert any("can't block" in e.text for e in game.log)


def test_cast_restriction_compiles_to_a_known_moment():
    """CR 601.3: the restriction is kept as a rule of the card."""
    face = compile_text(
        "Cast this spell only during combat before blockers are declared.", "X", ("Instant",)
    )
    (ability,) = face.abilities
    ((key, value),) = ability.restrictions
    assert key == "cast_only" and value in CAST_TIMINGS


def test_camouflage_only_in_your_declare_attackers_step(board):
    """CR 601.3: not in the main phase; yes after attackers are declared."""
    camo = board.add(0, "Camouflage", Zone.HAND)
    board.add(0, "Forest")
    bears = board.add(0, "Grizzly Bears")
    game = board.start()

    def castable(g: Game) -> bool:
        return any(isinstance(a, CastSpell) and a.card == camo for a in g.legal_actions())

    assert not castable(game)
    assert "declare attackers step" in (game.is_legal(CastSpell(camo)) or "")
    while game.step < Step.DECLARE_ATTACKERS or game.decision.kind != DecisionKind.PRIORITY:
        if game.decision.kind == DecisionKind.ATTACKERS:
            game.apply(DeclareAttackers(((bears, player_ref(1)),)))
        else:
            game.apply(PassPriority())
    assert game.step == Step.DECLARE_ATTACKERS
    assert castable(game)
