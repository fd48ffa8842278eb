"""The shipped card file and :class:`CardDatabase` lookups."""

from __future__ import annotations

import json
import lzma
import os
import subprocess
import sys
from pathlib import Path

import pytest

from mtg_engine.cards.database import (
    CARD_FILE_ENV,
    CardDatabase,
    CardFileError,
    UnknownCardError,
    card_from_json,
    card_to_json,
    missing_faces,
    normalize_name,
    shipped_card_file,
)

#: Records in the development source file (oracle-cards.jsonl.xz).
SOURCE_RECORDS = 35_033
#: Back-face records of transform cards, merged into their front cards.
BACK_FACE_RECORDS = 401
SHIPPED_CARDS = SOURCE_RECORDS - BACK_FACE_RECORDS
#: Development data the shipped file was built from (absent on most machines).
DEV_DATA = Path(os.environ.get("MTG_DEV_CARD_DATA", "/work/shared/cards"))


@pytest.fixture(scope="module")
def db() -> CardDatabase:
    return CardDatabase.shipped()


def test_shipped_file_is_in_the_package_and_small() -> None:
    path = shipped_card_file()
    assert path.parent.name == "data" and path.is_file()
    assert path.stat().st_size < 8_000_000


def test_lightning_bolt(db: CardDatabase) -> None:
    card = db.get("Lightning Bolt")
    assert card.name == "Lightning Bolt"
    assert card.layout == "normal"
    assert len(card.faces) == 1
    face = card.front
    assert face.mana_cost == "{R}"
    assert face.type_line == "Instant"
    assert face.types == ("Instant",)
    assert face.text == "Lightning Bolt deals 3 damage to any target."
    assert face.colors == ("red",)
    assert face.mana_value == 1


@pytest.mark.parametrize(
    "query",
    ["Lightning Bolt", "lightning bolt", "LIGHTNING BOLT", "  Lightning   Bolt "],
)
def test_lookup_ignores_case_and_spacing(db: CardDatabase, query: str) -> None:
    assert db.get(query).name == "Lightning Bolt"


@pytest.mark.parametrize("query", ["Fire", "fire", "Ice", "ICE", "Fire // Ice", "fire//ice"])
def test_face_names_find_the_whole_card(db: CardDatabase, query: str) -> None:
    card = db.get(query)
    assert card.name == "Fire // Ice"
    assert [f.name for f in card.faces] == ["Fire", "Ice"]


def test_lookup_ignores_accents_and_apostrophe_style(db: CardDatabase) -> None:
    assert db.get("Lim-Dul's Vault").name == "Lim-Dûl's Vault"
    assert db.get("lim-dûl’s vault").name == "Lim-Dûl's Vault"
    assert normalize_name("Æther Vial") == "aether vial"


def test_a_cards_own_name_beats_another_cards_face_name(db: CardDatabase) -> None:
    # "Emeritus of Ideation // Ancestral Recall" has a face with this name.
    assert db.get("Ancestral Recall").name == "Ancestral Recall"


def test_unknown_card_suggests_close_names(db: CardDatabase) -> None:
    with pytest.raises(UnknownCardError) as info:
        db.get("Lightnig Bolt")
    err = info.value
    assert isinstance(err, KeyError)
    assert err.name == "Lightnig Bolt"
    assert err.suggestions[0] == "Lightning Bolt"
    assert "did you mean 'Lightning Bolt'" in str(err)


def test_unknown_card_without_any_close_name(db: CardDatabase) -> None:
    with pytest.raises(UnknownCardError) as info:
        db.get("Qzxqzx Wvwvw")
    assert info.value.suggestions == ()
    assert str(info.value) == "unknown card 'Qzxqzx Wvwvw'"


def test_word_suggestions(db: CardDatabase) -> None:
    assert any(s.startswith("Delver of Secrets") for s in db.suggest("Delver"))


def test_contains(db: CardDatabase) -> None:
    assert "Lightning Bolt" in db
    assert "battery" in db
    assert "Not A Real Card Name" not in db
    assert 42 not in db


