"""Replacement effects that ask their player something as a permanent enters,
applied in the event pipeline (CR 614.12, 614.12a, 616.1c, 707.5, 303.4f).

They are proposals on the zone-change event of a permanent entering
(``ev["entry"]``, rules/replacement.py), found with "enters tapped" and "enters
with counters" (rules/etb_replacements.py), but each asks a Decision as it applies
(:attr:`Replacement.choose`), answered before the permanent enters:

* "enter as a copy of ..." (CR 707.5; Clone, Essence of the Wild's "Creatures
  you control enter as a copy of this creature"): chosen before the others
  (616.1c, :data:`STEP_COPY`); the permanent's own effects are then read from
  the copy (614.12, 707.9e);
* "As this enters, choose a color / a creature type / an opponent ..."
  (CR 614.12a; a copy makes its own choice, 707.6);
* amplify (CR 702.38a): the cards revealed decide its +1/+1 counters;
* read ahead (CR 702.155b): the number of lore counters a Saga enters with;
* an Aura entering without being cast chooses what it enchants (CR 303.4f);
  with nothing it could enchant, it stays where it is (303.4g: the event is
  cancelled).

The choices are recorded in the entry (plain data), so the event survives a
clone or a save while a question is pending.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import Ability, ChooseRef, Effect, Filter, SelfRef, StaticEffect
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import CONDITIONS, KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from .aura_entry import attach_candidates
from .char_values import Chars
from .characteristics import chars
from .copy import copy_values, extra_counters
from .enter_instead import enter_instead, enter_instead_done
from .etb_instructions import follow_instruction, note_player
from .filters import matches_object, objects_matching
from .named_choices import choice_data
from .pipeline import STEP_COPY, Event, Replacement
from .replacement import CHOICE_KEYS, etb_sources, etb_statics, prospective
from .saga import read_ahead_choice
from .support import AS_ENTERS_FOLLOWED, register

if TYPE_CHECKING:
    from ..game.state import Game

#: "As this enchantment enters, choose Khans or Dragons" (CR 614.12c): the choice of
#: an anchor word, kept as ``chosen["anchor"]``
ANCHOR = "anchor"


def _anchor_chosen(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """CR 614.12c: "[Anchor word] — [ability]" means "As long as [anchor word] was
    chosen as this permanent entered the battlefield, this permanent has [ability]"
    (the compiler's ``anchor_chosen`` condition)."""
    chosen = getattr(source, "chosen", None) or {}
    return chosen.get(ANCHOR) == cond.args.get("word")


CONDITIONS.setdefault("anchor_chosen", _anchor_chosen)
register("condition:anchor_chosen")

#: the "enters" replacement ops that ask something as they apply
CHOICE_OPS = frozenset(("enters_as_copy", "as_enters", "amplify", "devour", "enter_instead"))


def entering_choices(
    game: Game, entry: dict[str, Any], pros: GameObject, c: Chars
) -> list[Replacement]:
    """CR 614.12, 616.1c: the effects that ask something as a permanent enters
    (``pros``, with characteristics ``c``: as it would exist on the battlefield),
    in the order they are applied (copies first, then the permanent's own, then
    other permanents', then read ahead and the Aura's attachment). Found by
    rules/etb_replacements.py's finder of the entering event."""
    out: list[Replacement] = []
    if not pros.face_down:  # CR 708.3: no abilities as it enters face down
        gen = entry["gen"]
        for ai, si, st, a in etb_statics(c):
            if st.op in CHOICE_OPS and (st.affected is None or isinstance(st.affected, SelfRef)):
                out.append(_replacement(f"etb:self:{gen}:{ai}:{si}", c.name, st, a, None))
    for sid, ai, si, st, a in etb_sources(game):
        if st.op not in CHOICE_OPS or sid == entry["obj"]:
            continue
        src = game.objects[sid]
        # etb_sources keeps only statics whose affected is a Filter
        if matches_object(game, pros, cast(Filter, st.affected), src.controller, src, c):
            out.append(_replacement(f"etb:{sid}:{ai}:{si}", src.name, st, a, sid))
    obj = game.objects[entry["obj"]]
    if not pros.face_down and "Saga" in c.subtypes and _read_ahead_granted(game, pros, c):
        entry["read_ahead_granted"] = True
    if read_ahead_choice(game, obj, entry) is not None:
        out.append(
            Replacement("read_ahead", f"{obj.name}'s read ahead", (), _none, choose=_read_ahead)
        )
    aura = not entry["face_down"] and "Aura" in c.subtypes
    if aura and entry.get("attach_given"):
        out.append(
            Replacement("attach", f"{c.name}'s attachment", (), _stays, choose=_attach_given)
        )
    elif aura and entry.get("attach") is None:
        out.append(Replacement("attach", f"{c.name}'s attachment", (), _stays, choose=_attach))
    return out


def _none(game: Game, ev: Event) -> str:
    return ""  # what it decided is in the entry (rules/replacement.py logs it)


def _replacement(
    key: str, name: str, st: StaticEffect, ability: Ability, src: int | None
) -> Replacement:
    op = st.op
    if op == "enters_as_copy":

        def copy(game: Game, ev: Event, answer: Any) -> Decision | None:
            return _copy(game, ev["entry"], st, ability, src, answer)

        return Replacement(key, name, (), _none, step=STEP_COPY, choose=copy)
    if op == "as_enters":

        def choices(game: Game, ev: Event, answer: Any) -> Decision | None:
            return _choices(game, ev["entry"], key, st, answer)

        return Replacement(key, name, (), _none, choose=choices)
    if op == "enter_instead":

        def instead(game: Game, ev: Event, answer: Any) -> Decision | None:
            """CR 614.1c: "If this land would enter, sacrifice a Forest instead. If you
            do, put this land onto the battlefield. If you don't, ..." """
            return enter_instead(game, ev, st, answer)

        return Replacement(key, name, ("614.1c",), enter_instead_done, choose=instead)
    if op == "devour":

        def devour(game: Game, ev: Event, answer: Any) -> Decision | None:
            """CR 702.82a: sacrifice creatures (702.82c: [quality] permanents) as it
            enters."""
            asked: list[Decision] = []
            n = int(st.args.get("n", 1))
            done = KEYWORD_HOOKS.apply_devour(
                game, ev["entry"], n, answer, asked.append, st.args.get("quality")
            )
            return None if done else asked[0]

        return Replacement(key, name, (), _none, choose=devour)

    def amplify(game: Game, ev: Event, answer: Any) -> Decision | None:
        """CR 702.38a: reveal cards as it enters."""
        entry = ev["entry"]
        _, c = prospective(game, entry)
        asked: list[Decision] = []
        n = int(st.args.get("n", 1))
        done = KEYWORD_HOOKS.apply_amplify(game, entry, n, c.subtypes, answer, asked.append)
        return None if done else asked[0]

    return Replacement(key, name, (), _none, choose=amplify)


def _copy(
    game: Game,
    entry: dict[str, Any],
    st: StaticEffect,
    ability: Ability,
    src_id: int | None,
    answer: Any,
) -> Decision | None:
    """CR 707.5: it becomes a copy as it enters (not after)."""
    args = st.args
    exc = args.get("except") or None
    obj = game.objects[entry["obj"]]
    src = game.objects.get(src_id) if src_id is not None else None
    if src is not None and args.get("filter") is None:
        original: GameObject | None = src  # Essence of the Wild: "a copy of this creature"
    else:
        cands = _copy_candidates(game, entry, args.get("filter"))
        if not cands:
            return None
        if answer is None:
            optional = bool(args.get("optional", True))
            return Decision(
                DecisionKind.CHOOSE_OBJECTS,
                entry["controller"],
                "707.5",
                f"Choose what {obj.name} enters as a copy of"
                + (" (or nothing)" if optional else ""),
                {
                    "candidates": cands,
                    "min": 0 if optional else 1,
                    "max": 1,
                    "purpose": DecisionPurpose.COPY,
                    "obj": obj.id,
                },
            )
        chosen = [o for o in answer.objects if o in cands]
        original = game.objects[chosen[0]] if chosen else None
    if original is None:
        entry["notes"].append("chooses not to copy anything")
        return None
    values, exc_rules = copy_values(game, original, exc, copier=obj, this_ability=ability)
    entry["copies"].append(values)
    entry["copy_names"].append(original.name if not original.face_down else "a face-down creature")
    entry["gen"] += 1
    # CR 707.9e: a later copy effect cancels the additional effects of earlier exceptions
    cancelled = any(ex.get("counters") for ex in entry["extra"])
    entry["extra"] = [{"gen": entry["gen"], "counters": extra_counters(exc, values)}]
    entry["replacement_rules"].extend(["707.2", "707.5", "616.1c", *exc_rules])
    if cancelled:
        entry["replacement_rules"].append("707.9e")
        entry["notes"].append("the earlier copy effect's additional effect doesn't happen")
    if original.face_down:
        entry["replacement_rules"].append("708.2a")  # the copy is a face-up nameless 2/2
    return None


def _copy_candidates(game: Game, entry: dict[str, Any], flt: Filter | None) -> list[int]:
    obj = game.objects[entry["obj"]]
    if flt is None:
        flt = Filter(kinds=("Creature",))
    if flt.zone == "graveyard":
        # "a copy of any creature card in a graveyard" (Body Double): the card's
        # copiable values (CR 707.2)
        return [o.id for o in objects_matching(game, flt, entry["controller"], obj)]
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out or oid == obj.id:
            continue
        if matches_object(game, o, flt, entry["controller"], obj):
            out.append(oid)
    return out


def _choices(
    game: Game, entry: dict[str, Any], key: str, st: StaticEffect, answer: Any
) -> Decision | None:
    """CR 614.12, 614.12a, 707.6: "As this enters, choose ..." — made by its controller
    before it enters (a copy makes its own choice). The choices already made are
    counted in ``entry["choices_done"]``."""
    effects: tuple[Effect, ...] = tuple(st.args.get("effects") or ())
    done = entry.setdefault("choices_done", {})
    i = done.get(key, 0)
    obj = game.objects[entry["obj"]]
    while i < len(effects):
        e = effects[i]
        what_player = _player_choice(e)
        if e.op in ("choose", "choose_number") or what_player:
            what = what_player or (
                "number" if e.op == "choose_number" else str(e.args.get("what", "color"))
            )
            # card names: CR 201.3; "a color other than black": e.args["except"]
            data = choice_data(
                game, what, entry["controller"], e.args.get("except"), e.args.get("among")
            )
            if what == ANCHOR:
                # "choose Khans or Dragons" (CR 614.12c): the anchor words it lists
                data = {"options": list(e.args.get("options") or ()), "purpose": "choose"}
            if answer is None:
                if not data["options"]:
                    i += 1
                    continue
                done[key] = i
                return Decision(
                    DecisionKind.CHOOSE_OPTION,
                    entry["controller"],
                    "614.12a",
                    f"As {obj.name} enters, choose "
                    + (
                        " or ".join(data["options"])
                        if what == ANCHOR
                        else f"a {what.replace('_', ' ')}"
                    ),
                    data,
                )
            value = answer.value
            answer = None
            kept = CHOICE_KEYS.get(what, what)
            if kept == "player":
                value = [p.name for p in game.players].index(value)
                note_player(entry, key, value)  # "that player" of what follows
            elif kept == "number":
                value = int(value)
            entry["chosen"][kept] = value
            shown = game.players[value].name if kept == "player" else value
            entry["notes"].append(f"{game.players[entry['controller']].name} chose {shown}")
            entry["replacement_rules"].append("614.12c" if what == ANCHOR else "614.12a")
            if entry["copies"]:
                entry["replacement_rules"].append("707.6")  # a copy makes its own choice
        elif e.op == "turn_face_down":
            entry.setdefault("after", []).append(e)
        elif e.op in AS_ENTERS_FOLLOWED:
            # CR 614.1c, 614.12: "you may pay 2 life. If you don't, it enters tapped",
            # "sacrifice all lands you control", ...: followed as it enters
            decision = follow_instruction(game, entry, key, e, answer)
            answer = None
            if decision is not None:
                done[key] = i
                return decision
        i += 1
    done[key] = i
    return None


def _player_choice(e: Effect) -> str | None:
    """ "As this enters, choose a player / an opponent" (CR 614.12a): compiled as a
    choice of objects among players; it's the choice of a player kept as ``player``."""
    what = e.args.get("what")
    if e.op != "choose_objects" or not isinstance(what, ChooseRef):
        return None
    if tuple(what.filter.kinds) != ("player",):
        return None
    return "opponent" if ("opponent", True) in what.filter.conditions else "player"


def _read_ahead_granted(game: Game, pros: GameObject, c: Chars) -> bool:
    """ "Sagas you control have read ahead" (Barbara Wright): a permanent's static
    ability that would give the entering Saga read ahead on the battlefield applies
    as it enters (CR 614.12, 702.155a)."""
    for oid in game.battlefield:
        src = game.objects[oid]
        for a in chars(game, src).abilities:
            for st in a.static or ():
                if (
                    st.op == "grant_keyword"
                    and st.args.get("keyword") == "Read ahead"
                    and isinstance(st.affected, Filter)
                    and matches_object(game, pros, st.affected, src.controller, src, c)
                ):
                    return True
    return False


def _read_ahead(game: Game, ev: Event, answer: Any) -> Decision | None:
    """CR 702.155b: the number of lore counters a read-ahead Saga enters with is
    chosen as it enters."""
    entry = ev["entry"]
    if answer is None:
        choice = read_ahead_choice(game, game.objects[entry["obj"]], entry)
        if choice is None:
            return None
        options, prompt = choice
        return Decision(
            DecisionKind.CHOOSE_OPTION,
            entry["controller"],
            "702.155b",
            prompt,
            {"options": options, "purpose": DecisionPurpose.READ_AHEAD},
        )
    entry["chosen"]["read_ahead"] = int(answer.value)
    entry["chosen"]["entered_turn"] = game.turn
    entry["notes"].append(f"read ahead: {answer.value}")
    entry["replacement_rules"].append("702.155b")
    return None


def _attach(game: Game, ev: Event, answer: Any) -> Decision | None:
    """CR 303.4f: an Aura entering other than by resolving is attached to what its
    controller chooses; 303.4g: with nothing it could enchant, it stays where it
    is (``entry["stays"]``; the event is then cancelled)."""
    entry = ev["entry"]
    if answer is not None:
        entry["attach"] = answer.objects[0]
        return None
    pros, c = prospective(game, entry)
    cands = attach_candidates(game, pros, c)
    if not cands:
        entry["stays"] = True
        obj = game.objects[entry["obj"]]
        game.emit(
            EventKind.AURA_STAYS,
            ("303.4g",),
            f"{obj.name} stays in its {Zone.NAMES[obj.zone]}: nothing it could enchant",
            obj=obj.id,
        )
        return None
    if len(cands) == 1 and not game.real_choice(1, 1):
        entry["attach"] = cands[0]
        return None
    return Decision(
        DecisionKind.CHOOSE_OBJECTS,
        entry["controller"],
        "303.4f",
        f"Choose what {pros.name} enchants as it enters",
        {"candidates": cands, "min": 1, "max": 1, "purpose": DecisionPurpose.ATTACH},
    )


def _attach_given(game: Game, ev: Event, answer: Any) -> Decision | None:
    """CR 303.4f: the effect putting the Aura onto the battlefield says what it will
    enchant ("return this card to the battlefield attached to that creature"); when
    that object or player can't legally be enchanted by it (it left the battlefield,
    or doesn't match its enchant ability), it stays where it is (303.4i)."""
    entry = ev["entry"]
    pros, c = prospective(game, entry)
    if entry["attach"] is None or entry["attach"] not in attach_candidates(game, pros, c):
        entry["stays"] = True
        obj = game.objects[entry["obj"]]
        where = (
            "token isn't created"  # CR 303.4i: "If the Aura is a token, it isn't created."
            if obj.is_token
            else f"stays in its {Zone.NAMES[obj.zone]}"
        )
        game.emit(
            EventKind.AURA_STAYS,
            ("303.4f", "303.4i"),
            f"{obj.name} {where}: it can't enchant what it would enter attached to",
            obj=obj.id,
        )
    return None


def _stays(game: Game, ev: Event) -> str:
    if ev["entry"].get("stays"):
        ev["cancelled"] = "nothing it could enchant (rule 303.4g)"
    return ""


__all__ = ["entering_choices", "CHOICE_OPS"]
