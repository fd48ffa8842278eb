"""Adventurer cards (CR 715): the Adventure is offered as a spell of its own, cast
with only its own characteristics; it goes on an adventure (exiled) as it resolves,
and the creature may then be cast from exile, but not the Adventure again.

The shipped card file holds only the first face of most adventurer cards (they come
whole from an MTGJSON import, ``mtg cards import``); these tests build Bonecrusher
Giant // Stomp from the project's small AtomicCards fixture."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mtg_engine.cards.definitions import compile_card
from mtg_engine.cards.mtgjson import card_from_mtgjson
from mtg_engine.game.actions import CastSpell, ChooseTargets, PassPriority, player_ref
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.game.state import Game, Step

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "AtomicCards-small.json"


@pytest.fixture(scope="module")
def bonecrusher() -> CardDef:
    entries = json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]["Bonecrusher Giant // Stomp"]
    data = card_from_mtgjson("Bonecrusher Giant // Stomp", entries)
    return CardDef(data.name, data, compile_card(data))


def _casts(game: Game, card: int) -> list[CastSpell]:
    return [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == card]


def _giant_in_hand(board, bonecrusher: CardDef, step: int, mountains: int = 3):
    for _ in range(mountains):
        board.add(0, "Mountain")
    board.add(1, "Grizzly Bears")
    giant = board.game.create_card(bonecrusher, 0, Zone.HAND).id
    return board.start(step=step), giant


def test_the_adventure_is_offered_beside_the_creature(board, bonecrusher):
    """CR 715.3: the player chooses whether to cast the card normally or as an Adventure."""
    game, giant = _giant_in_hand(board, bonecrusher, Step.PRECOMBAT_MAIN)
    assert [a.face for a in _casts(game, giant)] == [0, 1]


def test_an_instant_adventure_is_offered_at_instant_speed(board, bonecrusher):
    """CR 715.3a: only the Adventure's characteristics are evaluated: Stomp is an
    instant, so it may be cast in the upkeep; the Giant, a creature, may not."""
    game, giant = _giant_in_hand(board, bonecrusher, Step.UPKEEP)
    assert game.pending.player == 0 and game.pending.kind == "priority"
    assert [a.face for a in _casts(game, giant)] == [1]


def test_after_its_adventure_the_creature_is_cast_from_exile_but_not_the_adventure(
    board, bonecrusher
):
    """CR 715.3d: Stomp resolves (2 damage to the opponent), the card is exiled, and its
    controller may cast Bonecrusher Giant from exile, never Stomp again."""
    game, giant = _giant_in_hand(board, bonecrusher, Step.PRECOMBAT_MAIN, mountains=5)
    (stomp,) = [a for a in _casts(game, giant) if a.face == 1]
    game.apply(stomp)
    game.apply(ChooseTargets((player_ref(1),)))
    while game.stack:
        game.apply(PassPriority())
    assert game.players[1].life == 18
    (exiled,) = game.exile
    assert game.objects[exiled].name == "Bonecrusher Giant"
    assert [a.face for a in _casts(game, exiled)] == [0]
    assert game.is_legal(CastSpell(exiled, 1)) is not None  # not as an Adventure again
    assert game.is_legal(CastSpell(exiled, 0)) is None
    game.apply(CastSpell(exiled, 0))
    while game.stack:
        game.apply(PassPriority())
    assert any(game.objects[o].name.startswith("Bonecrusher") for o in game.battlefield)
