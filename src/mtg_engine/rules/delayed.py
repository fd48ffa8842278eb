"""Delayed triggered abilities (CR 603.7).

A spell or ability that says "at the beginning of the next end step, ..." or
"at end of combat, ..." creates a delayed triggered ability as it resolves
(CR 603.7a). The ability is a plain record in ``game.delayed_triggers`` (so it
survives ``clone()`` and the JSON round-trip); it triggers once, the next time
its step begins (CR 603.7b), and is then removed.

The objects the ability refers to are fixed when it is created (CR 603.7c):
each reference ("this creature", "it", "that card", "target creature") is
replaced by a :class:`BoundRef` holding the object ids of that moment. An
object that changes zones becomes a new object (CR 400.7), so if it is no
longer where the ability expects it when the ability resolves, the ability
does nothing to it (CR 603.7c). "Exile it. Return it to the battlefield at the
beginning of the next end step" refers to the exiled card: when the referred
object has just been moved by the previous instruction, the new object is bound.
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import (
    CHOSEN_PLAYER,
    Ability,
    AbilityKind,
    Amount,
    ControllerOfRef,
    Effect,
    Filter,
    OuterRef,
    OwnerOfRef,
    ParentRef,
    SelfRef,
    TargetRef,
    Trigger,
    TriggerRef,
)
from ..game.events import EventKind
from ..game.objects import Zone
from ..game.state import Step
from .characteristics import chars
from .filters import matches_object
from .simultaneous import lki_record
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from .effects_runner import Ctx


@dataclass(frozen=True, slots=True)
class BoundRef:
    """The objects (ids >= 0) and players (negative refs) a delayed triggered
    ability refers to, fixed when it was created (CR 603.7c)."""

    ids: tuple[int, ...] = ()


#: the compiler's names of steps ("end_step", "combat") -> the turn structure's (CR 500.1)
STEP_NAMES: dict[str, str] = {
    "upkeep": "upkeep",
    "upkeep_step": "upkeep",
    "draw_step": "draw",
    "draw": "draw",
    "first_main_phase": "precombat_main",
    "precombat_main_phase": "precombat_main",
    "combat": "beginning_of_combat",
    "beginning_of_combat": "beginning_of_combat",
    "end_of_combat": "end_of_combat",
    "second_main_phase": "postcombat_main",
    "postcombat_main_phase": "postcombat_main",
    "end_step": "end",
    "end": "end",
    "cleanup_step": "cleanup",
    "cleanup": "cleanup",
}

#: "at the beginning of your next main phase" (Mana Drain): a delayed ability waiting
#: for ``"main"`` triggers at either main phase of its controller's turns, whichever
#: begins first (CR 505.1)
_MAIN_PHASES = ("precombat_main", "postcombat_main")


def step_name(compiled: str | None) -> str | None:
    """The turn-structure name (``Step.NAMES``) of a compiled trigger step, or None."""
    if compiled is None:
        return None
    return STEP_NAMES.get(compiled)


#: delayed abilities that trigger on an event rather than at a step (CR 603.7a):
#: "when you next cast an instant or sorcery spell this turn" (``cast``), "when
#: you lose control of the creature" (``lose_control``), "when that land dies or is
#: put into exile" (``dies_or_exiled``, earthbend 701.66a), "when that creature dies
#: this turn" (``dies``: Searing Blood)
EVENT_TRIGGERS = frozenset(("cast", "lose_control", "dies_or_exiled", "dies", "leaves", "attacks"))

#: game event kinds an event-based delayed ability may trigger on
EVENT_KINDS = frozenset(
    (EventKind.CAST, EventKind.CONTROL, EventKind.ZONE_CHANGE, EventKind.ATTACKS)
)


def create(
    ctx: Ctx,
    trig: Trigger,
    effects: tuple[Effect, ...],
    text: str = "",
    what: Any = None,
    targets: tuple[Any, ...] = (),
) -> str | None:
    """CR 603.7a: create a delayed triggered ability from the resolving object;
    ``targets``: its own targets, chosen as it's put on the stack (603.3d).

    Returns a problem (a trigger this module can't schedule) or None.
    """
    game = ctx.game
    if trig.event in EVENT_TRIGGERS:
        return _create_on_event(ctx, trig, effects, text, what, targets)
    if targets:
        return "a delayed ability at a step with targets of its own"
    name = step_name(trig.step) if trig.event == "step" else None
    if trig.event == "step" and trig.step == "main_phase":
        name = "main"  # CR 505.1: either main phase (fire, below)
    if name is None:
        return f"no delayed trigger for {trig.event} {trig.step or ''}".strip()
    bound = tuple(
        e if _names_own_exiles(effects[:i], e) else _bind_effect(ctx, e)
        for i, e in enumerate(effects)
    )
    src = ctx.source
    ability = Ability(AbilityKind.TRIGGERED, text=text or _text(name), effects=bound, trigger=trig)
    record: dict[str, Any] = {
        "step": name,
        "source": _source_id(ctx),
        "source_name": src.name,
        "source_token": src.card.token_spec,
        "card_uid": src.card_uid,
        "controller": ctx.controller,
        "ability": ability,
        "event": {"step": name, "delayed": True, **_spell_lki(ctx)},
        "created_turn": game.turn,
    }
    if name == "end_of_combat":
        record["this_turn"] = True  # "at end of combat": this turn's (CR 511)
    if name == "main" or trig.player == "your_next":
        # "your next main phase" (CR 505.1), "at the beginning of your next upkeep"
        # (the Pacts): a step of one of your turns
        record["turn_of"] = ctx.controller
    game.delayed_triggers.append(record)
    game.emit(
        EventKind.DELAYED_TRIGGER,
        ("603.7a",),
        f"{src.name} creates a delayed triggered ability: {ability.text}",
        player=ctx.controller,
    )
    return None


def _spell_lki(ctx: Ctx) -> dict[str, Any]:
    """A delayed ability created by a resolving spell: the spell as it last existed
    on the stack, which is now (it leaves as its last step, CR 608.2n), for when the
    ability uses its source after it has gone (CR 113.7a, 608.2h: Searing Blood's
    damage with the lifelink Soulfire Grand Master gave the spell)."""
    src = ctx.source
    if src.zone == Zone.STACK and src.stack_kind == "spell":
        return {"source_lki": lki_record(ctx.game, src)}
    return {}


def _source_id(ctx: Ctx) -> int:
    """The source of a delayed triggered ability: that of the spell or ability that
    created it (CR 603.7d-e), even when that source has left the battlefield since
    (a Mount blinked after it attacked: "a creature that saddled it this turn"
    still means the creatures that saddled that object, CR 400.7, 702.171c)."""
    obj = ctx.obj
    if ctx.source is obj and obj.source_id is not None:
        return obj.source_id
    return ctx.source.id


def _create_on_event(
    ctx: Ctx,
    trig: Trigger,
    effects: tuple[Effect, ...],
    text: str,
    what: Any,
    targets: tuple[Any, ...] = (),
) -> str | None:
    """CR 603.7a: a delayed ability that triggers the next time an event happens,
    once (CR 603.7c: "when you next ..."; "when you lose control of it")."""
    game = ctx.game
    src = ctx.source
    record: dict[str, Any] = {
        "on": trig.event,
        "source": _source_id(ctx),
        "source_name": src.name,
        "source_token": src.card.token_spec,
        "card_uid": src.card_uid,
        "controller": ctx.controller,
        "created_turn": game.turn,
        **_spell_lki(ctx),
    }
    if trig.event == "attacks":
        # "Whenever a creature attacks this turn, it ...": each attack this turn
        # (CR 603.7b: a stated duration), "it" the attacking creature (603.7c)
        bound = tuple(_bind_effect(ctx, e, own_event=True) for e in effects)
        record["this_turn"] = True
        record["repeats"] = True
    elif trig.event in ("cast", "dies_or_exiled"):
        # "that spell" is the spell whose casting triggers it, "return it" the card
        # that died or was exiled: not bound now; its own targets are chosen as it's
        # put on the stack (CR 603.3d)
        bound = tuple(
            _bind_effect(ctx, e, own_event=True, keep_targets=bool(targets)) for e in effects
        )
        if any(k == "this_turn" for k, _ in trig.details):
            record["this_turn"] = True  # "... this turn": it lapses at end of turn
        if any(k == "repeats" for k, _ in trig.details):
            # "whenever you cast a spell this turn": each time, until the turn ends
            # (CR 603.7b: a stated duration)
            record["repeats"] = True
    elif targets:
        return "a delayed ability on this event with targets of its own"
        if any(k == "that_card" for k, _ in trig.details):
            # "when you cast it this turn": that card, whatever zone it's cast from
            # (a new object on the stack, CR 400.7: the same physical card)
            cards = [game.objects[i].card_uid for i in ctx.refs(what) if i in game.objects]
            record["cards"] = cards
    if trig.event == "dies_or_exiled":
        # "that land": the permanents the effect referred to (CR 603.7c)
        record["objs"] = [i for i in ctx.refs(what) if i >= 0 and i in game.objects]
    elif trig.event in ("dies", "leaves"):
        # "when that creature dies this turn, ... the creature's controller": the
        # creature now, whoever controls it (CR 603.7c); it lapses at end of turn
        bound = tuple(_bind_effect(ctx, e) for e in effects)
        record["objs"] = [i for i in ctx.refs(what) if i >= 0 and i in game.objects]
        record["this_turn"] = any(k == "this_turn" for k, _ in trig.details)
    elif trig.event not in ("cast", "attacks"):
        bound = tuple(_bind_effect(ctx, e) for e in effects)
        # "the creature": the objects you control now (CR 603.7c)
        ids = [i for i in ctx.refs(what) if i >= 0 and i in game.objects]
        objs = [i for i in ids if game.objects[i].controller == ctx.controller]
        if not objs:
            game.emit(
                EventKind.DELAYED_TRIGGER,
                ("603.7a",),
                f"{src.name}: you don't control the object, so no delayed ability is created",
                player=ctx.controller,
            )
            return None
        record["objs"] = objs
    ability = Ability(
        AbilityKind.TRIGGERED, text=text, effects=bound, targets=targets, trigger=trig
    )
    record["ability"] = ability
    game.delayed_triggers.append(record)
    game.emit(
        EventKind.DELAYED_TRIGGER,
        ("603.7a",),
        f"{src.name} creates a delayed triggered ability: {text}",
        player=ctx.controller,
    )
    return None


def create_reflexive(
    ctx: Ctx,
    effects: tuple[Effect, ...],
    targets: tuple[Any, ...],
    text: str,
    that_much: int | None = None,
) -> None:
    """CR 603.12: "When you do, ..." — a reflexive triggered ability triggers as the
    instruction before it is done. It's put on the stack the next time a player
    would receive priority, and its targets are chosen then (603.3d). What it says
    of the resolving spell or ability ("it", "that creature", "this creature") is
    fixed now; its own targets ("target creature") are not. ``that_much``: what
    the instruction before did, the ability's "that much" (608.2c)."""
    game = ctx.game
    obj = ctx.obj
    event = dict(obj.trigger_data or {})
    if that_much is not None:
        event["amount"] = that_much
    chosen = ((ctx.task.data.get("parent") or {}) if ctx.task is not None else {}).get(
        CHOSEN_PLAYER
    )
    if chosen:
        # "Choose a player at random. When you do, Strax fights another target creature
        # that player controls": the player chosen (CR 603.12, 608.2c)
        event["player"] = -chosen[0] - 1
    bound = tuple(_bind_effect(ctx, e, keep_targets=True) for e in effects)
    if obj.x is not None:
        # "you may pay {X}. When you do, put X +1/+1 counters ...": the X chosen for
        # the ability that created it (as for a delayed triggered ability, CR 107.3n)
        bound = tuple(_with_x(e, obj.x) for e in bound)
    ability = Ability(AbilityKind.TRIGGERED, text=text, effects=bound, targets=targets)
    # the same source and trigger event as the ability that created it: "this
    # creature" and "that creature" (with what they looked like as they left the
    # battlefield, CR 603.10a) read the same in both
    game.pending_triggers.append(
        {
            "source": obj.source_id if obj.source_id is not None else obj.id,
            "source_name": obj.name,
            "source_token": obj.card.token_spec,
            "card_uid": obj.card_uid,
            "controller": ctx.controller,
            "ability": ability,
            "event": event,
        }
    )
    game.emit(
        EventKind.TRIGGER,
        ("603.12",),
        f"{obj.name}'s reflexive triggered ability triggers: {text}",
        player=ctx.controller,
    )


def _with_x(e: Effect, x: int) -> Effect:
    """``e`` with each plain X among its arguments fixed to ``x``."""
    args = {
        k: Amount("fixed", value=v.multiplier * x)
        if isinstance(v, Amount) and v.kind == "x" and v.filter is None and v.ref is None
        else v
        for k, v in e.args.items()
    }
    return replace(e, args=args) if args != e.args else e


def fire_event(game: Game, kind: str, data: dict[str, Any], subject: GameObject | None) -> None:
    """CR 603.7c: an event-based delayed ability triggers the next time its event
    happens, only once, and is then removed; one limited to "this turn" lapses."""
    if not any("on" in rec for rec in game.delayed_triggers):
        return
    keep: list[dict[str, Any]] = []
    changed = False
    for rec in game.delayed_triggers:
        on = rec.get("on")
        if on is None:
            keep.append(rec)
            continue
        if rec.get("this_turn") and rec.get("created_turn") != game.turn:
            changed = True  # its moment has passed (CR 603.7b)
            continue
        event = _event_of(game, rec, kind, data, subject)
        if event is None:
            keep.append(rec)
            continue
        changed = True
        drop = ("on", "objs", "this_turn", "cards", "source_lki", "repeats")
        fired = {k: v for k, v in rec.items() if k not in drop}
        fired["event"] = (
            {**event, "source_lki": rec["source_lki"]} if "source_lki" in rec else event
        )
        game.pending_triggers.append(fired)
        if rec.get("repeats"):
            keep.append(rec)  # "whenever ... this turn": again, until the turn ends
    if changed:
        game.delayed_triggers = keep


def _event_of(
    game: Game, rec: dict[str, Any], kind: str, data: dict[str, Any], subject: GameObject | None
) -> dict[str, Any] | None:
    """The trigger's event data if ``rec`` triggers on this event, else None."""
    on = rec["on"]
    me = rec["controller"]
    if on == "cast" and kind == "cast":
        if data.get("player") != me:
            return None
        spell = game.objects.get(data.get("obj", -1))
        if spell is None:
            return None
        if "cards" in rec and spell.card_uid not in rec["cards"]:
            return None  # "when you cast it": another card
        trig = rec["ability"].trigger
        what = next((v for k, v in trig.details if k == "what"), None)
        if isinstance(what, Filter):
            flt = Filter(what.kinds, "stack", what.conditions)
            if not matches_object(game, spell, flt, me, game.objects.get(rec["source"])):
                return None
        return {"obj": spell.id, "player": me}  # "that spell" (CR 603.7c)
    if on == "attacks":
        o = game.objects.get(data.get("obj", -1)) if kind == EventKind.ATTACKS else None
        what = rec["ability"].trigger.subject
        if o is None or not isinstance(what, Filter):
            return None
        if not matches_object(game, o, what, me, game.objects.get(rec["source"])):
            return None
        return {"obj": o.id, "player": me}  # "it": the attacking creature (CR 603.7c)
    if on == "dies_or_exiled":
        return _died_or_exiled(game, rec, kind, data, subject)
    if on == "dies":
        return _died_or_exiled(game, rec, kind, data, subject, exiled=False)
    if on == "leaves":
        return _left_battlefield(game, rec, kind, data, subject)
    if on == "lose_control":
        objs = rec.get("objs") or ()
        if kind == "control" and data.get("obj") in objs and data.get("player") != me:
            return {"obj": data["obj"], "player": me}  # CR 108.4: another player controls it
        if (
            kind == "zone_change"
            and subject is not None
            and subject.id in objs
            and data.get("from_zone") == "battlefield"
        ):
            return {"obj": subject.id, "player": me}  # it left: no one controls it (400.7)
    return None


def _one_left_battlefield(
    rec: dict[str, Any], kind: str, data: dict[str, Any], subject: GameObject | None
) -> bool:
    """One of the delayed trigger's permanents went from the battlefield to another zone."""
    return (
        kind == "zone_change"
        and subject is not None
        and subject.id in (rec.get("objs") or ())
        and data.get("from_zone") == "battlefield"
    )


def _died_or_exiled(
    game: Game,
    rec: dict[str, Any],
    kind: str,
    data: dict[str, Any],
    subject: GameObject | None,
    exiled: bool = True,
) -> dict[str, Any] | None:
    """ "When that land dies or is put into exile" (CR 701.66a): one of the permanents
    goes from the battlefield to a graveyard as a creature (dies, 700.4; as it last
    existed, 603.10a) or to exile (unless not ``exiled``: "when that creature dies");
    "it" is the card in its new zone (400.7)."""
    if not _one_left_battlefield(rec, kind, data, subject) or subject is None:
        return None
    to = data.get("to_zone")
    died = to == "graveyard" and "Creature" in chars(game, subject).types
    if not (died or (exiled and to == "exile")):
        return None
    # "the creature's controller": as it last existed on the battlefield (CR 608.2h)
    return {
        "obj": data.get("obj"),
        "player": rec["controller"],
        "obj_lki": lki_record(game, subject),
    }


def _left_battlefield(
    game: Game,
    rec: dict[str, Any],
    kind: str,
    data: dict[str, Any],
    subject: GameObject | None,
) -> dict[str, Any] | None:
    """ "When that creature leaves the battlefield this turn" (Kjeldoran Guard): one of
    the permanents goes from the battlefield to any zone (CR 603.6c, 603.10a)."""
    if not _one_left_battlefield(rec, kind, data, subject) or subject is None:
        return None
    return {
        "obj": data.get("obj"),
        "player": rec["controller"],
        "obj_lki": lki_record(game, subject),
    }


def _text(name: str) -> str:
    if name == "end_of_combat":
        return "at end of combat"
    if name == "main":
        return "at the beginning of the next main phase"
    return f"at the beginning of the next {name.replace('_', ' ')} step"


def fire(game: Game, name: str) -> None:
    """CR 603.7b: delayed abilities waiting for step ``name`` trigger once and
    are removed; "at end of combat" abilities of an earlier turn are dropped."""
    if not game.delayed_triggers:
        return
    keep: list[dict[str, Any]] = []
    for rec in game.delayed_triggers:
        if rec.get("this_turn") and rec.get("created_turn") != game.turn:
            continue  # its moment has passed (CR 603.7b)
        step = rec.get("step")
        if (step == name or (step == "main" and name in _MAIN_PHASES)) and rec.get(
            "turn_of", game.active
        ) == game.active:
            # ("turn_of": "at the beginning of your next upkeep", the next one of that
            # player's turns; rebound 702.88a)
            game.pending_triggers.append(dict(rec))
            continue
        keep.append(rec)
    game.delayed_triggers = keep


# ---------------------------------------------------------------------------
# Binding references (CR 603.7c)
# ---------------------------------------------------------------------------


def _names_own_exiles(before: tuple[Effect, ...], e: Effect) -> bool:
    """ "At end of combat, exile it and ..., then return those cards": "those cards"
    are what the delayed ability itself exiled, not its creator (CR 608.2c)."""
    return any(b.op == "exile" for b in before) and e.args.get("what") == ParentRef("exiled")


def _bind_effect(
    ctx: Ctx, e: Effect, own_event: bool = False, keep_targets: bool = False
) -> Effect:
    args = {k: _bind(ctx, v, own_event, keep_targets) for k, v in e.args.items()}
    cond = e.condition
    if cond is not None and keep_targets:
        # a reflexive ability's "if it's a creature": bound like its instructions
        cond = replace(cond, args={k: _bind(ctx, v, own_event, True) for k, v in cond.args.items()})
    return replace(e, args=args, condition=cond)


#: characteristics an amount of a delayed ability reads from a target when created
_LOCKED_STATS = frozenset(("mana_value", "power", "toughness"))


def _bind(ctx: Ctx, v: Any, own_event: bool = False, keep_targets: bool = False) -> Any:
    if isinstance(v, Ability):
        return v  # a granted ability's "this creature" is its own object
    if own_event and isinstance(v, TriggerRef):
        return v  # the delayed ability's own event ("that spell", CR 603.7c)
    if isinstance(v, OuterRef):
        return BoundRef(_follow(ctx, ctx.refs(v.ref)))  # CR 603.12, 608.2c
    if keep_targets and isinstance(v, TargetRef | SelfRef | TriggerRef):
        # a reflexive ability's own targets (CR 603.12, 603.3d); its source and
        # trigger event are its creator's (create_reflexive)
        return v
    if isinstance(v, SelfRef):
        # the object whose ability this is (it may have left its zone already)
        obj = ctx.obj
        sid = obj.source_id if obj.source_id is not None else obj.id
        if sid not in ctx.game.objects:
            # "When this creature dies, return it to the battlefield at the beginning
            # of the next end step": the card it became in the graveyard (CR 400.7e)
            again = [i for i in ctx.refs(v) if i in ctx.game.objects]
            if again:
                return BoundRef(tuple(again))
        return BoundRef(_follow(ctx, [sid], same_card=obj.card))
    if (
        isinstance(v, ParentRef)
        and v.key == CHOSEN_PLAYER
        and ctx.task is not None
        and CHOSEN_PLAYER not in (ctx.task.data.get("parent") or {})
    ):
        # "An opponent gains control of this land at the beginning of the next end
        # step" (Rainbow Vale): no player chosen yet; the delayed ability chooses
        # its own as it resolves (CR 603.7, 608.2d)
        return v
    if isinstance(v, TargetRef | TriggerRef | ParentRef):
        return BoundRef(_follow(ctx, ctx.refs(v)))
    if isinstance(v, ControllerOfRef | OwnerOfRef):
        return replace(v, of=_bind(ctx, v.of, own_event, keep_targets))
    if (
        isinstance(v, Amount)
        and v.kind in _LOCKED_STATS
        and isinstance(v.ref, TargetRef)
        and not keep_targets
        and not any(i in ctx.game.objects for i in ctx.refs(v.ref))
    ):
        # "add an amount of {C} equal to that spell's mana value" (Mana Drain): a
        # target that has left its zone (the countered spell) as it last existed,
        # read as the delayed ability is created (CR 608.2h, 603.7c)
        return ctx.amount(v)
    if isinstance(v, Effect):
        return _bind_effect(ctx, v, own_event, keep_targets)
    if isinstance(v, tuple):
        return tuple(_bind(ctx, x, own_event, keep_targets) for x in v)
    if isinstance(v, list):
        return [_bind(ctx, x, own_event, keep_targets) for x in v]
    if isinstance(v, dict):
        return {k: _bind(ctx, x, own_event, keep_targets) for k, x in v.items()}
    if hasattr(v, "__dataclass_fields__") and not isinstance(v, type):
        # other records (filters, amounts): bind the references they hold
        changes = {}
        for f in fields(v):
            x = getattr(v, f.name)
            y = _bind(ctx, x, own_event, keep_targets)
            if y is not x:
                changes[f.name] = y
        return replace(v, **changes) if changes else v
    return v


def _follow(ctx: Ctx, ids: list[int], same_card: Any = None) -> tuple[int, ...]:
    """Object ids as they are now: an object moved by the previous instruction of
    this resolution ("exile it. Return it ...") is the new object (CR 400.7, 603.7c)."""
    game = ctx.game
    gone = [i for i in ids if i >= 0 and i not in game.objects]
    if not gone:
        return tuple(ids)
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    # an exile earlier in this resolution says which object each card became, even
    # when other instructions came between ("exile X target creatures, then
    # investigate X times. Return the exiled cards ..."): not the Clues just made
    became: dict[int, list[int]] = {}
    for old, new in parent.get("exiled_from") or ():
        if new is not None and new in game.objects:
            became.setdefault(old, []).append(new)
    if any(i in became for i in gone):
        out: list[int] = []
        for i in ids:
            if i < 0 or i in game.objects:
                out.append(i)
            else:
                out.extend(became.get(i, ()))
        return tuple(out)
    moved = parent.get("it")
    if isinstance(moved, list) and moved:
        kept = [i for i in ids if i < 0 or i in game.objects]
        new = [m for m in moved if isinstance(m, int) and m in game.objects]
        if same_card is not None:  # "this creature": only its own card, moved
            new = [m for m in new if game.objects[m].card is same_card]
        return tuple(kept + new)
    return tuple(ids)


#: "that creature", "this spell" of instructions followed later (CR 615.5, 603.7c)
bind_effect = _bind_effect

__all__ = [
    "BoundRef",
    "bind_effect",
    "EVENT_KINDS",
    "EVENT_TRIGGERS",
    "STEP_NAMES",
    "Step",
    "create",
    "create_reflexive",
    "fire",
    "fire_event",
    "step_name",
]


def _register() -> None:
    register(*(f"delayed:step:{k}" for k in STEP_NAMES))
    register("delayed:step:main_phase")  # "your next main phase" (CR 505.1)
    register(*(f"delayed:{k}:None" for k in EVENT_TRIGGERS))  # CR 603.7a, 603.7c


_register()
