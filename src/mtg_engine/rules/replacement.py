"""How a permanent enters the battlefield: the event and what it decided
(CR 614.1c-d, 614.12, 616.1, 707.5).

:func:`new_entry` makes the event "this object enters the battlefield" (plain
data: controller, tapped, counters, choices, copy effects) and :func:`enter`
proposes it as the zone change to the battlefield. Every replacement effect
that modifies how it enters applies to it in the event pipeline
(rules/pipeline.py), read from the permanent *as it would exist on the
battlefield* (:func:`prospective`, CR 614.12):

* rules/etb_choices.py: the effects that ask something as it enters — "enters
  as a copy" (707.5, chosen first, 616.1c), "as ... enters, choose ..."
  (614.12a), amplify, read ahead, an Aura's attachment (303.4f);
* rules/etb_replacements.py: "enters tapped", "enters with counters"
  (614.1c-d), its own and other permanents' ("Creatures your opponents control
  enter tapped").

So a Clone that becomes a copy of Skyshroud Behemoth also enters tapped with
the Behemoth's fade counters (CR 707.5). Each effect applies once (CR 614.5).
A later copy effect cancels the additional effects of an earlier copy
effect's exception (CR 707.9e). A face-down permanent has no abilities as it
enters (CR 708.3). Then :func:`_entered` gives the new permanent what they
decided and logs it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    Condition,
    Filter,
    StaticEffect,
)
from ..cards.model import COLORS
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from .bestowed import BESTOWED, is_bestowed
from .card_names import card_names
from .char_values import Chars, Values
from .characteristics import SINGLE_FACE, chars, chars_of_values, printed, statics_in
from .copy import copiable_values, copy_effect, has_copy_effect, raw_values
from .counting import colors_spent
from .face_down import face_down_kind, face_down_values
from .face_turning import turn_face_down_each
from .layers import amount, creature_types, refresh_control, with_own_cdas
from .linked import exiled_with
from .pipeline import cited, propose, then_hook
from .prototyped import PROTOTYPED, is_prototyped
from .saga import entering_lore, has_chapters
from .statics import per_permanent
from .support import register
from .zones import move, zone_event

if TYPE_CHECKING:
    from ..game.state import Game

#: StaticEffect ops that are replacement effects on entering (CR 614.1c-d)
ETB_OPS: Final = frozenset(
    (
        "enters_tapped",
        "enters_prepared",
        "enters_with_counters",
        "enters_as_copy",
        "as_enters",
        "amplify",
        "devour",
        "enter_instead",
    )
)

#: ETB replacement ops that need no choice (rules/etb_replacements.py); the others
#: ask something as they apply (rules/etb_choices.py)
PIPELINE_OPS: Final = frozenset(("enters_tapped", "enters_prepared", "enters_with_counters"))

#: what a "choose" of an "as ... enters" ability asks, and where the answer is kept
CHOICE_KEYS: Final[dict[str, str]] = {
    "color": "color",
    "creature_type": "creature_type",
    "card_type": "card_type",
    "basic_land_type": "land_type",
    "land_type": "land_type",
    "odd_or_even": "odd_or_even",
    "number": "number",
    "opponent": "player",
    "player": "player",
    "card_name": "card_name",
    "nonland_card_name": "card_name",
}


def carried(obj: GameObject) -> dict[str, Any]:
    """The cast choices a resolving permanent spell brings to the battlefield (CR 607.2a)."""
    made = (obj.chosen or {}).get("cast_choices")
    if not made:
        return {}
    return {CHOICE_KEYS.get(k, k): v for k, v in made.items()}


#: rules to cite when an "enters" replacement depends on how the spell was cast
_CONDITION_RULES: Final[dict[str, tuple[str, ...]]] = {
    "kicked": ("702.33a", "702.33d"),
    "evoked": ("702.74a",),
    "bargained": ("702.166b",),
}


def condition_rules(kind: str) -> tuple[str, ...]:
    """The rules to cite when an "enters" replacement depends on how the spell was cast."""
    return _CONDITION_RULES.get(kind, ())


_CARD_TYPES: Final = (
    "Artifact",
    "Battle",
    "Creature",
    "Enchantment",
    "Instant",
    "Kindred",
    "Land",
    "Planeswalker",
    "Sorcery",
)


def new_entry(
    game: Game,
    obj: GameObject,
    controller: int | None,
    rules: tuple[str, ...],
    tapped: bool,
    from_spell: bool,
    face_down: str | None = None,
    face: int | None = None,
    counters: dict[str, int] | None = None,
    chosen: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The event "``obj`` enters the battlefield", before replacement effects."""
    if controller is None:
        controller = obj.controller if obj.zone == Zone.STACK else obj.owner
    if face_down is None and obj.face_down and obj.zone == Zone.STACK:
        face_down = face_down_kind(obj)  # CR 702.37c: it enters as the face-down spell was
    copies: list[Values] = []
    if obj.zone == Zone.STACK or obj.is_token:
        if has_copy_effect(game, obj):
            # CR 707.10f: a copy of a permanent spell; CR 707.2, 111.1: a token created
            # as a copy enters with the copied values (a token copy of a Clone-as-X is
            # an X, with X's abilities, not Clone's)
            copies.append(raw_values(game, obj))
    if obj.zone == Zone.STACK and obj.chosen and obj.chosen.get("cast_choices"):
        chosen = {**carried(obj), **(chosen or {})}  # CR 601.2b, 607.2a
    if obj.zone == Zone.STACK and is_prototyped(obj):
        chosen = {**(chosen or {}), PROTOTYPED: True}  # the permanent it becomes (718.3b)
    attach = None
    if obj.zone == Zone.STACK and obj.stack_kind == "spell" and obj.targets and obj.targets[0]:
        if "Aura" in chars(game, obj).subtypes:
            attach = obj.targets[0][0]  # CR 608.3c: attached to what it targets
            if is_bestowed(obj):
                chosen = {**(chosen or {}), BESTOWED: True}  # a bestowed Aura (702.103b)
    return {
        "obj": obj.id,
        "attach": attach,
        "controller": controller,
        "rules": list(rules),
        "tapped": tapped,
        "from_spell": from_spell,
        "x": obj.x or 0,
        "face_down": face_down,
        "face": obj.face if face is None else face,
        "counters": dict(counters or {}),
        "chosen": dict(chosen or {}),
        "copies": copies,
        "copy_names": [],
        "gen": 0,
        "extra": [],
        "notes": [],
        "replacement_rules": [],
    }


