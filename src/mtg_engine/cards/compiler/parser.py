"""Building the Oracle-text parser: the grammar file plus generated word classes.

``oracle.lark`` holds the grammar; this module appends the word-class rules
(card types, subtypes, keyword names: CR 205, 702) generated from
:mod:`.tables`, and builds one LALR(1) parser with the word lexer of
:mod:`.lexer`. The parser is built once per process (and cached on disk by
lark between processes).
"""

from __future__ import annotations

import functools
from importlib import resources

from lark import Lark

from .lexer import _CLASSES, OracleLexer
from .tables import KEYWORDS


def _lit(words: str) -> str:
    # A word the lexer classifies (a card type or subtype: "battle cry", "choose a
    # background") is matched by its class terminal; the transformer reads its text.
    return " ".join(_CLASSES.get(w, f'"{w}"') for w in words.split())


def _alts(name: str, phrases: list[str]) -> str:
    uniq = list(dict.fromkeys(phrases))
    body = "\n    | ".join(_lit(p) for p in uniq)
    return f"!{name}: {body}\n"


def _word_classes() -> str:
    by_params: dict[str, list[str]] = {"": [], "n": [], "cost": [], "n_cost": [], "act": []}
    for kw in KEYWORDS:
        # An activated keyword with "N—[cost]" (Reinforce, CR 702.77a), just "N"
        # (Crew N, CR 702.122a) or nothing (Station, 702.184a) keeps its shape.
        key = "act" if kw.activated and kw.params not in ("n_cost", "n", "") else kw.params
        by_params[key].append(kw.name.lower())
    return "".join(
        [
            _alts("kw_simple", by_params[""]),
            _alts("kw_n_name", by_params["n"]),
            _alts("kw_cost_name", by_params["cost"]),
            _alts("kw_act_name", by_params["act"]),
            _alts("kw_n_cost_name", by_params["n_cost"]),
        ]
    )


def grammar_text() -> str:
    """The full grammar: ``oracle.lark`` plus the generated word classes."""
    base = resources.files(__package__).joinpath("oracle.lark").read_text(encoding="utf-8")
    return base + "\n" + _word_classes()


@functools.cache
def get_parser() -> Lark:
    """The LALR(1) Oracle parser, built once per process."""
    return Lark(
        grammar_text(),
        parser="lalr",
        lexer=OracleLexer,
        start="start",
        maybe_placeholders=False,
        cache=True,
    )
