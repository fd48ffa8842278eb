"""The rest of a prevention effect that refers to the damage prevented (CR 615.5).

"Prevent the next 3 damage that would be dealt to target creature this turn. For
each 1 damage prevented this way, put a +1/+1 counter on that creature" (Test of
Faith), "If a source would deal damage to this creature, prevent that damage. The
source's controller draws cards equal to the damage prevented this way" (Swans of
Bryn Argoll): the prevention happens at the time of the damage event, in the
event pipeline (rules/damage_replacements.py); the rest happens immediately
afterward, once for each time the effect prevents damage, and isn't a triggered
ability (nothing goes on the stack).

A prevention effect that applies records its instructions with the amount it
prevented on the damage event (``ev["prevented_then"]``, plain data: see
:func:`then_record`); once the event is over, :func:`after_prevention` follows
them, each as a ``prevention_then`` task (it may ask a question) for an object
standing for the effect's source: "that much" / "the damage prevented this way"
is the amount prevented, "that source" the source of the damage, "that creature"
what the spell or ability targeted (bound as it resolved) or the creature that
would have been dealt the damage.
"""

from __future__ import annotations

from dataclasses import fields, is_dataclass, replace
from typing import TYPE_CHECKING, Any

from ..cards.abilities import (
    PREVENTED_THIS_WAY,
    Ability,
    AbilityKind,
    Amount,
    Effect,
    TriggerRef,
    mentions_prevented,
)
from ..game.objects import GameObject, Zone
from ..game.tasks import Task, task_handler
from .effects_runner import run_effects
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game


register("condition:prevented_this_way")  # "If damage is prevented this way, ..."


def then_record(
    effects: tuple[Effect, ...],
    controller: int,
    card_uid: int,
    source: int | None,
    name: str,
    spell: bool = False,
) -> dict[str, Any]:
    """What a prevention effect does after preventing damage: its instructions, its
    controller, and the object they are the instructions of (its card, and the
    permanent when it's a static ability's; ``spell``: a resolved spell's effect)."""
    return {
        "effects": list(effects),
        "controller": controller,
        "card_uid": card_uid,
        "source": source,
        "name": name,
        "spell": spell,
    }


def after_prevention(game: Game, ev: dict[str, Any]) -> None:
    """CR 615.5: once the damage event is over, follow what each prevention effect
    that prevented some of it does afterward."""
    source = game.objects.get(ev["source"])
    # "that source's controller" once the spell that was the source has left the
    # stack: its last known information (CR 608.2h)
    lki = (
        {}
        if source is None
        else {source.id: {"owner": source.owner, "controller": source.controller}}
    )
    b = game._batch
    for rec in reversed(ev.get("prevented_then") or ()):
        key = ("prevention_then", rec["card_uid"], rec["source"], ev["to"])
        if b is not None and not _depends_on_damage(rec["effects"]):
            # damage dealt by several sources at once (combat damage, 510.2) is one
            # event: an additional effect that doesn't depend on the damage prevented
            # ("Remove a +1/+1 counter from this creature") happens once for it
            if key in b.once:
                continue
            b.once.add(key)
        elif b is not None and not _names_damage_source(rec["effects"]):
            # one that depends on it ("remove that many +1/+1 counters from it. When
            # one or more counters are removed this way, ...", Magma Pummeler) happens
            # once too, with all the damage it prevented in the event
            pending = b.prevented.get(key)
            if pending is not None and pending in game.tasks:
                k = int(rec["prevented"])
                pending.data["prevented"] = int(pending.data["prevented"]) + k
                pending.data["parent"]["that_much"] = int(pending.data["prevented"])
                continue
        data = {
            **rec,
            "damage_source": ev["source"],
            "damaged": ev["to"],
            "lki": dict(lki),
            # "that much" (CR 608.2c)
            "parent": {"that_much": int(rec["prevented"])},
        }
        task = game.push_task("prevention_then", data)
        if b is not None:
            b.prevented[key] = task


def _depends_on_damage(v: Any) -> bool:
    """Whether a prevention effect's additional instructions depend on the damage it
    prevented (CR 615.5): "for each 1 damage prevented this way", or "that many" /
    "that much" ("prevent that damage and remove that many +1/+1 counters from it",
    Magma Pummeler): "that much" is the damage prevented (``parent["that_much"]``,
    :func:`after_prevention`), so each source's damage has its own."""
    if mentions_prevented(v):
        return True
    if isinstance(v, Amount):
        return v.kind == "that_much" or any(_depends_on_damage(t) for t in v.terms)
    if isinstance(v, Effect):
        return any(_depends_on_damage(x) for x in v.args.values())
    if isinstance(v, tuple | list):
        return any(_depends_on_damage(x) for x in v)
    return False


