"""A debug check of the characteristics cache (CR 613): after each change that
kept remembered characteristics (:func:`mtg_engine.rules.layers.forget_after`),
every value kept is compared with one computed from nothing.

Not in the default path: ``MTG_CHECK_CHARS=1`` in the environment makes the engine
wiring (``engine.py``) install :func:`checked_forget_after` instead of
``forget_after``; a difference raises :class:`CharsCacheError` naming the object,
the change and the characteristic (run ``mtg fuzz`` or ``mtg sim`` with it).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .char_values import CHARS_FIELDS, Chars
from .characteristics import chars
from .layers import forget_after

if TYPE_CHECKING:
    from ..game.state import Game

#: the characteristics compared: the slots up to ``restrictions`` (the later ones are
#: derived from these on first use)
_COMPARED = CHARS_FIELDS[: CHARS_FIELDS.index("restrictions") + 1]


class CharsCacheError(AssertionError):
    """A kept cache entry differs from the characteristics computed again."""


def checked_forget_after(game: Game, change: tuple[int | str, ...]) -> bool:
    """:func:`forget_after`, then every kept characteristics record checked."""
    if not forget_after(game, change):
        return False
    kept = [
        (oid, c)
        for d in (game._perm, game._printed, game._objs)
        for oid, c in d.items()
        if oid not in game._perm_stray
    ]
    saved = (game._chars, game._perm, game._printed, game._objs, game._perm_stray)
    game._chars, game._perm, game._printed, game._objs, game._perm_stray = {}, {}, {}, {}, []
    try:
        for oid, c in kept:
            o = game.objects.get(oid)
            if o is None:
                continue  # (an object that left its zone: its id is never reused, CR 400.7)
            fresh = chars(game, o)
            diff = _difference(c, fresh)
            if diff:
                raise CharsCacheError(
                    f"after {change!r}, the kept characteristics of {o.name} ({oid}) "
                    f"differ in {diff}: kept {getattr(c, diff)!r}, now {getattr(fresh, diff)!r}"
                )
    finally:
        game._chars, game._perm, game._printed, game._objs, game._perm_stray = saved
    return True


def _difference(a: Chars, b: Chars) -> str | None:
    for name in _COMPARED:
        if getattr(a, name) != getattr(b, name):
            return name
    return None
