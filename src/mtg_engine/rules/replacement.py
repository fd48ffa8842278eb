"""Replacement effects that modify how a permanent enters the battlefield
(CR 614.1c-d, 614.12, 616.1, 707.5).

:func:`enter` runs the event "this object enters the battlefield" through
every replacement effect that applies to it, one at a time (CR 616.1f):

* effects of the permanent itself, read from its characteristics *as it
  would exist on the battlefield* (CR 614.12) — so a Clone that becomes a copy
  of Skyshroud Behemoth also enters tapped with the Behemoth's fade counters
  (CR 707.5): "enters as a copy" (707.5), "as ... enters, choose ..."
  (614.12, 614.12a: the choice is made before it enters), "enters tapped",
  "enters with counters" (614.1c);
* effects of other permanents that apply to it ("Creatures your opponents
  control enter tapped", Essence of the Wild's "enter as a copy", 614.1d).

Order (CR 616.1): an effect that makes it a copy must be chosen first
(616.1c; with several, the controller picks); the others follow. Each effect
applies once (CR 614.5). A later copy effect cancels the additional effects
of an earlier copy effect's exception (CR 707.9e). A face-down permanent has
no abilities as it enters (CR 708.3).

When a choice is needed the entering is continued by an ``enter_battlefield``
task (plain data, resumable after a clone or a save).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import (
    Ability,
    AbilityKind,
    Amount,
    ChooseRef,
    Effect,
    Filter,
    SelfRef,
    StaticEffect,
)
from ..cards.model import COLORS
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from ..game.tasks import Task, task_handler
from ..game.tasks import Task as _Task
from .aura_entry import attach_candidates
from .characteristics import (
    SINGLE_FACE,
    Chars,
    Values,
    chars,
    chars_of_values,
    copiable_values,
    printed,
    statics_in,
)
from .copy import copy_effect, copy_values, extra_counters, has_copy_effect, raw_values
from .face_down import face_down_kind, face_down_values, turn_face_down_each
from .filters import matches_object
from .layers import amount, creature_types, refresh_control, with_own_cdas
from .pipeline import cited, propose, then_hook
from .saga import entering_lore, has_chapters, read_ahead_choice
from .support import register
from .zones import move, zone_event

if TYPE_CHECKING:
    from ..game.state import Game

#: StaticEffect ops that are replacement effects on entering (CR 614.1c-d)
ETB_OPS = frozenset(
    ("enters_tapped", "enters_with_counters", "enters_as_copy", "as_enters", "amplify")
)

#: ETB replacement ops that need no choice: proposals on the zone-change event in
#: the pipeline (rules/etb_replacements.py), not applied by :func:`enter`'s loop
PIPELINE_OPS = frozenset(("enters_tapped", "enters_with_counters"))

#: what a "choose" of an "as ... enters" ability asks, and where the answer is kept
CHOICE_KEYS: dict[str, str] = {
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

#: rules to cite when an "enters" replacement depends on how the spell was cast
_CONDITION_RULES: dict[str, tuple[str, ...]] = {
    "kicked": ("702.33a", "702.33d"),
    "evoked": ("702.74a",),
    "bargained": ("702.166b",),
}


def condition_rules(kind: str) -> tuple[str, ...]:
    """The rules to cite when an "enters" replacement depends on how the spell was cast."""
    return _CONDITION_RULES.get(kind, ())


_CARD_TYPES = (
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
        # import cycle: rules.cast_choices imports this module
        from .cast_choices import carried

        chosen = {**carried(obj), **(chosen or {})}  # CR 601.2b, 607.2a
    attach = None
    if obj.zone == Zone.STACK and obj.stack_kind == "spell" and obj.targets and obj.targets[0]:
        if "Aura" in chars(game, obj).subtypes:
            attach = obj.targets[0][0]  # CR 608.3c: attached to what it targets
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
        "applied": [],
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


def _options(game: Game, entry: dict[str, Any]) -> list[dict[str, Any]]:
    """The replacement effects that apply to the event now (not yet applied)."""
    pros, c = prospective(game, entry)
    applied = {tuple(k) for k in entry["applied"]}
    out: list[dict[str, Any]] = []
    if not pros.face_down:  # CR 708.3: no abilities as it enters face down
        gen = entry["gen"]
        for ai, si, st, a in etb_statics(c):
            if st.op in PIPELINE_OPS:
                continue  # proposed with the zone change (rules/etb_replacements.py)
            if not (st.affected is None or isinstance(st.affected, SelfRef)):
                continue  # it affects other permanents entering
            key = ("self", gen, ai, si)
            if key in applied:
                continue
            out.append({"key": key, "op": st.op, "static": st, "ability": a, "source": None})
    for sid, ai, si, st, a in etb_sources(game):
        key = ("src", sid, ai, si)
        if st.op in PIPELINE_OPS or key in applied:
            continue
        src = game.objects[sid]
        # _etb_sources keeps only statics whose affected is a Filter
        if matches_object(game, pros, cast(Filter, st.affected), src.controller, src, c):
            out.append({"key": key, "op": st.op, "static": st, "ability": a, "source": sid})
    return out


_ETB_KEY = "etb_sources"


def etb_sources(game: Game) -> list[tuple[int, int, int, StaticEffect, Ability]]:
    """Permanents' static abilities that modify how *other* permanents enter
    (CR 614.1d), cached with the characteristics."""
    got = game._chars.get(_ETB_KEY)
    if got is None:
        got = []
        copies = any(e.layer[0] == "1" for e in game.effects)
        for sid in game.battlefield:
            src = game.objects[sid]
            if src.phased_out or src.face_down:
                continue
            # the abilities of its copiable values (CR 707.2): a Clone of Essence of
            # the Wild has Essence's replacement effect
            cv = None if (copies or src.face_down) else src.card.cache.get(SINGLE_FACE)
            if cv is None:
                cv = copiable_values(game, src)
            for ai, si, st, a in etb_statics(cv):
                if isinstance(st.affected, Filter):
                    got.append((sid, ai, si, st, a))
        game._chars[_ETB_KEY] = got
    return got


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


def enter(game: Game, entry: dict[str, Any], task: Task | None = None) -> int | None:
    """Apply the replacement effects (CR 616.1) and put the object onto the
    battlefield. Returns the new object's id, or None when a choice is needed
    (then an ``enter_battlefield`` task carries on)."""
    if task is None and not entry["copies"] and not entry["face_down"]:
        # the common case: a single-faced card with no "enters" replacement of its own
        # and none from other permanents goes straight onto the battlefield
        c = game.objects[entry["obj"]].card.cache.get(SINGLE_FACE)
        if (
            c is not None
            and not etb_statics(c)
            and not etb_sources(game)
            and "Saga" not in c.subtypes
            and "Aura" not in c.subtypes
        ):
            return _finish(game, entry)
    while True:
        opts = _options(game, entry)
        if not opts:
            break
        copies = [o for o in opts if o["op"] == "enters_as_copy"]
        if copies:  # CR 616.1c: a copy effect must be chosen first
            if len(copies) > 1:
                pick = _pick(game, entry, task, copies, "616.1c")
                if pick is None:
                    return None
                opt = pick
            else:
                opt = copies[0]
        else:
            opt = opts[0]  # CR 616.1e: the others in any order (their results commute)
        done = _apply(game, entry, opt, task)
        if not done:
            return None
    if not _read_ahead(game, entry, task):
        return None
    if not _aura_attachment(game, entry, task):
        return None
    return _finish(game, entry)


def _aura_attachment(game: Game, entry: dict[str, Any], task: Task | None) -> bool:
    """CR 303.4f: an Aura entering other than by resolving is attached to what its
    controller chooses; 303.4g: with nothing it could enchant, it stays where it
    is (``entry["stays"]``). False while the choice is pending or when it stays."""
    if entry.get("attach") is not None or entry["face_down"]:
        return True
    pros, c = prospective(game, entry)
    if "Aura" not in c.subtypes:
        return True
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
        return False
    if len(cands) == 1 and not game.real_choice(1, 1):
        entry["attach"] = cands[0]
        return True
    answer = _answer(task, "aura")
    if answer is None:
        _ask(
            game,
            entry,
            task,
            "aura",
            Decision(
                DecisionKind.CHOOSE_OBJECTS,
                entry["controller"],
                "303.4f",
                f"Choose what {pros.name} enchants as it enters",
                {"candidates": cands, "min": 1, "max": 1, "purpose": DecisionPurpose.ATTACH},
            ),
        )
        return False
    entry["attach"] = answer.objects[0]
    return True


def _read_ahead(game: Game, entry: dict[str, Any], task: Task | None) -> bool:
    """CR 702.155b: the number of lore counters a read-ahead Saga enters with is
    chosen as it enters. False while the choice is pending."""

    obj = game.objects[entry["obj"]]
    choice = read_ahead_choice(game, obj, entry)
    if choice is None:
        return True
    options, prompt = choice
    answer = _answer(task, "read_ahead")
    if answer is None:
        _ask(
            game,
            entry,
            task,
            "read_ahead",
            Decision(
                DecisionKind.CHOOSE_OPTION,
                entry["controller"],
                "702.155b",
                prompt,
                {"options": options, "purpose": DecisionPurpose.READ_AHEAD},
            ),
        )
        return False
    entry["chosen"]["read_ahead"] = int(answer.value)
    entry["chosen"]["entered_turn"] = game.turn
    entry["notes"].append(f"read ahead: {answer.value}")
    entry["replacement_rules"].append("702.155b")
    return True


def _pick(
    game: Game, entry: dict[str, Any], task: Task | None, opts: list[dict[str, Any]], rule: str
) -> dict[str, Any] | None:
    labels = [_label(game, o) for o in opts]
    answer = _answer(task, "order")
    if answer is None:
        _ask(
            game,
            entry,
            task,
            "order",
            Decision(
                DecisionKind.CHOOSE_OPTION,
                entry["controller"],
                rule,
                "Choose which replacement effect applies first (rule 616.1)",
                {"options": labels, "purpose": DecisionPurpose.REPLACEMENT_ORDER},
            ),
        )
        return None
    return opts[labels.index(answer.value)] if answer.value in labels else opts[0]


def _label(game: Game, o: dict[str, Any]) -> str:
    src = game.objects.get(o["source"]) if o["source"] is not None else None
    return f"{src.name if src else 'itself'}: {o['op']} ({o['key']})"


def _answer(task: Task | None, what: str) -> Any:
    if task is None or task.answer is None or task.data.get("asking") != what:
        return None
    a = task.answer
    task.answer = None
    task.data.pop("asking", None)
    return a


def _ask(
    game: Game, entry: dict[str, Any], task: Task | None, what: str, decision: Decision
) -> None:
    """Ask now if running as the entering task; otherwise schedule the task,
    which asks when it runs."""
    if task is None:
        _schedule(game, entry)
        return
    task.data["asking"] = what
    game.ask(decision)


def _schedule(game: Game, entry: dict[str, Any]) -> None:

    t = _Task("enter_battlefield", {"entry": entry})
    tasks = game.tasks
    top = tasks[-1] if tasks else None
    if top is not None and top.kind == "resolve" and top.data.get("obj") == entry["obj"]:
        # CR 608.3: the resolving permanent spell enters as it finishes resolving
        tasks.insert(len(tasks) - 1, t)
    else:
        tasks.append(t)


@task_handler("enter_battlefield")
def enter_battlefield_task(game: Game, task: Task) -> None:
    """Continue an object's entering the battlefield after a choice (CR 614.12a)."""
    entry = task.data["entry"]
    obj = game.objects.get(entry["obj"])
    if obj is None:
        game.finish(task)
        return
    if enter(game, entry, task) is not None or entry.get("stays") or entry.get("pending"):
        # (pending: a replacement_order task now finishes the zone change, CR 616.1)
        game.finish(task)


