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
