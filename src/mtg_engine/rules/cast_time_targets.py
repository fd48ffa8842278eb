"""Targets required only if a cost was chosen (CR 601.2c).

601.2c: "A spell may require some targets only if an alternative or additional cost
(such as a kicker cost) or a particular mode was chosen for it; otherwise, the spell
is cast as though it did not require those targets." A keyword says which of its
conditions are known as the spell is cast (``CAST_TIME_CONDITIONS``: "if the gift was
promised", 702.174m); a target phrase every instruction using which is gated on such a
condition that doesn't hold asks for no target.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Condition, TargetRef
from ..game.hooks import CAST_TIME_CONDITIONS
from .conditions import evaluate

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game


def _uses_target(value: Any, index: int) -> bool:
    """Whether ``TargetRef(index)`` appears anywhere in an instruction's arguments."""
    if isinstance(value, TargetRef):
        return value.index == index
    if isinstance(value, dict):
        return any(_uses_target(v, index) for v in value.values())
    if isinstance(value, (list, tuple)):
        return any(_uses_target(v, index) for v in value)
    if is_dataclass(value) and not isinstance(value, type):
        return any(_uses_target(getattr(value, f.name), index) for f in fields(value))
    return False


def _cast_time(cond: Condition | None) -> bool:
    if cond is None:
        return False
    if cond.kind == "not":
        inner = cond.args.get("cond")
        return isinstance(inner, Condition) and _cast_time(inner)
    return cond.kind in CAST_TIME_CONDITIONS


def _announced(cond: Condition, opts: dict[str, Any]) -> bool:
    """Before the spell is cast: whether the choice behind ``cond`` is announced."""
    if cond.kind == "not":
        inner = cond.args["cond"]
        return not _announced(inner, opts)
    value = opts.get(CAST_TIME_CONDITIONS[cond.kind])
    return value not in (None, False, 0, [], ())


def required_targets(
    game: Game, obj: GameObject, ability: Ability, opts: dict[str, Any] | None = None
) -> Ability:
    """The spell ability with the target phrases it doesn't require (CR 601.2c) asking
    for no target. ``opts``: the announced choices, for a card checked before it's
    cast; otherwise the spell on the stack, its choices recorded (601.2a-b)."""
    if not CAST_TIME_CONDITIONS or not ability.targets or ability.modes:
        return ability
    specs = list(ability.targets)
    changed = False
    for i, spec in enumerate(specs):
        users = [e for e in ability.effects if _uses_target(e.args, i)]
        if not users or not all(_cast_time(e.condition) for e in users):
            continue
        if opts is not None:
            holds = any(e.condition is not None and _announced(e.condition, opts) for e in users)
        else:
            holds = any(
                e.condition is not None and evaluate(game, e.condition, obj.controller, obj)
                for e in users
            )
        if not holds and spec.max != 0:
            specs[i] = replace(spec, min=0, max=0)
            changed = True
    return replace(ability, targets=tuple(specs)) if changed else ability
