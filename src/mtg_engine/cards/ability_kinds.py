"""CR 113.3: the categories of abilities, re-exported by :mod:`mtg_engine.cards.abilities`.

A module of their own so that the compiled build (``build_support/mypyc_modules.py``)
compiles it: mypyc keeps the members of an enum defined in a compiled module in C
statics, so ``AbilityKind.MANA`` in compiled code is one read, where a member of an
enum in an interpreted module is a globals look-up and an attribute look-up at every
use (issue 12; ``benchmarks/mypyc.md``, session 27).
"""

from __future__ import annotations

from enum import StrEnum

from ..game.fast_enum import FastEnumType


class AbilityKind(StrEnum, metaclass=FastEnumType):
    """CR 113.3: the categories of abilities (plus the spell ability, 113.3a).

    Its members are read on the hot paths (``kind is AbilityKind.MANA``): the
    metaclass makes a read one dictionary look-up (issue 12)."""

    SPELL = "spell"  # CR 113.3a: followed as instructions while the spell resolves
    ACTIVATED = "activated"  # CR 113.3b / 602
    TRIGGERED = "triggered"  # CR 113.3c / 603
    STATIC = "static"  # CR 113.3d / 604
    MANA = "mana"  # CR 605: an activated (or triggered) mana ability
