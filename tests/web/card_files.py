"""A card file with every face of Bonecrusher Giant // Stomp, for the page's Adventure.

The shipped card file holds only the first face of most adventurer cards (they come
whole from an MTGJSON import, ``mtg cards import``); the page offers an Adventure
when the card file in use (``MTG_CARD_FILE``) has it. Not a ``conftest.py`` (see
``browser_support``)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from mtg_engine.cards.database import CARD_FILE_ENV, CardDatabase, write_card_file
from mtg_engine.cards.definitions import card_def
from mtg_engine.cards.mtgjson import card_from_mtgjson

FIXTURE = Path(__file__).resolve().parents[1] / "fixtures" / "AtomicCards-small.json"
#: the other cards of the positions that use it, as the shipped file has them
OTHERS = ("Mountain", "Plains", "Grizzly Bears", "Forest", "Island")

ADVENTURE = """
name: an Adventure from the card's menu
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Bonecrusher Giant}]
    battlefield:
      - {card: Mountain, count: 5}
  B:
    battlefield: [{card: Grizzly Bears}, {card: Plains}]
"""


@pytest.fixture
def adventure_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``MTG_CARD_FILE`` set to a card file with the whole Bonecrusher Giant // Stomp."""
    entries = json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]
    giant = card_from_mtgjson("Bonecrusher Giant // Stomp", entries["Bonecrusher Giant // Stomp"])
    shipped = CardDatabase.shipped()
    path = tmp_path / "cards.db"
    write_card_file([giant, *(shipped.get(n) for n in OTHERS)], path, source="test")
    monkeypatch.setenv(CARD_FILE_ENV, str(path))
    card_def.cache_clear()  # definitions are cached by name: forget the shipped ones
    yield path
    monkeypatch.delenv(CARD_FILE_ENV)
    card_def.cache_clear()


#: a modal double-faced card whose back face is a spell (CR 712.11b), in MTGJSON's
#: AtomicCards form (the development Oracle data has only its front face)
HALVAR = [
    {
        "faceName": "Halvar, God of Battle",
        "layout": "modal_dfc",
        "manaCost": "{2}{W}{W}",
        "name": "Halvar, God of Battle // Sword of the Realms",
        "power": "4",
        "toughness": "4",
        "side": "a",
        "subtypes": ["God"],
        "supertypes": ["Legendary"],
        "text": (
            "Creatures you control that are enchanted or equipped have double strike.\n"
            "At the beginning of each combat, you may attach target Aura or Equipment "
            "attached to a creature you control to target creature you control."
        ),
        "type": "Legendary Creature \u2014 God",
        "types": ["Creature"],
    },
    {
        "faceName": "Sword of the Realms",
        "layout": "modal_dfc",
        "manaCost": "{1}{W}",
        "name": "Halvar, God of Battle // Sword of the Realms",
        "side": "b",
        "subtypes": ["Equipment"],
        "supertypes": ["Legendary"],
        "text": (
            "Equipped creature gets +2/+0 and has vigilance.\n"
            "Whenever equipped creature dies, return it to its owner's hand.\n"
            "Equip {1}{W}"
        ),
        "type": "Legendary Artifact \u2014 Equipment",
        "types": ["Artifact"],
    },
]

MODAL_DFC = """
name: the faces of modal double-faced cards from the card's menu
start: {turn: 3, active: A, step: precombat_main}
players:
  A:
    hand: [{card: Glasspool Mimic}, {card: "Halvar, God of Battle"}]
    battlefield:
      - {card: Plains, count: 2}
      - {card: Island}
  B:
    battlefield: [{card: Grizzly Bears}, {card: Plains}]
"""


@pytest.fixture
def modal_dfc_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """``MTG_CARD_FILE`` set to a card file with Halvar, God of Battle // Sword of the
    Realms whole, and Glasspool Mimic // Glasspool Shore as shipped (both faces)."""
    halvar = card_from_mtgjson("Halvar, God of Battle // Sword of the Realms", HALVAR)
    shipped = CardDatabase.shipped()
    path = tmp_path / "cards.db"
    others = [shipped.get(n) for n in (*OTHERS, "Glasspool Mimic")]
    write_card_file([halvar, *others], path, source="test")
    monkeypatch.setenv(CARD_FILE_ENV, str(path))
    card_def.cache_clear()
    yield path
    monkeypatch.delenv(CARD_FILE_ENV)
    card_def.cache_clear()
