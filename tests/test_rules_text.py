"""Tests for the packaged Comprehensive Rules text (mtg_engine.rules_text) and `mtg rules`."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from click.testing import CliRunner

from mtg_engine import rules_text
from mtg_engine.cli.rules_cmd import rules
from mtg_engine.rules_text import RulesText

# --------------------------------------------------------------------------- lookups


def test_version_is_effective_date_line() -> None:
    assert rules_text.version().startswith("These rules are effective as of ")
    date = rules_text.effective_date()
    assert date is not None and date.year >= 2025


def test_get_rule_702_19b_is_trample() -> None:
    rule = rules_text.get_rule("702.19b")
    assert rule is not None
    assert rule.number == "702.19b"
    assert rule.label == "702.19b"
    assert "trample" in rule.text
    assert rule.parent == "702.19"
    assert rule.level == 3
    assert rule.examples and all(not e.startswith("Example:") for e in rule.examples)


def test_headings_sections_and_rules() -> None:
    trample = rules_text.get_rule("702.19")
    assert trample is not None and trample.text == "Trample" and trample.label == "702.19."
    keywords = rules_text.get_rule("702")
    assert keywords is not None and keywords.text == "Keyword Abilities" and keywords.parent == "7"
    section = rules_text.get_rule("7.")
    assert section is not None and section.text == "Additional Rules" and section.parent is None
    assert section.subrule_numbers[:3] == ("700", "701", "702")
    rule_104 = rules_text.get_rule("104")
    assert rule_104 is not None and rule_104.text == "Ending the Game"
    assert rules_text.get_rule("100.1a") is not None
    assert [s.number for s in rules_text.sections()] == [str(n) for n in range(1, 10)]


def test_subrules_of_702_19_in_order() -> None:
    numbers = [rule.number for rule in rules_text.subrules("702.19")]
    assert numbers[:5] == ["702.19a", "702.19b", "702.19c", "702.19d", "702.19e"]
    assert all(n.startswith("702.19") for n in numbers)
    assert rules_text.subrules("702.19b") == []
    assert rules_text.subrules("999.9") == []


def test_subrules_recursive() -> None:
    nested = [rule.number for rule in rules_text.subrules("702", recursive=True)]
    assert "702.19" in nested and "702.19b" in nested
    assert nested.index("702.19") < nested.index("702.19a") < nested.index("702.20")


@pytest.mark.parametrize(
    "spelling",
    ["702.19b", "702.19b.", "rule 702.19b", "Rule 702.19B", "  CR 702.19b ", "rules 702.19b"],
)
def test_number_normalization(spelling: str) -> None:
    assert rules_text.normalize_number(spelling) == "702.19b"
    rule = rules_text.get_rule(spelling)
    assert rule is not None and rule.number == "702.19b"


@pytest.mark.parametrize("bad", ["", "abc", "702.19b!", "7.1", "70.1", "702.x", "1234"])
def test_unknown_or_malformed_numbers(bad: str) -> None:
    assert rules_text.get_rule(bad) is None
    assert not rules_text.rule_exists(bad)


def test_rule_exists() -> None:
    for number in ("100.1", "100.1a", "104", "702.19", "702.19b", "rule 704.5j", "7."):
        assert rules_text.rule_exists(number), number
    assert not rules_text.rule_exists("702.999")
    assert not rules_text.rule_exists("999.1")


def test_text_quirks_are_parsed() -> None:
    # "606.5 If ..." lacks the period after the number; "119.1d." has an extra one.
    assert rules_text.get_rule("606.5") is not None
    brawl = rules_text.get_rule("119.1d")
    assert brawl is not None and brawl.text.startswith("In a two-player Brawl game")
    # An indented continuation paragraph stays with its rule.
    basic = rules_text.get_rule("205.4c")
    assert basic is not None and "Eighth Edition" in basic.text


# --------------------------------------------------------------------------- search


def test_search_trample_finds_702_19() -> None:
    results = rules_text.search("trample")
    numbers = [rule.number for rule in results]
    assert numbers[0] == "702.19"  # the rule titled "Trample" ranks first
    assert "702.19b" in numbers
    assert len(results) <= 50


def test_search_needs_all_words_case_insensitive() -> None:
    results = rules_text.search("FIRST Strike", limit=None)
    assert results[0].number == "702.7"
    for rule in results:
        haystack = " ".join((rule.text, *rule.examples)).lower()
        assert "first" in haystack and "strike" in haystack
    assert len(rules_text.search("first strike", limit=3)) == 3


def test_search_no_matches_and_empty() -> None:
    assert rules_text.search("xyzzy plugh") == []
    assert rules_text.search("   ") == []


# --------------------------------------------------------------------------- glossary


def test_glossary_exact_then_containing() -> None:
    entries = rules_text.glossary("trample")
    assert entries[0][0] == "Trample"
    assert "702.19" in entries[0][1]
    assert any(term == "Trample Over Planeswalkers" for term, _ in entries[1:])
    mana_value = rules_text.glossary("Mana Value")
    assert mana_value[0][0] == "Mana Value" and "202.3" in mana_value[0][1]


def test_glossary_aliases_and_misses() -> None:
    assert rules_text.glossary("controller")[0][0] == "Control, Controller"
    assert rules_text.glossary("no such term at all") == []
    assert rules_text.glossary("") == []


# --------------------------------------------------------------------------- parser


SAMPLE = """Magic: The Gathering Comprehensive Rules