# ---------------------------------------------------------------------------
# The prospective permanent (CR 614.12)
# ---------------------------------------------------------------------------


def prospective(game: Game, entry: dict[str, Any]) -> tuple[GameObject, Chars]:
    """The permanent as it would exist on the battlefield: its copiable values
    with the copy effects chosen so far (CR 614.12)."""
    obj = game.objects[entry["obj"]]
    pros = obj.copy()
    pros.zone = Zone.BATTLEFIELD
    pros.controller = entry["controller"]
    pros.face = entry["face"]
    pros.face_down = bool(entry["face_down"])
    if entry["face_down"]:
        pros.chosen = {**(pros.chosen or {}), "face_down_as": entry["face_down"]}
        if "face_down_values" in entry["chosen"]:  # CR 708.2: the values the effect lists
            pros.chosen["face_down_values"] = entry["chosen"]["face_down_values"]
    if pros.face_down:
        c = face_down_values(pros)
    elif entry["copies"]:
        v = entry["copies"][-1]
        if v.flipped is not None and pros.card.data.layout == "flip" and pros.face == 1:
            v = v.flipped
        c = chars_of_values(v)
    else:
        c = with_own_cdas(printed(pros))  # changeling: every creature type (702.73a)
        if obj.zone == Zone.STACK and any(obj.id in e.affected for e in game.effects):
            # CR 400.7a, 614.12: effects that changed the permanent spell (a text
            # change, ruling 502.27.1) continue to apply to the permanent it becomes
            c = chars(game, obj)
    return pros, c


