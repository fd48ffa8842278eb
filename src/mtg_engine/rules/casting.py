"""Playing lands (CR 305), casting spells (CR 601) and activating abilities (CR 602, 605).

Casting is a sequence of steps kept on the task stack so it can stop at each
choice: move the card to the stack (601.2a), choose modes (601.2b), X
(601.2b), targets (601.2c), division (601.2d), determine and pay the total
cost (601.2f-h), and the spell becomes cast (601.2i). Activating an
ability follows the same steps (CR 602.2). Mana abilities don't use the
stack (CR 605.3a).
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..cards.abilities import Ability, AbilityKind, Cost, Filter, TargetSpec
from ..game.actions import Decision, DecisionKind
from ..game.objects import GameObject, Zone
from ..game.state import Step
from ..game.tasks import Task, task_handler
from ..keywords import Kw
from . import mana as mana_rules
from .characteristics import Chars, chars
from .filters import objects_matching
from .permanents import enter_battlefield, sacrifice
from .targets import candidates, target_specs
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game

_PERMANENT_TYPES = frozenset(
    ("Artifact", "Creature", "Enchantment", "Land", "Planeswalker", "Battle")
)


# ---------------------------------------------------------------------------
# Lands (CR 305)
# ---------------------------------------------------------------------------


def land_play_problem(game: Game, player: int, oid: int) -> str | None:
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.HAND or o.owner != player:
        return "that card isn't in your hand (rule 305.1)"
    if "Land" not in chars(game, o).types:
        return f"{o.name} isn't a land (rule 305.1)"
    if game.active != player:
        return "you can play a land only during your own turn (rule 305.2)"
    if game.step not in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN) or game.stack:
        return "you can play a land only in your main phase with an empty stack (rule 305.2)"
    if game.players[player].lands_played >= 1:
        return "you have already played a land this turn (rule 305.2)"
    return None


def play_land(game: Game, oid: int) -> None:
    """CR 305.1: a special action: the land enters the battlefield."""
    o = game.objects[oid]
    game.players[o.owner].lands_played += 1
    enter_battlefield(game, oid, controller=o.owner, rules=("305.1",))


# ---------------------------------------------------------------------------
# Spells (CR 601)
# ---------------------------------------------------------------------------


def spell_ability(c: Chars) -> Ability | None:
    """The spell ability of an instant or sorcery (CR 113.3a), or the targeting
    of an Aura spell (CR 303.4a); None for other permanent spells."""
    for a in c.abilities:
        if a.kind is AbilityKind.SPELL:
            return a
    if "Aura" in c.subtypes:
        for a in c.abilities:
            if a.keyword == "Enchant":
                flt = a.keyword_args.get("filter")
                if not isinstance(flt, Filter):
                    flt = _enchant_filter(str(a.keyword_args.get("what", "permanent")))
                return Ability(
                    AbilityKind.SPELL, text=a.text or "Enchant", targets=(TargetSpec(flt),)
                )
    return None


def _enchant_filter(what: str) -> Filter:
    w = what.lower()
    if w in ("creature", "land", "artifact", "enchantment", "planeswalker"):
        return Filter(kinds=(w.capitalize(),))
    if w == "player":
        return Filter(kinds=("player",))
    if w.startswith("creature you control"):
        return Filter(kinds=("Creature",), conditions=(("controller", "you"),))
    return Filter(kinds=("permanent",))


def has_sorcery_timing(game: Game, player: int) -> bool:
    """CR 307.1: main phase of your turn with an empty stack."""
    return (
        game.active == player
        and game.step in (Step.PRECOMBAT_MAIN, Step.POSTCOMBAT_MAIN)
        and not game.stack
    )


def cast_problem(game: Game, player: int, oid: int, face: int = 0) -> str | None:
    """Why ``player`` can't cast this card now, or None (CR 601.2, 117.1a, 307.1)."""
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.HAND or o.owner != player:
        return "that card isn't in your hand (rule 601.2a)"
    c = chars(game, o)
    if "Land" in c.types:
        return f"{o.name} is a land: lands are played, not cast (rule 305.9)"
    if not ("Instant" in c.types or Kw.FLASH in c.keywords) and not has_sorcery_timing(
        game, player
    ):
        return f"{o.name} can be cast only at sorcery speed (rule 307.1)"
    if c.mana_cost is None and not (
        "Instant" in c.types or "Sorcery" in c.types or c.types & _PERMANENT_TYPES
    ):
        return f"{o.name} has no mana cost and can't be cast (rule 118.6)"
    ability = spell_ability(c)
    if ability is not None and not _has_legal_choices(game, ability, player, o):
        return f"{o.name} has no legal targets (rule 601.2c)"
    cost = mana_rules.parse_cost(c.mana_cost)
    if (
        c.mana_cost is None
        and cost.mana_value == 0
        and ("Instant" in c.types or "Sorcery" in c.types)
    ):
        pass
    if not mana_rules.can_pay(game, player, cost.with_x(0)):
        return f"you can't pay {cost} for {o.name} (rule 601.2h)"
    return None


