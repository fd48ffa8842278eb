"""Paying during resolution: "... unless [a player] pays {X}" (CR 118.12)."""

from __future__ import annotations

from ..cards.abilities import (
    ChooseRef,
    ControllerOfRef,
    ControllerRef,
    EachRef,
    Effect,
    Filter,
    SelfRef,
)
from ..game.actions import DecisionKind, DecisionPurpose, player_ref
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules import mana as mana_rules
from ..rules import mana_costs
from ..rules.damage import life_unpayable, lose_life
from ..rules.delayed import BoundRef
from ..rules.effects_runner import Ctx, effects_of
from ..rules.filters import objects_matching
from ..rules.mana_spending import Spending, spending
from ..rules.permanents import sacrifice
from ..rules.simultaneous import simultaneous
from ..rules.support import register
from ..rules.zones import move
from . import REGISTRY, effect

register("arg:unless_does.options")
# "... unless that creature's controller has Craig Boone deal that much damage to them"
register("arg:damage.to_payer")
register("arg:unless_pays.x")  # "where X is ..." (Thassa's Rebuff)
register("arg:unless_pays.life")  # "unless target opponent pays 3 life" (CR 119.4)
register("pay:x_chosen")  # "you may pay {X}": X chosen as it resolves (CR 107.3f)
register("arg:pay.life")  # "pay {1} and 3 life" (CR 119.4)


def _x(ctx: Ctx, e: Effect) -> int:
    """The X of the mana to pay: the instruction's own "where X is ..." amount
    (Thassa's Rebuff), else the spell's or ability's X (CR 107.3)."""
    return ctx.amount(e.args["x"]) if "x" in e.args else ctx.obj.x or 0


@effect("unless_pays")
def unless_pays(ctx: Ctx, e: Effect) -> bool:
    """CR 118.12: the player may pay the cost; if they don't, the effects happen.
    A player who can't pay the cost can't choose to pay it (CR 118.3)."""
    g = ctx.game
    s = ctx.scratch
    who = e.args.get("player", ControllerRef())
    players = ctx.players(who)
    if not players and isinstance(who, ControllerOfRef):
        # "up to one target creature unless that creature's controller ...", with no
        # creature chosen: no one chooses, and the instructions have nothing to act on
        ctx.scratch.setdefault("choice", "none")
    payer = players[0] if players else ctx.controller
    printed = mana_costs.parse_cost(str(e.args.get("cost", "")))
    cost = printed.with_x(_x(ctx, e))
    on = _paying(ctx, printed)
    # "unless target opponent pays 3 life" (CR 119.4: only with that much life)
    life = ctx.amount(e.args.get("life", 0))
    what = f"{life} life" if life and not e.args.get("cost") else str(cost)
    if "paid" not in s:
        plan = mana_rules.plan_payment(g, payer, cost, on=on)
        if plan is not None and (not life or life_unpayable(g, payer, life) is None):
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "118.12",
                    f"Pay {what} for {ctx.obj.name}? (if you don't: {', '.join(x.op.replace('_', ' ') for x in e.args.get('effects', ()))})",
                    {"purpose": DecisionPurpose.UNLESS_PAYS, "cost": what},
                    player=payer,
                )
            yes = bool(ctx.take_answer().value)
            if yes:
                mana_rules.execute_plan(
                    g, payer, cost, plan, f'{ctx.obj.name}\'s "unless" cost', on=on
                )
                if life:
                    rules = ("119.4", "118.12")
                    lose_life(g, payer, life, rules, f"paid for {ctx.obj.name}", paid=True)
            s["paid"] = yes
        else:
            if g.ask_single_answers and ctx.answer is None:
                # a player who can't pay has one answer, not paying (CR 118.3); asked
                # only where even one-answer decisions are asked (the scenario runner,
                # whose scripted "no" to it is then applied)
                return ctx.ask(
                    DecisionKind.CHOOSE_OPTION,
                    "118.3",
                    f"Pay {what} for {ctx.obj.name}? (it can't be paid)",
                    {"options": ["no"], "purpose": DecisionPurpose.UNLESS_PAYS, "cost": what},
                    player=payer,
                )
            if ctx.answer is not None:
                ctx.take_answer()
            s["paid"] = False
            g.emit(EventKind.CANT_PAY, ("118.3",), f"{g.players[payer].name} can't pay {what}")
    if s["paid"]:
        return True
    if ctx.task is not None:
        # "Counter target spell unless its controller pays {2}. If they do, ...": what
        # follows reads whether the cost was paid (CR 118.12)
        ctx.task.data["short"] = True
    # not paid: the effects happen, one by one (each may ask for a choice)
    inner = tuple(e.args.get("effects", ()))
    i = s.get("inner", 0)
    while i < len(inner):
        handler = REGISTRY.get(inner[i].op)
        if handler is not None and not handler(ctx, inner[i]):
            return False
        i += 1
        s["inner"] = i
    return True


