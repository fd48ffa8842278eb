"""Static abilities of permanents on the battlefield, indexed by what they do.

Several rules ask "does some permanent have a static ability that does X?":
cost changes (CR 601.2f, 602.2b), casting permissions and prohibitions (CR
601.3, 702.8a, 307.1), "can't be countered" (CR 101.2), "doesn't untap" (CR
502.3). A static ability works only while its permanent is on the battlefield
(CR 604.1, 113.6) and a phased-out permanent is treated as though it doesn't
exist (CR 702.26b). The index of every battlefield static effect by its op is
built once per state version (it lives in the characteristics cache, which is
cleared whenever the state changes), so each question is a dict lookup when
nothing on the battlefield has such an ability.
"""

from __future__ import annotations

from ..cards.abilities import AbilityKind, StaticEffect
from ..game.objects import GameObject
from ..game.state import Game
from .characteristics import chars

_KEY = "battlefield_statics_by_op"

Entry = tuple[GameObject, StaticEffect]


def statics_with(game: Game, op: str) -> tuple[Entry, ...]:
    """Each (permanent, static effect) on the battlefield whose op is ``op``."""
    index = game._chars.get(_KEY)
    if index is None:
        index = statics_index(game)
    return index.get(op, ())


def statics_index(game: Game) -> dict[str, tuple[Entry, ...]]:
    """The index of the battlefield's static effects by op (the same record until
    the characteristics cache forgets it: then it is built again)."""
    index = game._chars.get(_KEY)
    if index is None:
        index = _build(game)
        game._chars[_KEY] = index
    return index


def any_statics(game: Game, ops: frozenset[str] | tuple[str, ...]) -> bool:
    """Whether some permanent has a static effect with one of these ops."""
    index = statics_index(game)
    for op in ops:
        if op in index:  # (the index holds the ops that some permanent has)
            return True
    return False


def _build(game: Game) -> dict[str, tuple[Entry, ...]]:
    found: dict[str, list[Entry]] = {}
    objects = game.objects
    perm = game._perm  # (the permanents' characteristics chars() remembers)
    for oid in game.battlefield:
        src = objects[oid]
        if src.phased_out:
            continue  # CR 702.26b
        c = perm.get(oid)
        if c is None:
            c = chars(game, src)
        for a in c.abilities:
            if a.kind is not AbilityKind.STATIC:
                continue
            for st in a.static:
                found.setdefault(st.op, []).append((src, st))
    return {op: tuple(v) for op, v in found.items()}
