"""Overload (CR 702.96).

702.96a: "Overload [cost]" means "You may choose to pay [cost] rather than pay
this spell's mana cost" and "If you chose to pay this spell's overload cost,
change its text by replacing all instances of the word 'target' with the word
'each.'" 702.96b: if the overload cost was paid, the spell has no targets; its
instructions affect each object or player its target phrases describe. The
spell's mana value doesn't change (702.96c, 202.3: it's read from the mana cost).

Cast with ``CastSpell(card, alt="overload")`` (the scenario format's
``alt: overload``).
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import EachRef, Effect, TargetRef
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.costs import as_cost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost, Filter

register_keywords("Overload")


def _cost(a: Ability | None) -> Cost | None:
    return as_cost(a.keyword_args.get("cost")) if a is not None else None


def _each(v: Any, filters: list[Filter]) -> Any:
    """``v`` with every "target ..." reference made "each ..." (CR 702.96a)."""
    if isinstance(v, TargetRef):
        return EachRef(filters[v.index]) if v.index < len(filters) else v
    if isinstance(v, Effect):
        return replace(v, args={k: _each(x, filters) for k, x in v.args.items()})
    if isinstance(v, tuple):
        return tuple(_each(x, filters) for x in v)
    if isinstance(v, list):
        return [_each(x, filters) for x in v]
    if isinstance(v, dict):
        return {k: _each(x, filters) for k, x in v.items()}
    if hasattr(v, "__dataclass_fields__") and not isinstance(v, type):
        try:
            return replace(v, **{f: _each(getattr(v, f), filters) for f in v.__dataclass_fields__})
        except TypeError:
            return v
    return v


def overloaded(ability: Ability) -> Ability:
    """The spell ability with its text changed: no targets (CR 702.96b), and each
    instruction that named a target affects each object or player it described."""
    if not ability.targets:
        return ability
    filters = [spec.filter for spec in ability.targets]
    return replace(ability, targets=(), effects=tuple(_each(e, filters) for e in ability.effects))


def _overloaded(ability: Ability, keyword: Ability | None) -> Ability:
    return overloaded(ability)


alt_cost(AltCost("overload", "Overload", "702.96a", (Zone.HAND,), _cost, spell_ability=_overloaded))