@effect("pay")
def pay(ctx: Ctx, e: Effect) -> bool:
    """ "[You may] pay {2}{U}. If you do, ..." (CR 118.1, 608.2c): the player pays
    the mana as the instruction is followed. A player who can't pay can't (CR
    118.3): nothing is paid and "if you do" instructions are skipped."""
    g = ctx.game
    who = e.args.get("player", ControllerRef())
    players = ctx.players(who)
    if not players and isinstance(who, ControllerOfRef):
        # "up to one target creature unless that creature's controller ...", with no
        # creature chosen: no one chooses, and the instructions have nothing to act on
        ctx.scratch.setdefault("choice", "none")
    payer = players[0] if players else ctx.controller
    if e.args.get("x_cost") and ctx.task is not None and not _x_chosen(ctx, e, payer):
        return False  # waiting for X
    printed = mana_costs.parse_cost(str(e.args.get("mana") or ""))
    cost = printed.with_x(ctx.obj.x or 0)
    on = _paying(ctx, printed)
    plan = mana_rules.plan_payment(g, payer, cost, on=on)
    life = int(e.args.get("life", 0))
    # "pay {1} and 3 life" (Ripples of Undeath): both parts or neither (CR 118.3, 119.4)
    why = life_unpayable(g, payer, life) if life else None
    if plan is None or why is not None:
        g.emit(EventKind.CANT_PAY, ("118.3",), f"{g.players[payer].name} can't pay {cost}")
        if ctx.task is not None:
            ctx.task.data["short"] = True  # "if you do" is false (CR 608.2c)
        return True
    if not e.optional and ctx.task is not None and _read_by_if_clause(ctx):
        # CR 118.12, 118.3c: "Pay {3}{U}{U}. If you don't, you lose the game": the
        # payment is a cost paid as it resolves; its mana abilities needn't be
        # activated, so the player chooses whether to pay (the "If you don't"
        # clause reads that choice)
        s = ctx.scratch
        if "pay" not in s:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "118.12",
                    f"Pay {cost} for {ctx.obj.name}?",
                    {"purpose": DecisionPurpose.PAY, "cost": str(cost)},
                    player=payer,
                )
            s["pay"] = bool(ctx.take_answer().value)
        if not s["pay"]:
            g.emit(
                EventKind.CANT_PAY,
                ("118.12",),
                f"{g.players[payer].name} doesn't pay {cost} for {ctx.obj.name}",
            )
            ctx.task.data["short"] = True
            return True
    mana_rules.execute_plan(g, payer, cost, plan, f"{ctx.obj.name}'s ability", on=on)
    if life:
        lose_life(g, payer, life, ("119.4",), f"paid for {ctx.obj.name}", paid=True)
    return True


def _x_chosen(ctx: Ctx, e: Effect, payer: int) -> bool:
    """ "You may pay {X}. If you do, ... X ...": X isn't defined by the text, so the
    payer chooses it as the ability resolves (CR 107.3f), at most what they could pay;
    the ability's X is then that value. False while the choice is pending."""
    s = ctx.scratch
    if "x" in s:
        return True
    g = ctx.game
    cost = mana_costs.parse_cost(str(e.args.get("mana") or ""))
    on = _paying(ctx, cost)
    hi = mana_rules.most_mana(g, payer, mana_rules.mana_sources(g, payer))
    while hi > 0 and mana_rules.plan_payment(g, payer, cost.with_x(hi), on=on) is None:
        hi -= 1
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.X,
            "107.3f",
            f"Choose X to pay for {ctx.obj.name}",
            {"min": 0, "max": hi},
            player=payer,
        )
    s["x"] = ctx.obj.x = max(0, min(hi, int(ctx.take_answer().value)))
    g.emit(EventKind.X, ("107.3f",), f"X is {s['x']} for {ctx.obj.name}")
    return True


