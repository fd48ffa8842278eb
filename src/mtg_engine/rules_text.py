"""The text of the Magic: The Gathering Comprehensive Rules, shipped as package data.

The Comprehensive Rules ("CR") text lives gzipped in ``mtg_engine/data/comprehensive-rules.txt.gz``
and is read and parsed only on first use (then cached), so importing this module is cheap.

The parser follows the numbering scheme the CR itself uses (see its Introduction and
Contents):

* sections ``1.`` to ``9.`` (e.g. "7. Additional Rules") -- looked up as ``"7"``;
* rules ``100.`` to ``9xx.`` (e.g. "702. Keyword Abilities") -- looked up as ``"702"``;
* numbered rules (e.g. "702.19. Trample") -- looked up as ``"702.19"``;
* lettered subrules (e.g. "702.19b The controller of ...") -- looked up as ``"702.19b"``
  (the CR skips the letters *l* and *o*).

Lines starting with ``Example:`` belong to the rule above them and are kept separately in
:attr:`Rule.examples`. The "Glossary" section (term, then its definition lines) becomes a
term -> definition table. :func:`version` gives the CR's "These rules are effective as of ..."
line.

Lookups accept the forms people write: ``"702.19b"``, ``"702.19b."``, ``"rule 702.19b"``,
``"CR 702.19B"``, ``"7."``.
"""

from __future__ import annotations

import datetime
import gzip
import re
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import datetime

__all__ = [
    "DATA_FILE",
    "Rule",
    "RulesText",
    "all_rules",
    "effective_date",
    "get_rule",
    "glossary",
    "load",
    "normalize_number",
    "rule_exists",
    "search",
    "sections",
    "subrules",
    "version",
]

#: Name of the gzipped CR text inside ``mtg_engine/data``.
DATA_FILE = "comprehensive-rules.txt.gz"

# A rule line in the body of the CR.  Sections ("1. Game Concepts"), rule headings
# ("702. Keyword Abilities"), numbered rules ("702.19. Trample") and subrules
# ("702.19b The controller ...").  The CR text has a few typos -- "119.1d." with a stray
# period and "606.5 If ..." without one -- so the trailing period is optional throughout.
_SECTION_LINE = re.compile(r"(\d)\.\s+(\S.*)")
_HEADING_LINE = re.compile(r"(\d{3})\.\s+(\S.*)")
_RULE_LINE = re.compile(r"(\d{3}\.\d+[a-z]*)\.?\s+(\S.*)")
_EXAMPLE_PREFIX = "Example:"

# A canonical rule number: "7", "702", "702.19", "702.19b".
_NUMBER = re.compile(r"(\d|\d{3})(?:\.(\d+)([a-z]*))?")
# Words people put in front of a rule number: "rule 702.19b", "CR 702.19b", "§ 702.19b".
_NUMBER_PREFIX = re.compile(r"^(?:comprehensive\s+rules?|rules?|cr|section|§)\s*", re.IGNORECASE)

_VERSION_LINE = re.compile(r"These rules are effective as of (.+?)\.?\s*$")


@dataclass(frozen=True, slots=True)
class Rule:
    """One numbered entry of the Comprehensive Rules.

    ``number`` is canonical ("7", "702", "702.19", "702.19b"); ``text`` is the rule's text as
    printed after the number (for sections and headings it is the title, e.g. "Trample"), with
    any continuation paragraphs joined by newlines; ``examples`` are the rule's "Example:"
    paragraphs without the "Example:" prefix; ``subrule_numbers`` are its direct subrules in
    document order.
    """

    number: str
    text: str
    examples: tuple[str, ...] = ()
    parent: str | None = None
    subrule_numbers: tuple[str, ...] = field(default=())

    @property
    def label(self) -> str:
        """The number as the CR prints it: "7.", "702.", "702.19." but "702.19b"."""
        return self.number if self.number[-1].isalpha() else f"{self.number}."

    @property
    def level(self) -> int:
        """Depth in the CR outline: 0 section ("7"), 1 rule ("702"), 2 ("702.19"), 3 ("702.19b")."""
        if "." not in self.number:
            return 0 if len(self.number) == 1 else 1
        return 3 if self.number[-1].isalpha() else 2

    @property
    def first_line(self) -> str:
        """The first paragraph of :attr:`text`."""
        return self.text.split("\n", 1)[0]

    def to_dict(self) -> dict[str, object]:
        """A JSON-friendly view of this rule."""
        return {
            "number": self.number,
            "label": self.label,
            "text": self.text,
            "examples": list(self.examples),
            "parent": self.parent,
            "subrules": list(self.subrule_numbers),
        }


def normalize_number(number: str) -> str | None:
    """Return the canonical form of a rule number, or ``None`` if it is not one.

    Accepts "702.19b", "702.19B", "702.19b.", "rule 702.19b", "CR 702.19b", "7." and "702.";
    the result is the key used by :func:`get_rule` ("702.19b", "7", "702").
    """
    text = _NUMBER_PREFIX.sub("", number.strip()).strip().rstrip(".,;:").lower()
    return text if _NUMBER.fullmatch(text) else None


