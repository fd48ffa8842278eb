"""Intermediate values of the transformer, resolved before abilities are built.

The grammar is context-free, but "it", "that player" and "target" indices
depend on the rest of the ability. The transformer leaves placeholders
(:class:`Tgt`, :class:`It`, :class:`ThatPlayer`, :data:`SUBJ`) inside effect
arguments; :func:`finalize` replaces them in text order (CR 115.1: targets
are numbered in the order the text names them).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..abilities import (
    Ability,
    Amount,
    Condition,
    ControllerOfRef,
    ControllerRef,
    Effect,
    Filter,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    StaticEffect,
    TargetRef,
    TargetSpec,
    Trigger,
    TriggerRef,
)


class Tgt:
    """A "target ..." phrase; becomes a TargetRef with the next index."""

    __slots__ = ("spec",)

    def __init__(self, spec: TargetSpec) -> None:
        self.spec = spec

    def __repr__(self) -> str:
        return f"Tgt({self.spec!r})"


class It:
    """ "It", "them", "that creature": resolved from context."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "It()"


class ThatPlayer:
    """ "That player", "he or she": resolved from context."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "ThatPlayer()"


class _Subject:
    __slots__ = ()

    def __repr__(self) -> str:
        return "SUBJ"


#: The subject of a clause, filled in when the clause is reduced.
SUBJ = _Subject()


@dataclass(frozen=True, slots=True)
class Some:
    """A non-targeted choice: "a creature", "two cards" (chosen on resolution)."""

    filter: Filter
    count: Any = 1
    up_to: bool = False


@dataclass(slots=True)
class Body:
    """The instructions of an ability: effects, or modes, plus side sentences."""

    effects: list[Effect] = field(default_factory=list)
    modes: list[tuple[str, list[Effect]]] = field(default_factory=list)
    choose: tuple[int, int] = (1, 1)
    statics: list[StaticEffect] = field(default_factory=list)
    restrictions: list[tuple[str, Any]] = field(default_factory=list)
    timing: str | None = None
    limit_per_turn: int | None = None
    condition: Condition | None = None


# ---------------------------------------------------------------------------
# Walking nested values
# ---------------------------------------------------------------------------

_LEAVES = (str, int, float, bool, type(None), Filter, Ability, TargetRef, SelfRef, ControllerRef)


def walk(value: Any, fn: Callable[[Any], Any]) -> Any:
    """Rebuild ``value`` with ``fn`` applied to every placeholder-like leaf.

    ``fn`` returns a replacement or ``None`` to keep descending.
    """
    rep = fn(value)
    if rep is not None:
        return rep
    if isinstance(value, _LEAVES):
        return value
    if isinstance(value, Effect):
        args = {k: walk(v, fn) for k, v in value.args.items()}
        cond = walk(value.condition, fn) if value.condition else None
        return Effect(value.op, args, value.optional, cond)
    if isinstance(value, dict):
        return {k: walk(v, fn) for k, v in value.items()}
    if isinstance(value, tuple):
        return tuple(walk(v, fn) for v in value)
    if isinstance(value, list):
        return [walk(v, fn) for v in value]
    if isinstance(value, (ControllerOfRef, OwnerOfRef)):
        return type(value)(walk(value.of, fn))
    if isinstance(value, Amount):
        return dataclasses.replace(value, ref=walk(value.ref, fn)) if value.ref else value
    if isinstance(value, Condition):
        return Condition(value.kind, {k: walk(v, fn) for k, v in value.args.items()})
    if isinstance(value, Some):
        return value
    return value


def substitute_subject(effects: list[Effect], subject: Any) -> list[Effect]:
    """Put the clause's subject where its verb phrase left :data:`SUBJ`."""

    def fn(v: Any) -> Any:
        return subject if v is SUBJ else None

    return [walk(e, fn) for e in effects]