def _has_legal_choices(game: Game, ability: Ability, player: int, source: GameObject) -> bool:
    if ability.modes:
        lo = ability.modes_choose[0]
        ok = [m for m in ability.modes if _specs_satisfiable(game, m.targets, player, source)]
        return len(ok) >= max(1, lo)
    return _specs_satisfiable(game, ability.targets, player, source)


def _specs_satisfiable(game: Game, specs, player: int, source: GameObject) -> bool:
    for spec in specs:
        if spec.min > 0 and len(candidates(game, spec, player, source)) < spec.min:
            return False
    return True


@task_handler("cast")
def cast_task(game: Game, task: Task) -> None:
    d = task.data
    player = d["player"]
    if task.stage == 0:
        oid = d["card"]
        name = game.objects[oid].name
        new_id = move(game, oid, Zone.STACK, ("601.2a",), quiet=True, controller=player)
        obj = game.objects[new_id]
        obj.controller = player
        obj.stack_kind = "spell"
        obj.ability = spell_ability(chars(game, obj))
        d["obj"] = new_id
        game.emit(
            "cast_begin",
            ("601.2a",),
            f"{game.players[player].name} begins to cast {name}",
            obj=new_id,
        )
        task.stage = 1
        begin_choices(game, new_id, "spell")
        return
    obj = game.objects[d["obj"]]
    if task.stage == 1:
        c = chars(game, obj)
        cost = mana_rules.parse_cost(c.mana_cost).with_x(obj.x or 0)  # CR 601.2f
        sources = None
        if d.get("payment") is not None:
            sources = mana_rules.sources_from_ids(game, player, tuple(d["payment"]))
        plan = (
            mana_rules.plan_payment(game, player, cost, sources)
            if sources is not None or d.get("payment") is None
            else None
        )
        if plan is None:
            # CR 601.2e / 732: an illegal cast is undone.
            _undo_cast(game, obj, d)
            game.finish(task)
            return
        mana_rules.execute_plan(game, player, cost, plan, obj.name)
        task.stage = 2
    # CR 601.2i: the spell becomes cast.
    p = game.players[player]
    p.spells_cast_this_turn += 1
    game.turn_flags["spells_cast"] = game.turn_flags.get("spells_cast", 0) + 1
    from .targets import describe

    targets = [describe(game, t) for spec in obj.targets for t in spec]
    game.emit(
        "cast",
        ("601.2i",),
        f"{p.name} casts {obj.name}" + (f" targeting {', '.join(targets)}" if targets else ""),
        subject=obj,
        obj=obj.id,
        player=player,
    )
    game.finish(task)


def _undo_cast(game: Game, obj: GameObject, d: dict) -> None:
    """CR 732.1: return to the moment before the spell was proposed (the card goes back)."""
    move(game, obj.id, Zone.HAND, ("732.1",), quiet=True)
    game.emit(
        "illegal_cast", ("601.2e", "732.1"), f"Casting {obj.name} was illegal and is reversed"
    )


# ---------------------------------------------------------------------------
# Choices on the stack: modes, X, targets, division (CR 601.2b-d, 602.2b, 603.3d)
# ---------------------------------------------------------------------------


