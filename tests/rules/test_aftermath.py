"""Aftermath (CR 702.127) on split cards (CR 709).

The shipped card file has only the first half of most aftermath cards, so the
card is built here from its Oracle text, as ``mtg cards import`` builds it from
MTGJSON's AtomicCards file.
"""

from __future__ import annotations

import pytest

from mtg_engine.cards.definitions import compile_card
from mtg_engine.cards.model import CardData, CardFace
from mtg_engine.game.actions import CastSpell, IllegalActionError, PassPriority
from mtg_engine.game.objects import CardDef, Zone
from mtg_engine.rules.support import face_unsupported

_AFTERMATH = "Aftermath (Cast this spell only from your graveyard. Then exile it.)"

SPRING_MIND = CardDef(
    "Spring // Mind",
    data := CardData(
        name="Spring // Mind",
        layout="aftermath",
        faces=(
            CardFace(
                name="Spring",
                mana_cost="{2}{G}",
                type_line="Sorcery",
                types=("Sorcery",),
                text="Search your library for a basic land card, put it onto the "
                "battlefield tapped, then shuffle.",
            ),
            CardFace(
                name="Mind",
                mana_cost="{4}{U}{U}",
                type_line="Instant",
                types=("Instant",),
                text=f"{_AFTERMATH}\nDraw two cards.",
            ),
        ),
    ),
    compile_card(data),
)


def _game(board, zone: int):
    for land in ("Island",) * 6 + ("Forest",) * 3:
        board.add(0, land)
    for _ in range(5):
        board.add(0, "Forest", Zone.LIBRARY)
    game = board.start()
    card = game.create_card(SPRING_MIND, 0, zone)
    return game, card.id


def _resolve(game) -> None:
    while game.stack and game.decision.kind == "priority":
        game.apply(PassPriority())


def test_aftermath_compiles_and_runs():
    for face in SPRING_MIND.compiled:
        assert not face_unsupported(face)


def test_702_127a_aftermath_half_is_cast_from_the_graveyard_and_exiled(board):
    """The aftermath half is offered from the graveyard; it resolves, then it is
    exiled instead of going back to the graveyard."""
    game, card = _game(board, Zone.GRAVEYARD)
    hand = len(game.players[0].hand)
    assert CastSpell(card, 1) in game.legal_actions()
    assert CastSpell(card, 0) not in game.legal_actions()  # Spring: not from there
    game.apply(CastSpell(card, 1))
    spell = game.objects[game.stack[-1]]
    assert spell.name == "Mind"
    _resolve(game)
    assert len(game.players[0].hand) == hand + 2
    exiled = [game.objects[o] for o in game.exile]
    assert any(o.card is SPRING_MIND for o in exiled)
    assert not any(game.objects[o].card is SPRING_MIND for o in game.players[0].graveyard)
    assert any("702.127a" in e.rules for e in game.log)


def test_702_127a_aftermath_half_cant_be_cast_from_the_hand(board):
    game, card = _game(board, Zone.HAND)
    assert CastSpell(card, 1) not in game.legal_actions()
    before = game.to_json()
    with pytest.raises(IllegalActionError, match="702.127a"):
        game.apply(CastSpell(card, 1))
    assert game.to_json() == before
    assert CastSpell(card, 0) in game.legal_actions()  # Spring is cast from the hand


def test_first_half_goes_to_the_graveyard_then_the_second_half_is_cast(board):
    """CR 709.3: Spring is cast from the hand and goes to the graveyard; from there
    Mind may be cast later."""
    game, card = _game(board, Zone.HAND)
    game.apply(CastSpell(card, 0))
    while game.decision.kind != "priority" or game.stack:
        if game.decision.kind == "priority":
            game.apply(PassPriority())
        else:
            game.apply(game.legal_actions()[0])
    in_grave = [o for o in game.players[0].graveyard if game.objects[o].card is SPRING_MIND]
    assert in_grave
    assert CastSpell(in_grave[0], 1) in game.legal_actions()
