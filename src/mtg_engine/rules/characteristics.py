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

from typing import TYPE_CHECKING, cast

from ..cards.abilities import Ability, AbilityKind, StaticEffect
from ..cards.model import mana_symbols, mana_value_of
from ..game.hooks import RULES_HOOKS
from ..game.objects import GameObject, Zone
from .char_values import Chars, Values, finish_abilities
from .layers_table import STATIC_LAYERS
from .multiface import build_printed, printed_key

if TYPE_CHECKING:
    from ..game.state import Game


def chars(game: Game, obj: GameObject) -> Chars:
    """The characteristics of ``obj`` after all continuous effects (CR 613).

    The returned record is shared and must not be modified.
    """
    oid = obj.id
    c: Chars | None
    if obj.zone == Zone.BATTLEFIELD:
        # the permanents' own cache (rules/layers.py keeps it through most changes)
        c = game._perm.get(oid)
        if c is None:
            c = RULES_HOOKS.characteristics(game, obj)  # rules.layers.compute (CR 613)
            game._perm[oid] = c
            if game.objects.get(oid) is not obj:
                game._perm_stray.append(oid)  # (not a permanent now: forgotten at the next change)
        return c
    if obj.zone == Zone.HAND:
        kept: Chars | None = game._printed.get(oid)
        if kept is not None:
            return kept
    c = game._objs.get(oid)
    if c is None:
        c = RULES_HOOKS.characteristics(game, obj)  # rules.layers.compute (CR 613)
        if obj.zone == Zone.HAND and c is obj.card.cache.get(SINGLE_FACE):
            # a card in hand with its printed characteristics (rules/layers.py keeps them
            # through the changes that keep the permanents' own)
            game._objs.pop(oid, None)  # (what a self-referring filter saw meanwhile)
            game._printed[oid] = c
            return cast(Chars, c)  # (the "is" above narrowed it to the card cache's type)
        if obj.x and obj.zone == Zone.STACK and obj.stack_kind not in ("activated", "triggered"):
            c = _with_x(c, obj.x)
        game._objs[oid] = c
    return c


def cached_chars(game: Game, obj: GameObject) -> Chars | None:
    """The characteristics of ``obj`` remembered now, if any (no computing)."""
    if obj.zone == Zone.BATTLEFIELD:
        return game._perm.get(obj.id)  # type: ignore[no-any-return]
    c: Chars | None = game._printed.get(obj.id) if obj.zone == Zone.HAND else None
    return game._objs.get(obj.id) if c is None else c  # type: ignore[no-any-return]


def remember_chars(game: Game, obj: GameObject, c: Chars) -> None:
    """Remember ``c`` as the characteristics of ``obj`` until the next change: the
    values a rule reads meanwhile (a self-referring filter while they are computed,
    or the last known information of a permanent that left, CR 608.2h)."""
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