def begin_choices(game: Game, oid: int, kind: str) -> None:
    game.push_task("choices", {"obj": oid, "kind": kind, "spec": 0})


def _x_cost(game: Game, obj: GameObject) -> mana_rules.ManaCost | None:
    if obj.stack_kind == "spell":
        cost = mana_rules.parse_cost(chars(game, obj).mana_cost)
    elif obj.stack_kind == "activated" and obj.ability is not None and obj.ability.cost is not None:
        cost = mana_rules.parse_cost(obj.ability.cost.mana)
    else:
        return None
    return cost if cost.x else None


@task_handler("choices")
def choices_task(game: Game, task: Task) -> None:
    d = task.data
    obj = game.objects[d["obj"]]
    ability = obj.ability
    if ability is None:
        game.finish(task)
        return
    source = game.objects.get(obj.source_id, obj) if obj.source_id is not None else obj
    # stage 0: modes (CR 601.2b, 700.2)
    if task.stage == 0:
        if ability.modes:
            if task.answer is None:
                lo, hi = ability.modes_choose
                ok = [
                    i
                    for i, m in enumerate(ability.modes)
                    if _specs_satisfiable(game, m.targets, obj.controller, source)
                ]
                if obj.stack_kind == "triggered" and len(ok) < lo:
                    _remove_from_stack(game, obj, "603.3c", "no mode can be chosen")
                    game.finish(task)
                    return
                game.ask(
                    Decision(
                        DecisionKind.MODES,
                        obj.controller,
                        "700.2",
                        f"Choose {'one' if hi == 1 else f'{lo} to {hi}'} mode(s) for {obj.name}",
                        {
                            "modes": [m.text for m in ability.modes],
                            "legal": ok,
                            "min": lo,
                            "max": hi,
                        },
                    )
                )
                return
            obj.modes = tuple(task.answer.modes)
            task.answer = None
            game.emit(
                "modes",
                ("601.2b", "700.2"),
                f"Mode chosen for {obj.name}: "
                + "; ".join(ability.modes[m].text for m in obj.modes),
            )
        task.stage = 1
    # stage 1: X (CR 107.3, 601.2b)
    if task.stage == 1:
        xcost = _x_cost(game, obj)
        if xcost is not None and obj.x is None:
            if task.answer is None:
                hi = mana_rules.max_x(game, obj.controller, xcost)
                game.ask(
                    Decision(
                        DecisionKind.X,
                        obj.controller,
                        "107.3a",
                        f"Choose X for {obj.name}",
                        {"min": 0, "max": max(0, hi)},
                    )
                )
                return
            obj.x = int(task.answer.value)
            task.answer = None
            game.emit("x", ("601.2b", "107.3a"), f"X is {obj.x} for {obj.name}")
        task.stage = 2
    # stage 2: targets, one target phrase at a time (CR 601.2c, 115.1)
    specs = target_specs(ability, obj.modes)
    while task.stage == 2:
        i = d["spec"]
        if i >= len(specs):
            task.stage = 3
            break
        spec = specs[i]
        if task.answer is None:
            cands = candidates(game, spec, obj.controller, source, stack_obj=obj.id)
            if len(cands) < spec.min:
                if obj.stack_kind == "triggered":
                    # CR 603.3d: no legal targets: removed from the stack.
                    _remove_from_stack(game, obj, "603.3d", "it has no legal targets")
                    game.finish(task)
                    return
            if spec.max == 0:
                obj.targets.append(())
                d["spec"] = i + 1
                continue
            game.ask(
                Decision(
                    DecisionKind.TARGETS,
                    obj.controller,
                    "601.2c"
                    if obj.stack_kind == "spell"
                    else ("603.3d" if obj.stack_kind == "triggered" else "602.2b"),
                    f"Choose {_count_text(spec)} target(s) for {obj.name}",
                    {
                        "candidates": cands,
                        "min": min(spec.min, len(cands)),
                        "max": min(spec.max, len(cands)),
                        "spec": i,
                        "obj": obj.id,
                    },
                )
            )
            return
        chosen = tuple(task.answer.targets)
        task.answer = None
        obj.targets.append(chosen)
        d["spec"] = i + 1
    # stage 3: division (CR 601.2d)
    if task.stage == 3:
        for i, spec in enumerate(specs):
            if not spec.divide or i >= len(obj.targets):
                continue
            chosen = obj.targets[i]
            total = _divided_amount(game, obj, ability)
            if len(chosen) == 1:
                obj.division = {**(obj.division or {}), chosen[0]: total}
            elif len(chosen) > 1 and (obj.division is None or chosen[0] not in obj.division):
                if task.answer is None:
                    game.ask(
                        Decision(
                            DecisionKind.DIVIDE,
                            obj.controller,
                            "601.2d",
                            f"Divide {total} among the targets of {obj.name}",
                            {"targets": list(chosen), "total": total},
                        )
                    )
                    return
                obj.division = {**(obj.division or {}), **dict(task.answer.division)}
                task.answer = None
        game.finish(task)


