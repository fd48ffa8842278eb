"""Changing the targets of a spell or ability, or choosing new ones (CR 115.7).

``change_targets`` with ``what`` (the spell or ability, usually "target spell
with a single target") and ``how``:

* ``all``: "change the target(s) of ..." (CR 115.7a): each target is changed
  to another legal target; if one of them can't be, none of them is;
* ``one``: "change a target of ..." (115.7b): only one target changes;
* ``any``: "change any targets of ..." (115.7c): any number of them change;
* ``new``: "choose new targets for ..." (115.7d): any number of them may be
  left as they are, even illegal ones.

With ``to`` ("... to this creature", Spellskite) each changed target becomes
that one object or player, if it is a legal target for that instance of the
word "target". Legality is that of the spell's controller choosing now
(CR 115.7e: only the final set of targets is judged); the division of damage
or counters stays as it was (115.7f), and so do the modes (115.8). A
permanent that becomes a new target "becomes the target" of that spell or
ability (rules/targeted.py).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules.effects_runner import Ctx
from ..rules.support import register
from ..rules.targets import candidates, describe, target_specs
from . import effect

register("effect:change_targets", "arg:change_targets.how", "arg:change_targets.to")

#: the rule each way of changing targets follows
_RULE = {"all": "115.7a", "one": "115.7b", "any": "115.7c", "new": "115.7d"}


def _legal(ctx: Ctx, spell: GameObject, si: int) -> list[int]:
    """What the spell's controller could choose now for its ``si``-th instance of
    the word "target" (CR 115.7a: "another legal target")."""
    specs = target_specs(spell.ability, spell.modes) if spell.ability else []
    if si >= len(specs):
        return []
    return candidates(ctx.game, specs[si], spell.controller, spell, stack_obj=spell.id)


@effect("change_targets")
def change_targets(ctx: Ctx, e: Effect) -> bool:
    """CR 115.7: change the targets of a spell or ability, or choose new ones."""
    how = str(e.args.get("how", "all"))
    spells = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.STACK]
    spell = next((o for o in spells if any(o.targets)), None)
    if spell is None:
        return True  # nothing on the stack with targets: nothing to change
    if e.args.get("to") is not None:
        return _change_to(ctx, spell, how, e.args["to"])
    return _choose_changes(ctx, spell, how)


def _change_to(ctx: Ctx, spell: GameObject, how: str, to: Any) -> bool:
    """ "Change the target / a target of ... to this creature" (CR 115.7a, 115.7b)."""
    g = ctx.game
    rule = _RULE.get(how, "115.7a")
    new = next(iter(ctx.refs(to)), None)
    slots: list[tuple[int, int]] = []  # (instance of "target", position) that may become it
    stuck = False
    for si, cur in enumerate(spell.targets):
        legal = new is not None and new not in cur and new in _legal(ctx, spell, si)
        for j in range(len(cur)):
            if legal:
                slots.append((si, j))
            else:
                stuck = True
    if not slots or (how == "all" and stuck):
        # CR 115.7a: a target that can't be changed to another legal target stays
        g.emit(EventKind.NEW_TARGETS, (rule,), f"The targets of {spell.name} are unchanged")
        return True
    assert new is not None
    if how != "all":
        # CR 115.7b: one target changes; its controller chooses which when several could
        olds = list(dict.fromkeys(spell.targets[si][j] for si, j in slots))
        if len(olds) > 1:
            answer = ctx.take_answer() if ctx.answer is not None else None
            if answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    rule,
                    f"Choose the target of {spell.name} that becomes {describe(g, new)}",
                    _decision_data(ctx, spell, olds, 1, 1, list(olds)),
                )
            olds = list(getattr(answer, "objects", ()) or olds[:1])
        slots = [next((si, j) for si, j in slots if spell.targets[si][j] == olds[0])]
    for si, j in slots:
        cur = list(spell.targets[si])
        cur[j] = new
        spell.targets[si] = tuple(cur)
    _changed(ctx, spell, [new], rule)
    return True


def _choose_changes(ctx: Ctx, spell: GameObject, how: str) -> bool:
    """The player chooses the new targets, one instance of the word "target" at a time
    (CR 115.7a-d)."""
    g = ctx.game
    rule = _RULE.get(how, "115.7a")
    sc = ctx.scratch
    if "new" not in sc:
        pools = []
        for si, cur in enumerate(spell.targets):
            legal = _legal(ctx, spell, si)
            pool = legal if how == "new" else [t for t in legal if t not in cur]
            pools.append(pool)
            if how == "all" and cur and len(pool) < len(cur):
                # CR 115.7a: if a target can't be changed, none of them is
                g.emit(EventKind.NEW_TARGETS, (rule,), f"The targets of {spell.name} are unchanged")
                return True
        sc["new"] = [None] * len(spell.targets)
        sc["pools"] = pools
        sc["at"] = 0
    while sc["at"] < len(spell.targets):
        si = sc["at"]
        cur = list(spell.targets[si])
        pool = sc["pools"][si]
        done = how == "one" and any(x is not None for x in sc["new"])
        if not cur or not pool or done:
            sc["at"] = si + 1
            continue
        answer = ctx.take_answer() if ctx.answer is not None else None
        if answer is None:
            least = len(cur) if how == "all" else 0
            most = 1 if how == "one" else len(cur)
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                rule,
                f"Choose new targets for {spell.name} (now {', '.join(describe(g, t) for t in cur)})"
                + ("" if least else "; none: keep them"),
                _decision_data(ctx, spell, pool, least, min(most, len(pool)), cur),
            )
        chosen = list(getattr(answer, "objects", ()) or ())
        if chosen and how == "one":
            cur[0] = chosen[0]  # the one target of this instance of "target" changes
            chosen = cur
        if chosen and tuple(chosen) != tuple(cur):
            sc["new"][si] = chosen
        sc["at"] = si + 1
    changed: list[int] = []
    for si, chosen in enumerate(sc["new"]):
        if chosen is not None and spell.zone == Zone.STACK and si < len(spell.targets):
            changed += [t for t in chosen if t not in spell.targets[si]]
            spell.targets[si] = tuple(chosen)
    if changed:
        _changed(ctx, spell, changed, rule)
    return True


def _decision_data(
    ctx: Ctx, spell: GameObject, cands: list[int], least: int, most: int, current: list[int]
) -> dict[str, Any]:
    return {
        "candidates": cands,
        "min": least,
        "max": most,
        "purpose": DecisionPurpose.CHANGE_TARGETS,
        "current": current,
        "obj": spell.id,
        "source": ctx.obj.id,  # the spell or ability that changes them
    }


def _changed(ctx: Ctx, spell: GameObject, new: list[int], rule: str) -> None:
    g = ctx.game
    targets = ", ".join(describe(g, t) for spec in spell.targets for t in spec)
    g.emit(
        EventKind.NEW_TARGETS,
        (rule,),
        f"{spell.name} now targets {targets}",
        obj=spell.id,
        new=list(dict.fromkeys(new)),
    )