_PRODUCERS = frozenset(
    {
        "create_token",
        "search_library",
        "exile_top",
        "reveal_top",
        "look_at_top",
        "copy_spell",
        "copy_permanent",
        "reveal_until",
        "exile_until",
    }
)


def fold_search(effects: list[Effect]) -> list[Effect]:
    """Fold "search ..., reveal it, put it into your hand, then shuffle" into one op.

    CR 701.23: the search instruction names where the found card goes; the
    following "it" instructions and the shuffle belong to it.
    """
    out: list[Effect] = []
    i = 0
    while i < len(effects):
        eff = effects[i]
        i += 1
        if eff.op != "search_library":
            out.append(eff)
            continue
        args = dict(eff.args)
        while i < len(effects):
            nxt = effects[i]
            what = nxt.args.get("what")
            if nxt.op == "reveal" and isinstance(what, It):
                args["reveal"] = True
            elif nxt.op in ("return_to_battlefield", "put_onto_battlefield") and isinstance(
                what, It
            ):
                args["to"] = "battlefield"
                args["tapped"] = bool(nxt.args.get("tapped"))
            elif nxt.op == "return_to_hand" and isinstance(what, It):
                args["to"] = "hand"
            elif nxt.op == "put_on_library" and isinstance(what, It):
                args["to"] = "top" if nxt.args.get("position") == "top" else "bottom"
            elif nxt.op == "put_into_graveyard" and isinstance(what, It):
                args["to"] = "graveyard"
            elif nxt.op == "shuffle":
                pass
            else:
                break
            i += 1
        out.append(Effect(eff.op, args, eff.optional, eff.condition))
    return out


def finalize(
    effects: list[Effect],
    trigger: Trigger | None = None,
) -> tuple[tuple[Effect, ...], tuple[TargetSpec, ...]]:
    """Number the targets in text order and resolve pronouns (CR 115.1, 608.2c)."""
    if any(e.op == "search_library" for e in effects):
        effects = fold_search(effects)
    targets: list[TargetSpec] = []
    index: dict[int, int] = {}
    state: dict[str, Any] = {"last": None}  # "target" | "parent"
    last_target: list[int] = []
    trigger_about_other = trigger is not None and isinstance(trigger.subject, Filter)
    trigger_player = trigger is not None and (
        trigger.event in ("cast", "draw", "gain_life", "lose_life", "discard", "step")
        or (isinstance(trigger.subject, Filter) and trigger.subject.kinds == ("player",))
    )

    def resolve_it() -> Any:
        if state["last"] == "parent":
            return ParentRef()
        if last_target:
            return TargetRef(last_target[-1])
        if trigger_about_other and trigger is not None and trigger.event != "cast":
            return TriggerRef("object")
        if trigger is not None and trigger.event == "cast":
            return TriggerRef("spell")
        return SelfRef()

    def resolve_player() -> Any:
        if last_target:
            spec = targets[last_target[-1]]
            if "player" in spec.filter.kinds:
                return TargetRef(last_target[-1])
        if trigger_player or (trigger is not None and trigger.event == "step"):
            return TriggerRef("player")
        if last_target:
            return ControllerOfRef(TargetRef(last_target[-1]))
        if trigger_about_other:
            return ControllerOfRef(TriggerRef("object"))
        return ControllerRef()

    def fn(v: Any) -> Any:
        if isinstance(v, Tgt):
            key = id(v)
            if key not in index:
                index[key] = len(targets)
                targets.append(v.spec)
            last_target.append(index[key])
            state["last"] = "target"
            return TargetRef(index[key])
        if isinstance(v, It):
            return resolve_it()
        if isinstance(v, ThatPlayer):
            return resolve_player()
        return None

    out: list[Effect] = []
    for eff in effects:
        new = walk(eff, fn)
        out.append(new)
        if eff.op in _PRODUCERS:
            state["last"] = "parent"
    return tuple(out), tuple(targets)