def _count_text(spec: TargetSpec) -> str:
    if spec.min == spec.max:
        return str(spec.max)
    return f"{spec.min} to {spec.max}"


def _divided_amount(game: Game, obj: GameObject, ability: Ability) -> int:
    from ..cards.abilities import Amount

    for e in ability.effects:
        amt = e.args.get("amount")
        if isinstance(amt, int):
            return amt
        if isinstance(amt, Amount) and amt.kind == "x":
            return obj.x or 0
    return 0


def _remove_from_stack(game: Game, obj: GameObject, rule: str, why: str) -> None:
    game.stack.remove(obj.id)
    del game.objects[obj.id]
    game.emit(
        "trigger_removed",
        (rule,),
        f"{obj.name}'s triggered ability is removed from the stack: {why}",
    )


# ---------------------------------------------------------------------------
# Activated abilities (CR 602, 605)
# ---------------------------------------------------------------------------


def activate_problem(game: Game, player: int, oid: int, index: int) -> str | None:
    """Why this ability can't be activated now, or None (CR 602.1-602.5)."""
    o = game.objects.get(oid)
    if o is None:
        return "no such object"
    c = chars(game, o)
    if index < 0 or index >= len(c.abilities):
        return f"{o.name} has no ability number {index + 1}"
    a = c.abilities[index]
    if a.kind not in (AbilityKind.ACTIVATED, AbilityKind.MANA) or a.cost is None:
        return f"that ability of {o.name} isn't an activated ability (rule 602.1)"
    zone_ok = o.zone == Zone.BATTLEFIELD or (
        o.zone == Zone.HAND and a.keyword_args.get("from_zone") == "hand"
    )
    if not zone_ok or o.phased_out:
        return f"{o.name} isn't on the battlefield (rule 602.2)"
    if o.controller != player:
        return f"you don't control {o.name} (rule 602.2)"
    if a.timing == "sorcery" and not has_sorcery_timing(game, player):
        return "activate only as a sorcery (rule 602.5d)"
    if (
        a.limit_per_turn is not None
        and game.turn_flags.get(("activated", o.id, index), 0) >= a.limit_per_turn
    ):
        return "that ability can't be activated again this turn (rule 602.5b)"
    cost = a.cost
    if cost.tap or cost.untap:
        if cost.tap and o.tapped:
            return f"{o.name} is already tapped (rule 602.5a)"
        if cost.untap and not o.tapped:
            return f"{o.name} is untapped (rule 602.5a)"
        if "Creature" in c.types:
            from .combat import is_summoning_sick

            if is_summoning_sick(game, o, c):
                return f"{o.name} has summoning sickness (rule 302.6)"
    if cost.life and game.players[player].life < cost.life:
        return "you can't pay that much life (rule 119.4)"
    if (
        cost.sacrifice is not None
        and len(_cost_choices(game, cost.sacrifice, player, o)) < cost.sacrifice_count
    ):
        return "you can't sacrifice what the cost asks (rule 602.2b)"
    if (
        cost.discard is not None
        and len(_discard_choices(game, cost.discard, player, o)) < cost.discard_count
    ):
        return "you can't discard what the cost asks"
    for kind, n in cost.remove_counters:
        if o.counters.get(kind, 0) < n:
            return f"{o.name} doesn't have {n} {kind} counter(s)"
    if cost.mana:
        mc = mana_rules.parse_cost(cost.mana).with_x(0)
        sources = mana_rules.mana_sources(game, player)
        if cost.tap:
            sources = [s for s in sources if s.obj != o.id]
        if not mana_rules.can_pay(game, player, mc, sources):
            return f"you can't pay {mc} (rule 602.2b)"
    if a.kind is not AbilityKind.MANA and not _has_legal_choices(game, a, player, o):
        return "that ability has no legal targets (rule 602.2b)"
    return None


