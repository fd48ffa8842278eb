"""The Oracle grammar's LALR(1) conflicts never pass unnoticed.

Lark 1.3 builds the LALR table as follows (``lark/parsers/lalr_analysis.py``):

* a reduce/reduce conflict is a ``GrammarError`` unless the rules have different
  priorities, when the higher one silently wins. The grammar declares no rule
  priorities, so every reduce/reduce conflict stops the build: kept so by
  :func:`test_no_rule_priorities`.
* a shift/reduce conflict is silently resolved as a shift (``strict=True`` would
  refuse them all, but the grammar relies on hundreds of them: a modifier after a
  verb phrase binds to the nearest phrase). A new one can quietly stop sentences
  that used to parse (a static "you may ..." sentence once broke every "you may"
  ability), so :func:`test_shift_reduce_conflicts_are_known` compares them with
  the reviewed list in ``data/grammar-shift-reduce.txt``.

After reviewing a change to the conflicts, rewrite the list with
``python tests/cards/test_grammar_conflicts.py --update``.
"""

from __future__ import annotations

import functools
import logging
import re
import sys
from pathlib import Path

from lark import Lark
from lark import logger as lark_logger

from mtg_engine.cards.compiler.parser import OracleLexer, grammar_text

KNOWN = Path(__file__).parent / "data" / "grammar-shift-reduce.txt"

#: Lark's generated names carry a counter that changes as rules are added:
#: "__posts_plus_28", "__ANON_12"
_GENERATED_RULE = re.compile(r"\b(__\w+?_(?:star|plus|opt))_\d+\b")
_ANON_TERMINAL = re.compile(r"\b__ANON_\d+\b")


@functools.cache
def _build() -> tuple[Lark, list[str]]:
    """A fresh LALR build of the grammar (no cache) and Lark's log of it (made once:
    it takes seconds)."""
    messages: list[str] = []

    class Keep(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            messages.append(record.getMessage())

    level, handlers = lark_logger.level, lark_logger.handlers[:]
    lark_logger.handlers = [Keep(logging.DEBUG)]  # kept, not printed
    lark_logger.setLevel(logging.DEBUG)
    try:
        parser = Lark(
            grammar_text(),
            parser="lalr",
            lexer=OracleLexer,
            start="start",
            maybe_placeholders=False,
        )
    finally:
        lark_logger.handlers = handlers
        lark_logger.setLevel(level)
    return parser, messages


def shift_reduce_conflicts() -> list[str]:
    """Each shift/reduce conflict as "terminal | rule reduced", generated names
    written stably (an anonymous terminal as its text)."""
    parser, messages = _build()
    anon = {t.name: repr(t.pattern.value) for t in parser.terminals}

    def stable(text: str) -> str:
        text = _GENERATED_RULE.sub(r"\1", text)
        return _ANON_TERMINAL.sub(lambda m: anon.get(m.group(0), m.group(0)), text)

    out = set()
    for i, msg in enumerate(messages):
        found = re.match(r"Shift/Reduce conflict for terminal (\S+):", msg)
        if found and i + 1 < len(messages):
            out.add(stable(f"{found.group(1)} | {messages[i + 1].strip().lstrip('* ')}"))
    return sorted(out)


def test_no_rule_priorities() -> None:
    """With no rule priorities, Lark refuses every reduce/reduce conflict: a priority
    would let the higher rule win silently."""
    parser, _ = _build()
    prioritized = [str(r) for r in parser.rules if r.options.priority]
    assert prioritized == []


def test_shift_reduce_conflicts_are_known() -> None:
    known = set(KNOWN.read_text(encoding="utf-8").splitlines())
    now = set(shift_reduce_conflicts())
    new = sorted(now - known)
    gone = sorted(known - now)
    assert not new and not gone, (
        "the grammar's shift/reduce conflicts changed (Lark resolves each as a shift, "
        "silently); check that sentences still parse, then run "
        "`python tests/cards/test_grammar_conflicts.py --update`.\n"
        + "".join(f"new:  {c}\n" for c in new[:40])
        + "".join(f"gone: {c}\n" for c in gone[:40])
    )


if __name__ == "__main__":
    if sys.argv[1:] == ["--update"]:
        KNOWN.write_text("\n".join(shift_reduce_conflicts()) + "\n", encoding="utf-8")
        print(f"wrote {KNOWN}")