def _apply(game: Game, entry: dict[str, Any], opt: dict[str, Any], task: Task | None) -> bool:
    st: StaticEffect = opt["static"]
    op = opt["op"]
    src = game.objects.get(opt["source"]) if opt["source"] is not None else None
    if op == "enters_as_copy":
        return _apply_copy(game, entry, opt, task, src)
    if op == "as_enters":
        return _apply_choices(game, entry, opt, task)
    if op == "amplify":  # CR 702.38a: reveal cards as it enters
        _, c = prospective(game, entry)
        n = int(st.args.get("n", 1))
        done = KEYWORD_HOOKS.apply_amplify(
            game,
            entry,
            n,
            c.subtypes,
            _answer(task, "amplify"),
            lambda d: _ask(game, entry, task, "amplify", d),
        )
        if done:
            entry["applied"].append(list(opt["key"]))
        return done
    raise ValueError(f"{op}: not an entering choice (rules/etb_replacements.py applies it)")


def entering_amount(game: Game, entry: dict[str, Any], value: Any, src: GameObject | None) -> int:
    if isinstance(value, Amount) and value.kind == "x":
        return int(entry.get("x") or 0) * value.multiplier  # CR 107.3m: X of the spell

    return amount(game, value, entry["controller"], src)


def _apply_copy(
    game: Game,
    entry: dict[str, Any],
    opt: dict[str, Any],
    task: Task | None,
    src: GameObject | None,
) -> bool:
    """CR 707.5: it becomes a copy as it enters (not after)."""
    st: StaticEffect = opt["static"]
    args = st.args
    exc = args.get("except") or None
    obj = game.objects[entry["obj"]]
    if src is not None and args.get("filter") is None:
        original: GameObject | None = src  # Essence of the Wild: "a copy of this creature"
    else:
        flt = args.get("filter")
        cands = _copy_candidates(game, entry, flt)
        optional = bool(args.get("optional", True))
        if not cands:
            entry["applied"].append(list(opt["key"]))
            return True
        answer = _answer(task, "copy")
        if answer is None:
            _ask(
                game,
                entry,
                task,
                "copy",
                Decision(
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
                ),
            )
            return False
        chosen = [o for o in answer.objects if o in cands]
        original = game.objects[chosen[0]] if chosen else None
    entry["applied"].append(list(opt["key"]))
    if original is None:
        entry["notes"].append("chooses not to copy anything")
        return True
    this_ability: Ability | None = opt["ability"]
    values, exc_rules = copy_values(game, original, exc, copier=obj, this_ability=this_ability)
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
    return True


