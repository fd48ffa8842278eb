"""Copying objects (CR 707).

A copy effect is a layer-1a continuous effect (CR 613.2a): a
:class:`~mtg_engine.game.state.ContinuousEffect` with ``layer="1a"``,
``op="copy"`` and ``args={"values": Values}``, where the
:class:`~mtg_engine.rules.characteristics.Values` snapshot holds the copiable
values of the original *when the effect began* (CR 707.2b-c) with the copy
effect's exceptions already applied (CR 707.9b: the final values become part
of the copiable values). Copies of copies therefore see the exceptions
(CR 707.9a-b) and copy effects (707.3) of what they copy.

What's copied (CR 707.2): the printed values as modified by other copy
effects, by face-down status (a copy of a face-down permanent is a face-up
nameless 2/2, 707.2 example) and by "as ... enters" P/T-setting effects
(``op="set_copiable"``). Not copied: other effects, status, counters,
choices (707.6). A flip card's both halves travel with the snapshot, so a
flipped copier uses the flipped half (707.3 example); a double-faced
permanent gives the face that is up (707.8).

Exceptions (CR 707.9), as a dict (``Effect.args["except"]`` for the
compiler's ``enters_as_copy``, ``become``, ``copy_permanent`` and
``copy_spell`` ops):

* ``"colors"``: the copy is these colors (Fork: "except that the copy is red");
* ``"keep_colors": True``: it doesn't copy color and keeps its own (707.9c);
* ``"power"``/``"toughness"``: "except it's 7/7" (707.9b);
* ``"name"``; ``"add_types"``, ``"add_subtypes"``, ``"add_supertypes"``: "...
  in addition to its other types" (707.9b); ``"remove_supertypes"``: "except
  it isn't legendary";
* ``"abilities"``: abilities it has (707.9a); ``"this_ability": True`` adds
  the ability doing the copying ("except it has this ability");
  ``"add_keywords"``: keyword abilities it has (changeling);
* ``"if_creature"``: exceptions that apply only if the result is a creature
  (707.9f);
* ``"counters"``: ``{kind: amount}`` — an additional effect: it enters with
  those counters (707.9e), not a characteristic.

When an exception gives a characteristic its own value, a
characteristic-defining ability of the original that defines it isn't
copied (CR 707.9d) — unless the exception only adds types.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import Ability, AbilityKind, StaticEffect
from ..game.objects import GameObject
from .characteristics import Chars, Values, chars_of_values, printed_raw, values_of

if TYPE_CHECKING:
    from ..game.state import ContinuousEffect, Game

#: the 1a ops (CR 613.2a)
COPY_OPS = ("copy", "set_copiable")


def apply_layer1a(obj: GameObject, effects: list[ContinuousEffect]) -> Chars:
    """Layer 1a (CR 613.2a): copy effects and copiable "as ... enters" effects,
    in timestamp order, starting from the printed values."""
    current = _replay(obj, effects)
    if current is None:
        from .characteristics import printed

        return printed(obj)
    return chars_of_values(current)


def _replay(obj: GameObject, effects: list[ContinuousEffect] | tuple) -> Values | None:
    current: Values | None = None
    for e in sorted(effects, key=lambda e: e.timestamp):
        if e.op == "copy":
            v = e.args["values"]
            if v.flipped is not None and obj.card.data.layout == "flip" and obj.face == 1:
                v = v.flipped  # CR 707.3: as modified by the copier's flipped status
            current = v
        elif e.op == "set_copiable":
            if current is None:
                current = _printed_values(obj)
            current = replace(current, **e.args["values"])
    return current


def _printed_values(obj: GameObject) -> Values:
    v = values_of(printed_raw(obj))
    if obj.card.data.layout == "flip" and len(obj.card.faces) > 1:
        from .multiface import build_printed

        # CR 707.3, 710: both halves travel; the copier's status picks one
        unflipped = values_of(build_printed(obj.card, 0))
        return replace(unflipped, flipped=values_of(build_printed(obj.card, 1)))
    return v


def raw_values(game: Game, obj: GameObject) -> Values:
    """The copiable values of ``obj`` as a snapshot (CR 707.2, 613.2c)."""
    if obj.face_down:
        from .face_down import face_down_snapshot

        return face_down_snapshot(obj)  # CR 707.2 example: a nameless 2/2
    l1 = [e for e in game.effects if e.layer[0] == "1" and obj.id in e.affected]
    got = _replay(obj, l1) if l1 else None
    return got if got is not None else _printed_values(obj)


def has_copy_effect(game: Game, obj: GameObject) -> bool:
    return any(e.layer == "1a" and obj.id in e.affected for e in game.effects)


def snapshot(
    game: Game,
    original: GameObject,
    exceptions: dict[str, Any] | None = None,
    copier: GameObject | None = None,
    this_ability: Ability | None = None,
) -> Values:
    """The values a copy effect locks in (CR 707.2b): ``original``'s copiable
    values with ``exceptions`` applied (CR 707.9)."""
    v = raw_values(game, original)
    if exceptions:
        v = apply_exceptions(v, exceptions, copier, this_ability)
        if v.flipped is not None:
            v = replace(v, flipped=apply_exceptions(v.flipped, exceptions, copier, this_ability))
    return v


def apply_exceptions(
    v: Values,
    exc: dict[str, Any],
    copier: GameObject | None = None,
    this_ability: Ability | None = None,
) -> Values:
    """CR 707.9a-d, 707.9f: modify the copied values as part of the copying process."""
    changes: dict[str, Any] = {}
    dropped: set[str] = set()  # characteristics whose CDAs aren't copied (707.9d)
    if exc.get("keep_colors") and copier is not None:
        changes["colors"] = printed_raw(copier).colors  # CR 707.9c
        dropped.add("colors")
    if exc.get("colors") is not None:
        changes["colors"] = frozenset(exc["colors"])
        dropped.add("colors")
    if exc.get("power") is not None:
        changes["power"] = int(exc["power"])
        dropped.add("pt")
    if exc.get("toughness") is not None:
        changes["toughness"] = int(exc["toughness"])
        dropped.add("pt")
    if exc.get("name"):
        changes["name"] = str(exc["name"])
        changes["names"] = ()
    types = v.types | frozenset(exc.get("add_types") or ())
    subtypes = v.subtypes | frozenset(exc.get("add_subtypes") or ())
    supertypes = (v.supertypes | frozenset(exc.get("add_supertypes") or ())) - frozenset(
        exc.get("remove_supertypes") or ()
    )
    if types != v.types:
        changes["types"] = types
    if subtypes != v.subtypes:
        changes["subtypes"] = subtypes
    if supertypes != v.supertypes:
        changes["supertypes"] = supertypes
    abilities = v.abilities
    if dropped:
        abilities = tuple(a for a in abilities if not _defines(a, dropped))
    extra: list[Ability] = list(exc.get("abilities") or ())
    if exc.get("this_ability") and this_ability is not None:
        extra.append(this_ability)
    for kw in exc.get("add_keywords") or ():
        from .layers import keyword_ability

        extra.append(keyword_ability(str(kw)))
    if extra:
        abilities = abilities + tuple(extra)  # CR 707.9a
    if abilities is not v.abilities:
        changes["abilities"] = abilities
    out = replace(v, **changes) if changes else v
    cond = exc.get("if_creature")
    if cond and "Creature" in out.types:  # CR 707.9f
        inner = {k: x for k, x in cond.items() if k != "counters"}
        out = apply_exceptions(out, inner, copier, this_ability)
    return out


def _defines(a: Ability, what: set[str]) -> bool:
    """Whether ``a`` is a characteristic-defining ability for one of ``what`` (CR 604.3)."""
    if a.kind is not AbilityKind.STATIC:
        return a.keyword == "Devoid" and "colors" in what
    if a.keyword == "Devoid":
        return "colors" in what
    for st in a.static:
        if not st.args.get("cda"):
            continue
        if st.op in ("set_pt", "cda_pt") and "pt" in what:
            return True
        if st.op in ("set_colors", "add_colors") and "colors" in what:
            return True
    return False


def extra_counters(exc: dict[str, Any] | None, result: Values) -> dict[str, Any]:
    """CR 707.9e-f: the counters an exception's additional effect puts on the copy."""
    if not exc:
        return {}
    out = dict(exc.get("counters") or {})
    cond = exc.get("if_creature")
    if cond and "Creature" in result.types:
        for k, n in (cond.get("counters") or {}).items():
            out[k] = out.get(k, 0) + n
    return out


