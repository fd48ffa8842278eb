"""Small typed value checks that record precise errors (file, key path, line).

A :class:`Checker` collects every problem of one scenario instead of
stopping at the first, so one run of ``mtg scenario run`` shows all of them.
Each check returns the converted value, or ``None`` after recording an error.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from .model import ScenarioError
from .yamlload import YList, YMap, line_of

_TYPE_NAMES = {
    bool: "a boolean",
    int: "an integer",
    float: "a number",
    str: "a string",
    type(None): "nothing",
}


def describe_value(v: Any) -> str:
    """How a YAML value is described in messages ("got a list")."""
    if isinstance(v, dict):
        return "a mapping"
    if isinstance(v, list):
        return "a list"
    return f"{_TYPE_NAMES.get(type(v), type(v).__name__)} ({v!r})"


def what(v: Any) -> str:
    """A value as quoted in messages: ``'main'`` for strings, else its description."""
    return repr(v) if isinstance(v, str) else describe_value(v)


def join(path: str, key: Any) -> str:
    """``players.B`` + ``battlefield`` → ``players.B.battlefield``; ints become ``[i]``."""
    if isinstance(key, int) and not isinstance(key, bool):
        return f"{path}[{key}]"
    return f"{path}.{key}" if path else str(key)


class Checker:
    """Records errors for one scenario of one file."""

    def __init__(self, file: str, prefix: str = "") -> None:
        self.file = file
        self.prefix = prefix
        self.errors: list[ScenarioError] = []

    def path(self, path: str) -> str:
        """The full key path, with the ``scenarios[i]`` prefix of a multi-scenario file."""
        if not self.prefix:
            return path
        return f"{self.prefix}.{path}" if path else self.prefix

    def error(self, path: str, message: str, line: int | None = None) -> None:
        self.errors.append(ScenarioError(self.file, self.path(path), message, line))

    # -- containers -----------------------------------------------------------

    def mapping(self, v: Any, path: str, line: int | None, what: str = "a mapping") -> YMap | None:
        if v is None:
            out = YMap()
            out.line = line or 0
            return out
        if not isinstance(v, dict):
            self.error(path, f"expected {what}, got {describe_value(v)}", line)
            return None
        return v if isinstance(v, YMap) else _as_ymap(v)

    def sequence(
        self, v: Any, path: str, line: int | None, what: str = "a list", wrap_scalar: bool = False
    ) -> YList | None:
        if v is None:
            out = YList()
            out.line = line or 0
            return out
        if wrap_scalar and isinstance(v, str | int) and not isinstance(v, bool):
            out = YList()
            out.append(v)
            out.lines.append(line or 0)
            out.line = line or 0
            return out
        if not isinstance(v, list):
            self.error(path, f"expected {what}, got {describe_value(v)}", line)
            return None
        return v if isinstance(v, YList) else _as_ylist(v)

    def keys(self, m: YMap, allowed: Iterable[str], path: str) -> None:
        """Record every key of ``m`` that isn't allowed (unknown keys are file errors)."""
        allowed = list(allowed)
        for k in m:
            if k not in allowed:
                self.error(
                    join(path, k),
                    f"unknown key {k!r} (expected one of: {', '.join(allowed)})",
                    line_of(m, k),
                )

    # -- scalars --------------------------------------------------------------

    def integer(
        self, v: Any, path: str, line: int | None, minimum: int | None = None
    ) -> int | None:
        if isinstance(v, bool) or not isinstance(v, int):
            self.error(path, f"expected an integer, got {describe_value(v)}", line)
            return None
        if minimum is not None and v < minimum:
            self.error(path, f"expected an integer of at least {minimum}, got {v}", line)
            return None
        return v

    def boolean(self, v: Any, path: str, line: int | None) -> bool | None:
        if not isinstance(v, bool):
            self.error(path, f"expected true or false, got {describe_value(v)}", line)
            return None
        return v

    def string(self, v: Any, path: str, line: int | None, allow_empty: bool = False) -> str | None:
        if not isinstance(v, str):
            self.error(path, f"expected a string, got {describe_value(v)}", line)
            return None
        if not allow_empty and not v.strip():
            self.error(path, "expected a non-empty string", line)
            return None
        return v

    def choice(
        self, v: Any, options: Iterable[str], path: str, line: int | None, what: str
    ) -> str | None:
        options = list(options)
        if not isinstance(v, str) or v not in options:
            self.error(
                path,
                f"{_what(v)} is not a {what} (expected one of: {', '.join(options)})",
                line,
            )
            return None
        return v

    def strings(
        self, v: Any, path: str, line: int | None, wrap_scalar: bool = True
    ) -> list[str] | None:
        """A list of strings (a single string counts as a list of one when allowed)."""
        seq = self.sequence(v, path, line, "a list of strings", wrap_scalar=wrap_scalar)
        if seq is None:
            return None
        out: list[str] = []
        ok = True
        for i, item in enumerate(seq):
            if isinstance(item, str) and item.strip():
                out.append(item)
            else:
                self.error(
                    join(path, i),
                    f"expected a non-empty string, got {describe_value(item)}",
                    line_of(seq, i),
                )
                ok = False
        return out if ok else None


_what = what


def _as_ymap(v: dict) -> YMap:
    out = YMap()
    out.update(v)
    return out


def _as_ylist(v: list) -> YList:
    out = YList()
    out.extend(v)
    return out