These rules are effective as of March 1, 2030.

Contents

1. Game Concepts
100. General
Glossary
Credits

1. Game Concepts

100. General

100.1. First rule.

100.1a A subrule.
Example: An example.
     A continuation paragraph.

100.2 Missing period.

Glossary

Thing
1. One meaning.
2. Another meaning.

Credits

These rules are effective as of March 1, 2030.
"""


def test_parse_sample_text() -> None:
    parsed = RulesText.parse(SAMPLE)
    assert parsed.version == "These rules are effective as of March 1, 2030."
    assert list(parsed.rules) == ["1", "100", "100.1", "100.1a", "100.2"]
    sub = parsed.get_rule("100.1a")
    assert sub is not None and sub.text == "A subrule."
    assert sub.examples == ("An example.\nA continuation paragraph.",)
    assert [r.number for r in parsed.subrules("100")] == ["100.1", "100.2"]
    assert parsed.glossary("thing") == [("Thing", "1. One meaning.\n2. Another meaning.")]
    assert str(parsed.effective_date()) == "2030-03-01"


def test_import_does_not_parse() -> None:
    code = "import mtg_engine.rules_text as r; assert r.load.cache_info().currsize == 0"
    subprocess.run([sys.executable, "-c", code], check=True)


# --------------------------------------------------------------------------- CLI


def test_cli_prints_rule_and_subrules() -> None:
    result = CliRunner().invoke(rules, ["702.19"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "702.19. Trample"
    for letter in "abcde":
        assert any(line.startswith(f"702.19{letter} ") for line in lines)
    assert "Example: " in result.output
    assert "\x1b[" not in result.output  # plain when not a terminal


def test_cli_several_numbers_and_depth() -> None:
    result = CliRunner().invoke(rules, ["rule 702.19b.", "104", "--depth", "0"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("702.19b The controller")
    assert "104. Ending the Game" in result.output
    assert "104.1" not in result.output


def test_cli_unknown_rule_exits_1_with_one_line() -> None:
    result = CliRunner().invoke(rules, ["702.999"])
    assert result.exit_code == 1
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert result.stderr.count("\n") == 1 and "702.999" in result.stderr

    result = CliRunner().invoke(rules, ["banana"])
    assert result.exit_code == 1 and "not a rule number" in result.stderr
    assert "Traceback" not in result.output


def test_cli_search() -> None:
    result = CliRunner().invoke(rules, ["--search", "first strike", "--limit", "3"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert lines[0] == "702.7. First Strike"
    assert len(lines) == 4 and lines[-1].endswith("more (use --limit to see more)")

    result = CliRunner().invoke(rules, ["--search", "trample"])
    assert result.exit_code == 0 and "702.19. Trample" in result.output

    result = CliRunner().invoke(rules, ["--search", "xyzzy"])
    assert result.exit_code == 1 and "no rules" in result.stderr


def test_cli_glossary() -> None:
    result = CliRunner().invoke(rules, ["--glossary", "mana value"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("Mana Value\n")
    assert "202.3" in result.output

    result = CliRunner().invoke(rules, ["--glossary", "no such term"])
    assert result.exit_code == 1 and "no glossary entry" in result.stderr


def test_cli_json() -> None:
    result = CliRunner().invoke(rules, ["702.19", "--json"])
    assert result.exit_code == 0
    payload = json.loads(result.output)
    assert [r["number"] for r in payload["rules"]][:3] == ["702.19", "702.19a", "702.19b"]

    result = CliRunner().invoke(rules, ["--search", "trample", "--json"])
    assert json.loads(result.output)["results"][0]["number"] == "702.19"


def test_cli_contents_and_usage_errors() -> None:
    result = CliRunner().invoke(rules, [])
    assert result.exit_code == 0 and "7. Additional Rules" in result.output
    result = CliRunner().invoke(rules, ["--search", "x", "--glossary", "y"])
    assert result.exit_code == 2
