"""Deck files as players write and export them (MTG Arena, MTGO text and .dek XML),
and the errors and warnings a player gets for a deck that is wrong or small."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from mtg_engine.cards.decks import (
    MAX_DECK_CARDS,
    MIN_DECK_SIZE,
    DeckError,
    load_deck,
    parse_deck,
    parse_dek,
)
from mtg_engine.cli.deck_loading import deck_warnings
from mtg_engine.cli.main import main
from mtg_engine.scenario.unsupported import unrunnable_sentences

ARENA = """About
Name Mono Red Aggro

Commander
1 Krenko, Mob Boss (M13) 139

Companion
1 Lurrus of the Dream-Den (IKO) 226

Deck
20 Mountain (ANA) 20
4 Lightning Bolt (M21) 123 *F*
4x Fire/Ice

Sideboard (3)
2 Duress (M21) 96
SB: 1 Shock
"""

DEK = """<?xml version="1.0" encoding="utf-8"?>
<Deck xmlns:xsd="http://www.w3.org/2001/XMLSchema"
      xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <NetDeckID>0</NetDeckID>
  <PreconstructedDeckID>0</PreconstructedDeckID>
  <Cards CatID="1" Quantity="24" Sideboard="false" Name="Mountain" Annotation="0" />
  <Cards CatID="2" Quantity="4" Sideboard="false" Name="Lightning Bolt" Annotation="0" />
  <Cards CatID="3" Quantity="2" Sideboard="true" Name="Fire/Ice" Annotation="0" />