def _copy_candidates(game: Game, entry: dict[str, Any], flt: Filter | None) -> list[int]:
    obj = game.objects[entry["obj"]]
    if flt is None:
        flt = Filter(kinds=("Creature",))
    if flt.zone == "graveyard":
        # "a copy of any creature card in a graveyard" (Body Double): the card's
        # copiable values (CR 707.2)
        from .filters import objects_matching

        return [o.id for o in objects_matching(game, flt, entry["controller"], obj)]
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.phased_out or oid == obj.id:
            continue
        if matches_object(game, o, flt, entry["controller"], obj):
            out.append(oid)
    return out


def _apply_choices(
    game: Game, entry: dict[str, Any], opt: dict[str, Any], task: Task | None
) -> bool:
    """CR 614.12, 614.12a, 707.6: "As this enters, choose ..." — made by its controller
    before it enters (a copy makes its own choice)."""
    st: StaticEffect = opt["static"]
    effects: tuple[Effect, ...] = tuple(st.args.get("effects") or ())
    done = entry.setdefault("choices_done", {})
    k = str(opt["key"])
    i = done.get(k, 0)
    obj = game.objects[entry["obj"]]
    while i < len(effects):
        e = effects[i]
        what_player = _player_choice(e)
        if e.op == "choose" or what_player:
            what = what_player or str(e.args.get("what", "color"))
            # import cycle: rules.named_choices imports this module
            from .named_choices import choice_data

            data = choice_data(game, what, entry["controller"])  # card names: CR 201.3
            answer = _answer(task, "choice")
            if answer is None:
                if not data["options"]:
                    i += 1
                    continue
                _ask(
                    game,
                    entry,
                    task,
                    "choice",
                    Decision(
                        DecisionKind.CHOOSE_OPTION,
                        entry["controller"],
                        "614.12a",
                        f"As {obj.name} enters, choose a {what.replace('_', ' ')}",
                        data,
                    ),
                )
                done[k] = i
                return False
            value = answer.value
            key = CHOICE_KEYS.get(what, what)
            if key == "player":
                value = [p.name for p in game.players].index(value)
            entry["chosen"][key] = value
            shown = game.players[value].name if key == "player" else value
            entry["notes"].append(f"{game.players[entry['controller']].name} chose {shown}")
            entry["replacement_rules"].append("614.12a")
            if entry["copies"]:
                entry["replacement_rules"].append("707.6")  # a copy makes its own choice
        elif e.op in ("turn_face_down",):
            entry.setdefault("after", []).append(e)
        i += 1
    done[k] = i
    entry["applied"].append(list(opt["key"]))
    return True