def printed_if_plain(game: Game, entry: dict[str, Any]) -> Chars | None:
    """The printed values of a single-faced card entering face up as itself (no
    copy effect), which are then what it would be on the battlefield for its own
    replacement effects (CR 614.12); None otherwise (use :func:`prospective`), as for
    a permanent spell an effect changed ("that spell gains sunburst", Solar Array:
    the effect continues to apply to the permanent it becomes, CR 400.7a)."""
    if entry["copies"] or entry["face_down"]:
        return None
    obj = game.objects[entry["obj"]]
    if obj.zone == Zone.STACK and any(obj.id in e.affected for e in game.effects):
        return None
    return obj.card.cache.get(SINGLE_FACE)


#: cache key of the permanents' "enters" replacement statics (:func:`per_permanent`)
_ETB_KEY: Final = "etb_battlefield"

EtbSource = tuple[int, int, int, StaticEffect, Ability]


def etb_sources(game: Game) -> list[EtbSource]:
    """Permanents' static abilities that modify how *other* permanents enter
    (CR 614.1d), kept with the characteristics (:func:`per_permanent`), then those
    of cards in graveyards that function there (CR 113.6b)."""
    got = game._chars.get(_ETB_KEY)
    if got is not None and got[0] == game.battlefield and got[2] is not None:
        found: list[EtbSource] = got[2]
    else:
        found = per_permanent(game, _ETB_KEY, _etb_entries, _joined)
    graveyards = [_graveyard_etb_sources(game, p.index, p.graveyard) for p in game.players]
    if not any(graveyards):
        return found
    return [*found, *(entry for g in graveyards for entry in g)]


def _etb_entries(game: Game, src: GameObject) -> tuple[EtbSource, ...]:
    """The "enters" replacement statics of one permanent that apply to others."""
    if src.phased_out or src.face_down:
        return ()
    # the abilities of its copiable values (CR 707.2): a Clone of Essence of the
    # Wild has Essence's replacement effect
    copies = any(e.layer[0] == "1" for e in game.effects)
    cv = None if copies else src.card.cache.get(SINGLE_FACE)
    if cv is None:
        cv = copiable_values(game, src)
    return tuple(
        (src.id, ai, si, st, a)
        for ai, si, st, a in etb_statics(cv)
        if isinstance(st.affected, Filter)
    )


def _joined(per: dict[int, tuple[EtbSource, ...]]) -> list[EtbSource]:
    return [entry for entries in per.values() for entry in entries]


def _graveyard_etb_sources(
    game: Game, player: int, graveyard: list[int]
) -> list[tuple[int, int, int, StaticEffect, Ability]]:
    """The "enters" replacement statics of the cards in a graveyard that function
    there: "As long as this card is in your graveyard, each Human creature you
    control enters with an additional +1/+1 counter" (Dearly Departed, CR 113.6b);
    remembered for the same cards (an object in a graveyard is never changed in
    place, a move makes a new one, CR 400.7: derived data, a clone looks again)."""
    key = (_GRAVEYARD_ETB_KEY, player)
    kept = game._could_act.get(key)
    if kept is not None and kept[0] == graveyard:
        return kept[1]
    objects = game.objects
    found = [(gid, *entry) for gid in graveyard for entry in _graveyard_etb(game, objects[gid])]
    game._could_act[key] = (list(graveyard), found)
    return found


#: card cache key: face -> its "enters" statics that work from a graveyard
_GRAVEYARD_ETB_KEY: Final = "graveyard_etb"


def _graveyard_etb(game: Game, card: GameObject) -> tuple:
    """The "enters" replacement statics of a card in a graveyard that function
    there (CR 113.6b), as (ability index, static index, static, ability); cached
    per card face."""
    faces = card.card.cache.setdefault(_GRAVEYARD_ETB_KEY, {})
    got = faces.get(card.face)
    if got is None:
        cv = card.card.cache.get(SINGLE_FACE) or chars(game, card)
        got = faces[card.face] = tuple(
            (ai, si, st, a)
            for ai, si, st, a in etb_statics(cv)
            if isinstance(st.affected, Filter) and _in_graveyard_only(st)
        )
    return got


