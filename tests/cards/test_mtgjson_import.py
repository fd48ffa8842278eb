"""``mtg cards import``: MTGJSON AtomicCards → card file, and ``mtg cards show``."""

from __future__ import annotations

import gzip
import json
import lzma
from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_engine.cards.database import CARD_FILE_ENV, CardDatabase, card_from_json, card_to_json
from mtg_engine.cards.mtgjson import (
    CardImportError,
    card_from_mtgjson,
    import_atomic_cards,
    iter_atomic_cards,
    parse_type_line,
)
from mtg_engine.cli.cards_cmd import cards, render_card

FIXTURE = Path(__file__).resolve().parent.parent / "fixtures" / "AtomicCards-small.json"


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> CardDatabase:
    out = tmp_path_factory.mktemp("import") / "cards.db"
    result = import_atomic_cards(FIXTURE, out)
    assert result.card_count == 8
    assert result.mtgjson_version == "5.2.2+20250101"
    assert result.skipped == ()
    return CardDatabase(out)


def test_every_fixture_card_is_imported(imported: CardDatabase) -> None:
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]
    assert len(imported) == len(fixture)
    assert sorted(imported.names()) == sorted(fixture)
    assert imported.meta["mtgjson_version"] == "5.2.2+20250101"


def test_round_trip_equals_direct_conversion(imported: CardDatabase) -> None:
    fixture = json.loads(FIXTURE.read_text(encoding="utf-8"))["data"]
    for name, entries in fixture.items():
        card = card_from_mtgjson(name, entries)
        assert imported.get(name) == card
        assert card_from_json(card_to_json(card)) == card


def test_split_card(imported: CardDatabase) -> None:
    card = imported.get("Ice")
    assert card.name == "Fire // Ice" and card.layout == "split"
    fire, ice = card.faces
    assert (fire.name, fire.mana_cost, fire.mana_value, fire.colors) == (
        "Fire",
        "{1}{R}",
        2,
        ("red",),
    )
    assert (ice.name, ice.text) == ("Ice", "Tap target permanent.\nDraw a card.")
    assert ice.colors == ("blue",)


def test_transform_card_faces_follow_side_order(imported: CardDatabase) -> None:
    card = imported.get("delver of secrets")
    assert [f.name for f in card.faces] == ["Delver of Secrets", "Insectile Aberration"]
    back = card.faces[1]
    assert back.color_indicator == ("U",) and back.colors == ("blue",)
    assert back.subtypes == ("Human", "Insect")
    assert card.keywords == ("Transform", "Flying")


def test_planeswalker(imported: CardDatabase) -> None:
    jace = imported.get("Jace, the Mind Sculptor").front
    assert jace.loyalty == "3"
    assert jace.mana_value == 4 and jace.colors == ("blue",)
    assert jace.type_line == "Legendary Planeswalker — Jace"


def test_battle_has_defense(imported: CardDatabase) -> None:
    card = imported.get("Awaken the Maelstrom")
    battle, sorcery = card.faces
    assert battle.types == ("Battle",) and battle.defense == "7"
    assert battle.mana_value == 5
    assert sorcery.colors == ("white", "blue", "black", "red", "green")


def test_adventure_and_accents(imported: CardDatabase) -> None:
    assert [f.name for f in imported.get("Stomp").faces] == ["Bonecrusher Giant", "Stomp"]
    assert imported.get("Lim-Dul's Vault").name == "Lim-Dûl's Vault"


@pytest.mark.parametrize(
    ("type_line", "expected"),
    [
        ("Instant", ((), ("Instant",), ())),
        ("Legendary Creature — Human Wizard", (("Legendary",), ("Creature",), ("Human", "Wizard"))),
        ("Basic Snow Land — Forest", (("Basic", "Snow"), ("Land",), ("Forest",))),
        (
            "Artifact Creature — Time Lord Doctor",
            ((), ("Artifact", "Creature"), ("Time Lord", "Doctor")),
        ),
        ("Plane — Alfava Metraxis", ((), ("Plane",), ("Alfava Metraxis",))),
        ("", ((), (), ())),
    ],
)
def test_parse_type_line(type_line: str, expected: tuple) -> None:
    assert parse_type_line(type_line) == expected


