"""Reading scenario YAML with line numbers and duplicate-key detection.

PyYAML's safe loader forgets where values came from and silently keeps the
last of two equal keys. This loader builds :class:`YMap` and :class:`YList`
(plain ``dict``/``list`` subclasses) that remember the line of each key and
item, so a validation message can say "line 14", and it rejects duplicate
keys, which would otherwise hide a mistake in a scenario.
"""

from __future__ import annotations

from typing import Any

import yaml


class YamlError(Exception):
    """The text is not valid YAML (or has a duplicate key); ``line`` is 1-based."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.line = line


class YMap(dict):
    """A YAML mapping that remembers its own line and the line of each key."""

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.lines: dict[Any, int] = {}


class YList(list):
    """A YAML sequence that remembers its own line and the line of each item."""

    line: int = 0

    def __init__(self) -> None:
        super().__init__()
        self.lines: list[int] = []


class _Loader(yaml.SafeLoader):
    """SafeLoader producing :class:`YMap`/:class:`YList`."""


def _construct_mapping(loader: _Loader, node: yaml.MappingNode) -> YMap:
    loader.flatten_mapping(node)
    out = YMap()
    out.line = node.start_mark.line + 1
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        line = key_node.start_mark.line + 1
        try:
            hash(key)
        except TypeError:
            raise YamlError("a mapping key must be a plain value", line) from None
        if key in out:
            raise YamlError(f"duplicate key {key!r}", line)
        out[key] = loader.construct_object(value_node, deep=True)
        out.lines[key] = line
    return out


def _construct_sequence(loader: _Loader, node: yaml.SequenceNode) -> YList:
    out = YList()
    out.line = node.start_mark.line + 1
    for item in node.value:
        out.append(loader.construct_object(item, deep=True))
        out.lines.append(item.start_mark.line + 1)
    return out


_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)
_Loader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_SEQUENCE_TAG, _construct_sequence)


def load_yaml(text: str) -> Any:
    """Parse one YAML document; raises :class:`YamlError` with the line of the problem."""
    try:
        return yaml.load(text, Loader=_Loader)  # noqa: S506 - a SafeLoader subclass
    except YamlError:
        raise
    except yaml.MarkedYAMLError as e:
        mark = e.problem_mark or e.context_mark
        line = mark.line + 1 if mark is not None else None
        what = " ".join(str(p) for p in (e.context, e.problem) if p)
        raise YamlError(f"invalid YAML: {what}", line) from None
    except yaml.YAMLError as e:
        raise YamlError(f"invalid YAML: {e}") from None


def line_of(container: Any, key: Any) -> int | None:
    """The line of ``container[key]`` when known (a key of a YMap, an index of a YList)."""
    if isinstance(container, YMap):
        return container.lines.get(key, container.line or None)
    if isinstance(container, YList):
        if isinstance(key, int) and 0 <= key < len(container.lines):
            return container.lines[key]
        return container.line or None
    return None
