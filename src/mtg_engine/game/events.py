"""Game events: every change the engine makes is logged with the rules that caused it.

An :class:`Event` has a ``kind`` (a short machine name such as
``"zone_change"``), the rule numbers that made it happen, a readable text,
and a small data mapping. The log is a list of events; ``str(event)`` is the
readable line ``"Grizzly Bears is destroyed: lethal damage [704.5g]"``.
"""

from __future__ import annotations

from typing import Any


class Event:
    """One logged game event (immutable once created)."""

    __slots__ = ("kind", "rules", "text", "data", "turn")

    def __init__(
        self,
        kind: str,
        rules: tuple[str, ...],
        text: str,
        data: dict[str, Any] | None = None,
        turn: int = 0,
    ) -> None:
        self.kind = kind
        self.rules = rules
        self.text = text
        self.data = data if data is not None else {}
        self.turn = turn

    def __str__(self) -> str:
        if self.rules:
            return f"{self.text} [{', '.join(self.rules)}]"
        return self.text

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.rules!r}, {self.text!r})"

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Event)
            and self.kind == other.kind
            and self.rules == other.rules
            and self.text == other.text
            and self.data == other.data
            and self.turn == other.turn
        )

    def __hash__(self) -> int:
        return hash((self.kind, self.rules, self.text))

    def to_json(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "rules": list(self.rules),
            "text": self.text,
            "data": self.data,
            "turn": self.turn,
        }

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Event:
        return cls(d["kind"], tuple(d["rules"]), d["text"], d.get("data") or {}, d.get("turn", 0))
