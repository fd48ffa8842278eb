"""Finding scenario files, running them, and printing the results.

Text output: one ``PASS name`` / ``FAIL name: ...`` / ``ERROR file: path:
...`` line per scenario, then ``N passed, M failed``. JSON Lines output
(``--json``): one object per scenario. Exit status: 0 all passed, 1 some
failed, 2 some file is not a valid scenario.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from .model import ScenarioError
from .result import Result
from .runner import TIME_LIMIT, run_scenario
from .schema import load_file

SUFFIXES = (".yaml", ".yml")


def scenario_files(paths: Iterable[Path]) -> Iterator[tuple[Path, str | None]]:
    """Each file to run (folders searched recursively), or (path, problem) for a bad path."""
    for path in paths:
        if path.is_dir():
            for f in sorted(p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()):
                yield f, None
        elif path.is_file():
            yield path, None
        else:
            yield path, "no such file or directory"


def run_paths(paths: Iterable[Path], seconds: float | None = TIME_LIMIT) -> Iterator[Result]:
    """Run every scenario of every file, in order; bad files yield error results.

    ``seconds`` limits each scenario's run time (None: no limit).
    """

    for f, problem in scenario_files(paths):
        if problem is not None:
            yield Result("", str(f), False, errors=[ScenarioError(str(f), "", problem)])
            continue
        scenarios, invalid = load_file(f, str(f))
        for bad in invalid:
            yield Result(bad.name, str(f), False, errors=bad.errors)
        for sc in scenarios:
            yield run_scenario(sc, seconds)


def report(
    results: Iterable[Result],
    out: Callable[[str], None],
    err: Callable[[str], None],
    as_json: bool = False,
    show_log: bool = False,
) -> int:
    """Print results as they come; return the exit status (0, 1 or 2)."""
    passed = failed = invalid = 0
    for r in results:
        if r.invalid:
            invalid += 1
        elif r.passed:
            passed += 1
        else:
            failed += 1
        if as_json:
            out(json.dumps(r.to_json(), default=str))
            for line in r.lines if r.invalid else ():
                err(line)
            continue
        for line in r.lines:
            out(line)
        if show_log and r.log:
            for line in r.log:
                out(f"    {line}")
    summary = f"{passed} passed, {failed + invalid} failed"
    (err if as_json else out)(summary)
    if invalid:
        return 2
    return 1 if failed else 0
