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

from typing import TYPE_CHECKING, Any, Final, cast

from ..cards.abilities import Ability, AbilityKind, StaticEffect
from ..cards.model import mana_symbols, mana_value_of
from ..game.hooks import RULES_HOOKS
from ..game.objects import GameObject, Zone
from .char_values import CHARS_FIELDS, Chars, Values, finish_abilities
from .layers_table import STATIC_LAYERS
from .multiface import build_printed, printed_key

if TYPE_CHECKING:
    from ..game.state import Game


#: the zones :func:`chars` looks at first, read once (a class attribute costs more
#: than a module constant, and chars() is the hottest look-up of the rules)
_BATTLEFIELD: Final = Zone.BATTLEFIELD
_HAND: Final = Zone.HAND


def chars(game: Game, obj: GameObject) -> Chars:
    """The characteristics of ``obj`` after all continuous effects (CR 613).

    The returned record is shared and must not be modified.
    """
    c: Chars | None
    zone = obj.zone
    if zone == _BATTLEFIELD:
        # the permanents' own cache (rules/layers.py keeps it through most changes)
        c = game._perm.get(obj.id)
        return _computed(game, obj) if c is None else c
    if zone == _HAND:
        c = game._printed.get(obj.id)
        if c is not None:
            return c
    c = game._objs.get(obj.id)
    return _computed(game, obj) if c is None else c


def _computed(game: Game, obj: GameObject) -> Chars:
    """The characteristics of ``obj``, computed and remembered until something they
    depend on changes: a permanent's in ``_perm``, a card in hand with its printed
    ones in ``_printed`` (rules/layers.py keeps both through most changes), any
    other in ``_objs``."""
    oid = obj.id
    frames = game._frames
    if frames:
        held = game._provisional.get(oid)
        if held is not None:
            return _on_their_way(game, frames, oid, held)
    c = compute_framed(game, obj)
    kept_in: dict[int, Any]
    if obj.zone == Zone.BATTLEFIELD:
        kept_in = game._perm
        if game.objects.get(oid) is not obj:
            game._perm_stray.append(oid)  # (not a permanent now: forgotten at the next change)
    elif obj.zone == Zone.HAND and c is obj.card.cache.get(SINGLE_FACE):
        kept_in = game._printed
    else:
        kept_in = game._objs
    kept_in[oid] = c
    if frames:
        game._computed_meanwhile.append((kept_in, oid))
    return c


def compute_framed(game: Game, obj: GameObject) -> Chars:
    """Compute the characteristics of ``obj`` (``rules.layers.compute``, CR 613).

    While an object's characteristics are worked out, a rule that looks at it sees
    values on their way (:func:`provisional`: its copiable values while the conditions
    of static abilities are checked, then the layers applied so far). A condition of
    one object can look at another that is being worked out further down (Scurrid
    Colony counting its lands computes Rhonas, whose "another creature with power 4
    or greater" looks back at the Colony). Such reads are recorded; when the
    object's characteristics turn out other than what was read, everything computed
    meanwhile is forgotten, to be computed again from the finished values when next
    looked at (CR 611.3a, 613.1: a condition reads the finished characteristics).
    """
    frames = game._frames
    oid = obj.id
    meanwhile = game._computed_meanwhile
    frame: list = [oid, None, len(meanwhile)]
    frames.append(frame)
    before = game._provisional.get(oid)  # (a probe of a card as cast: cast_chars)
    # ``Any``, not ``Chars | None``: the ``finally`` reads it unset after an exception,
    # where mypyc would check it against the type mypy narrowed it to in the ``try``
    c: Any = None
    try:
        c = RULES_HOOKS.characteristics(game, obj)  # rules.layers.compute (CR 613)
        if obj.x and obj.zone == Zone.STACK and obj.stack_kind not in ("activated", "triggered"):
            c = _with_x(c, obj.x)
    finally:
        frames.pop()
        if before is None:
            game._provisional.pop(oid, None)
        else:
            game._provisional[oid] = before
        read = frame[1]
        if read is not None and (c is None or _changed(read, c)):
            # what was computed meanwhile may have read values that are not the final
            # ones: forgotten, computed again from the finished values when next read
            start = frame[2]
            for kept, k in meanwhile[start:]:
                kept.pop(k, None)
            del meanwhile[start:]
        if not frames:
            meanwhile.clear()
    assert c is not None
    return c


def provisional(game: Game, obj: GameObject, c: Chars) -> None:
    """What a rule sees of ``obj`` while its characteristics are being computed
    (a self-referring filter or count, a condition that looks at it): see
    :func:`compute_framed`."""
    game._provisional[obj.id] = (c, len(game._frames) - 1, None)


