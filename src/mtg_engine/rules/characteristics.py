"""Computed characteristics: copiable values, then continuous effects by layer (CR 613).

``chars(game, obj)`` returns the object's current characteristics, cached in
the game until something they depend on changes (``game.invalidate()``), so
reading power in a hot loop costs a dict lookup (architecture §3).

Layers applied here (CR 613.1): 1 (copiable values: the printed face, or the
face-down values of CR 708.2), 4 (types), 5 (colors), 6 (abilities, incl.
keyword counters), 7a-7d (power/toughness: CDAs, setting, modifying incl.
counters, switching). Within a layer effects apply in timestamp order
(CR 613.7). Effects come from resolved spells and abilities
(``game.effects``) and from the static abilities of permanents (CR 604, 611.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, SelfRef, StaticEffect
from ..game.objects import GameObject, Zone
from ..keywords import KEYWORD_EXPANSIONS
from .filters import matches_object

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
    """The characteristics of an object at this moment (CR 109.3)."""

    __slots__ = (
        "name",
        "colors",
        "types",
        "subtypes",
        "supertypes",
        "power",
        "toughness",
        "loyalty",
        "abilities",
        "keywords",
        "mana_value",
        "mana_cost",
        "restrictions",
    )

    def __init__(self) -> None:
        self.name = ""
        self.colors: frozenset[str] = frozenset()
        self.types: frozenset[str] = frozenset()
        self.subtypes: frozenset[str] = frozenset()
        self.supertypes: frozenset[str] = frozenset()
        self.power: int | None = None
        self.toughness: int | None = None
        self.loyalty: int | None = None
        self.abilities: tuple[Ability, ...] = ()
        self.keywords: frozenset[str] = frozenset()
        self.mana_value = 0
        self.mana_cost: str | None = None
        #: rule-changing statics that affect this object ("can't block", ...)
        self.restrictions: frozenset[str] = frozenset()

    def is_creature(self) -> bool:
        return "Creature" in self.types

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def copy(self) -> Chars:
        c = Chars.__new__(Chars)
        for s in Chars.__slots__:
            setattr(c, s, getattr(self, s))
        return c


def _pt(value: str | None) -> int | None:
    """Printed power/toughness: numbers; ``*`` is 0 before its CDA applies (CR 208.2)."""
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


def chars(game: Game, obj: GameObject) -> Chars:
    """The characteristics of ``obj`` after all continuous effects (CR 613).

    The returned record is shared and must not be modified.
    """
    c = game._chars.get(obj.id)
    if c is None:
        c = _compute(game, obj)
        game._chars[obj.id] = c
    return c


_FACE_DOWN_KEY = "face_down"


def _base(obj: GameObject) -> Chars:
    """Layer 1 copiable values, computed once per card face and shared."""
    key = _FACE_DOWN_KEY if obj.face_down else obj.face
    cache = obj.card.cache
    c = cache.get(key)
    if c is None:
        c = _base_uncached(obj)
        c.keywords = frozenset(a.keyword for a in c.abilities if a.keyword)
        cache[key] = c
    return c


def statics_of(obj: GameObject) -> tuple[StaticEffect, ...]:
    """The static effects printed on the object's face (cached per face)."""
    key = ("statics", obj.face)
    cache = obj.card.cache
    st = cache.get(key)
    if st is None:
        st = tuple(
            s
            for a in obj.card.compiled[obj.face].abilities
            if a.kind is AbilityKind.STATIC
            for s in a.static
            if s.op in STATIC_LAYERS
        )
        cache[key] = st
    return st


def _base_uncached(obj: GameObject) -> Chars:
    """Layer 1: copiable values (CR 707.2), or face-down values (CR 708.2a)."""
    c = Chars()
    if obj.face_down:
        # CR 708.2a: a 2/2 creature with no text, name, subtypes or mana cost.
        c.types = frozenset(("Creature",))
        c.power = 2
        c.toughness = 2
        return c
    face = obj.card.faces[obj.face]
    c.name = face.name
    c.colors = frozenset(face.colors)
    c.types = frozenset(face.types)
    c.subtypes = frozenset(face.subtypes)
    c.supertypes = frozenset(face.supertypes)
    c.power = _pt(face.power)
    c.toughness = _pt(face.toughness)
    c.loyalty = _pt(face.loyalty)
    c.mana_cost = face.mana_cost
    c.mana_value = face.mana_value
    abilities = obj.card.compiled[obj.face].abilities
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
    return c