def copy_effect(
    game: Game,
    target: GameObject,
    values: Values,
    source: GameObject | None,
    controller: int,
    duration: str = "permanent",
) -> ContinuousEffect:
    """Create the layer-1a copy effect on ``target`` (CR 707.2, 613.2a)."""
    from ..game.state import ContinuousEffect

    e = ContinuousEffect(
        "1a",
        game.new_timestamp(),
        source.id if source is not None else None,
        controller,
        (target.id,),
        "copy",
        {"values": values},
        duration,
    )
    game.effects = [*game.effects, e]
    game.invalidate()
    return e


def statics_of_values(v: Values) -> tuple[StaticEffect, ...]:
    return tuple(s for a in v.abilities if a.kind is AbilityKind.STATIC for s in a.static)


def enters_as_copy_ability(game: Game, obj: GameObject) -> tuple[Ability, StaticEffect] | None:
    """The permanent's own "enter as a copy" ability (CR 707.5), if any."""
    from .characteristics import printed

    for a in printed(obj).abilities:
        if a.kind is AbilityKind.STATIC:
            for st in a.static:
                if st.op == "enters_as_copy":
                    return a, st
    return None


def apply_setup_copies(game: Game) -> None:
    """For a game set up mid-way (scenarios): a permanent whose ``chosen`` names
    ``copy_of`` entered as a copy of it (CR 707.5), with its own copy ability's
    exceptions (707.9). Applied in battlefield order, so a copy of a copy sees
    the first copy's values (CR 707.3)."""
    for oid in list(game.battlefield):
        o = game.objects[oid]
        target = (o.chosen or {}).get("copy_of")
        if target is None or target not in game.objects or has_copy_effect(game, o):
            continue
        own = enters_as_copy_ability(game, o)
        exc = own[1].args.get("except") if own else None
        values = snapshot(
            game, game.objects[target], exc, copier=o, this_ability=own[0] if own else None
        )
        copy_effect(game, o, values, o, o.controller)