def _paying(ctx: Ctx, printed: mana_costs.ManaCost) -> Spending:
    """What mana paying a cost as ``ctx.obj`` resolves is spent on (CR 106.6): a cost
    that isn't a spell's or an activated ability's, containing {X} when its text has
    {X} (mana "spend only on costs that contain {X}", Rosheen Meanderer, pays it)."""
    return spending("cost", ctx.obj.id, bool(printed.x))


def _read_by_if_clause(ctx: Ctx) -> bool:
    """Whether an instruction after this one reads whether it was done ("If you
    don't, ...", "If you do, ...", CR 118.12)."""
    assert ctx.task is not None
    effects = effects_of(ctx.obj)
    later = effects[int(ctx.task.data.get("i", 0)) + 1 :]
    return any(x.condition is not None and x.condition.kind in _IF_CLAUSES for x in later)


_IF_CLAUSES = frozenset(("you_do", "you_dont", "they_do", "they_dont"))


@effect("unless_does")
def unless_does(ctx: Ctx, e: Effect) -> bool:
    """ "[Effects] unless they sacrifice another nonland permanent of their choice or
    discard a card" (Torment of Venom): the player may do one of the actions it can
    do (CR 118.3: not one it can't); if it does none, the effects happen."""
    each = _each_player(e)
    if each is not None:
        return _unless_each(ctx, e, each)
    who = e.args.get("player", ControllerRef())
    players = ctx.players(who)
    if not players and isinstance(who, ControllerOfRef):
        # "up to one target creature unless that creature's controller ...", with no
        # creature chosen: no one chooses, and the instructions have nothing to act on
        ctx.scratch.setdefault("choice", "none")
    payer = players[0] if players else ctx.controller
    return _unless_for(ctx, e, payer, tuple(e.args.get("effects", ())))


# "any opponent may" / "any player may": who is asked (any_player_may below)
register("arg:any_player_may.who", "arg:any_player_may.effects")


@effect("any_player_may")
def any_player_may(ctx: Ctx, e: Effect) -> bool:
    """ "Any opponent may sacrifice a creature of their choice. If a player does, ..."
    (Desecration Demon): starting with the active player and going in turn order (CR
    101.4), each such player who can do it (CR 118.3) is asked, until one does; "If a
    player does" then reads whether someone did (608.2c)."""
    g = ctx.game
    s = ctx.scratch
    order = g.turn_order()
    if e.args.get("who") == "opponent":
        order = [p for p in order if p != ctx.controller]
    opt = tuple(e.args.get("effects", ()))[0]
    doer = s.get("any_doer")
    i = int(s.get("any_i", 0))
    while doer is None and i < len(order):
        p = order[i]
        able = len(_sacrifice_choices(ctx, opt, p, objects_matching)) >= _how_many(ctx, opt)
        if able:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OPTION,
                    "101.4",
                    f"{ctx.obj.name}: {opt.op.replace('_', ' ')}? (any player may)",
                    {"options": [opt.op, "no"], "purpose": DecisionPurpose.UNLESS_DOES},
                    player=p,
                )
            if str(ctx.take_answer().value) != "no":
                doer = p
                s["any_doer"] = p
                break
        i += 1
        s["any_i"] = i
    if doer is None:
        if ctx.task is not None:
            ctx.task.data["short"] = True  # no one did: "If a player does" fails
        return True
    return REGISTRY[opt.op](ctx, Effect(opt.op, {**opt.args, "player": player_ref(doer)}))


def _each_player(e: Effect) -> EachRef | None:
    """ "Each player loses 2 life unless they discard a card" (Tomb of Annihilation's
    Veils of Fear): the effects name each player of a group and "they" is each of
    them, who chooses for themselves (CR 101.4: in turn order). The group, or None
    for one player's "unless"."""
    inner = tuple(e.args.get("effects", ()))
    if not isinstance(e.args.get("player"), SelfRef) or not inner:
        return None
    groups = {x.args.get("player") for x in inner}
    if len(groups) != 1:
        return None
    group = next(iter(groups))
    return group if isinstance(group, EachRef) else None