def _structural_parent(number: str) -> str | None:
    """The number one level up in the CR outline: 702.19b -> 702.19 -> 702 -> 7 -> None."""
    match = _NUMBER.fullmatch(number)
    if match is None:  # pragma: no cover - numbers come from the parser
        return None
    rule, sub, letters = match.groups()
    if letters:
        return f"{rule}.{sub}"
    if sub:
        return rule
    if len(rule) == 3:
        return rule[0]
    return None


@dataclass
class _Draft:
    number: str
    paragraphs: list[str]
    examples: list[str] = field(default_factory=list)
    children: list[str] = field(default_factory=list)


def _normalize_term(term: str) -> str:
    """Case- and quote-insensitive form of a glossary term."""
    return " ".join(re.sub(r"[“”\"‘’']", "", term).lower().split())


def _term_aliases(term: str) -> set[str]:
    """The names a glossary headword covers: "Control, Controller" -> control, controller;
    "Bury (Obsolete)" -> bury (obsolete), bury."""
    full = _normalize_term(term)
    names = {full}
    for part in full.split(","):
        part = part.strip()
        if part:
            names.add(part)
            names.add(part.removesuffix("(obsolete)").strip())
    names.discard("")
    return names


class RulesText:
    """A parsed copy of the Comprehensive Rules (rules, examples, glossary, version line).

    Usually obtained through :func:`load`; :meth:`parse` builds one from any CR text.
    """

    def __init__(
        self,
        rules: dict[str, Rule],
        glossary: list[tuple[str, str]],
        version: str,
    ) -> None:
        self.rules = rules
        self.glossary_entries = glossary
        self.version = version
        self._haystacks = {
            number: "\n".join((rule.text, *rule.examples)).lower() for number, rule in rules.items()
        }
        self._aliases = [_term_aliases(term) for term, _ in glossary]

    # ------------------------------------------------------------------ parsing
    @classmethod
    def parse(cls, text: str) -> RulesText:
        """Parse the plain-text Comprehensive Rules as published by Wizards of the Coast.

        Layout: an introduction and a Contents list (ending with "Glossary" and "Credits"),
        the numbered rules, a "Glossary" section (term line, definition lines, blank line)
        and a closing "Credits" section.
        """
        lines = text.lstrip("\ufeff").replace("\r\n", "\n").replace("\r", "\n").split("\n")
        stripped = [line.strip() for line in lines]

        version = ""
        for line in stripped:
            if _VERSION_LINE.fullmatch(line):
                version = line
                break

        glossary_at = [i for i, line in enumerate(stripped) if line == "Glossary"]
        credits_at = [i for i, line in enumerate(stripped) if line == "Credits"]
        # The rules proper start after the Contents list, which ends with "Credits".
        body_start = credits_at[0] + 1 if len(credits_at) > 1 else 0
        body_end = glossary_at[-1] if glossary_at and glossary_at[-1] > body_start else len(lines)
        glossary_end = credits_at[-1] if credits_at and credits_at[-1] > body_end else len(lines)

        rules = cls._parse_body(lines[body_start:body_end])
        glossary = cls._parse_glossary(stripped[body_end + 1 : glossary_end])
        return cls(rules, glossary, version)

    @staticmethod
    def _parse_body(lines: list[str]) -> dict[str, Rule]:
        drafts: dict[str, _Draft] = {}
        current: _Draft | None = None
        last_was_example = False
        for raw in lines:
            line = raw.strip()
            if not line:
                continue
            match = (
                _RULE_LINE.fullmatch(line)
                or _HEADING_LINE.fullmatch(line)
                or _SECTION_LINE.fullmatch(line)
            )
            if match is not None:
                number, rest = match.group(1), match.group(2).strip()
                if number in drafts:  # a repeated number continues the earlier entry
                    current = drafts[number]
                    current.paragraphs.append(rest)
                else:
                    current = drafts[number] = _Draft(number, [rest])
                last_was_example = False
            elif current is None:
                continue  # stray text before the first rule
            elif line.startswith(_EXAMPLE_PREFIX):
                current.examples.append(line[len(_EXAMPLE_PREFIX) :].strip())
                last_was_example = True
            elif last_was_example:  # an example running on to another paragraph
                current.examples[-1] += "\n" + line
            else:  # an indented continuation paragraph of the rule (e.g. 205.4c, 509.1b)
                current.paragraphs.append(line)

        parents: dict[str, str | None] = {}
        for number in drafts:
            parent = _structural_parent(number)
            while parent is not None and parent not in drafts:
                parent = _structural_parent(parent)
            parents[number] = parent
            if parent is not None:
                drafts[parent].children.append(number)

        return {
            number: Rule(
                number=number,
                text="\n".join(draft.paragraphs),
                examples=tuple(draft.examples),
                parent=parents[number],
                subrule_numbers=tuple(draft.children),
            )
            for number, draft in drafts.items()
        }

    @staticmethod
    def _parse_glossary(lines: list[str]) -> list[tuple[str, str]]:
        entries: list[tuple[str, str]] = []
        block: list[str] = []
        for line in [*lines, ""]:
            if line:
                block.append(line)
            elif block:
                entries.append((block[0], "\n".join(block[1:])))
                block = []
        return entries

    # ------------------------------------------------------------------ queries
    def get_rule(self, number: str) -> Rule | None:
        """The rule with this number (any form :func:`normalize_number` accepts), or None."""
        key = normalize_number(number)
        return None if key is None else self.rules.get(key)

    def subrules(self, number: str, recursive: bool = False) -> list[Rule]:
        """The direct subrules of a rule in document order (all descendants if ``recursive``)."""
        rule = self.get_rule(number)
        if rule is None:
            return []
        found: list[Rule] = []
        for child_number in rule.subrule_numbers:
            child = self.rules[child_number]
            found.append(child)
            if recursive:
                found.extend(self.subrules(child_number, recursive=True))
        return found

    def search(self, words: str, limit: int | None = 50) -> list[Rule]:
        """Rules whose text or examples contain every word (case-insensitive).

        Each word must start a word in the rule ("ward" finds "wards", not "toward").
        Results are ordered: rules titled exactly ``words`` (e.g. "702.19. Trample"), then
        rules containing the whole phrase, then the rest; each group in document order.
        """
        terms = words.lower().split()
        if not terms:
            return []
        patterns = [re.compile(r"(?<!\w)" + re.escape(term)) for term in terms]
        phrase = re.compile(r"(?<!\w)" + r"\s+".join(re.escape(term) for term in terms))
        title = " ".join(terms)
        ranked: list[tuple[int, Rule]] = []
        for number, rule in self.rules.items():
            haystack = self._haystacks[number]
            if not all(pattern.search(haystack) for pattern in patterns):
                continue
            if rule.first_line.lower().rstrip(".") == title:
                rank = 0
            elif phrase.search(haystack):
                rank = 1
            else:
                rank = 2
            ranked.append((rank, rule))
        ranked.sort(key=lambda pair: pair[0])  # stable: document order within a rank
        results = [rule for _, rule in ranked]
        return results if limit is None else results[:limit]

    def glossary(self, term: str) -> list[tuple[str, str]]:
        """Glossary entries ``(term, definition)`` for ``term`` (case-insensitive).

        An exact match comes first (a headword such as "Control, Controller" matches
        "controller" exactly; "Bury (Obsolete)" matches "bury"), then every other entry whose
        headword contains ``term``, in glossary order.
        """
        query = _normalize_term(term)
        if not query:
            return []
        exact: list[tuple[str, str]] = []
        partial: list[tuple[str, str]] = []
        for entry, aliases in zip(self.glossary_entries, self._aliases, strict=True):
            if query in aliases:
                exact.append(entry)
            elif any(query in alias for alias in aliases):
                partial.append(entry)
        exact.sort(key=lambda entry: _normalize_term(entry[0]) != query)
        return exact + partial

    def sections(self) -> list[Rule]:
        """The top-level sections ("1. Game Concepts" ... "9. Casual Variants")."""
        return [rule for rule in self.rules.values() if rule.parent is None]

    def effective_date(self) -> datetime.date | None:
        """The date from the version line, or None if it cannot be read."""

        match = _VERSION_LINE.fullmatch(self.version)
        if match is None:
            return None
        try:
            return datetime.datetime.strptime(match.group(1), "%B %d, %Y").date()
        except ValueError:
            return None


