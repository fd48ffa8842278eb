"""CR 115.1, 112.1, 113.1c: "target spell" never means an ability on the stack.

Unsubstantiate ("Return target spell or creature to its owner's hand") once took an
activated ability on the stack as its target and returned a card to a hand from
nothing (the whole-pool fuzz, issue 14). An ability on the stack is neither a spell
(CR 112.1) nor a creature (113.1c: it has no card types), whatever its source is."""

from __future__ import annotations

import pytest

from conftest import Board
from mtg_engine.cards.abilities import Filter, TargetSpec
from mtg_engine.game.actions import ActivateAbility, CastSpell, ChooseTargets, IllegalActionError
from mtg_engine.game.invariants import card_uids, check
from mtg_engine.game.objects import Zone
from mtg_engine.rules.targets import candidates
from mtg_engine.rules.zones import move


def _ability_and_spell_on_the_stack(board: Board):
    """On the stack: A's Prodigal Pyromancer ability, then A's Giant Growth; A casts
    Unsubstantiate and is asked its target."""
    pyro = board.add(0, "Prodigal Pyromancer")
    growth = board.add(0, "Giant Growth", Zone.HAND)
    unsub = board.add(0, "Unsubstantiate", Zone.HAND)
    for land in ("Island", "Island", "Forest"):
        board.add(0, land)
    bears = board.add(1, "Grizzly Bears")
    game = board.start()
    game.apply(ActivateAbility(pyro, 0))
    game.apply(ChooseTargets((-2,)))
    ability = game.stack[0]
    assert game.objects[ability].stack_kind == "activated"
    game.apply(CastSpell(growth))
    game.apply(ChooseTargets((bears,)))
    spell = game.stack[-1]
    game.apply(CastSpell(unsub))
    assert game.pending.kind == "targets"
    return game, ability, spell


def test_unsubstantiate_cannot_target_an_ability(board: Board) -> None:
    game, ability, spell = _ability_and_spell_on_the_stack(board)
    offered = {t for a in game.legal_actions() for t in a.targets}
    assert ability not in offered and spell in offered
    cards = card_uids(game)
    log = len(game.log)
    with pytest.raises(IllegalActionError):
        game.apply(ChooseTargets((ability,)))
    assert len(game.log) == log and card_uids(game) == cards and not check(game)


@pytest.mark.parametrize(
    "kinds",
    [("spell",), ("spell", "Creature"), ("Creature",), ("spell", "permanent"), ("Instant",)],
)
@pytest.mark.parametrize("zone", ["", "stack"])
def test_no_spell_or_type_filter_matches_an_ability(board: Board, kinds, zone) -> None:
    """Any filter of spells or card types, on the stack or anywhere: never an ability
    (CR 112.1, 113.1c); "target ability" is its own kind (CR 115.1, e.g. Stifle)."""
    game, ability, spell = _ability_and_spell_on_the_stack(board)
    spec = TargetSpec(Filter(kinds, zone, ()), 1, 1, None)
    found = candidates(game, spec, 0, None)
    assert ability not in found
    if "spell" in kinds or (zone == "stack" and "Instant" in kinds):
        assert spell in found
    stifle = TargetSpec(Filter(("ability",), "stack", ()), 1, 1, None)
    assert ability in candidates(game, stifle, 0, None)


def test_no_effect_moves_an_ability_into_a_zone(board: Board) -> None:
    """Defence in depth (CR 112.1, 113.1c): were an effect to move an ability on the
    stack to a hand (as the broken Unsubstantiate did), nothing happens: no card
    appears from nothing and the ability stays on the stack."""
    game, ability, _spell = _ability_and_spell_on_the_stack(board)
    cards = card_uids(game)
    for zone in (Zone.HAND, Zone.GRAVEYARD, Zone.EXILE, Zone.LIBRARY, Zone.BATTLEFIELD):
        assert move(game, ability, zone) is None
    assert ability in game.stack and card_uids(game) == cards and not check(game)
