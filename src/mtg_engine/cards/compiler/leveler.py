"""Striated text boxes: leveler cards (CR 711) and Class cards (CR 716).

The card file writes a leveler's text box one striation after another::

    Level up {W}
    LEVEL 2-6
    3/3
    First strike
    LEVEL 7+
    4/4
    Double strike

A level symbol ("LEVEL N1-N2", "LEVEL N3+") is a keyword ability representing a
static ability (CR 711.2): the power/toughness box and the abilities printed in
its striation are part of it. :func:`level_symbol` assembles one: "As long as
this creature has at least N1 level counters on it, but no more than N2 level
counters on it, it has base power and toughness [P/T] and has [abilities]"
(711.2a; 711.2b for "N3+"). Abilities before the first level symbol are
treated normally (711.4).

A Class's level bar "[Cost]: Level N" (CR 716.2a) stands for an activated
ability (:func:`class_level_ability`) and a static ability giving the abilities
of its section as long as the Class is level N or greater.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..abilities import Ability, AbilityKind, Condition, Cost, Effect, SelfRef, StaticEffect
from .transformer import CompileError

__all__ = [
    "CLASS_LEVEL_BAR",
    "LEVEL_SYMBOL",
    "PT_BOX",
    "STATION_CREATURE",
    "STATION_SYMBOL",
    "class_level_ability",
    "level_condition",
    "level_symbol",
    "parse_class_level_bar",
    "parse_station_symbol",
    "station_condition",
    "parse_level_symbol",
    "striation_ability",
]

#: "LEVEL 2-6" or "LEVEL 7+" alone on a line (CR 711.2)
LEVEL_SYMBOL = re.compile(r"^LEVEL (\d+)(?:-(\d+)|\+)$")
#: a striation's power/toughness box, "3/3", alone on a line (CR 711.2)
PT_BOX = re.compile(r"^(\d+)/(\d+)$")
#: a Class's level bar, "{2}{U}: Level 2", alone on a line (CR 716.2)
CLASS_LEVEL_BAR = re.compile(r"^((?:\{[^}]+\})+): Level (\d+)$")
#: a station symbol and the first ability of its striation, "8+ | Flying" (CR 721.2)
STATION_SYMBOL = re.compile(r"^(\d+)\+ \| ")
#: a station card's reminder text names the striation with its power/toughness box
#: ("It's an artifact creature at 8+.", CR 721.2b)
STATION_CREATURE = re.compile(r"It's an artifact creature at (\d+)\+")


def parse_level_symbol(line: str) -> tuple[int, int | None] | None:
    """(N1, N2) for "LEVEL N1-N2", (N3, None) for "LEVEL N3+", else None."""
    m = LEVEL_SYMBOL.match(line.strip())
    if m is None:
        return None
    return int(m.group(1)), int(m.group(2)) if m.group(2) is not None else None


def parse_station_symbol(line: str) -> int | None:
    """N for a line that opens with the station symbol "N+ |" (CR 721.2), else None."""
    m = STATION_SYMBOL.match(line.strip())
    return int(m.group(1)) if m is not None else None


def station_condition(n: int) -> Condition:
    """A station symbol's condition: N or more charge counters (CR 721.2a)."""
    return Condition("charge_counters", {"min": n})


def parse_class_level_bar(line: str) -> tuple[str, int] | None:
    """(cost, N) for a class level bar "[Cost]: Level N" (CR 716.2), else None."""
    m = CLASS_LEVEL_BAR.match(line.strip())
    if m is None:
        return None
    return m.group(1), int(m.group(2))


def class_level_ability(cost: str, n: int, text: str) -> Ability:
    """CR 716.2a: "[Cost]: This Class's level becomes N. Activate only if this Class
    is level N-1 and only as a sorcery." """
    if n < 2:
        raise CompileError(f"class level bar {n}")
    return Ability(
        AbilityKind.ACTIVATED,
        text=text,
        cost=Cost(mana=cost),
        effects=(Effect("class_level", {"level": n}),),
        timing="sorcery",
        restrictions=(("condition", Condition("class_level_is", {"n": n - 1})),),
    )


def level_condition(low: int, high: int | None) -> Condition:
    """A level symbol's condition on level counters (CR 711.2a-b)."""
    if high is not None and high < low:
        raise CompileError(f"level symbol {low}-{high}: empty range")
    return Condition("level_counters", {"min": low, "max": high})


def level_symbol(
    low: int,
    high: int | None,
    pt: tuple[int, int] | None,
    abilities: list[Ability],
    text: str,
) -> Ability:
    """The static ability a level symbol represents (CR 711.2a-b).

    Its condition is the number of level counters on the permanent. The base
    power and toughness apply in layer 7b (CR 613.4b); static abilities of the
    striation apply under the same condition; the other abilities (keywords,
    activated, triggered, mana abilities) are granted in layer 6 (613.1f).
    """
    return striation_ability(level_condition(low, high), pt, abilities, text)


def striation_ability(
    cond: Condition,
    pt: tuple[int, int] | None,
    abilities: list[Ability],
    text: str,
    types: tuple[str, ...] = (),
) -> Ability:
    """The static part of a level symbol (CR 711.2), class level bar (716.2a) or
    station symbol (721.2): "as long as [cond], it has base P/T [pt] and has
    [abilities]"; a station symbol with a power/toughness box also makes it a
    creature in addition to its other types (``types``, CR 721.2b, layer 4)."""
    statics: list[StaticEffect] = []
    if types:
        statics.append(StaticEffect("add_types", SelfRef(), {"types": types}, cond))
    if pt is not None:
        statics.append(
            StaticEffect("set_pt", SelfRef(), {"power": pt[0], "toughness": pt[1]}, cond)
        )
    granted: list[Ability] = []
    for a in abilities:
        if a.kind is AbilityKind.STATIC and not a.keyword and a.static and not a.restrictions:
            for st in a.static:
                both = cond
                if st.condition is not None:
                    # its own "as long as ..." too (CR 611.3a): rules via keywords/level_up
                    both = Condition("all_of", {"conds": (cond, st.condition)})
                statics.append(replace(st, condition=both))
        else:
            granted.append(a)
    if granted:
        statics.append(
            StaticEffect("grant_ability", SelfRef(), {"abilities": tuple(granted)}, cond)
        )
    if not statics:
        raise CompileError("a level symbol with nothing in its striation")
    return Ability(AbilityKind.STATIC, text=text, static=tuple(statics))