def _unless_each(ctx: Ctx, e: Effect, group: EachRef) -> bool:
    """Each player of ``group`` in turn order (CR 101.4) may do one of the actions;
    the effects happen to each player who does none."""
    s = ctx.scratch
    g = ctx.game
    named = ctx.players(group)
    players = [q for q in g.turn_order() if q in named]
    i = int(s.get("each_i", 0))
    while i < len(players):
        p = players[i]
        mine = tuple(
            Effect(x.op, {**x.args, "player": player_ref(p)}, x.optional, x.condition)
            for x in e.args.get("effects", ())
        )
        if not _unless_for(ctx, e, p, mine):
            return False
        i += 1
        s.clear()  # (the next player's choice starts afresh)
        s["each_i"] = i
    return True


def _unless_for(ctx: Ctx, e: Effect, payer: int, inner: tuple[Effect, ...]) -> bool:
    """One player's "[effects] unless [payer] does [one of the options]"."""
    g = ctx.game
    s = ctx.scratch
    options = tuple(e.args.get("options", ()))
    if "choice" not in s:
        labels: list[str] = []
        for opt in options:
            # CR 118.3: only an action the player can do in full ("two lands")
            n = _how_many(ctx, opt)
            if (
                opt.op == "sacrifice"
                and len(_sacrifice_choices(ctx, opt, payer, objects_matching)) >= n
            ):
                labels.append("sacrifice")
            elif opt.op == "discard" and len(g.players[payer].hand) >= n:
                labels.append("discard")
            elif opt.op == "return_to_hand" and _return_choices(ctx, opt, payer) is not None:
                labels.append("return")
            elif opt.op == "tap" and _tap_choices(ctx, opt, payer) is not None:
                labels.append("tap")
            elif opt.op == "remove_counters" and _can_remove(ctx, opt):
                labels.append("remove")
            elif opt.op == "damage" and opt.args.get("to_payer"):
                labels.append("damage")  # (a player can always be dealt damage, 120.3)
        if not labels:
            s["choice"] = "none"
        elif ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "608.2c",
                f"{ctx.obj.name}: {' or '.join(labels)} to avoid "
                f"{', '.join(x.op.replace('_', ' ') for x in e.args.get('effects', ()))}?",
                {"options": [*labels, "no"], "purpose": DecisionPurpose.UNLESS_DOES},
                player=payer,
            )
        else:
            s["choice"] = str(ctx.take_answer().value)
    choice = s["choice"]
    if choice == "sacrifice":
        opt = next(o for o in options if o.op == "sacrifice")
        cands = _sacrifice_choices(ctx, opt, payer, objects_matching)
        n = _how_many(ctx, opt)
        if len(cands) < n:
            return True  # (fewer now than when the choice was made: nothing happens)
        chosen = ctx.choose_exactly(
            payer,
            cands,
            n,
            "701.21a",
            f"Choose {n} permanent(s) to sacrifice",
            DecisionPurpose.SACRIFICE,
        )
        if chosen is None:
            return False
        with simultaneous(g, chosen):  # "two lands": one event (CR 701.21a)
            for oid in chosen:
                if oid in g.objects and g.objects[oid].zone == Zone.BATTLEFIELD:
                    sacrifice(g, oid)
        return True
    if choice in ("return", "tap"):
        # "... unless you return an untapped Island you control to its owner's hand"
        # (Coral Atoll, CR 608.2d, 400.3) / "... unless you tap an untapped creature you
        # control" (Koskun Falls, CR 701.26a): that many permanents the player chooses
        returning = choice == "return"
        opt = next(o for o in options if o.op == ("return_to_hand" if returning else "tap"))
        got = (_return_choices if returning else _tap_choices)(ctx, opt, payer)
        if got is None:
            return True  # (they can't any more: the choice was made, nothing happens)
        cands, n = got
        chosen = ctx.choose_exactly(
            payer,
            cands,
            n,
            "608.2d" if returning else "701.26a",
            f"Choose {n} to {'return to hand' if returning else 'tap'}",
            DecisionPurpose.RETURN if returning else DecisionPurpose.TAP,
        )
        if chosen is None:
            return False
        if not returning:
            return REGISTRY["tap"](ctx, Effect("tap", {"what": BoundRef(tuple(chosen))}))
        with simultaneous(g, chosen):
            for oid in chosen:
                if oid in g.objects and g.objects[oid].zone == Zone.BATTLEFIELD:
                    move(g, oid, Zone.HAND, ("400.3",), reason="is returned to its owner's hand")
        return True
    if choice == "remove":
        # "... unless you remove two oil counters from it" (Magmatic Sprinter; CR 122.8)
        opt = next(o for o in options if o.op == "remove_counters")
        if not _can_remove(ctx, opt):
            return True  # (they can't any more: the choice was made, nothing happens)
        return REGISTRY["remove_counters"](ctx, opt)
    if choice == "damage":
        # "... unless that creature's controller has Craig Boone deal that much damage
        # to them": the damage to that player instead (CR 608.2c, 120.3)
        opt = next(o for o in options if o.op == "damage")
        args = {k: v for k, v in opt.args.items() if k != "to_payer"}
        return REGISTRY["damage"](ctx, Effect("damage", {**args, "to": player_ref(payer)}))
    if choice == "discard":
        opt = next(o for o in options if o.op == "discard")
        return REGISTRY["discard"](
            ctx, Effect("discard", {**opt.args, "player": player_ref(payer)})
        )
    i = s.get("inner", 0)
    while i < len(inner):
        handler = REGISTRY.get(inner[i].op)
        if handler is not None and not handler(ctx, inner[i]):
            return False
        i += 1
        s["inner"] = i
    return True


