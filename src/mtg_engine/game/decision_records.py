"""The records every decision is made of: :class:`Decision` (what the engine waits
for) and :class:`DecisionId` (its identity), re-exported by
:mod:`mtg_engine.game.actions` (architecture §1).

A module of their own so that the compiled build (``build_support/mypyc_modules.py``)
compiles them: the engine builds a ``Decision`` and its ``DecisionId`` at every
decision (CR 117.3: each time a player receives priority, and every choice), and in
the interpreted ``game/actions.py`` each was an interpreted ``__init__`` called from
compiled code (issue 12; ``benchmarks/mypyc.md``, session 29). Their ``__init__`` is
written out, not made by ``@dataclass`` (mypyc compiles a method written in the
class; the dataclass-made one would run interpreted): ``tests/test_compiled_inits.py``
checks that it sets every field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .decision_kinds import DecisionKind, DecisionPurpose


@dataclass(slots=True, init=False, unsafe_hash=True)
class DecisionId:
    """The identity of one decision: the game's unique ``game`` token and the
    decision's sequence number ``seq`` (how many decisions the game had answered
    when it asked). A clone or a saved-and-loaded copy of a game is the same game
    (same token); any other game has another token. Never changed once made (it is
    hashed and compared by value)."""

    game: str
    seq: int

    def __init__(self, game: str, seq: int) -> None:
        self.game = game
        self.seq = seq


@dataclass(slots=True, init=False)
class Decision:
    """What the engine waits for: ``player`` must answer a ``kind`` decision.

    ``rule`` is the rule that asks. ``data`` holds the constraints of
    set-valued answers: ``candidates`` (object/player refs that may be
    chosen), ``min``/``max`` counts, and per-kind details (attackers: each
    candidate's legal defenders; blockers: each candidate's blockable
    attackers; assign_damage: the attacker, its power and recipients).
    Enumerable options come from ``Game.legal_actions()``, each carrying this
    decision's ``id`` (set by the game when it asks).
    """

    kind: DecisionKind
    player: int
    rule: str
    prompt: str
    data: dict[str, Any] = field(default_factory=dict)
    id: DecisionId | None = None

    def __init__(
        self,
        kind: DecisionKind,
        player: int,
        rule: str,
        prompt: str,
        data: dict[str, Any] | None = None,
        id: DecisionId | None = None,  # noqa: A002 - the field's name
    ) -> None:
        self.kind = kind
        self.player = player
        self.rule = rule
        self.prompt = prompt
        self.data = {} if data is None else data
        self.id = id

    @property
    def purpose(self) -> DecisionPurpose | None:
        """Why the decision is asked (:class:`DecisionPurpose`), when the kind alone doesn't say."""
        p: DecisionPurpose | None = self.data.get("purpose")
        return p

    def to_json(self) -> dict[str, Any]:
        """A plain, JSON-friendly view (for agents and the CLI; the saved game uses
        :mod:`mtg_engine.game.serialize`, which keeps every type)."""
        return {
            "kind": self.kind,
            "player": self.player,
            "rule": self.rule,
            "prompt": self.prompt,
            "data": _jsonable(self.data),
            "id": None if self.id is None else {"game": self.id.game, "seq": self.id.seq},
        }


def _jsonable(v: Any) -> Any:
    if isinstance(v, StrEnum):
        return str(v)
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, list | tuple):
        return [_jsonable(x) for x in v]
    return v
