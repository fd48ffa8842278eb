"""Copies of a spell put on the stack by a keyword (CR 707.10): storm,
gravestorm, replicate (CR 702.40a, 702.69a, 702.56a).

A copy of a spell copies the choices made when it was cast (mode, targets,
X, additional costs paid: CR 707.10); it isn't cast (CR 707.10, ruling
502.30.2). Its controller may choose new targets for it (CR 707.10c): one
``choose_objects`` decision per target phrase with ``purpose: "new_targets"``;
choosing nothing keeps the copied targets. A copy outside the stack ceases
to exist (CR 704.5e; the engine marks copies like tokens for that check).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Effect
from ..game.actions import Decision, DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, cast_record, set_cast_record
from ..game.objects import GameObject, Zone
from ..game.tasks import Task, task_handler
from ..rules.casting import spell_ability
from ..rules.characteristics import chars
from ..rules.copy import additional_spell_copies, put_copy_on_stack
from ..rules.targets import candidates, target_specs
from .common import add_pending_trigger, keyword_trigger, printed_instances

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.state import Game


def snapshot(spell: GameObject) -> dict[str, Any]:
    """The copiable choices of a spell (CR 707.10), kept with the trigger so the
    copies can be made even if the spell has left the stack (ruling 502.52.4)."""
    return {
        "obj": spell.id,
        "face": spell.face,
        "targets": [list(t) for t in spell.targets],
        "x": spell.x,
        "modes": list(spell.modes),
        "division": dict(spell.division) if spell.division else None,
    }


def copy_spell_task(
    game: Game,
    trigger_obj: GameObject,
    n: int,
    rule: str,
    keyword: str = "",
    controller: int | None = None,
) -> None:
    """Queue ``n`` copies of the spell the trigger is about (``keyword``: the keyword
    whose ability makes them, for its own later checks; the copy events carry it),
    controlled by ``controller`` (default: the trigger's controller; demonstrate's
    second copy is the chosen opponent's, 702.144a)."""
    data = dict(trigger_obj.trigger_data or {})
    spell = game.objects.get(data.get("obj", 0))
    snap = snapshot(spell) if spell is not None and spell.zone == Zone.STACK else data.get("snap")
    if snap is None:
        return
    who = trigger_obj.controller if controller is None else controller
    # "instead copy it that many times plus an additional time" (Twinning Staff, 614.1a)
    n += additional_spell_copies(game, who, spell, n)
    game.push_task(
        "copy_spells",
        {
            "n": n,
            "rule": rule,
            "snap": snap,
            "controller": who,
            "card_of": trigger_obj.id,
            "made": 0,
            "spec": 0,
            **({"keyword": keyword} if keyword else {}),
        },
    )


@task_handler("copy_spells")
def copy_spells_task(game: Game, task: Task) -> None:
    """Put the copies on the stack one at a time, each with its new-target choice."""
    c: GameObject | None  # the copy being made, then the one choosing targets
    d = task.data
    while True:
        cur = d.get("current")
        if cur is None:
            if d["made"] >= d["n"]:
                game.finish(task)
                return
            src = game.objects.get(d["card_of"])
            orig = game.objects.get(d["snap"]["obj"])
            if orig is not None and orig.zone == Zone.STACK:
                c = put_copy_on_stack(
                    game, orig, d["controller"], None, (d["rule"], "707.10"), d.get("keyword", "")
                )
                d["made"] += 1
                d["current"] = c.id
                d["spec"] = 0
                continue
            # The spell has left the stack: copy its last known information (ruling 502.52.4).
            card = orig.card if orig is not None else (src.card if src is not None else None)
            if card is None:
                game.finish(task)
                return
            oid = game.new_id()
            c = GameObject(oid, oid, card, d["controller"], Zone.STACK)
            c.controller = d["controller"]
            c.stack_kind = "spell"
            c.is_token = True  # CR 704.5e: a copy of a spell ceases to exist outside the stack
            c.face = int(d["snap"].get("face") or 0)
            c.timestamp = game.new_timestamp()
            c.targets = [tuple(t) for t in d["snap"]["targets"]]
            c.x = d["snap"].get("x")
            c.modes = tuple(d["snap"].get("modes") or ())
            c.division = dict(d["snap"]["division"]) if d["snap"].get("division") else None
            rec = cast_record(game, d["snap"]["obj"]) or (orig.paid if orig is not None else None)
            # CR 707.10: the costs paid are copied, the mana spent isn't (mana isn't an object)
            rec = {k: v for k, v in (rec or {}).items() if k != "mana_spent"}
            c.paid = {**rec, "copy": True}
            if rec.get("fuse"):
                c.chosen = {"fused": True}  # CR 707.10, 702.102b: a fused split spell's copy
            game.objects[oid] = c
            game.stack.append(oid)
            c.ability = (
                orig.ability if orig is not None and orig.ability else spell_ability(chars(game, c))
            )
            set_cast_record(game, oid, dict(c.paid))
            d["made"] += 1
            d["current"] = oid
            d["spec"] = 0
            game.emit(
                EventKind.COPY,
                (d["rule"], "707.10"),
                f"A copy of {c.name} is put on the stack ({d['made']} of {d['n']})",
                obj=oid,
            )
            cur = oid
        c = game.objects.get(cur)
        specs = target_specs(c.ability, c.modes) if c is not None and c.ability else ()
        i = d["spec"]
        if c is None or i >= len(specs) or i >= len(c.targets):
            d["current"] = None
            continue
        if task.answer is None:
            cands = candidates(game, specs[i], c.controller, c, stack_obj=c.id)
            if not cands:
                d["spec"] = i + 1
                continue
            game.ask(
                Decision(
                    DecisionKind.CHOOSE_OBJECTS,
                    c.controller,
                    "707.10c",
                    f"You may choose new targets for the copy of {c.name} (none: keep the same)",
                    {
                        "candidates": cands,
                        "min": 0,
                        "max": min(specs[i].max, len(cands)),
                        "purpose": DecisionPurpose.NEW_TARGETS,
                        "current": list(c.targets[i]),
                        "obj": c.id,
                    },
                )
            )
            return
        chosen = tuple(task.answer.objects)
        task.answer = None
        if chosen:
            c.targets[i] = chosen
            game.emit(EventKind.NEW_TARGETS, ("707.10c",), f"The copy of {c.name} gets new targets")
        d["spec"] = i + 1


KEYWORD_HOOKS.copy_spell_task = copy_spell_task


def copy_if_cost_paid(game: Game, ev: Event, keyword: str, paid: str, rule: str) -> None:
    """ "When you cast this spell, if its [keyword] cost was paid, copy it" (casualty,
    702.153a; conspire, 702.78a): the cast spell ``ev`` names triggers when its record
    of costs paid holds ``paid`` and it has the keyword printed."""
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or not obj.paid or not obj.paid.get(paid):
        return
    if printed_instances(obj, keyword):
        copy_spell_trigger(game, obj, keyword, rule)


def copy_spell_trigger(game: Game, obj: GameObject, keyword: str, rule: str) -> None:
    """ "When you cast this spell, if its [keyword] cost was paid, copy it. If the
    spell has any targets, you may choose new targets for the copy" (casualty,
    702.153a; conspire, 702.78a): the trigger, made from the spell as it is now."""
    ability = keyword_trigger(
        keyword,
        f"{keyword}: copy {obj.name}; you may choose new targets for the copy",
        (Effect("copy_spell_n", {"amount": 1, "rule": rule}),),
        rule=rule,
    )
    add_pending_trigger(game, obj, obj.controller, ability, {"obj": obj.id, "snap": snapshot(obj)})
