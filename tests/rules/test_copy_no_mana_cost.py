"""The copy exception "it has no mana cost" (embalm 702.128a, eternalize 702.129a;
CR 707.9b): the copy's mana cost is gone, and with it its mana value (202.3)."""

from __future__ import annotations

from mtg_engine.rules.char_values import Values
from mtg_engine.rules.copy import apply_exceptions, exception_rules


def test_no_mana_cost_removes_the_copied_cost() -> None:
    v = Values(name="Sacred Cat", mana_cost="{W}", colors=frozenset({"white"}))
    out = apply_exceptions(v, {"no_mana_cost": True, "add_subtypes": ("Zombie",)})
    assert out.mana_cost is None
    assert "Zombie" in out.subtypes
    assert v.mana_cost == "{W}"  # the original's values are untouched


def test_no_mana_cost_is_cited_as_an_exception() -> None:
    assert "707.9b" in exception_rules({"no_mana_cost": True})
