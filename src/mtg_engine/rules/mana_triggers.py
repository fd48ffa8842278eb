"""Triggered mana abilities (CR 605.1b, 605.4a).

"Whenever enchanted land is tapped for mana, its controller adds an additional
{G}" (Wild Growth), "Whenever you tap a Swamp for mana, add an additional {B}"
(Crypt Ghast), "Whenever a player taps a land for mana, that player adds one
mana of any type that land produced" (Mana Flare): a triggered ability without a
target that triggers from activating or resolving a mana ability and could add
mana is a mana ability (605.1b). It doesn't use the stack: it resolves
immediately after the mana ability that triggered it (605.4a).

The tapping for mana emits its ``tapped_for_mana`` events (rules/tapping.py), and
the triggered abilities that match are recorded as pending like any other
(rules/triggers.py). Once the mana ability has made its mana, its caller (the
automatic payment, rules/mana.execute_plan; an ability activated by hand,
rules/activating.py) calls :func:`resolve_mana_triggers`: the pending triggered
mana abilities of the permanents just tapped are taken out and resolved at once,
knowing what each permanent produced ("any type that land produced", 106.1a).

The automatic payment counts the extra mana when it is certain to come
(:func:`extra_productions`): an unconditional, untargeted trigger of a permanent
on the battlefield that adds mana to the player who taps. A trigger with an
intervening "if", a "may", or mana "in any combination of colors" isn't counted
(the mana still comes when it does; it stays in the pool, CR 106.4).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any, Final

from ..cards.abilities import Ability, AbilityKind, ControllerRef, Effect
from ..game.events import Event, EventKind
from ..game.objects import GameObject
from ..game.state import Game
from ..game.tasks import Task
from .characteristics import chars
from .effects_runner import run_mana_ability
from .support import register
from .triggers import _matches, may_trigger_on

register("trigger:mana_ability")  # CR 605.1b, 605.4a
register("arg:add_mana.to", "arg:add_mana.that_produced")  # CR 605.1b, 106.1a

#: the trigger event of "whenever ... is tapped for mana" (rules/tapping.py)
TAP_FOR_MANA: Final = "tap_for_mana"
#: the most combinations of extra mana the automatic payment plans with
_MOST_OPTIONS: Final = 25

Productions = Callable[[dict, Game, GameObject], list[tuple[str, ...]]]


def is_triggered_mana_ability(a: Ability) -> bool:
    """CR 605.1b: a triggered ability without a target that triggers from a mana
    ability (being tapped for mana, 106.12a) and could add mana."""
    t = a.trigger
    return (
        t is not None
        and t.event == TAP_FOR_MANA
        and not a.targets
        and not a.modes
        and any(e.op == "add_mana" for e in a.effects)
    )


def _take(game: Game, produced: dict[int, tuple[str, ...]]) -> list[dict[str, Any]]:
    """The pending triggered mana abilities that tapping the permanents of
    ``produced`` triggered, taken out of the pending triggers (they never go on the
    stack, CR 605.4a), each event knowing what its permanent made (106.1a)."""
    pending = game.pending_triggers
    if not pending or not produced:
        return []
    now = [
        t
        for t in pending
        if t["event"].get("obj") in produced and is_triggered_mana_ability(t["ability"])
    ]
    if now:
        game.pending_triggers = [t for t in pending if not any(t is n for n in now)]
    return [
        dict(t, event=dict(t["event"], produced="".join(produced[t["event"]["obj"]]))) for t in now
    ]


def _announce(game: Game, t: dict[str, Any]) -> GameObject | None:
    """The log line of a triggered mana ability resolving (CR 605.4a); its source,
    or None when it has left (no object to run it)."""
    src = game.objects.get(t["source"])
    if src is not None:
        game.emit(
            EventKind.TRIGGER,
            ("605.1b", "605.4a"),
            f"{t['source_name']}'s triggered mana ability resolves at once: {t['ability'].text}",
            obj=src.id,
        )
    return src


def resolve_mana_triggers(
    game: Game,
    produced: dict[int, tuple[str, ...]],
    wanted: dict[int, tuple[str, ...]],
    productions: Productions,
) -> None:
    """CR 605.4a: the triggered mana abilities that tapping the permanents of
    ``produced`` (each with the mana it made) triggered resolve now, in the order
    they triggered, without the stack, during an automatic payment. ``wanted``: the
    extra mana the payment planned on for each permanent, so that a choice ("one
    mana of any color") makes what the plan needs: what the others make without a
    choice is set aside for them first."""
    left: dict[int, Counter[str]] = {oid: Counter(extra) for oid, extra in wanted.items() if extra}
    taken = _take(game, produced)
    for t in taken:
        oid = t["event"]["obj"]
        src = game.objects.get(t["source"])
        if oid not in left or src is None:
            continue
        for e in t["ability"].effects:
            if e.op != "add_mana":
                continue
            fixed: list[tuple[str, ...]]
            if e.args.get("that_produced"):
                n = e.args.get("amount", 1)
                options = set(t["event"]["produced"])
                fixed = [(m,) * (n if isinstance(n, int) else 1) for m in options]
            else:
                fixed = productions(e.args, game, src)
            if len(fixed) == 1:
                left[oid].subtract(Counter(fixed[0]))
    for t in taken:
        event = t["event"]
        if event["obj"] in left:
            event["prefer"] = left[event["obj"]]  # (shared by its triggers: each its part)
        src = _announce(game, t)
        if src is not None:
            run_mana_ability(game, src, t["ability"], t["controller"], trigger_data=event)


def resolve_mana_triggers_asking(
    game: Game, task: Task, produced: dict[int, tuple[str, ...]] | None = None
) -> bool:
    """CR 605.4a, 106.1b: as :func:`resolve_mana_triggers`, after a mana ability
    activated by hand: the controller of each triggered mana ability makes its
    choices ("one mana of any color"). Called first with ``produced``, then again
    (without) once each decision is answered; False while one is pending."""
    d = task.data
    if produced is not None:
        d["mana_triggers"] = _take(game, produced)
        d.pop("mana_i", None)
        d.pop("scratch", None)  # (what the mana ability itself chose)
    queue: list[dict[str, Any]] = d.get("mana_triggers") or []
    while queue:
        t = queue[0]
        if not t.get("announced"):
            t["announced"] = True
            if _announce(game, t) is None:
                queue.pop(0)
                continue
        src = game.objects.get(t["source"])
        if src is not None and not run_mana_ability(
            game, src, t["ability"], t["controller"], task, trigger_data=t["event"]
        ):
            return False
        queue.pop(0)
        d.pop("mana_i", None)
        d.pop("scratch", None)
    d.pop("mana_triggers", None)
    return True


def _recipient(e: Effect, tapper: int, controller: int) -> int:
    """Who gets the mana: "add" (its controller), "its controller adds", "that
    player adds" (the player who tapped the permanent, CR 106.12a)."""
    to = e.args.get("to")
    return controller if to is None or isinstance(to, ControllerRef) else tapper


def _counted(game: Game, player: int, o: GameObject) -> list[tuple[GameObject, Effect]] | None:
    """The ``add_mana`` instructions of the triggered mana abilities tapping ``o``
    for mana would trigger that the automatic payment can count on, or None when
    one can't be (an intervening "if", a "may", a combination of colors)."""
    ev = Event(EventKind.TAPPED_FOR_MANA, (), "", {"obj": o.id, "player": player})
    out: list[tuple[GameObject, Effect]] = []
    for wid in game.battlefield:
        w = game.objects[wid]
        if w.phased_out:
            continue
        for a in chars(game, w).abilities:
            if a.kind is not AbilityKind.TRIGGERED or a.trigger is None:
                continue
            if not is_triggered_mana_ability(a) or not _matches(game, a.trigger, ev, w, o):
                continue
            if a.trigger.condition is not None or a.optional or a.restrictions:
                return None
            for e in a.effects:
                if e.op != "add_mana":
                    continue
                if e.optional or e.condition is not None or e.args.get("combination"):
                    return None
                if _recipient(e, player, w.controller) == player:
                    out.append((w, e))
    return out


def extra_productions(
    game: Game,
    player: int,
    o: GameObject,
    prods: list[tuple[str, ...]],
    productions: Productions,
) -> tuple[list[tuple[str, ...]], int]:
    """What ``o`` makes for ``player`` with the extra mana of the triggered mana
    abilities tapping it triggers (CR 605.4a): each production followed by each
    combination of the extras, and how many mana those extras are (0: none
    counted). ``productions``: what an ``add_mana`` instruction can make
    (rules/mana.productions_of)."""
    if not may_trigger_on(game, EventKind.TAPPED_FOR_MANA):
        return prods, 0
    counted = _counted(game, player, o)
    if not counted:
        return prods, 0
    out: list[tuple[str, ...]] = []
    size = -1
    for prod in prods:
        combos: list[tuple[str, ...]] = [()]
        for w, e in counted:
            if e.args.get("that_produced"):
                n = e.args.get("amount", 1)
                n = n if isinstance(n, int) else 1
                options = [(m,) * n for m in dict.fromkeys(prod)]
            else:
                options = productions(e.args, game, w)
            if not options:
                return prods, 0  # (it would make none: nothing to count)
            combos = [c + opt for c in combos for opt in options]
            if len(combos) > _MOST_OPTIONS:
                return prods, 0
        for c in combos:
            if size not in (-1, len(c)):
                return prods, 0  # (extras of different sizes: not counted)
            size = len(c)
            out.append(prod + c)
    return list(dict.fromkeys(out)), max(size, 0)


def extra_count(game: Game, player: int, o: GameObject, productions: Productions) -> int:
    """How many of the mana the payment planned for tapping ``o`` come from the
    triggered mana abilities it triggers (:func:`extra_productions`)."""
    return extra_productions(game, player, o, [("C",)], productions)[1]


def prefer(ctx_trigger_data: dict[str, Any] | None, prods: list[tuple[str, ...]]) -> int:
    """The production a triggered mana ability makes when the automatic payment
    planned on it: the first of ``prods`` whose mana is still wanted (taken out of
    what is wanted), else the first (CR 605.4a)."""
    left = (ctx_trigger_data or {}).get("prefer")
    if not isinstance(left, Counter):
        return 0
    for i, p in enumerate(prods):
        need = Counter(p)
        if all(left[m] >= k for m, k in need.items()):
            left.subtract(need)
            return i
    return 0