def test_faces_without_types_get_them_from_the_type_line() -> None:
    card = card_from_mtgjson(
        "Jushi Apprentice // Tomoya the Revealer",
        [
            {"faceName": "Jushi Apprentice", "type": "Creature — Human Wizard", "layout": "flip"},
            {"faceName": "Tomoya the Revealer", "type": "Legendary Creature — Human Wizard"},
        ],
    )
    assert card.layout == "flip"
    assert card.faces[1].supertypes == ("Legendary",)
    assert card.faces[1].subtypes == ("Human", "Wizard")


@pytest.mark.parametrize("compress", [gzip.compress, lzma.compress])
def test_compressed_input(tmp_path: Path, compress) -> None:
    src = tmp_path / "AtomicCards.json.x"
    src.write_bytes(compress(FIXTURE.read_bytes()))
    result = import_atomic_cards(src, tmp_path / "out.db")
    assert result.card_count == 8
    assert CardDatabase(result.path).get("Fire").name == "Fire // Ice"


def test_import_is_deterministic(tmp_path: Path) -> None:
    import_atomic_cards(FIXTURE, tmp_path / "a.db")
    import_atomic_cards(FIXTURE, tmp_path / "b.db")
    assert (tmp_path / "a.db").read_bytes() == (tmp_path / "b.db").read_bytes()


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("", "expected a JSON object"),
        ("[1, 2]", "expected a JSON object"),
        ('{"meta": {}}', 'no "data" object'),
        ('{"data": [1]}', '"data" is not an object'),
        ('{"data": {"Bolt": {"name": "Bolt"}}}', "card 'Bolt' is not a list of face objects"),
        ('{"data": {"Bolt": [{"name": "Bolt"}], "X": [}}', "malformed JSON"),
        ('{"data": {}}', "holds no cards"),
        ('{"data": {"Bolt": [{"type": "Instant"}]}}', "a card face has no name"),
    ],
)
def test_malformed_input(tmp_path: Path, content: str, message: str) -> None:
    src = tmp_path / "bad.json"
    src.write_text(content, encoding="utf-8")
    with pytest.raises(CardImportError, match=message) as info:
        import_atomic_cards(src, tmp_path / "out.db")
    assert str(src) in str(info.value)
    assert not (tmp_path / "out.db").exists()


def test_malformed_json_reports_line_and_column(tmp_path: Path) -> None:
    src = tmp_path / "bad.json"
    src.write_text('{\n  "data": {\n    "Bolt": [{"name": "Bolt",}]\n  }\n}\n', encoding="utf-8")
    with pytest.raises(CardImportError, match=r"line 3, column \d+"):
        list(iter_atomic_cards(src))


def test_failed_import_keeps_the_existing_card_file(tmp_path: Path) -> None:
    out = tmp_path / "cards.db"
    import_atomic_cards(FIXTURE, out)
    before = out.read_bytes()
    bad = tmp_path / "bad.json"
    bad.write_text('{"data": {"X": 1}}', encoding="utf-8")
    with pytest.raises(CardImportError):
        import_atomic_cards(bad, out)
    assert out.read_bytes() == before


# --------------------------------------------------------------------------- CLI


