"""The records whose ``__init__`` is written out rather than made by ``@dataclass``
(so that the compiled build compiles it, benchmarks/mypyc.md) set every field, with
the field's declared default: a field added to the class but not to its ``__init__``
fails here."""

from __future__ import annotations

import dataclasses
from typing import Any

import pytest

from mtg_engine.game.decision_kinds import DecisionKind
from mtg_engine.game.decision_records import Decision, DecisionId
from mtg_engine.game.turn_flags import TurnFlags
from mtg_engine.rules.combat_requirements import AttackPlan, BlockPlan
from mtg_engine.rules.costs import TotalCost
from mtg_engine.rules.mana import Plan, Source

#: each class, and the values of its fields without a default (any will do)
WRITTEN_OUT: list[tuple[type, dict[str, Any]]] = [
    (TurnFlags, {}),
    (Source, {"obj": 1, "ability": 0}),
    (Plan, {"from_pool": [], "taps": []}),
    (TotalCost, {"mana": object()}),
    (AttackPlan, {}),
    (BlockPlan, {}),
    (DecisionId, {"game": "token", "seq": 0}),
    (Decision, {"kind": DecisionKind.PRIORITY, "player": 0}),
]


def _required(cls: type) -> list[str]:
    return [
        f.name
        for f in dataclasses.fields(cls)
        if f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
    ]


@pytest.mark.parametrize(("cls", "given"), WRITTEN_OUT, ids=lambda v: getattr(v, "__name__", ""))
def test_written_out_init_sets_every_field_to_its_default(cls: type, given: dict[str, Any]) -> None:
    required = _required(cls)
    args = {name: given.get(name, object()) for name in required}
    made = cls(**args)
    for f in dataclasses.fields(cls):
        value = getattr(made, f.name)  # (an unset slot raises AttributeError)
        if f.name in args:
            assert value is args[f.name]
        elif f.default_factory is not dataclasses.MISSING:
            assert value == f.default_factory() and type(value) is type(f.default_factory())
        else:
            assert value == f.default, f.name
    # every field can be given by keyword, and is set to what was given
    values = {f.name: object() for f in dataclasses.fields(cls)}
    made = cls(**values)
    assert all(getattr(made, n) is v for n, v in values.items())


@pytest.mark.parametrize(("cls", "given"), WRITTEN_OUT, ids=lambda v: getattr(v, "__name__", ""))
def test_fresh_collections_are_not_shared(cls: type, given: dict[str, Any]) -> None:
    args = {name: given.get(name, object()) for name in _required(cls)}
    a, b = cls(**args), cls(**args)
    for f in dataclasses.fields(cls):
        if f.default_factory is not dataclasses.MISSING:
            assert getattr(a, f.name) is not getattr(b, f.name), f.name