def _names_damage_source(v: Any) -> bool:
    """Whether instructions refer to the source of the damage prevented ("that
    source", "the source's controller"): one event's damage from several sources
    then isn't summed."""
    if isinstance(v, TriggerRef):
        return v.role == "source"
    if isinstance(v, tuple | list):
        return any(_names_damage_source(x) for x in v)
    if isinstance(v, dict):
        return any(_names_damage_source(x) for x in v.values())
    if is_dataclass(v) and not isinstance(v, type):
        return any(_names_damage_source(getattr(v, f.name)) for f in fields(v))
    return False


def _stand_in(game: Game, d: dict[str, Any]) -> GameObject | None:
    """An object standing for the prevention effect's source as it follows its
    instructions (the spell has left the stack; CR 608.2h: its last known
    information)."""
    uid = int(d["card_uid"])
    now = game.uid_to_obj.get(uid)
    card_obj = game.objects.get(now) if now is not None else None
    src = d.get("source")
    if src is not None and src in game.objects:
        card_obj = game.objects[src]
    if card_obj is None:
        return None
    obj = GameObject(0, uid, card_obj.card, card_obj.owner, Zone.STACK)
    obj.controller = int(d["controller"])
    obj.source_id = card_obj.id
    if d.get("spell"):
        # the spell that made the effect, as it last existed on the stack (CR 608.2h):
        # "instant and sorcery spells you control have lifelink" (702.15c), "whenever
        # an instant or sorcery spell you control deals damage"
        obj.stack_kind = "spell"
    effects = tuple(
        replace(e, condition=None)
        if e.condition is not None and e.condition.kind == PREVENTED_THIS_WAY
        else e
        for e in d["effects"]
    )
    obj.ability = Ability(AbilityKind.SPELL, text=str(d.get("name") or ""), effects=effects)
    # "that source", "that creature" (the one that would have been dealt the damage)
    damaged = d["damaged"]
    obj.trigger_data = {"source": d["damage_source"], "target": damaged}
    if damaged >= 0:
        obj.trigger_data["obj"] = damaged
    return obj


@task_handler("prevention_then")
def prevention_then_task(game: Game, task: Task) -> None:
    """CR 615.5: follow the rest of a prevention effect, with the damage it prevented."""
    follow_instructions(game, _stand_in(game, task.data), task)


def instead_record(
    effects: tuple[Effect, ...] | list[Effect],
    controller: int,
    source: int,
    name: str,
    replacing: tuple[str, ...] = (),
) -> dict[str, Any]:
    """What a replacement effect of a permanent does instead (plain data, for
    :func:`follow_source_instructions`): its instructions, controller and source;
    ``replacing``: the keys of the replacement effects whose modified event these
    instructions are (CR 614.5)."""
    return {
        "effects": list(effects),
        "controller": controller,
        "source": source,
        "name": name,
        "replacing": list(replacing),
    }


def follow_source_instructions(game: Game, task: Task) -> None:
    """Follow the instructions of an :func:`instead_record` (``task.data``) as the
    permanent that is its source would (CR 614.1a: what it does instead; nothing
    if the source is gone)."""
    d = task.data
    src = game.objects.get(int(d["source"]))
    if src is None and "card_uid" in d:
        # a resolved ability's effect (CR 614.1a, "the next time you would draw a
        # card this turn ..."): it lasts without its source; the card that was it
        # stands for it (CR 113.7a)
        src = game.objects.get(game.uid_to_obj.get(int(d["card_uid"]), -1))
    obj = None
    if src is not None:
        obj = GameObject(0, src.card_uid, src.card, src.owner, Zone.STACK)
        obj.controller = int(d["controller"])
        obj.source_id = src.id
        # the instructions of the permanent's static ability (CR 614.1a): its links
        # are the permanent's ("cards exiled with Asmodeus", CR 607.2a)
        obj.stack_kind = "static"
        obj.ability = Ability(AbilityKind.SPELL, text=str(d["name"]), effects=tuple(d["effects"]))
    replacing = game._replacing
    # CR 614.5: what the instructions do is the modified event, which the replacement
    # effects that made it don't affect again ("draw two cards instead")
    game._replacing = tuple(d.get("replacing") or ())
    try:
        follow_instructions(game, obj, task)
    finally:
        game._replacing = replacing


def follow_instructions(game: Game, obj: GameObject | None, task: Task) -> None:
    """Follow the instructions of a replacement or prevention effect (``obj`` stands
    for its source; None: nothing to do) without the stack; the task is finished once
    they're done (they may ask questions)."""
    if obj is None:
        game.finish(task)
        return
    game._by_replacement = True  # CR 614.16: tokens and counters it makes
    try:
        done = run_effects(game, obj, task)
    finally:
        game._by_replacement = False
    if done:
        game.finish(task)


__all__ = [
    "after_prevention",
    "then_record",
    "follow_instructions",
    "instead_record",
    "follow_source_instructions",
]
