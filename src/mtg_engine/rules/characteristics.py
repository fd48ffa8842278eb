"""Computed characteristics: copiable values, then continuous effects by layer (CR 613).

``chars(game, obj)`` returns the object's current characteristics, cached in
the game until something they depend on changes (``game.invalidate()``), so
reading power in a hot loop costs a dict lookup (architecture §3).

How a value is computed (CR 613.1):

1. **Printed values** (CR 613.1, 109.3): the face that is up, chosen by the
   card's layout and zone (split cards combined off the stack, CR 709.4;
   flipped flip cards, 710.2; double-faced cards, 712.8; adventurers,
   715.3) — :mod:`mtg_engine.rules.multiface` — cached per card face.
2. **Layer 1** (CR 613.2): copy effects and "as ... enters" P/T-setting effects
   in timestamp order (1a, :mod:`mtg_engine.rules.copy`), then the face-down
   values (1b, CR 708.2, :mod:`mtg_engine.rules.face_down`). The result is
   the object's *copiable values* (CR 613.2c, 707.2).
3. **Layers 2-7** (CR 613.1b-g, 613.3-613.4): effects of resolved spells and
   abilities (``game.effects``, sets locked in, CR 611.2c), of static abilities
   (CR 611.3, not locked in), characteristic-defining abilities first
   (CR 613.3, 604.3), counters (613.4c, 613.1f), timestamps (613.7) and
   dependencies (613.8) — :mod:`mtg_engine.rules.layers`.

Layer 2 (control) is kept in ``GameObject.controller`` and recomputed by
:func:`mtg_engine.rules.layers.refresh_control` when control effects start or
end.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, StaticEffect
from ..cards.model import mana_symbols
from ..game.hooks import KEYWORD_EXPANSIONS
from ..game.objects import GameObject, Zone
from .face_down import face_down_values
from .layers_table import STATIC_LAYERS
from .multiface import build_printed, printed_key

if TYPE_CHECKING:
    from ..game.state import Game

#: CR 305.6: the intrinsic mana ability of each basic land type.
BASIC_LAND_MANA: dict[str, str] = {
    "Plains": "{W}",
    "Island": "{U}",
    "Swamp": "{B}",
    "Mountain": "{R}",
    "Forest": "{G}",
}
_BASIC_ABILITIES: dict[str, Ability] = {
    t: Ability(
        AbilityKind.MANA,
        text=f"{{T}}: Add {m}.",
        cost=Cost(tap=True),
        effects=(Effect("add_mana", {"mana": m}),),
    )
    for t, m in BASIC_LAND_MANA.items()
}


class Chars:
    """The characteristics of an object at this moment (CR 109.3).

    ``names`` holds every name of an object with two names (a split card off
    the stack, CR 709.4a); ``name`` joins them with " // ".
    """

    __slots__ = (
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
        "mana_entries",
        "repl",
        "stack_targets",
    )

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
        #: those abilities as the mana payment reads them (``rules/mana.py``, on first use)
        self.mana_entries: tuple | None = None
        #: replacement statics (rules/pipeline.py), cached
        self.repl: tuple | None = None
        #: whether casting it needs a target on the stack (``rules/priority_options.py``,
        #: computed on first use)
        self.stack_targets: bool | None = None

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


def chars(game: Game, obj: GameObject) -> Chars:
    """The characteristics of ``obj`` after all continuous effects (CR 613).

    The returned record is shared and must not be modified.
    """
    c = game._chars.get(obj.id)
    if c is None:
        c = _compute(game, obj)
        if obj.x and obj.zone == Zone.STACK and obj.stack_kind not in ("activated", "triggered"):
            c = _with_x(c, obj.x)
        game._chars[obj.id] = c
    return c


def _with_x(c: Chars, x: int) -> Chars:
    """CR 202.3e: on the stack, a spell's mana value counts X as the value chosen
    for it (for each {X} in its mana cost)."""
    n = sum(1 for sym in mana_symbols(c.mana_cost) if sym == "X")
    if not n:
        return c
    c = c.copy()
    c.mana_value += n * x
    return c


def triggered_abilities(game: Game, obj: GameObject) -> tuple[Ability, ...]:
    """The object's triggered abilities (CR 603), from its current characteristics.

    Abilities gained by copy effects (CR 707.5: a Clone's copied "enters"
    trigger) and by other effects count; a face-down permanent has none
    (CR 708.2).
    """
    c = chars(game, obj)
    t = c.triggered
    if t is None:
        t = tuple(a for a in c.abilities if a.kind is AbilityKind.TRIGGERED and a.trigger)
        c.triggered = t
    return t


def mana_value_of(cost: str | None) -> int:
    """CR 202.3: the total amount of mana in a mana cost (X is 0, hybrid its largest part)."""
    total = 0
    for sym in mana_symbols(cost):
        if sym.isdigit():
            total += int(sym)
        elif sym in ("X", "Y", "Z"):
            continue
        elif "/" in sym:
            parts = sym.split("/")
            total += max(int(p) if p.isdigit() else 1 for p in parts)
        else:
            total += 1
    return total


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


_pt = pt_value  # older name


# ---------------------------------------------------------------------------
# Printed values and copiable values (CR 613.1, 613.2)
# ---------------------------------------------------------------------------


def finish_abilities(c: Chars) -> Chars:
    """Derived abilities: basic land types' mana abilities (CR 305.6) and keyword
    expansions (the abilities a keyword stands for, implemented once in
    :mod:`mtg_engine.keywords`); then the keyword set. Modifies ``c``."""
    abilities = c.abilities
    if "Land" in c.types and c.subtypes & BASIC_LAND_MANA.keys():
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
    c.keywords = frozenset(a.keyword for a in abilities if a.keyword)
    c.triggered = None
    c.statics = None
    c.etb = None
    c.activated = None
    c.from_hand = None
    c.tap_mana = None
    c.mana_entries = None
    return c


#: card-cache key of the printed values of a card with a single face (a fast path)
SINGLE_FACE = "single_face"


def printed(obj: GameObject) -> Chars:
    """The characteristics printed on the face that is up (CR 613.1), finished
    with derived abilities; computed once per card face and zone kind, and shared."""
    card = obj.card
    c = card.cache.get(SINGLE_FACE)
    if c is not None:
        return c
    single = len(card.faces) < 2
    key = 0 if single else printed_key(obj)
    c = card.cache.get(key)
    if c is None:
        c = finish_abilities(build_printed(card, key))
        card.cache[key] = c
    if single:
        card.cache[SINGLE_FACE] = c
    return c


def printed_raw(obj: GameObject) -> Chars:
    """The printed values before derived abilities (the "rules text" abilities only)."""
    key = ("raw", printed_key(obj))
    cache = obj.card.cache
    c = cache.get(key)
    if c is None:
        c = build_printed(obj.card, key[1])
        cache[key] = c
    return c


def _base(obj: GameObject) -> Chars:
    """The printed values of the face that is up, without copy effects or face-down
    status (used as a cached per-face prefilter, e.g. "may this card have triggered
    abilities?"; the face-down status is checked by the caller)."""
    return printed(obj)


def statics_of(obj: GameObject) -> tuple[StaticEffect, ...]:
    """The continuous-effect statics printed on the face that is up (cached per face)."""
    return statics_in(printed(obj))


def statics_in(c: Chars) -> tuple[StaticEffect, ...]:
    """The continuous-effect statics among ``c.abilities`` (CR 604.2), cached in ``c``."""
    st = c.statics
    if st is None:
        st = static_effects(c.abilities)
        c.statics = st
    return st


def static_effects(abilities: tuple[Ability, ...]) -> tuple[StaticEffect, ...]:
    """The continuous-effect statics among ``abilities`` (CR 604.2)."""
    return tuple(
        s
        for a in abilities
        if a.kind is AbilityKind.STATIC
        for s in a.static
        if s.op in STATIC_LAYERS
    )


def copiable_values(game: Game, obj: GameObject, face_up: bool = False) -> Chars:
    """The object's copiable values (CR 613.2c, 707.2): printed values modified
    by copy effects (layer 1a) and by its face-down status (layer 1b).

    With ``face_up`` the face-down status is ignored: the values the permanent
    would have if turned face up (CR 708.8, 708.10).
    """
    effects = [e for e in game.effects if e.layer[0] == "1" and obj.id in e.affected]
    return layer1(obj, effects, face_up)


def layer1(obj: GameObject, effects: list, face_up: bool = False) -> Chars:
    """Layer 1 (CR 613.2): ``effects`` are the 1a effects affecting ``obj``."""
    if obj.face_down and not face_up:
        return face_down_values(obj)  # CR 613.2b / 708.2: 1b overrides 1a
    if not effects:
        return printed(obj)
    # import cycle: rules.copy imports this module
    from .copy import apply_layer1a

    return apply_layer1a(obj, effects)


def values_of(c: Chars) -> Values:
    """A snapshot of copiable values from characteristics (abilities as they are)."""
    return Values(
        name=c.name,
        names=c.names,
        mana_cost=c.mana_cost,
        colors=c.colors,
        types=c.types,
        subtypes=c.subtypes,
        supertypes=c.supertypes,
        power=c.power,
        toughness=c.toughness,
        loyalty=c.loyalty,
        defense=c.defense,
        abilities=c.abilities,
    )


_FINISHED: dict[Values, Chars] = {}


def chars_of_values(v: Values) -> Chars:
    """Characteristics from a snapshot of copiable values, with derived abilities
    (cached per snapshot: snapshots are immutable and shared by clones)."""
    c = _FINISHED.get(v)
    if c is None:
        c = Chars()
        c.name = v.name
        c.names = v.names
        c.mana_cost = v.mana_cost
        c.mana_value = mana_value_of(v.mana_cost)
        c.colors = v.colors
        c.types = v.types
        c.subtypes = v.subtypes
        c.supertypes = v.supertypes
        c.power = v.power
        c.toughness = v.toughness
        c.loyalty = v.loyalty
        c.defense = v.defense
        c.abilities = v.abilities
        finish_abilities(c)
        if len(_FINISHED) > 8192:
            _FINISHED.clear()
        _FINISHED[v] = c
    return c


# ---------------------------------------------------------------------------
# Kept for modules that import them from here
# ---------------------------------------------------------------------------


def static_restrictions(st: StaticEffect) -> str | None:
    return st.op if st.op in ("cant_block", "cant_attack", "cant_be_blocked") else None


def _compute(game: Game, obj: GameObject) -> Chars:
    """The first call binds :func:`mtg_engine.rules.layers.compute` (imported late:
    the layers module uses this one's names)."""
    global _compute
    # import cycle: rules.layers imports this module
    from .layers import compute

    _compute = compute
    return compute(game, obj)


__all__ = [
    "BASIC_LAND_MANA",
    "STATIC_LAYERS",
    "Chars",
    "Values",
    "chars",
    "copiable_values",
    "printed",
    "statics_of",
    "triggered_abilities",
    "Zone",
]
