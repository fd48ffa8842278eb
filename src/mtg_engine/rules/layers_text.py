"""Text-changing effects (CR 612, layer 3).

A text-changing effect changes words used in the correct way — a color word
used as a color word, a basic land type as a land type, a creature type as a
creature type (CR 612.2) — in an object's rules text and type line (612.1).
Names never change (612.2). Abilities granted by other effects aren't part of
its text (612.3), so only the abilities present when layer 3 applies (the
copiable values) change.

In the ability records the words live in filters (``("color", "black")``,
``("subtype", "Swamp")``), keyword parameters (landwalk, protection) and
token definitions; :func:`change_text` rewrites those values.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from ..cards.model import COLORS

if TYPE_CHECKING:
    from .char_values import Chars

_BASIC_LAND_TYPES = frozenset(("Plains", "Island", "Swamp", "Mountain", "Forest"))
_CACHE: dict[tuple[int, str, str], Any] = {}


def _word_map(old: str, new: str) -> dict[str, str]:
    """The spellings of a word that may appear (CR 612.2: only as that kind of word)."""
    if old.lower() in COLORS:
        return {old.lower(): new.lower(), old.capitalize(): new.capitalize()}
    return {old: new, old.lower(): new.lower(), f"{old.lower()}walk": f"{new.lower()}walk"}


def _swap(value: Any, words: dict[str, str]) -> Any:
    if isinstance(value, str):
        return words.get(value, value)
    if isinstance(value, tuple):
        out = tuple(_swap(v, words) for v in value)
        return out if any(a is not b for a, b in zip(out, value, strict=True)) else value
    if isinstance(value, list):
        return [_swap(v, words) for v in value]
    if isinstance(value, dict):
        return {k: (v if k in ("name",) else _swap(v, words)) for k, v in value.items()}
    if is_dataclass(value) and not isinstance(value, type):
        changes = {}
        for f in fields(value):
            if f.name in ("text", "name"):
                continue  # names aren't changed (CR 612.2)
            v = getattr(value, f.name)
            nv = _swap(v, words)
            if nv is not v:
                changes[f.name] = nv
        return replace(value, **changes) if changes else value
    return value


def _changed(abilities: tuple[Any, ...], old: str, new: str) -> tuple[Any, ...]:
    words = _word_map(old, new)
    out = []
    for a in abilities:
        key = (id(a), old, new)
        hit = _CACHE.get(key)
        if hit is None or hit[0] is not a:
            hit = (a, _swap(a, words))
            if len(_CACHE) > 8192:
                _CACHE.clear()
            _CACHE[key] = hit
        out.append(hit[1])
    return tuple(out)


def changed_abilities(
    abilities: tuple[Any, ...], changes: list[tuple[str, str]]
) -> tuple[Any, ...]:
    """The abilities after each (old, new) text change in timestamp order (CR 612, 613.7)."""
    for old, new in changes:
        abilities = _changed(abilities, old, new)
    return abilities


def change_text(c: Chars, old: str, new: str) -> None:
    """Replace ``old`` by ``new`` where it's used as a color word, a land type or a
    creature type (CR 612.2) in the abilities and the type line (612.1)."""
    c.abilities = _changed(c.abilities, old, new)
    if old in c.subtypes and (old in _BASIC_LAND_TYPES or new not in COLORS):
        c.subtypes = (c.subtypes - {old}) | {new}
    if old.lower() in COLORS and old.lower() in c.colors:
        pass  # a color word in text doesn't change the object's color (CR 105.3, 612.2)