def test_cli_import_then_show(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner = CliRunner()
    out = tmp_path / "user" / "cards.db"
    result = runner.invoke(cards, ["import", str(FIXTURE), "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert f"Wrote 8 cards (MTGJSON 5.2.2+20250101) to {out}" in result.output
    assert f"{CARD_FILE_ENV}={out.resolve()}" in result.output

    result = runner.invoke(cards, ["show", "Stomp", "--card-file", str(out)])
    assert result.exit_code == 0, result.output
    assert "Bonecrusher Giant // Stomp    (adventure)" in result.output
    assert "Instant — Adventure" in result.output

    monkeypatch.setenv(CARD_FILE_ENV, str(out))
    result = runner.invoke(cards, ["show", "invasion", "of", "alara"])
    assert result.exit_code == 0, result.output
    assert "Defense: 7" in result.output
    assert "[color indicator: WUBRG]" in result.output


def test_cli_import_default_location(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.setenv("HOME", str(tmp_path))
    result = CliRunner().invoke(cards, ["import", str(FIXTURE)])
    assert result.exit_code == 0, result.output
    assert (tmp_path / "mtg-engine" / "cards.db").is_file()


def test_cli_import_malformed_file(tmp_path: Path) -> None:
    bad = tmp_path / "AtomicCards.json"
    bad.write_text('{"meta": {}, "data": []}', encoding="utf-8")
    result = CliRunner().invoke(cards, ["import", str(bad), "--out", str(tmp_path / "o.db")])
    assert result.exit_code == 1
    assert "cannot import" in result.output and str(bad) in result.output
    assert "Traceback" not in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)


def test_cli_import_missing_file(tmp_path: Path) -> None:
    result = CliRunner().invoke(cards, ["import", str(tmp_path / "nope.json")])
    assert result.exit_code == 1
    assert "no such file" in result.output


def test_cli_show_shipped_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CARD_FILE_ENV, raising=False)
    result = CliRunner().invoke(cards, ["show", "lightning bolt"])
    assert result.exit_code == 0
    assert result.output.splitlines()[:3] == [
        "Lightning Bolt    {R}",
        "  Instant",
        "  Lightning Bolt deals 3 damage to any target.",
    ]
    # then the compiled abilities and whether the engine runs them
    assert "What the engine compiled for Lightning Bolt:" in result.output
    assert "does: damage — source: this object, amount: 3, to: target 1 [120.3]" in result.output
    assert "      runs" in result.output
    # no internal record dumps (issue 13)
    assert "Cost(" not in result.output and "TargetRef(" not in result.output


def test_cli_show_names_what_does_not_run(monkeypatch: pytest.MonkeyPatch) -> None:
    """A construct the engine lacks is named in words, per ability."""
    monkeypatch.delenv(CARD_FILE_ENV, raising=False)
    # (Attractions, CR 717, aren't in the engine)
    result = CliRunner().invoke(cards, ["show", "Coming Attraction"])
    assert result.exit_code == 0
    assert "the instruction 'open attraction'" in result.output
    assert "doesn't run yet: " in result.output
    result = CliRunner().invoke(cards, ["show", "Arbor Adherent"])
    assert result.exit_code == 0
    assert "cost: {T} [602.1a]" in result.output


def test_cli_coverage_lists_a_class(monkeypatch: pytest.MonkeyPatch) -> None:
    """`mtg cards coverage --list CLASS [--json]`: the cards of that class."""
    monkeypatch.delenv(CARD_FILE_ENV, raising=False)
    text = CliRunner().invoke(cards, ["coverage", "--limit", "60", "--list", "full"])
    assert text.exit_code == 0
    names = text.output.splitlines()
    assert names and names == sorted(names)
    js = CliRunner().invoke(cards, ["coverage", "--limit", "60", "--list", "partial", "--json"])
    rows = json.loads(js.output)
    assert rows and all(r["status"] == "partial" for r in rows)
    assert all(r["unparsed"] or r["not_run"] for r in rows)
    assert not set(names) & {r["name"] for r in rows}


def test_cli_show_unknown_card(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(CARD_FILE_ENV, raising=False)
    result = CliRunner().invoke(cards, ["show", "Lightnig Bolt"])
    assert result.exit_code == 1
    assert "Unknown card 'Lightnig Bolt'; did you mean 'Lightning Bolt'" in result.output
    assert "Traceback" not in result.output


def test_cli_show_bad_card_file(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.db"
    bogus.write_text("not sqlite")
    result = CliRunner().invoke(cards, ["show", "Forest", "--card-file", str(bogus)])
    assert result.exit_code == 1
    assert "not a readable card file" in result.output


def test_render_card_multiface(imported: CardDatabase) -> None:
    text = render_card(imported.get("Delver of Secrets"))
    assert text.splitlines()[:3] == [
        "Delver of Secrets // Insectile Aberration    (transform)",
        "  Delver of Secrets    {U}",
        "  Creature — Human Wizard",
    ]
    assert "  Insectile Aberration" in text and "  3/2" in text
    assert text.endswith("  Keywords: Transform, Flying")