def _how_many(ctx: Ctx, opt: Effect) -> int:
    """How many permanents or cards an "unless they sacrifice / discard ..." option
    names ("unless you sacrifice two lands")."""
    return max(1, ctx.amount(opt.args.get("amount", 1)))


def _can_remove(ctx: Ctx, opt: Effect) -> bool:
    """Whether the object has the counters a "remove N [kind] counters from it"
    option names (CR 118.3: an action the player can't do in full isn't an option)."""
    objs = [o for o in ctx.objects(opt.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    n = _how_many(ctx, opt)
    kind = str(opt.args.get("counter"))
    return bool(objs) and all(o.counters.get(kind, 0) >= n for o in objs)


def _tap_choices(ctx: Ctx, opt: Effect, payer: int) -> tuple[list[int], int] | None:
    """The untapped permanents the player could tap for a "tap [N untapped
    permanents]" option and how many, or None when there aren't enough (CR 118.3)."""
    what = opt.args.get("what")
    if not isinstance(what, ChooseRef) or not isinstance(what.count, int):
        return None
    cands = [
        o.id
        for o in objects_matching(ctx.game, what.filter, payer, ctx.source)
        if o.zone == Zone.BATTLEFIELD and not o.tapped
    ]
    return (cands, what.count) if len(cands) >= what.count else None


def _return_choices(ctx: Ctx, opt: Effect, payer: int) -> tuple[list[int], int] | None:
    """The permanents the player could return for a "return [N permanents] to its
    owner's hand" option and how many, or None when there aren't enough (CR 118.3:
    an action the player can't do isn't an option)."""
    what = opt.args.get("what")
    if not isinstance(what, ChooseRef) or not isinstance(what.count, int):
        return None
    cands = [
        o.id
        for o in objects_matching(ctx.game, what.filter, payer, ctx.source)
        if o.zone == Zone.BATTLEFIELD
    ]
    return (cands, what.count) if len(cands) >= what.count else None


def _sacrifice_choices(ctx: Ctx, opt: Effect, payer: int, objects_matching) -> list[int]:  # noqa: ANN001
    """The permanents the player could sacrifice for the option ("another": other than
    the object the spell targets, or than the ability's own source, "exile it unless
    you sacrifice another creature" (Demonlord of Ashmouth); CR 109.2)."""
    flt = opt.args.get("filter")
    if not isinstance(flt, Filter):
        return []
    another = ("other", True) in flt.conditions
    flt = Filter(
        flt.kinds, flt.zone, tuple(c for c in flt.conditions if c[0] not in ("other", "chooser"))
    )
    exclude = {t for ts in ctx.obj.targets for t in ts} | {ctx.source.id} if another else set()
    return [
        o.id
        for o in objects_matching(ctx.game, flt, payer, ctx.source)
        if o.controller == payer and o.id not in exclude
    ]
