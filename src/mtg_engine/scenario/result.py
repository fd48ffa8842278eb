"""What running a scenario produces: failures and the per-scenario result."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .model import ScenarioError
from .unsupported import Gap


@dataclass(slots=True)
class Failure:
    """One unmet expectation or run problem: ``path`` in the file, expected vs actual."""

    path: str
    expected: Any
    actual: Any
    message: str

    def to_json(self) -> dict[str, Any]:
        return {"path": self.path, "expected": self.expected, "actual": self.actual}


@dataclass(slots=True)
class Result:
    """The outcome of one scenario (or of a file that isn't a valid scenario: ``error``)."""

    name: str
    file: str
    passed: bool
    failures: list[Failure] = field(default_factory=list)
    log: list[str] = field(default_factory=list)
    #: set when the scenario (or its file) is not valid: every problem found
    errors: list[ScenarioError] = field(default_factory=list)
    #: the scenario's card text the engine can't run yet (:class:`~.unsupported.Gap`)
    unsupported: list[Gap] = field(default_factory=list)

    @property
    def invalid(self) -> bool:
        return bool(self.errors)

    @property
    def lines(self) -> list[str]:
        """The report lines: ``PASS name`` / ``FAIL name: first failure`` / ``ERROR ...`` each."""
        if self.errors:
            return [f"ERROR {e}" for e in self.errors]
        if self.unsupported:
            gaps = "; ".join(str(g) for g in self.unsupported)
            return [self.summary, f"    unsupported card text: {gaps}"]
        return [self.summary]

    @property
    def summary(self) -> str:
        """The one-line report: ``PASS name`` / ``FAIL name: first failure`` / ``ERROR ...``."""
        if self.errors:
            return f"ERROR {self.errors[0]}"
        if self.passed:
            return f"PASS {self.name}"
        first = self.failures[0].message if self.failures else "failed"
        return f"FAIL {self.name}: {first}"

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "file": self.file,
            "passed": self.passed,
            "failures": [f.to_json() for f in self.failures],
            "log": self.log,
            "unsupported": [g.to_json() for g in self.unsupported],
        }
        if self.errors:
            out["failures"] = [
                {"path": e.path, "expected": "a valid scenario", "actual": e.message}
                for e in self.errors
            ]
            out["errors"] = [str(e) for e in self.errors]
        return out


def show(value: Any) -> str:
    """A compact rendering of an expected/actual value for the one-line report."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "nothing"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(show(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {show(v)}" for k, v in value.items()) + "}"
    if isinstance(value, str) and value == "":
        return '""'
    return str(value)


def mismatch(path: str, expected: Any, actual: Any) -> Failure:
    """The failure for an expectation: ``expect.life.B: expected 13, got 20``."""
    return Failure(path, expected, actual, f"{path}: expected {show(expected)}, got {show(actual)}")