def _in_graveyard_only(st: StaticEffect) -> bool:
    """A static "as long as this card is in your graveyard" (CR 113.6b)."""
    cond = st.condition
    if cond is not None and cond.kind == "as_long_as":
        cond = cond.args.get("cond")
    return isinstance(cond, Condition) and cond.kind == "self_in_graveyard"


def etb_statics(c: Chars) -> tuple:
    """The "enters" replacement statics of ``c`` as (ability index, static index,
    static, ability), cached in ``c``."""
    got = c.etb
    if got is None:
        got = tuple(
            (ai, si, st, a)
            for ai, a in enumerate(c.abilities)
            if a.kind is AbilityKind.STATIC
            for si, st in enumerate(a.static)
            if st.op in ETB_OPS
        )
        c.etb = got
    return got


# ---------------------------------------------------------------------------
# Running the event through the replacement effects
# ---------------------------------------------------------------------------


def enter(game: Game, entry: dict[str, Any]) -> int | None:
    """Propose the event "this object enters the battlefield" (CR 614.12) and put
    it onto the battlefield. The replacement effects apply to it in the pipeline
    (CR 616.1): those that ask something as it enters (rules/etb_choices.py:
    a copy, 707.5; "as this enters, choose", 614.12a; amplify; read ahead; an
    Aura's attachment, 303.4f) and those that don't (rules/etb_replacements.py:
    "enters tapped", "enters with counters", 614.1c-d); then :func:`_entered`
    gives the new permanent what they decided. Returns the new object's id, or
    None when a question is pending (the pipeline's ``replacement_order`` task
    then finishes the event) or the event was cancelled (an Aura with nothing to
    enchant stays where it is, 303.4g)."""
    oid = entry["obj"]
    obj = game.objects[oid]
    args = (tuple(entry["rules"]), "", False, entry["controller"], bool(entry["tapped"]), True, "")
    ev = zone_event(game, obj, Zone.BATTLEFIELD, *args)
    ev["entry"] = entry
    ev["player"] = entry["controller"]  # CR 616.1: the controller it enters under
    ev["what"] = f"{obj.name if not obj.face_down else 'a face-down spell'} enters the battlefield"
    ev["name"] = obj.name if not obj.face_down else "a face-down spell"
    ev["logged_by"] = "entered"
    ev["then"] = ["entered"]
    done = propose(game, ev)
    if done is None:
        return None  # the replacement_order task moves it (CR 616.1, 614.12a)
    return move(game, oid, Zone.BATTLEFIELD, *args, event=done)


def entering_amount(game: Game, entry: dict[str, Any], value: Any, src: GameObject | None) -> int:
    if isinstance(value, Amount) and value.kind == "x":
        return int(entry.get("x") or 0) * value.multiplier  # CR 107.3m: X of the spell
    if isinstance(value, Amount) and value.kind == "times_kicked":
        # CR 702.33d: "for each time it was kicked": its kicker costs paid as it was cast
        obj = game.objects.get(entry["obj"])
        paid = (obj.paid or {}) if obj is not None else {}
        return sum(int(n) for n in paid.get("kicker") or ()) * value.multiplier
    if isinstance(value, Amount) and value.kind == "colors_spent":
        # converge: "for each color of mana spent to cast it" (CR 601.2h, 105.1)
        obj = game.objects.get(entry["obj"])
        paid = (obj.paid or {}) if obj is not None else {}
        return colors_spent(paid) * value.multiplier
    if isinstance(value, Amount) and value.kind == "mana_spent":
        # "equal to the amount of mana spent to cast it" (Marath): the spell's
        # payment (CR 601.2h); none if it wasn't cast
        obj = game.objects.get(entry["obj"])
        paid = (obj.paid or {}) if obj is not None else {}
        return len(paid.get("mana_spent") or ()) * value.multiplier

    return amount(game, value, entry["controller"], src)