def _on_their_way(game: Game, frames: list[list[Any]], oid: int, held: tuple) -> Chars:
    """The values on their way of an object being computed; when another computation
    (further up) reads them, what it reads is recorded (:class:`_Watched`)."""
    if held[1] == len(frames) - 1:
        return held[0]  # type: ignore[no-any-return]  # (its own computation reading itself)
    watched: Chars | None = held[2]
    if watched is None:
        frame = frames[held[1]]
        if frame[1] is None:
            frame[1] = {}
        if _COMPILED:
            return _snapshot(held[0], frame[1])
        watched = cast(Chars, _Watched(held[0], frame[1]))
        game._provisional[oid] = (held[0], held[1], watched)
    return watched


def _snapshot(c: Chars, read: dict[str, list[Any]]) -> Chars:
    """Compiled by mypyc (scripts/build_mypyc.py), a :class:`_Watched` can't stand for
    ``Chars`` (compiled code checks the type): a copy is handed out instead, with
    every characteristic recorded as read. Forgetting more of what was computed
    meanwhile, it computes the same values again (the games are the same)."""
    for f in _ALL_VALUES:
        v = getattr(c, f)
        seen = read.setdefault(f, [v])
        if v is not seen[-1] and v not in seen:
            seen.append(v)
    return c.copy()


#: what reading a derived attribute or calling a method of :class:`Chars` reads
_READS: Final[dict[str, tuple[str, ...]]] = {
    "has": ("keywords",),
    "is_creature": ("types",),
    "has_name": ("name", "names"),
    "triggered": ("abilities",),
    "statics": ("abilities",),
    "etb": ("abilities",),
    "activated": ("abilities",),
    "from_hand": ("abilities",),
    "tap_mana": ("abilities",),
    "mana_entries": ("abilities",),
    "repl": ("abilities",),
    "stack_targets": ("abilities",),
}
_ALL_READ: Final = CHARS_FIELDS
#: the characteristics themselves, not the caches derived from them
_ALL_VALUES: Final = CHARS_FIELDS[: CHARS_FIELDS.index("restrictions") + 1]
#: whether this module runs compiled (a mypyc build's ``.so``, not this ``.py`` file)
_COMPILED: Final = not __file__.endswith(".py")


class _Watched:
    """Characteristics on their way, handed to another computation: what it reads
    is recorded with the value it saw (``read``: characteristic -> values seen)."""

    __slots__ = ("_c", "_read")
    _c: Chars
    _read: dict[str, list[Any]]

    def __init__(self, c: Chars, read: dict[str, list[Any]]) -> None:
        object.__setattr__(self, "_c", c)
        object.__setattr__(self, "_read", read)

    def __getattr__(self, name: str) -> object:
        c = self._c
        read = self._read
        for f in _READS.get(name) or ((name,) if name in _SLOTS else _ALL_READ):
            v = getattr(c, f)
            seen = read.get(f)
            if seen is None:
                read[f] = [v]
            elif v is not seen[-1] and v not in seen:
                seen.append(v)
        return getattr(c, name)

    def __setattr__(self, name: str, value: object) -> None:
        setattr(self._c, name, value)  # (a cache derived from the abilities, first use)


_SLOTS: Final = frozenset(CHARS_FIELDS)


def _changed(read: dict[str, list], final: Chars) -> bool:
    """Whether any value read on its way differs from the final one."""
    for f, seen in read.items():
        v = getattr(final, f)
        for w in seen:
            if w is not v and w != v:
                return True
    return False


def cached_chars(game: Game, obj: GameObject) -> Chars | None:
    """The characteristics of ``obj`` remembered now, if any (no computing)."""
    if obj.zone == Zone.BATTLEFIELD:
        return game._perm.get(obj.id)  # type: ignore[no-any-return]
    c: Chars | None = game._printed.get(obj.id) if obj.zone == Zone.HAND else None
    return game._objs.get(obj.id) if c is None else c  # type: ignore[no-any-return]


def remember_chars(game: Game, obj: GameObject, c: Chars) -> None:
    """Remember ``c`` as the characteristics of ``obj`` until the next change: the
    last known information of an object that left (CR 608.2h)."""
    if obj.zone == Zone.BATTLEFIELD:
        game._perm[obj.id] = c
        if game.objects.get(obj.id) is not obj:
            game._perm_stray.append(obj.id)
    else:
        game._objs[obj.id] = c


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


# ---------------------------------------------------------------------------
# Printed values and copiable values (CR 613.1, 613.2)
# ---------------------------------------------------------------------------


#: card-cache key of the printed values of a card with a single face (a fast path)
SINGLE_FACE: Final = "single_face"


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


_FINISHED: Final[dict[Values, Chars]] = {}


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


__all__ = [
    "SINGLE_FACE",
    "chars",
    "chars_of_values",
    "printed",
    "printed_raw",
    "static_effects",
    "statics_in",
    "statics_of",
    "triggered_abilities",
    "values_of",
]
