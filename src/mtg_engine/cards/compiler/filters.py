"""Noun phrases → :class:`Filter` (CR 109, 115.2, 205).

The grammar reduces "nonblack artifact creature you control with flying" to
adjective conditions, noun groups and postfix conditions; :func:`build_filter`
turns them into one :class:`Filter`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..abilities import Filter
from .tables import (
    ARTIFACT_TYPES,
    BATTLE_TYPES,
    ENCHANTMENT_TYPES,
    LAND_TYPES,
    SPELL_TYPES,
    SUBTYPES,
    plural_forms,
)

Cond = tuple[str, Any]

_HEADS = {
    "spell": "spell",
    "spells": "spell",
    "card": "card",
    "cards": "card",
    "permanent": "permanent",
    "permanents": "permanent",
    "token": "token",
    "tokens": "token",
    "player": "player",
    "players": "player",
    "opponent": "opponent",
    "opponents": "opponent",
    "source": "source",
    "sources": "source",
    "ability": "ability",
    "abilities": "ability",
    "commander": "commander",
    "commanders": "commander",
    "ring-bearer": "ring-bearer",
    "ring-bearers": "ring-bearer",
}


def _singular_table(words: tuple[str, ...]) -> dict[str, str]:
    table: dict[str, str] = {}
    for w in words:
        low = w.lower()
        table[low] = w
        for p in plural_forms(low):
            table[p] = w
    return table


_CARD_TYPE_WORDS = _singular_table(
    (
        "Artifact",
        "Battle",
        "Creature",
        "Enchantment",
        "Instant",
        "Kindred",
        "Land",
        "Planeswalker",
        "Sorcery",
        "Tribal",
    )
)
_IMPLIED_TYPE: dict[str, str] = {}
for _t in ARTIFACT_TYPES:
    _IMPLIED_TYPE[_t] = "Artifact"
for _t in ENCHANTMENT_TYPES:
    _IMPLIED_TYPE[_t] = "Enchantment"
for _t in LAND_TYPES:
    _IMPLIED_TYPE[_t] = "Land"
for _t in SPELL_TYPES:
    _IMPLIED_TYPE[_t] = "spell"
for _t in BATTLE_TYPES:
    _IMPLIED_TYPE[_t] = "Battle"


def card_type(word: str) -> str:
    """``"creatures"`` → ``"Creature"`` (CR 205.2a)."""
    return _CARD_TYPE_WORDS[word]


def subtype(word: str) -> str:
    """``"goblins"`` → ``"Goblin"``; ``"urza's"`` → ``"Urza's"`` (CR 205.3)."""
    return _SUBTYPE_WORDS.get(word, word.capitalize())


def _build_subtypes() -> dict[str, str]:

    return _singular_table(SUBTYPES)


_SUBTYPE_WORDS = _build_subtypes()


@dataclass(slots=True)
class NounWord:
    """One noun of a noun group: a card type, a subtype or a head noun."""

    kind: str  # "type" | "subtype" | "head"
    value: str
    #: printed in the plural ("artifacts"): a noun of its own, never an adjective of
    #: a head noun after it ("artifacts, enchantments, and/or tokens" are artifacts,
    #: not artifact tokens; "artifact or creature token" are both tokens)
    plural: bool = False


@dataclass(slots=True)
class Alt:
    """One alternative of "A or B": its adjectives and nouns."""

    adjs: list[Cond] = field(default_factory=list)
    nouns: list[NounWord] = field(default_factory=list)


def _alt_kinds(alt: Alt, head: str | None) -> tuple[list[str], list[Cond]]:
    types = [n.value for n in alt.nouns if n.kind == "type"]
    subs = [n.value for n in alt.nouns if n.kind == "subtype"]
    conds: list[Cond] = []
    kinds: list[str] = []
    if head in ("player", "opponent") and not types:
        # ("player or planeswalker": the head noun is one alternative, CR 115.4)
        kinds = ["player"]
        if head == "opponent":
            conds.append(("opponent", True))
        return kinds, conds
    if types:
        kinds = [types[-1]]
        conds.extend(("type", t) for t in types[:-1])
    for s in subs:
        conds.append(("subtype", s))
    if not types and subs:
        implied = _IMPLIED_TYPE.get(subs[0], "Creature")
        if implied == "spell":
            kinds = ["Instant", "Sorcery"]
        elif head not in ("card", "spell"):
            kinds = [implied] if head != "permanent" else ["permanent"]
    if head == "ring-bearer":
        # "a Ring-bearer", "Ring-bearers": a designated creature (CR 701.54b, 701.54e)
        kinds = kinds or ["Creature"]
        conds.append(("ring_bearer", True))
    if not kinds:
        if head in ("permanent", "spell", "card", "source", "ability", "commander"):
            kinds = [head]
        elif head == "token":
            kinds = ["permanent"]
    if head == "token":
        conds.append(("token", True))
    if (
        head in ("card", "spell")
        and not types
        and any(n.kind == "head" and n.value == "permanent" for n in alt.nouns)
    ):
        # "nonland permanent cards" (CR 110.4a); "permanent spells" (110.4b: a spell
        # that will become a permanent as it resolves)
        conds.append(("permanent_card", True))
    if head == "commander" or any(n.kind == "head" and n.value == "commander" for n in alt.nouns):
        # "a commander spell", "commander creatures": the head noun that follows
        # doesn't drop it (CR 903.3)
        conds.append(("commander", True))
    return kinds, conds


def _own_head(alt: Alt) -> str | None:
    return next((n.value for n in alt.nouns if n.kind == "head"), None)


def _shared_head(alt: Alt, head: str | None) -> str | None:
    """The head noun of a later alternative, which an alternative without one of its
    own takes ("instant or sorcery spell"), unless its noun is plural: "artifacts,
    enchantments, and/or tokens" (Lich-Knights' Conquest) names artifacts and
    enchantments, tokens or not (CR 111.1), as "permanents" would."""
    if alt.nouns and alt.nouns[-1].plural and head == "token":
        return None
    return head


def build_filter(alts: list[Alt], posts: list[Cond]) -> Filter:
    """Build a Filter from the alternatives of a noun phrase and its postfix conditions."""
    # A head noun at the end applies to every alternative: "instant or sorcery spell".
    head: str | None = None
    for alt in alts:
        for n in alt.nouns:
            if n.kind == "head":
                head = n.value
    if (
        len(alts) > 1
        and head in ("spell", "ability")
        and all(n.kind == "head" for n in alts[-1].nouns)
        and any(_own_head(alt) is None for alt in alts[:-1])
    ):
        # "other target creature or spell" (Aang, Swift Savior): a bare "spell" is an
        # alternative of its own, not the head noun of "creature": a creature
        # permanent or a spell (CR 109.2, 115.1), as "spell or permanent" is
        return _bare_spell_alternative(alts, posts, head)
    kinds: list[str] = []
    conds: list[Cond] = []
    if len(alts) == 1:
        k, c = _alt_kinds(alts[0], head)
        kinds += k
        conds += alts[0].adjs + c
    else:
        any_of: list[tuple[Cond, ...]] = []
        # the first alternative's adjectives are shared ("tapped creature or
        # artifact"), unless each alternative has a head noun of its own
        own_heads = all(_own_head(alt) is not None for alt in alts)
        # (shared only when every alternative has them: "blue creatures and black
        # creatures" share none)
        shared = not own_heads and all(set(alts[0].adjs) <= set(a.adjs) for a in alts[1:])
        shared_adjs = alts[0].adjs if shared else []
        # an alternative with a head noun of its own keeps it: "spell or ability"
        alt_kinds = [_alt_kinds(alt, _own_head(alt) or _shared_head(alt, head)) for alt in alts]
        mixed = len({tuple(k) for k, _ in alt_kinds}) > 1
        # "creature or Vehicle": once another alternative has conditions, a plain
        # one keeps its kind as its own (else the Vehicle's subtype would be lost)
        some_extra = any(
            [x for x in alt.adjs + c if x not in shared_adjs]
            for alt, (_, c) in zip(alts, alt_kinds, strict=True)
        )
        for alt, (k, c) in zip(alts, alt_kinds, strict=True):
            for kk in k:
                if kk not in kinds:
                    kinds.append(kk)
            extra = [x for x in alt.adjs + c if x not in shared_adjs]
            if extra and mixed and len(k) == 1 and k[0][:1].isupper():
                extra.append(("type", k[0]))  # "black creature or white artifact": keep pairs
            elif not extra and mixed and any("player" in ak for ak, _ in alt_kinds):
                if len(k) == 1 and k[0][:1].isupper():
                    extra = [("type", k[0])]  # "target opponent or planeswalker"
            elif not extra and mixed and some_extra and len(k) == 1 and k[0][:1].isupper():
                extra = [("type", k[0])]
            if (
                mixed
                and any(a2.adjs for a2 in alts)
                and not any(x[0] in ("type", "is_kind") for x in extra)
            ):
                # "permanent or suspended card": each alternative keeps its own kind
                extra = [*extra, ("is_kind", tuple(k))]
            if extra:
                any_of.append(tuple(extra))
        conds += shared_adjs
        subtypes_only = all(len(x) == 1 and x[0][0] == "subtype" for x in any_of)
        if any_of and subtypes_only and len(any_of) == len(alts):
            conds.append(("subtype_in", tuple(x[0][1] for x in any_of)))
        elif any_of and len(any_of) == len(alts):
            conds.append(("any_of", tuple(any_of)))
    zone = "battlefield"
    if head in ("spell", "ability"):
        zone = "stack"  # CR 113.1a, 405.1: spells and abilities are targeted on the stack
    elif head == "card":
        zone = "any"
    if "player" in kinds:
        zone = "battlefield"
    other: list[Cond] = []
    for key, value in posts:
        if key == "zone":
            zone = value
        else:
            other.append((key, value))
    return Filter(kinds=tuple(kinds), zone=zone, conditions=tuple(conds + other))


def _bare_spell_alternative(alts: list[Alt], posts: list[Cond], head: str) -> Filter:
    """ "creature or spell": each alternative before the bare head noun is a noun of
    its own (a permanent); the filter looks on the battlefield, and the targeting
    code adds the stack for its "spell" kind (CR 115.1)."""
    first = build_filter(alts[:-1], [])
    last = build_filter(alts[-1:], [])
    either = either_filter(first, last)
    other: list[Cond] = [(k, v) for k, v in posts if k != "zone"]
    shared = [c for c in alts[0].adjs if all(c in a.adjs for a in alts[1:])]
    return Filter(either.kinds, "battlefield", tuple(shared) + either.conditions + tuple(other))


def with_zone(flt: Filter, zone: str) -> Filter:
    """The same filter looking in another zone (only if it had none of its own)."""
    if flt.zone in ("any", "battlefield") and "player" not in flt.kinds:
        return Filter(flt.kinds, zone, flt.conditions)
    return flt


def is_player_filter(flt: Filter) -> bool:
    return flt.kinds == ("player",)


def either_filter(a: Filter, b: Filter) -> Filter:
    """ "A or B", each with its own kind and conditions ("target permanent with a time
    counter on it or suspended card", "an Elemental spell or a Chandra planeswalker
    spell")."""
    kinds = tuple(dict.fromkeys(a.kinds + b.kinds))
    either = (
        (("is_kind", a.kinds), *a.conditions),
        (("is_kind", b.kinds), *b.conditions),
    )
    zone = a.zone if a.zone == b.zone else "any"
    return Filter(kinds=kinds, zone=zone, conditions=(("any_of", either),))
