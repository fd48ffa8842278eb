"""Copying objects (CR 707).

A copy effect is a layer-1a continuous effect (CR 613.2a): a
:class:`~mtg_engine.game.records.ContinuousEffect` with ``layer="1a"``,
``op="copy"`` and ``args={"values": Values}``, where the
:class:`~mtg_engine.rules.char_values.Values` snapshot holds the copiable
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
  in addition to its other types" (707.9b); ``"set_types"``, ``"set_subtypes"``:
  "except it's a 1/1 black Zombie" (the new ones replace the copied ones,
  205.1a); ``"add_colors"``: "in addition to its other colors and types";
  ``"remove_supertypes"``: "except it isn't legendary"; ``"no_mana_cost"``: "it has
  no mana cost" (embalm, eternalize);
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
from ..game.events import EventKind
from ..game.hooks import cast_record, set_cast_record
from ..game.objects import GameObject, Zone
from ..game.records import ContinuousEffect
from .char_values import Chars, Values, keyword_ability
from .characteristics import chars_of_values, printed, printed_raw, values_of
from .face_down import face_down_snapshot, face_down_values
from .multiface import build_printed
from .prototyped import is_prototyped, prototyped_values
from .statics import statics_with
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

#: the 1a ops (CR 613.2a)
COPY_OPS = ("copy", "set_copiable")


def copiable_values(game: Game, obj: GameObject, face_up: bool = False) -> Chars:
    """The object's copiable values (CR 613.2c, 707.2): printed values modified
    by copy effects (layer 1a) and by its face-down status (layer 1b).

    With ``face_up`` the face-down status is ignored: the values the permanent
    would have if turned face up (CR 708.8, 708.10).
    """
    effects = [e for e in game.effects if e.layer[0] == "1" and obj.id in e.affected]
    return layer1(obj, effects, face_up)


def layer1(obj: GameObject, effects: list, face_up: bool = False) -> Chars:
    """Layer 1 (CR 613.2): ``effects`` are the 1a effects affecting ``obj``."""
    if obj.face_down and not face_up:
        return face_down_values(obj)  # CR 613.2b / 708.2: 1b overrides 1a
    if not effects:
        return prototyped_values(printed(obj)) if is_prototyped(obj) else printed(obj)
    return apply_layer1a(obj, effects)


def apply_layer1a(obj: GameObject, effects: list[ContinuousEffect]) -> Chars:
    """Layer 1a (CR 613.2a): copy effects and copiable "as ... enters" effects,
    in timestamp order, starting from the printed values."""
    current = _replay(obj, effects)
    if current is None:
        return printed(obj)
    return chars_of_values(current)


def _replay(obj: GameObject, effects: list[ContinuousEffect] | tuple) -> Values | None:
    current: Values | None = None
    for e in sorted(effects, key=lambda e: e.timestamp):
        if e.op == "copy":
            v = e.args["values"]
            if v.flipped is not None and obj.card.data.layout == "flip" and obj.face == 1:
                v = v.flipped  # CR 707.3: as modified by the copier's flipped status
            elif v.faces and obj.face < len(v.faces) and _double_faced(obj):
                # CR 707.8a: a double-faced copy has the copied face that it has up
                v = replace(v.faces[obj.face], faces=v.faces)
            current = v
        elif e.op == "set_copiable":
            if current is None:
                current = _printed_values(obj)
            current = replace(current, **e.args["values"])
    return current


#: layouts of double-faced cards (CR 712.1)
_DFC_LAYOUTS = frozenset(("transform", "modal_dfc", "meld", "reversible_card"))


def _double_faced(obj: GameObject) -> bool:
    return obj.card.data.layout in _DFC_LAYOUTS and len(obj.card.faces) > 1


def _printed_values(obj: GameObject) -> Values:
    if is_prototyped(obj):
        # CR 718.2a, 718.3c-d: a prototyped spell's or permanent's alternative
        # values are copiable values: its copy is prototyped too
        return values_of(prototyped_values(printed_raw(obj)))
    v = values_of(printed_raw(obj))
    if _double_faced(obj):
        # CR 707.8a: both faces travel; a copy that isn't double-faced uses the face up
        layout = obj.card.data.layout
        front = values_of(build_printed(obj.card, 0))
        back = values_of(build_printed(obj.card, ("back", layout)))
        return replace(v, faces=(front, back))
    if obj.card.data.layout == "flip" and len(obj.card.faces) > 1:
        # CR 707.3, 710: both halves travel; the copier's status picks one
        unflipped = values_of(build_printed(obj.card, 0))
        return replace(unflipped, flipped=values_of(build_printed(obj.card, 1)))
    return v


def raw_values(game: Game, obj: GameObject) -> Values:
    """The copiable values of ``obj`` as a snapshot (CR 707.2, 613.2c)."""
    if obj.face_down:
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
    return copy_values(game, original, exceptions, copier, this_ability)[0]


def copy_values(
    game: Game,
    original: GameObject,
    exceptions: dict[str, Any] | None = None,
    copier: GameObject | None = None,
    this_ability: Ability | None = None,
) -> tuple[Values, tuple[str, ...]]:
    """:func:`snapshot`, and the rules of 707.9 its exceptions followed (for the log)."""
    raw = raw_values(game, original)
    # CR 707.3: a copy of a copy gets the values the first copy effect gave it
    of_copy: tuple[str, ...] = ("707.3",) if has_copy_effect(game, original) else ()
    if not exceptions:
        return raw, of_copy
    v = apply_exceptions(raw, exceptions, copier, this_ability)
    if v.flipped is not None:
        v = replace(v, flipped=apply_exceptions(v.flipped, exceptions, copier, this_ability))
    if v.faces:
        # CR 707.8a, 707.9: each face is copied with the exceptions
        faces = tuple(apply_exceptions(f, exceptions, copier, this_ability) for f in v.faces)
        v = replace(v, faces=faces)
    return v, of_copy + exception_rules(exceptions, raw, v)


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
    if exc.get("add_colors"):
        changes["colors"] = frozenset(changes.get("colors", v.colors)) | frozenset(
            exc["add_colors"]
        )
    if exc.get("no_mana_cost"):
        changes["mana_cost"] = None  # "it has no mana cost" (embalm 702.128a, 707.9b)
    if exc.get("name"):
        changes["name"] = str(exc["name"])
        changes["names"] = ()
    elif exc.get("name_self") and copier is not None:
        changes["name"] = printed_raw(copier).name  # CR 707.9b: "except its name is <own>"
        changes["names"] = ()
    # "except it's a 1/1 black Zombie": new card types / subtypes replace the
    # copied ones (CR 205.1a); "in addition to its other types" adds (205.1b)
    base_types = frozenset(exc["set_types"]) if exc.get("set_types") else v.types
    base_subtypes = frozenset(exc["set_subtypes"]) if exc.get("set_subtypes") else v.subtypes
    if exc.get("set_types") or exc.get("set_subtypes"):
        dropped.add("types")
    types = base_types | frozenset(exc.get("add_types") or ())
    subtypes = base_subtypes | frozenset(exc.get("add_subtypes") or ())
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
    if a.keyword == "Devoid":
        return "colors" in what
    if a.keyword == "Changeling":
        return "types" in what  # CR 702.73a: a CDA that defines creature types
    if a.kind is not AbilityKind.STATIC:
        return False
    for st in a.static:
        if not st.args.get("cda"):
            continue
        if st.op in ("set_pt", "cda_pt") and "pt" in what:
            return True
        if st.op in ("set_colors", "add_colors") and "colors" in what:
            return True
        if st.op in ("add_types", "set_types") and "types" in what:
            return True
    return False


def exception_rules(
    exc: dict[str, Any] | None, original: Values | None = None, result: Values | None = None
) -> tuple[str, ...]:
    """The rules an exception to the copying process follows, for the log (CR 707.9):
    707.9a an ability gained, 707.9b a characteristic modified, 707.9c a
    characteristic not copied (kept or given its own value), 707.9d a
    characteristic-defining ability left out, 707.9e an additional effect,
    707.9f an exception that depends on the result."""
    if not exc:
        return ()
    out: list[str] = ["707.9"]
    keys = set(exc)
    if keys & {"abilities", "this_ability", "add_keywords"}:
        out.append("707.9a")
    if keys & {
        "add_types",
        "add_subtypes",
        "set_types",
        "set_subtypes",
        "add_colors",
        "add_supertypes",
        "remove_supertypes",
        "power",
        "toughness",
        "colors",
        "name",
        "name_self",
        "no_mana_cost",
    }:
        out.append("707.9b")
    if keys & {
        "keep_colors",
        "power",
        "toughness",
        "colors",
        "name",
        "name_self",
        "set_types",
        "set_subtypes",
    }:
        out.append("707.9c")
    if original is not None and result is not None:
        kept = {id(a) for a in result.abilities}
        if any(id(a) not in kept for a in original.abilities):
            out.append("707.9d")
    if "counters" in keys:
        out.append("707.9e")
    if "if_creature" in keys:
        out.append("707.9f")
        inner = exc["if_creature"]
        if isinstance(inner, dict):
            out.extend(r for r in exception_rules(inner) if r not in out)
    return tuple(out)


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


def _register_support() -> None:
    # the exceptions :func:`apply_exceptions` and :func:`extra_counters` apply (CR 707.9)
    register(
        *(
            f"copy_except:{k}"
            for k in (
                "colors",
                "keep_colors",
                "power",
                "toughness",
                "name",
                "name_self",
                "add_types",
                "add_subtypes",
                "add_supertypes",
                "remove_supertypes",
                "set_types",
                "set_subtypes",
                "add_colors",
                "abilities",
                "this_ability",
                "add_keywords",
                "if_creature",
                "counters",
            )
        )
    )
    register("static:additional_spell_copy")  # additional_spell_copies


_register_support()


def additional_spell_copies(game: Game, player: int, spell: GameObject | None, n: int) -> int:
    """How many copies more ``player`` makes of ``spell`` when an effect would copy it
    ``n`` times: one for each "If you would copy a spell one or more times, instead
    copy it that many times plus an additional time" (Twinning Staff) they control,
    each applying once (CR 614.1a, 616.1); none for zero copies or an ability's copy.
    ``spell`` None: a spell that has left the stack, copied as it last existed."""
    if n < 1 or (spell is not None and (spell.stack_kind or "spell") != "spell"):
        return 0
    k = 0
    for o, _ in statics_with(game, "additional_spell_copy"):
        if o.controller == player:
            k += 1
            game.emit(
                EventKind.REPLACEMENT,
                ("614.1a", "707.10"),
                f"{o.name}: {spell.name if spell else 'the spell'} is copied an additional time",
            )
    return k


def put_copy_on_stack(
    game: Any,
    spell: GameObject,
    controller: int,
    exc: dict[str, Any] | None = None,
    rules: tuple[str, ...] = ("707.10",),
    keyword: str = "",
) -> GameObject:
    """CR 707.10: a copy of ``spell`` on top of the stack, with its choices
    (modes, targets, X, division, additional and alternative costs paid); the
    mana spent isn't copied (707.10 example). Marked like a token so it ceases
    to exist outside the stack (CR 707.10a, 704.5e). ``keyword``: the keyword
    whose ability makes the copy (the event's ``keyword``)."""
    oid = game.new_id()
    c = GameObject(oid, oid, spell.card, controller, Zone.STACK)
    c.controller = controller  # CR 707.10: owned and controlled by whoever put it there
    # CR 707.10: a copy of a spell is a spell; a copy of an ability is an ability,
    # with the same source (707.10b) and the same trigger event
    c.stack_kind = spell.stack_kind or "spell"
    if c.stack_kind != "spell":
        c.source_id = spell.source_id
        c.trigger_data = dict(spell.trigger_data or {})
    c.is_token = True
    c.face = spell.face
    c.face_down = spell.face_down
    c.timestamp = game.new_timestamp()
    c.targets = [tuple(t) for t in spell.targets]
    c.x = spell.x
    c.modes = tuple(spell.modes)
    c.division = dict(spell.division) if spell.division else None
    c.ability = spell.ability
    c.chosen = {**(spell.chosen or {}), "spell_copy": True}
    rec = cast_record(game, spell.id) or spell.paid or {}
    rec = {k: v for k, v in rec.items() if k != "mana_spent"}
    c.paid = {**rec, "copy": True}
    game.objects[oid] = c
    game.stack.append(oid)
    set_cast_record(game, oid, dict(c.paid))
    exc_rules: tuple[str, ...] = ()
    if exc or has_copy_effect(game, spell):
        values, exc_rules = copy_values(game, spell, exc, copier=c)
        copy_effect(game, c, values, c, controller)
    game.emit(
        EventKind.COPY,
        (*rules, *exc_rules),
        f"{game.players[controller].name} puts a copy of "
        + (
            "a face-down spell"
            if spell.face_down
            else spell.name
            if c.stack_kind == "spell"
            else f"{spell.name}'s {c.stack_kind} ability"
        )
        + " on the stack",
        obj=oid,
        **({"keyword": keyword} if keyword else {}),
    )
    return c
