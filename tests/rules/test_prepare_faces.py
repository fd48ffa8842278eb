"""Prepare cards ("Emeritus of Conflict // Lightning Bolt"): the card file has the
spell face, taken from the single-faced card of that name (CR 201.2; see
``scripts/build_card_file.py``), but the spell is cast only as a copy while the
creature is prepared (the reminder text): it isn't an Adventure (CR 715), so it is
neither offered nor castable from the hand, and the creature is."""

from __future__ import annotations

from mtg_engine.cards.database import CardDatabase, missing_faces
from mtg_engine.game.actions import CastSpell
from mtg_engine.game.objects import Zone
from mtg_engine.game.state import Game
from mtg_engine.rules.casting import cast_problem


def _casts(game: Game, card: int) -> list[CastSpell]:
    return [a for a in game.legal_actions() if isinstance(a, CastSpell) and a.card == card]


def test_the_card_file_has_the_spell_face() -> None:
    card = CardDatabase.shipped().get("Emeritus of Conflict")
    assert [f.name for f in card.faces] == ["Emeritus of Conflict", "Lightning Bolt"]
    bolt = card.faces[1]
    assert (bolt.mana_cost, bolt.types) == ("{R}", ("Instant",))
    assert missing_faces(card) == ()


def test_the_spell_face_is_not_cast_from_the_hand(board) -> None:
    for _ in range(2):
        board.add(0, "Mountain")
    board.add(1, "Grizzly Bears")
    emeritus = board.add(0, "Emeritus of Conflict", zone=Zone.HAND)
    game = board.start()
    assert [a.face for a in _casts(game, emeritus)] == [0]
    problem = cast_problem(game, 0, emeritus, face=1)
    assert problem is not None and "cast only as a copy" in problem
