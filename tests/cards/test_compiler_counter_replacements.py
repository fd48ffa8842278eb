"""'That many plus one' counter replacements (CR 614.1a, 122.6): which permanents
each card's words cover."""

from __future__ import annotations

from mtg_engine.cards.abilities import Filter, SelfRef
from mtg_engine.cards.compiler import compile_text


def _affected(text: str, name: str = "Test Card") -> Filter | SelfRef:
    cf = compile_text(text, name, ("Creature",))
    assert cf.unparsed == (), cf.unparsed
    (st,) = cf.abilities[0].static
    assert st.op == "counter_multiplier"
    assert st.args == {"counter": "+1/+1", "plus": 1}
    return st.affected


def test_creature_or_vehicle_keeps_the_vehicle_subtype() -> None:
    """Caradora: "a creature or Vehicle you control" is not any artifact."""
    flt = _affected(
        "If one or more +1/+1 counters would be put on a creature or Vehicle you control, "
        "that many plus one +1/+1 counters are put on it instead."
    )
    assert isinstance(flt, Filter)
    conds = dict(flt.conditions)
    assert conds["any_of"] == (
        (("type", "Creature"),),
        (("subtype", "Vehicle"), ("type", "Artifact")),
    )
    assert conds["controller"] == "you"


def test_another_creature_excludes_itself() -> None:
    flt = _affected(
        "If one or more +1/+1 counters would be put on another creature you control, "
        "that many plus one +1/+1 counters are put on it instead."
    )
    assert isinstance(flt, Filter)
    assert ("other", True) in flt.conditions


def test_by_its_name_is_this_object() -> None:
    flt = _affected(
        "If one or more +1/+1 counters would be put on Mowu, that many plus one +1/+1 "
        "counters are put on it instead.",
        name="Mowu, Loyal Companion",
    )
    assert isinstance(flt, SelfRef)