def _cost_choices(game: Game, flt: Filter, player: int, source: GameObject) -> list[int]:
    if any(k == "self" for k, _ in flt.conditions):
        return [source.id] if source.zone == Zone.BATTLEFIELD else []
    return [
        o.id
        for o in objects_matching(game, flt.with_condition("controller", "you"), player, source)
    ]


def _discard_choices(game: Game, flt: Filter, player: int, source: GameObject) -> list[int]:
    if any(k == "self" for k, _ in flt.conditions):
        return [source.id] if source.zone == Zone.HAND else []
    from .filters import matches_object

    return [
        oid
        for oid in game.players[player].hand
        if oid != source.id
        and (
            not flt.kinds
            or matches_object(
                game,
                game.objects[oid],
                Filter(kinds=flt.kinds, zone="hand", conditions=flt.conditions),
                player,
                source,
            )
        )
    ]


@task_handler("activate")
def activate_task(game: Game, task: Task) -> None:
    d = task.data
    player = d["player"]
    if task.stage == 0:
        src = game.objects[d["source"]]
        c = chars(game, src)
        a = c.abilities[d["ability"]]
        d["source_name"] = src.name
        key = ("activated", src.id, d["ability"])
        game.turn_flags[key] = game.turn_flags.get(key, 0) + 1
        if a.kind is AbilityKind.MANA:
            # CR 605.3a: a mana ability resolves immediately, without the stack.
            _pay_non_mana_costs_simple(game, src, a.cost, player)
            from .effects_runner import run_mana_ability

            run_mana_ability(game, src, a, player)
            game.finish(task)
            return
        oid = game.new_id()
        obj = GameObject(oid, oid, src.card, src.owner, Zone.STACK)
        obj.face = src.face
        obj.controller = player
        obj.stack_kind = "activated"
        obj.source_id = src.id
        obj.ability_index = d["ability"]
        obj.ability = a
        obj.timestamp = game.new_timestamp()
        game.objects[oid] = obj
        game.stack.append(oid)  # CR 602.2a
        d["obj"] = oid
        task.stage = 1
        begin_choices(game, oid, "ability")
        return
    obj = game.objects[d["obj"]]
    a = obj.ability
    cost = a.cost or Cost()
    src = game.objects.get(d["source"])
    if task.stage == 1:
        # CR 602.2b / 601.2h: pay the total cost.
        if cost.sacrifice is not None and src is not None:
            choices = _cost_choices(game, cost.sacrifice, player, src)
            if len(choices) > cost.sacrifice_count and task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.CHOOSE_OBJECTS,
                        player,
                        "602.2b",
                        f"Choose {cost.sacrifice_count} permanent(s) to sacrifice",
                        {
                            "candidates": choices,
                            "min": cost.sacrifice_count,
                            "max": cost.sacrifice_count,
                            "purpose": "sacrifice",
                        },
                    )
                )
                return
            d["sacrifice"] = (
                list(task.answer.objects)
                if task.answer is not None
                else choices[: cost.sacrifice_count]
            )
            task.answer = None
        task.stage = 2
    if task.stage == 2:
        if cost.discard is not None and src is not None:
            choices = _discard_choices(game, cost.discard, player, src)
            if len(choices) > cost.discard_count and task.answer is None:
                game.ask(
                    Decision(
                        DecisionKind.CHOOSE_OBJECTS,
                        player,
                        "602.2b",
                        f"Choose {cost.discard_count} card(s) to discard",
                        {
                            "candidates": choices,
                            "min": cost.discard_count,
                            "max": cost.discard_count,
                            "purpose": "discard",
                        },
                    )
                )
                return
            d["discard"] = (
                list(task.answer.objects)
                if task.answer is not None
                else choices[: cost.discard_count]
            )
            task.answer = None
        task.stage = 3
    if task.stage == 3:
        if cost.mana:
            mc = mana_rules.parse_cost(cost.mana).with_x(obj.x or 0)
            sources = None
            if d.get("payment") is not None:
                sources = mana_rules.sources_from_ids(game, player, tuple(d["payment"]))
            else:
                sources = mana_rules.mana_sources(game, player)
                if cost.tap:
                    sources = [s for s in sources if s.obj != d["source"]]
            plan = (
                mana_rules.plan_payment(game, player, mc, sources) if sources is not None else None
            )
            if plan is None:
                game.stack.remove(obj.id)
                del game.objects[obj.id]
                game.emit(
                    "illegal_activation",
                    ("602.2b", "732.1"),
                    f"Activating {d['source_name']}'s ability was illegal and is reversed",
                )
                game.finish(task)
                return
            mana_rules.execute_plan(game, player, mc, plan, f"{d['source_name']}'s ability")
        if src is not None:
            _pay_non_mana_costs_simple(game, src, cost, player)
        for oid in d.get("sacrifice") or []:
            if oid in game.objects:
                sacrifice(game, oid, ("602.2b", "701.21a"))
        for oid in d.get("discard") or []:
            if oid in game.objects:
                move(game, oid, Zone.GRAVEYARD, ("602.2b", "701.9a"), reason="is discarded")
        from .targets import describe

        targets = [describe(game, t) for spec in obj.targets for t in spec]
        game.emit(
            "activate",
            ("602.2",),
            f"{game.players[player].name} activates {d['source_name']}: {a.text}"
            + (f" targeting {', '.join(targets)}" if targets else ""),
            obj=obj.id,
            source=d["source"],
            player=player,
        )
        game.finish(task)


