"""Characteristics as data (CR 109.3): the record of an object's current
characteristics (:class:`Chars`), the snapshot of copiable values a copy effect
keeps (:class:`Values`, CR 707.2), the number printed in a power/toughness
box (CR 208.2a), and the abilities derived from others:
basic land types' mana abilities (CR 305.6) and what a keyword stands for.

The lowest module of the characteristics: the printed faces
(:mod:`mtg_engine.rules.multiface`), face-down values
(:mod:`mtg_engine.rules.face_down`), copy effects
(:mod:`mtg_engine.rules.copy`), the layers and
:func:`mtg_engine.rules.characteristics.chars` build on it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, StaticEffect
from ..game.hooks import ACTIVATED as ACTIVATED_KEYWORDS
from ..game.hooks import KEYWORD_EXPANSIONS, full_ability
from ..game.native import mypyc_attr

#: CR 305.6: the intrinsic mana ability of each basic land type.
BASIC_LAND_MANA: Final[dict[str, str]] = {
    "Plains": "{W}",
    "Island": "{U}",
    "Swamp": "{B}",
    "Mountain": "{R}",
    "Forest": "{G}",
}
_BASIC_ABILITIES: Final[dict[str, Ability]] = {
    t: Ability(
        AbilityKind.MANA,
        text=f"{{T}}: Add {m}.",
        cost=Cost(tap=True),
        effects=(Effect("add_mana", {"mana": m}),),
    )
    for t, m in BASIC_LAND_MANA.items()
}


#: the fields of a :class:`Chars` (its ``__slots__``; compiled, a class has none)
CHARS_FIELDS: Final = (
    "name",
    "names",
    "colors",
    "types",
    "subtypes",
    "supertypes",
    "power",
    "toughness",
    "loyalty",
    "defense",
    "abilities",
    "keywords",
    "mana_value",
    "mana_cost",
    "restrictions",
    "triggered",
    "statics",
    "etb",
    "activated",
    "from_hand",
    "tap_mana",
    "tap_others_mana",
    "mana_entries",
    "repl",
    "stack_targets",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Chars:
    """The characteristics of an object at this moment (CR 109.3).

    ``names`` holds every name of an object with two names (a split card off
    the stack, CR 709.4a); ``name`` joins them with " // ".
    """

    __slots__ = CHARS_FIELDS

    def __init__(self) -> None:
        self.name = ""
        self.names: tuple[str, ...] = ()
        self.colors: frozenset[str] = frozenset()
        self.types: frozenset[str] = frozenset()
        self.subtypes: frozenset[str] = frozenset()
        self.supertypes: frozenset[str] = frozenset()
        self.power: int | None = None
        self.toughness: int | None = None
        self.loyalty: int | None = None
        self.defense: int | None = None
        self.abilities: tuple[Ability, ...] = ()
        self.keywords: frozenset[str] = frozenset()
        self.mana_value = 0
        self.mana_cost: str | None = None
        #: rule-changing statics that affect this object ("can't block", ...)
        self.restrictions: frozenset[str] = frozenset()
        #: the triggered abilities among ``abilities`` (computed on first use)
        self.triggered: tuple[Ability, ...] | None = None
        #: the continuous-effect statics among ``abilities`` (computed on first use)
        self.statics: tuple[StaticEffect, ...] | None = None
        #: the "enters" replacement statics among ``abilities`` (computed on first use)
        self.etb: tuple | None = None
        #: indices of the activated abilities among ``abilities`` (computed on first use)
        self.activated: tuple[int, ...] | None = None
        #: indices of the keyword abilities activated from the hand (computed on first use)
        self.from_hand: tuple[int, ...] | None = None
        #: indices of the plain {T} mana abilities (``rules/mana.py``, computed on first use)
        self.tap_mana: tuple[int, ...] | None = None
        #: indices of the "Tap an untapped [...] you control: Add ..." mana abilities
        #: (``rules/mana.py``, computed on first use)
        self.tap_others_mana: tuple[int, ...] | None = None
        #: those abilities as the mana payment reads them (``rules/mana.py``, on first use)
        self.mana_entries: tuple | None = None
        #: replacement statics (rules/pipeline.py), cached
        self.repl: tuple | None = None
        #: whether casting it needs a target on the stack (``rules/priority_options.py``,
        #: computed on first use)
        self.stack_targets: bool | None = None

    def abilities_changed(self) -> None:
        """The abilities were set anew: the keyword set follows them, and every cache
        derived from them is computed again on first use."""
        self.keywords = frozenset(a.keyword for a in self.abilities if a.keyword)
        self.triggered = None
        self.statics = None
        self.etb = None
        self.activated = None
        self.from_hand = None
        self.tap_mana = None
        self.tap_others_mana = None
        self.mana_entries = None
        self.repl = None
        self.stack_targets = None

    def is_creature(self) -> bool:
        return "Creature" in self.types

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def has_name(self, name: str) -> bool:
        """CR 709.4a: an object has a name if any of its names is that name."""
        return name == self.name or name in self.names

    def copy(self) -> Chars:
        c = Chars.__new__(Chars)
        c.name = self.name
        c.names = self.names
        c.colors = self.colors
        c.types = self.types
        c.subtypes = self.subtypes
        c.supertypes = self.supertypes
        c.power = self.power
        c.toughness = self.toughness
        c.loyalty = self.loyalty
        c.defense = self.defense
        c.abilities = self.abilities
        c.keywords = self.keywords
        c.mana_value = self.mana_value
        c.mana_cost = self.mana_cost
        c.restrictions = self.restrictions
        c.triggered = None
        c.statics = None
        c.etb = None
        c.activated = None
        c.from_hand = None
        c.tap_mana = None
        c.tap_others_mana = None
        c.mana_entries = None
        c.repl = None
        c.stack_targets = None
        return c


@dataclass(frozen=True, slots=True, eq=False)
class Values:
    """A snapshot of copiable values (CR 707.2), kept in a copy effect.

    Copy effects lock in the values of the original when they begin
    (CR 707.2b-c), with the exceptions of the copy effect already applied
    (CR 707.9b: "the final set of values ... becomes part of the copiable
    values"). ``flipped`` holds the alternative characteristics of a flip card
    (CR 710.1b), used when the copy is itself a flipped permanent (CR 707.3).
    ``abilities`` are the abilities the rules text defines, before keyword
    expansions (those are derived again, CR 707.2a).
    """

    name: str = ""
    mana_cost: str | None = None
    colors: frozenset[str] = frozenset()
    types: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    supertypes: frozenset[str] = frozenset()
    power: int | None = None
    toughness: int | None = None
    loyalty: int | None = None
    defense: int | None = None
    abilities: tuple[Ability, ...] = ()
    flipped: Values | None = None
    #: both names of a split card (CR 709.4a)
    names: tuple[str, ...] = field(default=())
    #: the values of each face of a double-faced permanent (CR 707.8a): a copy that
    #: is itself double-faced (a token copy) uses the face it has up
    faces: tuple[Values, ...] = field(default=())


def pt_value(value: str | None) -> int | None:
    """Printed power/toughness: numbers; ``*`` is 0 before its CDA applies (CR 208.2a)."""
    if value is None:
        return None
    try:
        return int(value)
    except ValueError:
        digits = "".join(c for c in value if c.isdigit() or c == "-")
        try:
            return int(digits) if digits not in ("", "-") else 0
        except ValueError:
            return 0


def gain_land_types(c: Chars, subtypes: frozenset[str]) -> None:
    """CR 305.7: "If a land gains one or more land types in addition to its own, it
    keeps its land types and rules text, and it gains the new land types and mana
    abilities" (Urborg, Tomb of Yawgmoth: each land is a Swamp and taps for {B});
    applied with the types, in layer 4. Modifies ``c``."""
    new = [t for t in BASIC_LAND_MANA if t in subtypes and t not in c.subtypes]
    c.subtypes = c.subtypes | subtypes
    if new and "Land" in c.types:
        c.abilities = (*c.abilities, *(_BASIC_ABILITIES[t] for t in new))
        c.abilities_changed()


def finish_abilities(c: Chars) -> Chars:
    """Derived abilities: basic land types' mana abilities (CR 305.6) and keyword
    expansions (the abilities a keyword stands for, implemented once in
    :mod:`mtg_engine.keywords`); then the keyword set. Modifies ``c``."""
    abilities = c.abilities
    if "Land" in c.types and not c.subtypes.isdisjoint(BASIC_LAND_MANA):
        # CR 305.6: basic land types have intrinsic mana abilities.
        abilities = tuple(_BASIC_ABILITIES[t] for t in BASIC_LAND_MANA if t in c.subtypes) + tuple(
            a for a in abilities if a.kind is not AbilityKind.MANA
        )
    if KEYWORD_EXPANSIONS:
        extra: list[Ability] = []
        for a in abilities:
            if a.keyword and a.keyword in KEYWORD_EXPANSIONS:
                extra.extend(KEYWORD_EXPANSIONS[a.keyword](a))
        if extra:
            abilities = abilities + tuple(extra)
    c.abilities = abilities
    c.abilities_changed()
    return c


_KEYWORD_ABILITIES: Final[dict[tuple[str, tuple], tuple[Ability, ...]]] = {}


def keyword_abilities_with(keyword: str, args: dict[str, Any]) -> tuple[Ability, ...]:
    """A granted keyword ability plus what it stands for (its expansions)."""
    kwargs = args.get("keyword_args") or {}
    key = (keyword, tuple(sorted((k, repr(v)) for k, v in kwargs.items())))
    got = _KEYWORD_ABILITIES.get(key)
    if got is None:
        a = Ability(AbilityKind.STATIC, text=keyword, keyword=keyword, keyword_args=dict(kwargs))
        if keyword in ACTIVATED_KEYWORDS and kwargs:
            # "Equipment you control have equip Knight {0}": an activated ability
            # (CR 702.6a), as a printed one is
            a = full_ability(a)
        extra = tuple(KEYWORD_EXPANSIONS[keyword](a)) if keyword in KEYWORD_EXPANSIONS else ()
        got = (a, *extra)
        _KEYWORD_ABILITIES[key] = got
    return got


def keyword_abilities(keyword: str) -> tuple[Ability, ...]:
    """The bare keyword ability ``keyword`` and the abilities it stands for."""
    return keyword_abilities_with(keyword, {})


def keyword_ability(keyword: str) -> Ability:
    """The bare keyword ability ``keyword`` (shared record)."""
    return keyword_abilities_with(keyword, {})[0]