def test_card_count(db: CardDatabase) -> None:
    assert len(db) == SHIPPED_CARDS
    assert db.meta["source_records"] == SOURCE_RECORDS
    assert db.meta["back_faces_merged"] + 2 == BACK_FACE_RECORDS  # 2 more from the supplement
    names = db.names()
    assert len(names) == len(set(names)) == SHIPPED_CARDS
    assert names == sorted(names, key=lambda n: (normalize_name(n), n))


def test_iter_cards_streams_every_card(db: CardDatabase) -> None:
    count = 0
    layouts: set[str] = set()
    cached_before = db.cache_info().currsize
    for card in db.iter_cards():
        count += 1
        layouts.add(card.layout)
        assert card.faces
    assert count == SHIPPED_CARDS
    assert {"normal", "split", "transform", "planar", "scheme", "vanguard"} <= layouts
    assert db.cache_info().currsize <= cached_before + 1  # streaming does not fill the cache


def test_iter_cards_by_layout(db: CardDatabase) -> None:
    splits = list(db.iter_cards(layouts={"split"}))
    assert splits and all(c.layout == "split" for c in splits)
    assert "Fire // Ice" in {c.name for c in splits}


def test_supplement_faces_are_present(db: CardDatabase) -> None:
    card = db.get("Battery")
    assert card.name == "Assault // Battery"
    assert card.layout == "split"
    assert len(card.faces) == 2
    assault, battery = card.faces
    assert (assault.name, assault.mana_cost, assault.colors, assault.mana_value) == (
        "Assault",
        "{R}",
        ("red",),
        1,
    )
    assert (battery.name, battery.mana_cost, battery.colors, battery.mana_value) == (
        "Battery",
        "{3}{G}",
        ("green",),
        4,
    )
    assert battery.text == "Create a 3/3 green Elephant creature token."
    assert assault.types == battery.types == ("Sorcery",)
    assert missing_faces(card) == ()


def test_supplement_faces_get_types_from_their_type_line(db: CardDatabase) -> None:
    front, back = db.get("Jushi Apprentice").faces
    assert (front.supertypes, front.types, front.subtypes) == (
        (),
        ("Creature",),
        ("Human", "Wizard"),
    )
    assert back.name == "Tomoya the Revealer"
    assert (back.supertypes, back.types) == (("Legendary",), ("Creature",))
    assert db.get("Glasspool Shore").faces[1].types == ("Land",)


def test_color_indicator_gives_the_back_face_its_color(db: CardDatabase) -> None:
    card = db.get("Insectile Aberration")
    assert card.name == "Delver of Secrets // Insectile Aberration"
    back = card.faces[1]
    assert back.mana_cost is None
    assert back.color_indicator == ("U",)
    assert back.colors == ("blue",)
    assert back.mana_value == 0
    assert (back.power, back.toughness) == ("3", "2")


def test_back_face_records_are_merged_into_their_front_card(db: CardDatabase) -> None:
    card = db.get("A-Brinebound Gift")
    assert card.name == "A-Brine Comber // A-Brinebound Gift"
    assert [f.name for f in card.faces] == ["A-Brine Comber", "A-Brinebound Gift"]
    assert card.faces[1].types == ("Enchantment",)
    assert "A-Brinebound Gift" not in db.names()


def test_meld_cards_get_their_melded_face(db: CardDatabase) -> None:
    card = db.get("Bruna, the Fading Light")
    assert [f.name for f in card.faces] == [
        "Bruna, the Fading Light",
        "Brisela, Voice of Nightmares",
    ]
    assert db.get("Brisela, Voice of Nightmares").name == "Brisela, Voice of Nightmares"


def test_incomplete_multiface_cards_are_reported(db: CardDatabase) -> None:
    card = db.get("Alive // Well")
    assert [f.name for f in card.faces] == ["Alive"]
    assert missing_faces(card) == ("Well",)
    assert db.get("Well").name == "Alive // Well"


