"""The engine's control flow as data: a stack of small resumable tasks.

Everything the engine is in the middle of doing — the turn, a priority
round, casting a spell, resolving one (architecture §2: "the remaining steps
of whatever is resolving") — is a :class:`Task` on ``game.tasks``. A task
handler runs one step; it may push further tasks (which run first), set
``game.pending`` to a decision and return (the answer arrives later in
``task.answer``), or finish. Because tasks hold only plain data, a game can
be cloned or serialized at any decision, even in the middle of a spell.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from .native import mypyc_attr

if TYPE_CHECKING:
    from .state import Game


@mypyc_attr(allow_interpreted_subclasses=True)
class Task:
    """One unit of pending engine work: a ``kind`` (handler name), a ``stage``, and data."""

    __slots__ = ("kind", "stage", "data", "answer")

    def __init__(self, kind: str, data: dict[str, Any] | None = None, stage: int = 0) -> None:
        self.kind = kind
        self.stage = stage
        self.data: dict[str, Any] = data if data is not None else {}
        self.answer: Any = None

    def copy(self) -> Task:
        t = Task.__new__(Task)
        t.kind = self.kind
        t.stage = self.stage
        t.data = {k: _copy_value(v) for k, v in self.data.items()}
        t.answer = self.answer
        return t

    def __repr__(self) -> str:
        return f"Task({self.kind!r}, stage={self.stage}, data={self.data!r})"


def _copy_value(v: Any) -> Any:
    if type(v) is list:
        return [_copy_value(x) for x in v]
    if type(v) is dict:
        return {k: _copy_value(x) for k, x in v.items()}
    return v


TaskHandler = Callable[["Game", Task], None]

#: kind -> handler; filled by the rules modules at import (see ``mtg_engine.rules``).
TASK_HANDLERS: Final[dict[str, TaskHandler]] = {}


def task_handler(kind: str) -> Callable[[TaskHandler], TaskHandler]:
    """Register the handler for tasks of this kind."""

    def register(fn: TaskHandler) -> TaskHandler:
        TASK_HANDLERS[kind] = fn
        return fn

    return register
