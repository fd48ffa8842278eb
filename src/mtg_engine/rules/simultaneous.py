"""Simultaneous events (CR 603.2c, 603.10a, 704.3).

"Destroy all creatures", state-based actions performed together, "each player
sacrifices ..." move several objects in ONE event. While such a batch is open,
:func:`mtg_engine.rules.zones.move` takes each permanent's last known
information from the state just before the batch (CR 608.2h, 113.7a), and
trigger checking waits until the whole batch has happened: then
leaves-the-battlefield abilities look back at the game as it was right before
it, including the abilities of the permanents that left at the same time
(CR 603.10a) — three creatures dying to Wrath of God are three deaths every
"whenever a creature dies" ability sees, its own death included.

A batch is opened and closed inside one synchronous step of the engine, never
across a decision: it is not part of the game state (nothing to clone or save).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Final

from ..game.objects import GameObject, Zone
from .cast_from_hand import cast_by
from .char_values import Chars
from .characteristics import cached_chars, chars

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.state import Game


class Batch:
    """The events of one simultaneous action, with the look-back state."""

    __slots__ = ("events", "lki", "attached", "rules", "once", "prevented")

    def __init__(self, rules: tuple[str, ...]) -> None:
        #: (event, the object that left or None), in the order performed
        self.events: list[tuple[Event, GameObject | None]] = []
        #: old id -> characteristics just before the batch (CR 608.2h)
        self.lki: dict[int, Chars] = {}
        #: Aura/Equipment id -> what it was attached to just before the batch
        self.attached: dict[int, int] = {}
        self.rules = rules
        #: what happens once for the whole event, already done: the additional
        #: effect of a prevention effect that prevents damage from several sources
        #: at once (CR 615.5, rules/prevention_then.py)
        self.once: set[tuple[Any, ...]] = set()
        #: the additional effect, pending, of a prevention effect that depends on the
        #: damage it prevented ("remove that many +1/+1 counters"): one for the whole
        #: event, with the damage prevented from every source (CR 615.5)
        self.prevented: dict[tuple[Any, ...], Any] = {}


#: hook set by rules/triggers.py: check the deferred events (CR 603.10a)
_FLUSH: Final[list[Any]] = []


def begin(game: Game, ids: Iterable[int] = (), rules: tuple[str, ...] = ()) -> Batch | None:
    """Open a simultaneous event. ``ids`` are the permanents about to leave: their
    characteristics are taken now, before any of them moves (CR 603.10a, 608.2h).
    None when one is already open (this is part of it)."""
    if game._batch is not None:
        return None
    b = Batch(rules)
    for oid in ids:
        o = game.objects.get(oid)
        if o is not None and o.zone == Zone.BATTLEFIELD:
            b.lki[oid] = chars(game, o)
    for oid in game.battlefield:
        to = game.objects[oid].attached_to
        if to is not None:
            b.attached[oid] = to
    game._batch = b
    return b


def end(game: Game, b: Batch | None) -> None:
    """Close the simultaneous event ``begin`` opened: now triggers see all of it."""
    if b is None:
        return
    game._batch = None
    if b.events:
        for flush in _FLUSH:
            flush(game, b)


@contextmanager
def simultaneous(
    game: Game, ids: Iterable[int] = (), rules: tuple[str, ...] = ()
) -> Iterator[None]:
    """Perform what the block does as one simultaneous event (see :func:`begin`);
    a nested one is part of the outer one."""
    b = begin(game, ids, rules)
    try:
        yield
    except BaseException:
        if b is not None:
            game._batch = None
        raise
    end(game, b)


def last_known(game: Game, old: GameObject) -> Chars:
    """The characteristics of a permanent about to leave the battlefield: as it was
    just before the simultaneous event it leaves in (CR 603.10a, 608.2h)."""
    b = game._batch
    if b is not None:
        c = b.lki.get(old.id)
        if c is None:
            c = b.lki[old.id] = chars(game, old)
        return c
    return chars(game, old)


def attached_before(game: Game, oid: int) -> list[int]:
    """The Auras and Equipment attached to the permanent as it last existed on the
    battlefield ("whenever equipped creature dies", CR 603.10a)."""
    b = game._batch
    if b is not None:
        return [a for a, to in b.attached.items() if to == oid]
    return [o for o in game.battlefield if game.objects[o].attached_to == oid]


def lki_record(game: Game, old: GameObject) -> dict[str, Any]:
    """Last known information about an object as plain data (CR 608.2h, 113.7a),
    for a pending triggered ability: it survives clone() and a JSON round-trip."""
    c = cached_chars(game, old)
    if c is None:
        c = chars(game, old)
    return {
        "id": old.id,
        "owner": old.owner,
        "controller": old.controller,
        "power": c.power,
        "toughness": c.toughness,
        "types": list(c.types),
        "subtypes": list(c.subtypes),
        "supertypes": list(c.supertypes),  # "from a legendary source" (113.7a)
        "colors": list(c.colors),
        "mana_value": c.mana_value,
        "keywords": sorted(c.keywords),  # the damage its ability deals: lifelink (113.7a)
        "counters": dict(old.counters),
        "attached_to": old.attached_to,
        "cast_by": cast_by(old),  # "if you cast it" (CR 603.4)
        "token": old.is_token,  # "for each nontoken creature destroyed this way" (111.1)
    }