def _player_choice(e: Effect) -> str | None:
    """ "As this enters, choose a player / an opponent" (CR 614.12a): compiled as a
    choice of objects among players; it's the choice of a player kept as ``player``."""
    what = e.args.get("what")
    if e.op != "choose_objects" or not isinstance(what, ChooseRef):
        return None
    if tuple(what.filter.kinds) != ("player",):
        return None
    return "opponent" if ("opponent", True) in what.filter.conditions else "player"


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
        return [p.name for p in game.players if p.index != controller and not p.has_lost]
    if what == "player":
        return [p.name for p in game.players if not p.has_lost]
    if what in ("card_name", "nonland_card_name"):
        from .cast_permissions import card_names  # CR 201.3: any card's name

        return card_names(nonland=what == "nonland_card_name")
    return []


def _finish(game: Game, entry: dict[str, Any]) -> int | None:
    """Propose the zone change with what the choices decided (CR 614.12): the
    replacement effects that need no choice ("enters tapped", "enters with
    counters", 614.1c-d) apply to it in the pipeline (rules/etb_replacements.py),
    then it moves and :func:`_entered` gives the new permanent what they decided.
    None when a choice of their order is pending (CR 616.1; ``entry["pending"]``)."""
    oid = entry["obj"]
    obj = game.objects[oid]
    rules = (*entry["rules"], *dict.fromkeys(entry["replacement_rules"]))
    args = (rules, "", False, entry["controller"], bool(entry["tapped"]), True, "")
    ev = zone_event(game, obj, Zone.BATTLEFIELD, *args)
    ev["entry"] = entry
    ev["player"] = entry["controller"]  # CR 616.1: the controller it enters under
    ev["what"] = f"{obj.name if not obj.face_down else 'a face-down spell'} enters the battlefield"
    ev["name"] = obj.name if not obj.face_down else "a face-down spell"
    ev["logged_by"] = "entered"
    ev["then"] = ["entered"]
    done = propose(game, ev)
    if done is None:
        entry["pending"] = True  # the replacement_order task moves it (CR 616.1)
        return None
    return move(game, oid, Zone.BATTLEFIELD, *args, event=done)


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
    rules = cited(ev, tuple(ev["args"][0]))
    new = game.objects[new_id]
    new.tapped = tapped
    new.face = entry["face"]
    attach = entry.get("attach")
    if attach is not None:
        if attach < 0:
            new.chosen = {**(new.chosen or {}), "attached_player": -attach - 1}
        elif attach in game.objects and game.objects[attach].zone == Zone.BATTLEFIELD:
            new.attached_to = attach  # CR 608.3c, 303.4f
            entry["notes"].append(f"attached to {game.objects[attach].name}")
            rules = (*rules, "608.3c")
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
    game.invalidate(from_zone, Zone.BATTLEFIELD, new_id)  # what it entered with
    if new.face_down:
        text = f"a face-down {_fd_noun(new)} enters the battlefield" + (" tapped" if tapped else "")
        card = ""
    else:
        text = f"{old_name} enters the battlefield"
        if entry["copy_names"]:
            text += f" as a copy of {entry['copy_names'][-1]}"
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