def _compute(game: Game, obj: GameObject) -> Chars:
    base = _base(obj)
    effects = _applicable_effects(game, obj, base)
    counters = obj.counters
    if not effects and not counters:
        return base  # nothing applies: the shared copiable values
    c = base.copy()
    if effects:
        effects.sort(key=lambda e: (e[0], e[1]))
        for layer, _ts, op, args in effects:
            _apply(c, layer, op, args, obj)
    # CR 613.4c: counters that modify power and toughness apply in layer 7c;
    # they are applied after the 7c effects here, which gives the same result
    # because 7c modifications commute.
    if obj.counters and c.power is not None:
        plus = obj.counters.get("+1/+1", 0)
        minus = obj.counters.get("-1/-1", 0)
        if plus or minus:
            c.power += plus - minus
            c.toughness = (c.toughness or 0) + plus - minus
    if switch := [e for e in effects if e[2] == "switch_pt"]:
        for _ in switch:  # CR 613.4d
            c.power, c.toughness = c.toughness, c.power
    if "Planeswalker" in c.types and obj.zone == Zone.BATTLEFIELD:
        c.loyalty = obj.counters.get("loyalty", 0)  # CR 306.5b
    if c.abilities is not base.abilities:
        c.keywords = frozenset(a.keyword for a in c.abilities if a.keyword)
    return c


_STATICS_KEY = -1


def _static_sources(game: Game) -> list[tuple[GameObject, tuple[StaticEffect, ...]]]:
    """Battlefield permanents with continuous-effect static abilities (CR 604.2),
    cached with the characteristics until the next change."""
    cached = game._chars.get(_STATICS_KEY)
    if cached is None:
        cached = []
        for source_id in game.battlefield:
            src = game.objects[source_id]
            if src.phased_out or src.face_down:
                continue
            statics = statics_of(src)
            if statics:
                cached.append((src, statics))
        game._chars[_STATICS_KEY] = cached
    return cached


def _applicable_effects(
    game: Game, obj: GameObject, base: Chars
) -> list[tuple[str, int, str, dict]]:
    out: list[tuple[str, int, str, dict]] = []
    oid = obj.id
    for e in game.effects:
        if oid in e.affected:
            out.append((e.layer, e.timestamp, e.op, e.args))
    if obj.zone == Zone.BATTLEFIELD and not obj.phased_out:
        for src, statics in _static_sources(game):
            for st in statics:
                if isinstance(st.affected, SelfRef) or st.affected is None:
                    if src.id != oid:
                        continue
                elif not matches_object(game, obj, st.affected, src.controller, src, base):
                    continue
                out.append((STATIC_LAYERS[st.op], src.timestamp, st.op, st.args))
    return out


#: static-ability ops that are continuous effects, with their layer (CR 613.1)
STATIC_LAYERS: dict[str, str] = {
    "add_types": "4",
    "set_colors": "5",
    "grant_keyword": "6",
    "grant_ability": "6",
    "lose_all_abilities": "6",
    "cda_pt": "7a",
    "set_pt": "7b",
    "modify_pt": "7c",
    "switch_pt": "7d",
    "cant_block": "6r",
    "cant_attack": "6r",
    "cant_be_blocked": "6r",
    "cant_attack_or_block": "6r",
    "must_attack": "6r",
}


def _apply(c: Chars, layer: str, op: str, args: dict[str, Any], obj: GameObject) -> None:
    if op == "modify_pt":
        if c.power is not None:
            c.power += int(args.get("power", 0))
            c.toughness = (c.toughness or 0) + int(args.get("toughness", 0))
    elif op == "set_pt":
        c.power = int(args["power"])
        c.toughness = int(args["toughness"])
    elif op == "grant_keyword":
        kw = args["keyword"]
        if kw not in {a.keyword for a in c.abilities}:
            c.abilities = (*c.abilities, _keyword_ability(kw))
    elif op == "grant_ability":
        c.abilities = (*c.abilities, args["ability"])
    elif op == "lose_all_abilities":
        c.abilities = ()
    elif op == "add_types":
        c.types = c.types | frozenset(args.get("types", ()))
        c.subtypes = c.subtypes | frozenset(args.get("subtypes", ()))
    elif op == "set_colors":
        c.colors = frozenset(args["colors"])
    elif op in ("cant_block", "cant_attack", "cant_be_blocked", "must_attack"):
        c.restrictions = c.restrictions | {op}
    elif op == "cant_attack_or_block":
        c.restrictions = c.restrictions | {"cant_attack", "cant_block"}


_KEYWORD_ABILITIES: dict[str, Ability] = {}


def _keyword_ability(keyword: str) -> Ability:
    a = _KEYWORD_ABILITIES.get(keyword)
    if a is None:
        a = Ability(AbilityKind.STATIC, text=keyword, keyword=keyword)
        _KEYWORD_ABILITIES[keyword] = a
    return a


def static_restrictions(st: StaticEffect) -> str | None:
    return st.op if st.op in ("cant_block", "cant_attack", "cant_be_blocked") else None