def choice_options(game: Game, what: str, controller: int) -> list[str]:
    """The legal answers to "choose a color / creature type / ..." (CR 105, 205.3m)."""
    if what == "color":
        return list(COLORS)
    if what == "creature_type":
        return sorted(creature_types())
    if what == "card_type":
        return list(_CARD_TYPES)
    if what in ("basic_land_type", "land_type"):
        return ["Plains", "Island", "Swamp", "Mountain", "Forest"]
    if what == "odd_or_even":
        return ["odd", "even"]
    if what == "number":
        return [str(n) for n in range(0, 21)]
    if what == "opponent":
        return [game.players[q].name for q in game.opponents(controller)]
    if what == "player":
        return [p.name for p in game.players if not p.has_lost]
    if what in ("card_name", "nonland_card_name"):
        return card_names(nonland=what == "nonland_card_name")
    return []


@then_hook("entered")
def _entered(game: Game, ev: dict[str, Any], new_id: int | None) -> None:
    """Give the permanent that entered what the replacement effects decided
    (CR 614.1c-d, 614.12) and log it."""
    entry = ev["entry"]
    if new_id is None or game.objects[new_id].zone != Zone.BATTLEFIELD:
        return  # another replacement effect sent it elsewhere (CR 614.6)
    oid = entry["obj"]
    from_zone = ev["from"]
    old_name = ev["name"]
    tapped = bool(entry["tapped"])
    # the choices made as it entered (rules/etb_choices.py), then the effects that
    # modified the event
    rules = cited(ev, (*ev["args"][0], *dict.fromkeys(entry["replacement_rules"])))
    new = game.objects[new_id]
    # whether it enters as the move made it (the move told the caches of it, CR 613)
    version = game.version
    as_moved = new.tapped == tapped and new.face == entry["face"]
    new.tapped = tapped
    new.face = entry["face"]
    attach = entry.get("attach")
    if attach is not None:
        if attach < 0:
            new.chosen = {**(new.chosen or {}), "attached_player": -attach - 1}
        elif attach in game.objects and game.objects[attach].zone == Zone.BATTLEFIELD:
            new.attached_to = attach  # CR 608.3c, 303.4f
            # what is "enchanted" or "equipped" changed after the move was cached
            game.invalidate()
            entry["notes"].append(f"attached to {game.objects[attach].name}")
            # an Aura spell's target (608.3c), or what the effect names (303.4f)
            rules = (*rules, "303.4f" if entry.get("attach_given") else "608.3c")
    if entry.get("from_spell"):
        # CR 607.2q: cards exiled to pay the cost of the spell ("behold a Kithkin and
        # exile it") are "exiled with" the permanent that spell became
        paid = [x for x in exiled_with(game, oid) if x.links and x.links.get("paid_for") == oid]
        for x in paid:
            x.links = {**(x.links or {}), "exiled_by": new_id}
        if paid:
            game.invalidate()
    if entry.get("exiled_linked"):
        # CR 607.2a, 614.13: exiled as it entered, by the object it was: linked to the
        # permanent (rules/etb_instructions.py)
        for x in exiled_with(game, oid):
            x.links = {**(x.links or {}), "exiled_by": new_id}
        game.invalidate()  # (what its characteristic-defining abilities count changed)
    chosen = dict(entry["chosen"])
    if entry["face_down"]:
        new.face_down = True  # CR 708.3: turned face down before it enters
        chosen["face_down_as"] = entry["face_down"]
    if chosen:
        new.chosen = {**(new.chosen or {}), **chosen}
    for v in entry["copies"]:
        copy_effect(game, new, v, new, new.controller)
    counters = dict(entry["counters"])
    for ex in entry["extra"]:
        for k, n in (ex.get("counters") or {}).items():
            n = entering_amount(game, entry, n, None)
            if n > 0:
                counters[k] = counters.get(k, 0) + n  # CR 707.9e
    cv = None if (entry["copies"] or new.face_down) else new.card.cache.get(SINGLE_FACE)
    if cv is None:
        cv = copiable_values(game, new)
    if "Planeswalker" in cv.types and cv.loyalty:
        counters["loyalty"] = counters.get("loyalty", 0) + cv.loyalty  # CR 306.5b
        rules = (*rules, "306.5b")
    if "Battle" in cv.types and cv.defense:
        counters["defense"] = counters.get("defense", 0) + cv.defense  # CR 310.4b
        rules = (*rules, "310.4b")
    if "Saga" in cv.subtypes:
        if has_chapters(cv.abilities):
            # CR 714.3a: one lore counter; 702.155b: the number chosen for read ahead
            counters["lore"] = counters.get("lore", 0) + entering_lore(entry)
            rules = (*rules, "714.3a")
    if counters:
        counters, rules = _put_entering(game, new, counters, rules, entry["notes"])
        for k, n in counters.items():
            new.counters[k] = new.counters.get(k, 0) + n
    if not (
        as_moved
        and game.version == version
        and attach is None
        and not (chosen or entry["copies"] or counters or new.counters or new.face_down)
    ):
        game.invalidate(from_zone, Zone.BATTLEFIELD, new_id)  # what it entered with
    if new.face_down:
        text = f"a face-down {_fd_noun(new)} enters the battlefield" + (" tapped" if tapped else "")
        card = ""
    else:
        text = f"{old_name} enters the battlefield"
        if entry["copy_names"]:
            text += f" as a copy of {entry['copy_names'][-1]}"
        elif new.name != old_name:
            text += f" as {new.name}"  # another face up (CR 712.12, 712.14)
        if tapped:
            text += " tapped"
        if counters:
            text += f" with {counters_text(counters)}"
        card = new.name
    if entry["notes"]:
        text += " (" + "; ".join(entry["notes"]) + ")"
    game.emit(
        EventKind.ZONE_CHANGE,
        rules,
        text[0].upper() + text[1:] if new.face_down else text,
        subject=new,
        obj=new_id,
        old=oid,
        card=card,
        from_zone=Zone.NAMES[from_zone],
        to_zone="battlefield",
        controller=new.controller,
    )
    for e in entry.get("after") or ():
        if e.op == "turn_face_down":
            turn_face_down_each(game, new, e)
    if any(e.op == "control" for e in game.effects) or any(
        st.op == "control" for st in statics_in(cv)
    ):
        refresh_control(game)  # CR 613.1b (e.g. Control Magic entering attached)