def _pay_non_mana_costs_simple(game: Game, src: GameObject, cost: Cost | None, player: int) -> None:
    """Tap/untap symbols (CR 107.5-6), life (CR 119.4), counters removed."""
    if cost is None:
        return
    if cost.tap:
        src.tapped = True
    if cost.untap:
        src.tapped = False
    if cost.life:
        from .damage import lose_life

        lose_life(game, player, cost.life, ("119.4", "602.2b"), "paid as a cost")
    for kind, n in cost.remove_counters:
        src.counters[kind] = src.counters.get(kind, 0) - n
        if src.counters[kind] <= 0:
            del src.counters[kind]
    game.invalidate()


# ---------------------------------------------------------------------------
# What a player may do with priority (for legal_actions)
# ---------------------------------------------------------------------------


def priority_options(game: Game, player: int) -> list:
    from ..game.actions import ActivateAbility, CastSpell, PassPriority, PlayLand

    out: list = [PassPriority()]
    p = game.players[player]
    sorcery_ok = has_sorcery_timing(game, player)
    sources = None
    for oid in p.hand:
        o = game.objects[oid]
        c = chars(game, o)
        if "Land" in c.types:
            if sorcery_ok and p.lands_played < 1:
                out.append(PlayLand(oid))
            continue
        if not sorcery_ok and not ("Instant" in c.types or Kw.FLASH in c.keywords):
            continue
        if sources is None:
            sources = mana_rules.mana_sources(game, player)
        cost = mana_rules.parse_cost(c.mana_cost).with_x(0)
        if not mana_rules.can_pay(game, player, cost, sources):
            continue
        if cast_problem(game, player, oid) is None:
            out.append(CastSpell(oid))
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != player or o.phased_out:
            continue
        c = chars(game, o)
        for i, a in enumerate(c.abilities):
            if a.kind is AbilityKind.ACTIVATED and activate_problem(game, player, oid, i) is None:
                out.append(ActivateAbility(oid, i))
    return out


__all__ = ["combinations"]