def test_a_missing_face_comes_from_the_card_of_its_name_when_it_fits(db: CardDatabase) -> None:
    """scripts/build_card_file.py step 4: Bind // Liberate's halves are the older
    cards Bind and Liberate (CR 201.2); the split card Smelt // Herd // Saw doesn't
    get the Equipment "Saw" (a split card's halves are spells, and its colors
    differ), nor a reversible card a second copy of itself."""
    liberate = db.get("Bind // Liberate").faces[1]
    assert (liberate.name, liberate.mana_cost, liberate.types) == (
        "Liberate",
        "{1}{W}",
        ("Instant",),
    )
    assert liberate.text.startswith("Exile target creature you control.")
    smelt = db.get("Smelt // Herd // Saw")
    assert [f.name for f in smelt.faces] == ["Smelt"]
    assert missing_faces(smelt) == ("Herd", "Saw")
    assert len(db.get("Ajani Goldmane // Ajani Goldmane").faces) == 1


def test_planeswalker_battle_and_basic_land(db: CardDatabase) -> None:
    jace = db.get("Jace, the Mind Sculptor").front
    assert jace.loyalty == "3" and jace.types == ("Planeswalker",)
    assert jace.supertypes == ("Legendary",)
    battle = db.get("Invasion of Alara").front
    assert battle.types == ("Battle",) and battle.subtypes == ("Siege",)
    assert battle.defense is None  # not in the source data
    forest = db.get("Forest").front
    assert forest.text == "({T}: Add {G}.)"  # reminder text left as is (CR 305.6)
    assert forest.supertypes == ("Basic",) and forest.subtypes == ("Forest",)
    assert forest.colors == ()


def test_non_traditional_layouts_stay_in_the_file(db: CardDatabase) -> None:
    assert db.get("Agyrem").layout == "planar"


def test_loaded_cards_are_cached(db: CardDatabase) -> None:
    assert db.get("Lightning Bolt") is db.get("lightning bolt")


def test_json_round_trip(db: CardDatabase) -> None:
    for name in ("Lightning Bolt", "Assault // Battery", "Delver of Secrets", "Forest"):
        card = db.get(name)
        assert card_from_json(json.loads(json.dumps(card_to_json(card)))) == card


def test_default_is_the_shipped_file_unless_env_var(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(CARD_FILE_ENV, raising=False)
    assert CardDatabase.default() is CardDatabase.shipped()
    monkeypatch.setenv(CARD_FILE_ENV, str(tmp_path / "missing.db"))
    with pytest.raises(CardFileError, match="not found"):
        CardDatabase.default()


def test_a_file_that_is_not_a_card_file(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.db"
    bogus.write_text("hello")
    with pytest.raises(CardFileError, match="not a readable card file"):
        CardDatabase(bogus)


def test_cold_lookup_does_not_build_the_compiler() -> None:
    """Start-up stays cheap: opening the card file and looking a card up imports
    neither the Oracle compiler nor its parser library (no timing assertion: the
    benchmark measures time, this test pins the structure that keeps it low)."""
    code = (
        "import sys\n"
        "from mtg_engine.cards.database import CardDatabase\n"
        "CardDatabase.default().get('Lightning Bolt')\n"
        "print(sorted(m for m in sys.modules if m == 'lark' or m.startswith('mtg_engine.cards.compiler')))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != CARD_FILE_ENV}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert out.stdout.strip() == "[]"


@pytest.mark.skipif(
    not (DEV_DATA / "oracle-cards.jsonl.xz").is_file(), reason="development card data absent"
)
def test_every_source_record_name_resolves(db: CardDatabase) -> None:
    with lzma.open(DEV_DATA / "oracle-cards.jsonl.xz", "rt", encoding="utf-8") as fh:
        names = [json.loads(line)["name"] for line in fh]
    assert len(names) == SOURCE_RECORDS
    assert [n for n in names if n not in db] == []
