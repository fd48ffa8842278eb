"""Every scenario under ``tests/scenarios/`` must PASS (one test per scenario).

Files listed in a ``PENDING.md`` of those folders are skipped: they pin
rules the engine doesn't implement yet. A ``PENDING.md`` lists them as
lines ``- relative/path.yaml — capability`` (paths relative to the
``PENDING.md``'s folder, or to ``tests/scenarios/``).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from mtg_engine.scenario.model import Scenario, ScenarioError
from mtg_engine.scenario.runner import run_scenario
from mtg_engine.scenario.schema import load_file

SCENARIO_ROOT = Path(__file__).parent / "scenarios"
_PENDING_LINE = re.compile(r"^\s*[-*+]\s+`?([^`\s]+\.ya?ml)`?")


def pending_files(root: Path = SCENARIO_ROOT) -> set[Path]:
    """The scenario files that some ``PENDING.md`` under ``root`` lists."""
    out: set[Path] = set()
    for md in root.rglob("PENDING.md"):
        for line in md.read_text(encoding="utf-8").splitlines():
            m = _PENDING_LINE.match(line)
            if m:
                rel = m.group(1)
                out.add((md.parent / rel).resolve())
                out.add((root / rel).resolve())
    return out


def _params() -> list:
    params = []
    pending = pending_files()
    files = sorted(p for p in SCENARIO_ROOT.rglob("*") if p.suffix in (".yaml", ".yml"))
    for path in files:
        if path.resolve() in pending:
            continue
        rel = path.relative_to(SCENARIO_ROOT).as_posix()
        scenarios, invalid = load_file(path, str(path.relative_to(SCENARIO_ROOT.parent.parent)))
        for bad in invalid:
            params.append(pytest.param(bad.errors, id=f"{rel}::invalid"))
        for sc in scenarios:
            params.append(pytest.param(sc, id=f"{rel}::{sc.path or 'scenario'}::{sc.name}"))
    return params


@pytest.mark.parametrize("scenario", _params())
def test_scenario_passes(scenario: Scenario | list[ScenarioError]) -> None:
    if isinstance(scenario, list):
        pytest.fail("not a valid scenario:\n" + "\n".join(str(e) for e in scenario))
    result = run_scenario(scenario)
    assert result.passed, "\n".join([result.summary, *(f.message for f in result.failures[1:])])


def test_pending_lists_are_read(tmp_path: Path) -> None:
    (tmp_path / "area").mkdir()
    (tmp_path / "area" / "PENDING.md").write_text(
        "# Pending\n\n- a.yaml — banding\n* `sub/b.yml` — copies\nnot a list line.yaml\n",
        encoding="utf-8",
    )
    found = pending_files(tmp_path)
    assert (tmp_path / "area" / "a.yaml").resolve() in found
    assert (tmp_path / "area" / "sub" / "b.yml").resolve() in found
    assert not any(p.name == "line.yaml" for p in found)
