"""Static abilities of permanents on the battlefield, indexed by what they do.

Several rules ask "does some permanent have a static ability that does X?":
cost changes (CR 601.2f, 602.2b), casting permissions and prohibitions (CR
601.3, 702.8a, 307.1), "can't be countered" (CR 101.2), "doesn't untap" (CR
502.3). A static ability works only while its permanent is on the battlefield
(CR 604.1, 113.6) and a phased-out permanent is treated as though it doesn't
exist (CR 702.26b). The index of every battlefield static effect by its op lives
in the characteristics cache, kept while the permanents' characteristics are as
they were and brought up to date permanent by permanent when one enters or leaves
(:func:`per_permanent`), so each question is a dict lookup when nothing on the
battlefield has such an ability.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final, TypeVar

from ..cards.abilities import AbilityKind, StaticEffect
from ..game.objects import GameObject
from ..game.state import Game
from .characteristics import chars

_KEY: Final = "battlefield_statics_by_op"
#: cache key of the record it is made from, permanent by permanent (:func:`per_permanent`)
_ENTRIES_KEY: Final = "battlefield_statics_entries"

Entry = tuple[GameObject, StaticEffect]


def statics_with(game: Game, op: str) -> tuple[Entry, ...]:
    """Each (permanent, static effect) on the battlefield whose op is ``op``."""
    index = game._chars.get(_KEY)
    if index is None:
        index = statics_index(game)
    return index.get(op, ())  # type: ignore[no-any-return]


def statics_index(game: Game) -> dict[str, tuple[Entry, ...]]:
    """The index of the battlefield's static effects by op (the same record until
    the characteristics cache forgets it; when a permanent entered or left, brought
    up to date from the permanents' entries, :func:`per_permanent`)."""
    index = game._chars.get(_KEY)
    if index is None:
        index = per_permanent(game, _ENTRIES_KEY, _statics_of, _by_op)
        game._chars[_KEY] = index
    return index  # type: ignore[no-any-return]


def any_statics(game: Game, ops: frozenset[str] | tuple[str, ...]) -> bool:
    """Whether some permanent has a static effect with one of these ops."""
    index = statics_index(game)
    for op in ops:
        if op in index:  # (the index holds the ops that some permanent has)
            return True
    return False


def _statics_of(game: Game, src: GameObject) -> tuple[Entry, ...]:
    """The static effects of one permanent, as (permanent, static effect)."""
    if src.phased_out:
        return ()  # CR 702.26b
    c = game._perm.get(src.id)  # (the permanents' characteristics chars() remembers)
    if c is None:
        c = chars(game, src)
    return tuple((src, st) for a in c.abilities if a.kind is AbilityKind.STATIC for st in a.static)


def _by_op(per: dict[int, tuple[Entry, ...]]) -> dict[str, tuple[Entry, ...]]:
    found: dict[str, list[Entry]] = {}
    for entries in per.values():
        for entry in entries:
            found.setdefault(entry[1].op, []).append(entry)
    return {op: tuple(v) for op, v in found.items()}


T = TypeVar("T")


def per_permanent(
    game: Game,
    key: str,
    entries_of: Callable[[Game, GameObject], tuple[Any, ...]],
    merge: Callable[[dict[int, tuple[Any, ...]]], T],
) -> T:
    """An index of the permanents, built from each permanent's own entries
    (``entries_of``, in battlefield order, combined by ``merge``), with a record of
    them kept in the characteristics cache under ``key`` with the battlefield it was
    built for.

    The cache keeps it while the permanents' characteristics stay as they were
    (``rules/layers.py``), also when a permanent without static abilities entered
    or one that was the source of none left (CR 613: the others are unchanged):
    then only the newcomers are looked at and the leavers' entries dropped, not
    every permanent again; when neither had entries the index is the same record
    (a caller may remember what it found in it by its identity). The record is
    (battlefield, entries by permanent, index); :func:`without_newcomer` makes one
    forget a permanent's entries."""
    got = game._chars.get(key)
    battlefield = game.battlefield
    if got is None:
        per = {oid: entries_of(game, game.objects[oid]) for oid in battlefield}
        merged = merge(per)
    else:
        before, old, merged = got
        if before == battlefield and merged is not None:
            return merged  # type: ignore[no-any-return]
        # (no combined index: the cache dropped a newcomer's entries)
        changed = merged is None
        per = dict(old)
        kept = before
        on = set(battlefield)
        gone = [oid for oid in old if oid not in on]  # (usually none, or one)
        if gone:
            for oid in gone:
                changed = bool(per.pop(oid)) or changed
            kept = [oid for oid in before if oid not in gone]
        n = len(kept)
        if battlefield[:n] == kept:
            # the usual order: the newcomers after the permanents that stayed
            objects = game.objects
            for oid in battlefield[n:]:
                entries = per[oid] = entries_of(game, objects[oid])
                changed = changed or bool(entries)
        else:
            objects = game.objects
            per = {oid: per.get(oid) or entries_of(game, objects[oid]) for oid in battlefield}
            changed = True
        if changed:
            merged = merge(per)
    game._chars[key] = (list(battlefield), per, merged)
    return merged  # type: ignore[no-any-return]


def without_newcomer(record: tuple[list[int], dict[int, tuple[Any, ...]], Any], oid: int) -> tuple:
    """A :func:`per_permanent` record that doesn't know the permanent ``oid``, which
    may have been looked at while it was entering (``rules/layers.py``: its
    characteristics are computed again, so are its entries); its index is combined
    again if the permanent had entries."""
    battlefield, per, merged = record
    per = dict(per)
    entries = per.pop(oid, ())
    return ([i for i in battlefield if i != oid], per, None if entries else merged)