@cache
def load() -> RulesText:
    """Read and parse the packaged Comprehensive Rules (once; later calls reuse the result)."""
    data = resources.files("mtg_engine").joinpath("data").joinpath(DATA_FILE).read_bytes()
    return RulesText.parse(gzip.decompress(data).decode("utf-8"))


def get_rule(number: str) -> Rule | None:
    """The CR rule with this number ("702.19b", "702.19b.", "rule 702.19b", "7."), or None."""
    return load().get_rule(number)


def rule_exists(number: str) -> bool:
    """Whether the CR has a rule with this number; for checking the engine's rule citations."""
    return load().get_rule(number) is not None


def subrules(number: str, recursive: bool = False) -> list[Rule]:
    """The subrules of a CR rule in order (702.19 -> 702.19a, 702.19b, ...); [] if unknown."""
    return load().subrules(number, recursive=recursive)


def search(words: str, limit: int | None = 50) -> list[Rule]:
    """CR rules containing all of ``words`` (case-insensitive), at most ``limit`` of them."""
    return load().search(words, limit=limit)


def glossary(term: str) -> list[tuple[str, str]]:
    """CR Glossary entries for ``term``: the exact entry first, then terms containing it."""
    return load().glossary(term)


def all_rules() -> Iterator[Rule]:
    """Every CR rule, section and heading in document order."""
    return iter(load().rules.values())


def sections() -> list[Rule]:
    """The CR's top-level sections, "1. Game Concepts" to "9. Casual Variants"."""
    return load().sections()


def version() -> str:
    """The CR's effective-date line, e.g. "These rules are effective as of January 16, 2026."."""
    return load().version


def effective_date() -> datetime.date | None:
    """The CR's effective date (parsed from :func:`version`)."""
    return load().effective_date()