</Deck>
"""


def test_an_arena_export_loads_with_its_sections():
    deck = parse_deck(ARENA, "arena.txt")
    assert deck.title == "Mono Red Aggro"
    assert deck.main == [(20, "Mountain"), (4, "Lightning Bolt"), (4, "Fire // Ice")]
    assert deck.sideboard == [(2, "Duress"), (1, "Shock")]
    assert deck.companion == [(1, "Lurrus of the Dream-Den")]
    assert deck.commander == [(1, "Krenko, Mob Boss")]
    # the companion starts outside the game (CR 702.139a); no commander format: the
    # commander is one more card of the deck
    assert len(deck) == 29
    assert "Lurrus of the Dream-Den" not in {d.name for d in deck.card_defs()}


def test_a_line_starting_sb_is_a_sideboard_card_and_sb_alone_a_header():
    deck = parse_deck("4 Forest\nSB: 2 Shock\n3 Mountain\nSB:\n1 Duress\n", "mtgo.txt")
    assert deck.main == [(4, "Forest"), (3, "Mountain")]
    assert deck.sideboard == [(2, "Shock"), (1, "Duress")]


def test_a_maybeboard_is_not_played():
    deck = parse_deck("Deck\n4 Forest\nMaybeboard\n1 Shock\n", "m.txt")
    assert deck.main == [(4, "Forest")] and deck.sideboard == []


def test_an_mtgo_dek_file_loads(tmp_path: Path):
    path = tmp_path / "burn.dek"
    path.write_text(DEK, encoding="utf-8")
    deck = load_deck(str(path))
    assert deck.main == [(24, "Mountain"), (4, "Lightning Bolt")]
    assert deck.sideboard == [(2, "Fire // Ice")]


def test_a_dek_file_with_a_document_type_declaration_is_refused():
    """Entity expansion ("billion laughs") and external entities are refused before parsing."""
    bomb = (
        '<?xml version="1.0"?><!DOCTYPE d [<!ENTITY a "aaaaaaaaaa">'
        '<!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>'
        '<Deck><Cards Quantity="1" Name="&b;"/></Deck>'
    )
    with pytest.raises(DeckError, match="document type declaration"):
        parse_dek(bomb, "bomb.dek")
    external = '<!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Deck>&x;</Deck>'
    with pytest.raises(DeckError, match="document type declaration"):
        parse_deck(external, "x.dek")


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("<Deck", "not a readable MTGO .dek file"),
        ("<Foo/>", "root element is <Foo>"),
        (
            '<Deck><Cards Quantity="4x" Name="Forest"/></Deck>',
            "malformed Quantity '4x' of 'Forest'",
        ),
        ('<Deck><Cards Quantity="" Name="Forest"/></Deck>', "malformed Quantity"),
        ('<Deck><Cards Quantity="4"/></Deck>', "without a Name"),
        ('<Deck><Cards Quantity="4" Name="Frest"/></Deck>', "unknown card 'Frest'"),
        ('<Deck><Cards Quantity="999999999999" Name="Forest"/></Deck>', "larger than"),
        ("<Deck/>", "no cards"),
    ],
)
def test_a_bad_dek_file_is_a_clear_error(text: str, needle: str):
    with pytest.raises(DeckError, match=None) as e:
        parse_dek(text, "d.dek")
    assert needle in str(e.value)
    assert str(e.value).startswith("d.dek")


def test_an_unknown_card_names_the_line_and_suggests():
    with pytest.raises(DeckError) as e:
        parse_deck("20 Mountain\n4 Lightnig Bolt\n", "d.txt")
    msg = str(e.value)
    assert msg.startswith("d.txt, line 2: unknown card 'Lightnig Bolt'")
    assert "did you mean 'Lightning Bolt'" in msg


@pytest.mark.parametrize("count", ["-3", "4.5", "x4", "1,000", "+4"])
def test_a_malformed_count_is_named(count: str):
    with pytest.raises(DeckError) as e:
        parse_deck(f"{count} Forest\n", "d.txt")
    assert f"malformed count {count!r} before 'Forest'" in str(e.value)


def test_a_zero_count_is_named():
    with pytest.raises(DeckError, match="the count of 'Forest' is 0"):
        parse_deck("0 Forest\n", "d.txt")


@pytest.mark.parametrize("count", ["100000000", str(MAX_DECK_CARDS + 1), "9" * 5000])
def test_counts_are_bounded(count: str):
    with pytest.raises(DeckError, match="larger than 10,000 cards"):
        parse_deck(f"{count} Lightning Bolt\n", "d.txt")


def test_the_bound_is_on_the_whole_deck():
    text = "\n".join([f"{MAX_DECK_CARDS // 2} Forest"] * 2 + ["1 Mountain"])
    with pytest.raises(DeckError, match="line 3"):
        parse_deck(text, "d.txt")


def test_a_card_whose_name_starts_with_a_number_is_one_copy():
    assert parse_deck("1996 World Champion\n+2 Mace\n").main == [
        (1, "1996 World Champion"),
        (1, "+2 Mace"),
    ]


def test_a_byte_order_mark_and_windows_line_ends_are_fine(tmp_path: Path):
    path = tmp_path / "win.txt"
    path.write_bytes("\ufeff4 Forest\r\n2 Shock\r\n".encode())
    assert load_deck(str(path)).main == [(4, "Forest"), (2, "Shock")]


def test_a_huge_file_is_refused_before_reading(tmp_path: Path):
    path = tmp_path / "huge.txt"
    path.write_bytes(b"1 Forest\n" * 200_000)
    with pytest.raises(DeckError, match="too large for a deck list"):
        load_deck(str(path))


def test_a_directory_or_nothing_is_not_a_deck(tmp_path: Path):
    with pytest.raises(DeckError, match="not a file"):
        load_deck(str(tmp_path))
    with pytest.raises(DeckError, match="no such deck file"):
        load_deck("")


def test_a_small_deck_gets_a_warning_unless_allowed():
    deck = parse_deck("10 Mountain\n", "tiny.txt")
    assert len(deck) < MIN_DECK_SIZE
    warnings = deck_warnings(deck)
    assert len(warnings) == 1 and "tiny.txt: 10 cards, fewer than the 40" in warnings[0]
    assert deck_warnings(deck, allow_small=True) == []
    assert deck_warnings(load_deck("red-green")) == []


def test_a_card_the_engine_cannot_fully_run_gets_one_warning_naming_the_sentence():
    # Sea-Dasher Octopus's "Mutate {1}{U}" compiles but doesn't run (if the engine
    # learns it, pick another card the support table leaves out)
    sentences = unrunnable_sentences("Sea-Dasher Octopus")
    assert sentences, "Sea-Dasher Octopus runs fully now: choose another unrunnable card"
    deck = parse_deck("40 Island\n4 Sea-Dasher Octopus\n", "mutate.txt")
    warnings = deck_warnings(deck)
    assert len(warnings) == 1
    assert warnings[0].startswith("mutate.txt: Sea-Dasher Octopus: the engine can't fully run")
    assert sentences[0] in warnings[0]
    assert unrunnable_sentences("Lightning Bolt") == []


def test_a_multi_face_card_missing_a_face_gets_the_warning_naming_the_face():
    # Alive // Well: the development Oracle data has no "Well" face (one of the 440
    # multi-face cards whose other face is missing; `mtg cards import` supplies them)
    deck = parse_deck("40 Plains\n2 Alive // Well\n", "alive.txt")
    assert deck_warnings(deck) == [
        "alive.txt: Alive // Well: the engine can't fully run its face 'Well', not in the card file"
    ]


def test_the_cli_prints_warnings_on_stderr_and_plays(tmp_path: Path):
    path = tmp_path / "tiny.txt"
    path.write_text("About\nName Tiny\nDeck\n16 Mountain\n4 Lightning Bolt (M21) 123\n")
    argv = ["sim", "--deck", str(path), "--deck", "red-green", "--games", "1", "--json"]
    result = CliRunner().invoke(main, argv)
    assert result.exit_code == 0, result.output
    assert "warning: " in result.stderr and "fewer than the 40" in result.stderr
    assert result.stdout.startswith("{")
    result = CliRunner().invoke(main, [*argv, "--allow-small-decks"])
    assert result.exit_code == 0 and "warning" not in result.stderr


def test_the_cli_names_a_bad_deck_in_one_line(tmp_path: Path):
    path = tmp_path / "bad.txt"
    path.write_text("20 Mountain\nx4 Lightning Bolt\n")
    result = CliRunner().invoke(main, ["play", "--deck", str(path)])
    assert result.exit_code == 2
    assert result.output.strip().splitlines() == [
        f"Error: {path}, line 2: malformed count 'x4' before 'Lightning Bolt' "
        "(expected a whole number of copies from 1 to 10,000)"
    ]