def _put_entering(
    game: Game, new: GameObject, counters: dict[str, int], rules: tuple[str, ...], notes: list[str]
) -> tuple[dict[str, int], tuple[str, ...]]:
    """CR 122.6: counters a permanent enters with are "put" on it, so each kind is
    proposed as a counters event ("twice that many", 614.1a; "can't have
    counters", 101.2). A kind whose replacement order is being chosen (CR 616.1)
    is put by that choice's task instead."""
    out: dict[str, int] = {}
    for k, n in counters.items():
        ev = propose(
            game,
            {
                "kind": EventKind.COUNTERS,
                "obj": new.id,
                "counter": k,
                "amount": n,
                "player": new.controller,
                "by": new.controller,
                "what": f"{new.name} would enter with {counters_text({k: n})}",
                "args": [["122.6", *rules], ""],
            },
        )
        if ev is None or ev.get("cancelled"):
            if ev is not None:
                notes.append(f"no {k} counters: {ev['cancelled']}")
                rules = (*rules, "101.2")
            continue
        if ev.get("applied"):
            rules = cited(ev, (*rules, "122.6"))
            notes.extend(ev.get("notes") or ())
        if int(ev["amount"]) > 0:
            out[k] = int(ev["amount"])
    return out, rules


def _fd_noun(o: GameObject) -> str:
    return "permanent"


def counters_text(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in counters.items())


__all__ = ["enter", "new_entry", "prospective", "choice_options", "counters_text", "Chars"]


def _register_support() -> None:

    register(
        "static:enters_as_copy",
        "static:as_enters",
        "static:enters_tapped",
        "static:enters_with_counters",
    )


_register_support()
