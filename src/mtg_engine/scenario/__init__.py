"""Rules scenarios: a game set up at a chosen moment, a script of decisions, expectations.

The file format and the ``mtg scenario run`` command are specified in
``scenario-format.md`` (a public interface). Modules: :mod:`.schema` (YAML →
validated :mod:`.model` records, precise error paths), :mod:`.builder` (the
board), :mod:`.runner` (the decision loop), :mod:`.answers` and
:mod:`.defaults` (scripted and default answers), :mod:`.expect`
(expectations), :mod:`.report` (files, output, exit status).
"""

from __future__ import annotations

from pathlib import Path

from .model import Scenario, ScenarioError
from .report import run_paths
from .result import Failure, Result
from .runner import run_scenario as _run

__all__ = ["Failure", "Result", "Scenario", "ScenarioError", "run_file", "run_scenario"]


def run_scenario(scenario: Scenario) -> Result:
    """Run one validated scenario (see :func:`mtg_engine.scenario.runner.run_scenario`)."""

    return _run(scenario)


def run_file(path: str) -> list[Result]:
    """Run every scenario of one file; invalid scenarios give results with ``error`` set."""

    return list(run_paths([Path(path)]))
