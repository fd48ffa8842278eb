"""Issue 12, one-way layers: every module imports at its top. An import inside a
function is allowed only to load a heavy optional part lazily (the Oracle
compiler and its Lark parser, a CLI subcommand's own modules, an optional extra
such as ``[web]`` or ``[rl]``), with a comment saying so ("lazy: ..." naming the
part) on the line above it or at the end of its line; a run of imports right
after one another shares that comment. The rules and the game state have none
at all: an import cycle is broken by moving the shared definition to a lower
module or through a hook in ``game/hooks.py``, never hidden in a function."""

from __future__ import annotations

import ast
from pathlib import Path

import mtg_engine

PACKAGE = Path(mtg_engine.__file__).parent
#: the word every such comment starts its reason with
LAZY = "lazy"
#: the heavy optional parts an in-function import may load (one must be named)
PARTS = ("compiler", "subcommand", "[web]", "[rl]")
#: packages with no in-function import at all
NONE_IN = ("rules", "game")


def _comment(lines: list[str], node: ast.stmt) -> str:
    """The comment at the end of the statement's lines and the comment lines above it."""
    own = " ".join(
        line.split("#", 1)[1] for line in lines[node.lineno - 1 : node.end_lineno] if "#" in line
    )
    above: list[str] = []
    i = node.lineno - 2
    while i >= 0 and lines[i].strip().startswith("#"):
        above.append(lines[i].strip().lstrip("#"))
        i -= 1
    return " ".join([*reversed(above), own]).strip()


def in_function_imports(source: str) -> list[tuple[int, str]]:
    """``(line, comment)`` for each import inside a function; the imports of a run
    (import statements one after another) have the comment of the whole run."""
    lines = source.splitlines()
    found: dict[int, str] = {}
    for fn in ast.walk(ast.parse(source)):
        if not isinstance(fn, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(fn):
            for field in ("body", "orelse", "finalbody", "handlers"):
                block = getattr(node, field, None)
                if not isinstance(block, list):
                    continue
                run: list[ast.stmt] = []
                for stmt in [*block, None]:
                    if isinstance(stmt, ast.Import | ast.ImportFrom):
                        run.append(stmt)
                        continue
                    if run:
                        said = " ".join(_comment(lines, s) for s in run).strip()
                        for s in run:
                            found[s.lineno] = said
                        run = []
    return sorted(found.items())


def allowed(comment: str) -> bool:
    """Whether the comment gives an allowed reason: lazy loading of a heavy optional part."""
    text = comment.lower()
    return LAZY in text and any(part in text for part in PARTS)


def _all() -> dict[str, list[tuple[int, str]]]:
    return {
        str(p.relative_to(PACKAGE)): in_function_imports(p.read_text(encoding="utf-8"))
        for p in sorted(PACKAGE.rglob("*.py"))
    }


def test_the_scanner_sees_imports_runs_and_their_comments() -> None:
    src = (
        "import os\n"
        "def f():\n"
        "    # lazy: the Oracle compiler (Lark) is heavy\n"
        "    from . import compiler\n"
        "\n"
        "    from . import tables\n"
        "    x = 1\n"
        "    import json\n"
        "    def g():\n"
        "        if x:\n"
        "            from . import y  # lazy: loaded only when this subcommand runs\n"
        "    return compiler, tables, json, g\n"
    )
    assert in_function_imports(src) == [
        (4, "lazy: the Oracle compiler (Lark) is heavy"),
        (6, "lazy: the Oracle compiler (Lark) is heavy"),
        (8, ""),
        (11, "lazy: loaded only when this subcommand runs"),
    ]


def test_only_lazy_loading_of_a_named_heavy_part_is_a_reason() -> None:
    assert allowed("lazy: the Oracle compiler (Lark) is heavy")
    assert allowed("lazy: the [web] extra is optional, imported only when this subcommand runs")
    assert not allowed("import cycle: rules.copy imports this module")
    assert not allowed("lazy: keeps start-up imports small")
    assert not allowed("the compiler's table")
    assert not allowed("")


def test_no_in_function_import_in_the_rules_or_the_game_state() -> None:
    found = [
        f"{f}:{line} ({comment or 'no comment'})"
        for f, hits in _all().items()
        if f.split("/", 1)[0] in NONE_IN
        for line, comment in hits
    ]
    assert found == [], "import at the module's top: break the cycle (issue 12)"


def test_every_in_function_import_lazily_loads_a_heavy_optional_part() -> None:
    bare = [
        f"{f}:{line} ({comment or 'no comment'})"
        for f, hits in _all().items()
        for line, comment in hits
        if not allowed(comment)
    ]
    assert bare == [], (
        'import at the module\'s top, or say "lazy: <the heavy part>" (one of '
        f"{', '.join(PARTS)}) on the line above (issue 12)"
    )
