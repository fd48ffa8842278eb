"""Issue 12, one-way layers: a module of ``rules/`` imports at its top. An import
inside a function is allowed only with a comment saying why (an import cycle
not yet removed, or lazy loading of a heavy optional part), on the line above
it or at the end of its line; and their number only goes down."""

from __future__ import annotations

import ast
from pathlib import Path

import mtg_engine.rules

RULES = Path(mtg_engine.rules.__file__).parent
#: what a comment must say for an in-function import to be allowed
REASONS = ("import cycle", "lazy", "imported here")
#: in-function imports under rules/ today (all "import cycle"); lower it as they go
MOST = 20


def in_function_imports(source: str) -> list[tuple[int, bool]]:
    """``(line, has a reason comment)`` for each import inside a function."""
    lines = source.splitlines()
    found: dict[int, bool] = {}
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            if isinstance(node, ast.Import | ast.ImportFrom):
                own = lines[node.lineno - 1]
                above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
                comment = (own.split("#", 1)[1] if "#" in own else "") + (
                    above if above.startswith("#") else ""
                )
                found[node.lineno] = any(r in comment.lower() for r in REASONS)
    return sorted(found.items())


def _all() -> dict[str, list[tuple[int, bool]]]:
    return {
        str(p.relative_to(RULES)): in_function_imports(p.read_text(encoding="utf-8"))
        for p in sorted(RULES.rglob("*.py"))
    }


def test_the_scanner_sees_commented_and_uncommented_imports() -> None:
    src = (
        "import os\n"
        "def f():\n"
        "    # import cycle: rules.x imports this module\n"
        "    from . import x\n"
        "    import json\n"
        "    def g():\n"
        "        from . import y  # lazy: the compiler is heavy\n"
        "    return x, json, g\n"
    )
    assert in_function_imports(src) == [(4, True), (5, False), (7, True)]


def test_every_in_function_import_in_rules_says_why() -> None:
    bare = [f"rules/{f}:{line}" for f, hits in _all().items() for line, ok in hits if not ok]
    assert bare == [], "import at the module's top, or say why it can't be (issue 12)"


def test_in_function_imports_in_rules_only_go_down() -> None:
    count = sum(len(hits) for hits in _all().values())
    assert count <= MOST, f"{count} in-function imports under rules/ (at most {MOST})"
