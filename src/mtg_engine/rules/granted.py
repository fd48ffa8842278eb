"""Abilities granted in quotes, bound to the object that grants them (CR 113.1a, 201.5).

The card's own name inside a quoted ability that a permanent grants to another
object means the granting card, not the object that gets the ability: an
Equipment's 'Equipped creature has "{T}, Sacrifice Blazing Torch: Blazing Torch
deals 2 damage to any target."' sacrifices the Equipment and has it deal the
damage (CR 201.5; "this creature" in the same quote is the creature, 113.1a).
The compiler marks such names (:class:`~mtg_engine.cards.abilities.GrantorRef`,
a sacrifice of ``("self", "grantor")``); the layer that grants the ability binds
them to the granting object's id here.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import Any

from ..cards.abilities import Ability, Filter, GrantorRef
from .delayed import BoundRef
from .support import register

register("ref:GrantorRef")

#: id(ability) -> (ability, whether it names its grantor); compiled abilities are
#: immutable and live as long as their card
_NAMES_GRANTOR: dict[int, tuple[Ability, bool]] = {}
#: (id(ability), grantor id) -> (ability, the bound copy): the same object each
#: time the characteristics are computed
_BOUND: dict[tuple[int, int], tuple[Ability, Ability]] = {}

_GRANTOR_COND = ("self", "grantor")


def bind_grantor(a: Ability, grantor: int) -> Ability:
    """``a`` with the card's own name bound to the object ``grantor`` (CR 201.5)."""
    got = _NAMES_GRANTOR.get(id(a))
    if got is None or got[0] is not a:
        got = (a, _names_grantor(a))
        _NAMES_GRANTOR[id(a)] = got
    if not got[1]:
        return a
    key = (id(a), grantor)
    bound = _BOUND.get(key)
    if bound is None or bound[0] is not a:
        bound = (a, _bind(a, grantor))
        _BOUND[key] = bound
    return bound[1]


def _names_grantor(v: Any) -> bool:
    if isinstance(v, GrantorRef):
        return True
    if isinstance(v, Filter):
        return _GRANTOR_COND in v.conditions
    if isinstance(v, tuple | list):
        return any(_names_grantor(x) for x in v)
    if isinstance(v, dict):
        return any(_names_grantor(x) for x in v.values())
    if is_dataclass(v) and not isinstance(v, type):
        return any(_names_grantor(getattr(v, f.name)) for f in fields(v))
    return False


def _bind(v: Any, grantor: int) -> Any:
    if isinstance(v, GrantorRef):
        return BoundRef((grantor,))
    if isinstance(v, Filter):
        if _GRANTOR_COND not in v.conditions:
            return v
        conds = tuple(("id", grantor) if c == _GRANTOR_COND else c for c in v.conditions)
        return replace(v, conditions=conds)
    if isinstance(v, tuple):
        return tuple(_bind(x, grantor) for x in v)
    if isinstance(v, list):
        return [_bind(x, grantor) for x in v]
    if isinstance(v, dict):
        return {k: _bind(x, grantor) for k, x in v.items()}
    if is_dataclass(v) and not isinstance(v, type) and _names_grantor(v):
        return replace(v, **{f.name: _bind(getattr(v, f.name), grantor) for f in fields(v)})
    return v
