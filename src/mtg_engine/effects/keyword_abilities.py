"""Effect handlers of keyword abilities (CR 702), one op per keyword instruction.

The keyword modules under ``keywords/`` build the triggered and activated
abilities a keyword stands for; the instructions of those abilities are these
ops (see :mod:`mtg_engine.effects.vocabulary`):

* ``pay_or_sacrifice`` — echo (702.30a), "sacrifice it unless you pay";
* ``cumulative_upkeep`` — 702.24a: age counter, then pay for each or sacrifice;
* ``fading_upkeep`` — 702.32a; ``vanishing_upkeep`` — 702.63a;
* ``suspend_tick`` / ``suspend_cast`` — 702.62a;
* ``cast_card`` — madness (702.35a) and the other "you may cast it" keywords;
* ``copy_spell_n`` — storm, gravestorm, replicate, demonstrate copies (702.40a,
  702.69a, 702.56a, 702.144a);
* ``sacrifice_source`` — evoke's sacrifice trigger (702.74a) and the like;
* ``keyword_search`` — typecycling (702.29e) and transmute (702.53a) searches;
* ``equip_attach`` — equip and fortify (702.6a, 702.67a);
* ``move_counter`` — graft (702.58a).
"""

from __future__ import annotations

from itertools import combinations_with_replacement
from typing import Any

from ..cards.abilities import Cost, Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject, Zone
from ..rules import costs, mana_costs
from ..rules import mana as mana_rules
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.counters import remove_counters
from ..rules.damage import lose_life
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.permanents import sacrifice
from ..rules.zones import becomes_unattached, move, shuffle_library
from . import effect


def _source_here(ctx: Ctx, zone: int = Zone.BATTLEFIELD) -> GameObject | None:
    """The source object, if it is still the same object in that zone (CR 400.7)."""
    src = ctx.source
    if src is ctx.obj or src.id not in ctx.game.objects or src.zone != zone:
        return None
    return src


def _cost_text(cost: Cost, times: int = 1) -> str:
    bits = []
    if cost.mana:
        bits.append(cost.mana * times)
    if cost.life:
        bits.append(f"{cost.life * times} life")
    if cost.sacrifice is not None:
        bits.append(f"sacrifice {cost.sacrifice_count * times} permanent(s)")
    if cost.discard is not None:
        bits.append(f"discard {cost.discard_count * times} card(s)")
    return " and ".join(bits) or "{0}"


def _can_pay(ctx: Ctx, cost: Cost, times: int, exclude: int | None = None) -> bool:
    g = ctx.game
    p = ctx.controller
    if cost.life and g.players[p].life < cost.life * times:
        return False
    if cost.mana:
        mc = mana_rules.add_costs(mana_costs.ManaCost(), mana_costs.parse_cost(cost.mana), times)
        if not mana_rules.can_pay(g, p, mc.with_x(0)):
            return False
    if cost.sacrifice is not None:
        cands = costs.cost_choices(g, cost.sacrifice, p, ctx.obj, "battlefield")
        if len(cands) < cost.sacrifice_count * times:
            return False
    if cost.discard is not None:
        cands = costs.cost_choices(g, cost.discard, p, ctx.obj, "hand")
        if len(cands) < cost.discard_count * times:
            return False
    return True


def _pay(ctx: Ctx, cost: Cost, times: int, rule: str, what: str) -> bool:
    """Pay ``times`` copies of ``cost`` while an ability resolves (CR 118.3, 601.2h
    doesn't apply: cost changes for spells don't either, ruling 502.19.4).
    Asks for the permanents to sacrifice / cards to discard when there's a choice.
    Returns False while waiting for that choice."""
    g = ctx.game
    p = ctx.controller
    s = ctx.scratch
    for key, flt, count, zone, verb in (
        (
            "sacrifice",
            cost.sacrifice,
            cost.sacrifice_count,
            "battlefield",
            "different permanent(s) to sacrifice",
        ),
        ("discard", cost.discard, cost.discard_count, "hand", "card(s) to discard"),
    ):
        if flt is None or key in s:
            continue
        n = count * times
        cands = costs.cost_choices(g, flt, p, ctx.obj, zone)
        if len(cands) >= n > 0:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    rule,
                    f"Choose {n} {verb} for {what}",
                    {"candidates": cands, "min": n, "max": n, "purpose": DecisionPurpose(key)},
                )
            s[key] = list(ctx.take_answer().objects)
        else:
            s[key] = cands[:n]
    if cost.mana:
        mc = mana_rules.add_costs(mana_costs.ManaCost(), mana_costs.parse_cost(cost.mana), times)
        mc = mc.with_x(0)
        plan = mana_rules.plan_payment(g, p, mc)
        if plan is not None:
            s["spent"] = "".join(mana_rules.execute_plan(g, p, mc, plan, what))
    if cost.life:
        lose_life(g, p, cost.life * times, (rule, "119.4"), f"paid for {what}", paid=True)
    for oid in s.get("sacrifice") or []:
        if oid in g.objects and g.objects[oid].zone == Zone.BATTLEFIELD:
            sacrifice(g, oid, (rule, "701.21a"))
    for oid in s.get("discard") or []:
        if oid in g.objects:
            move(g, oid, Zone.GRAVEYARD, (rule, "701.9a"), reason="is discarded", cause="discard")
    s["paid"] = True
    return True


def _mana_value(cost: Cost, times: int) -> int:
    return mana_costs.parse_cost(cost.mana).mana_value * times if cost.mana else 0


def _ask_pay(ctx: Ctx, cost: Cost, times: int, rule: str, what: str) -> bool | None:
    """Ask whether to pay; None while waiting, else the answer. A "yes" is
    legal only if the whole cost can be paid (no partial payments, CR 702.24a)."""
    s = ctx.scratch
    if "pay" in s:
        return bool(s["pay"])
    if ctx.answer is None:
        can = _can_pay(ctx, cost, times)
        src = _source_here(ctx)
        ctx.ask(
            DecisionKind.YES_NO,
            rule,
            f"Pay {_cost_text(cost, times)} for {what}?",
            {
                "purpose": DecisionPurpose.PAY,
                "can_pay": can,
                "cost": _cost_text(cost, times),
                "source": src.id if src is not None else None,
                "mana_value": _mana_value(cost, times),
            },
        )
        return None
    s["pay"] = bool(ctx.take_answer().value)
    return bool(s["pay"])


@effect("pay_or_sacrifice")
def pay_or_sacrifice(ctx: Ctx, e: Effect) -> bool:
    """Echo (CR 702.30a): "sacrifice it unless you pay [cost]". The choice is made
    as the ability resolves (ruling 502.19.6), even if the permanent is gone
    (ruling 502.19.5)."""
    g = ctx.game
    rule = str(e.args.get("rule", "702.30a"))
    cost: Cost = e.args["cost"]
    name = ctx.obj.name
    what = f"{name}'s {e.args.get('label', 'echo')}"
    pay = _ask_pay(ctx, cost, 1, rule, what)
    if pay is None:
        return False
    if pay and _can_pay(ctx, cost, 1):
        if not ctx.scratch.get("paid") and not _pay(ctx, cost, 1, rule, what):
            return False
        g.emit(EventKind.KEYWORD_PAID, (rule,), f"{g.players[ctx.controller].name} pays {what}")
        return True
    src = _source_here(ctx)
    if src is not None:
        g.emit(EventKind.KEYWORD_UNPAID, (rule,), f"{what} isn't paid: {src.name} is sacrificed")
        sacrifice(g, src.id, (rule, "701.21a"))
    else:
        g.emit(EventKind.KEYWORD_UNPAID, (rule,), f"{what} isn't paid")
    return True


@effect("cumulative_upkeep")
def cumulative_upkeep(ctx: Ctx, e: Effect) -> bool:
    """CR 702.24a: "if this permanent is on the battlefield, put an age counter on
    it. Then you may pay [cost] for each age counter on it. If you don't,
    sacrifice it." Paying is always optional (ruling 502.13.7), all or nothing."""
    g = ctx.game
    s = ctx.scratch
    src = _source_here(ctx)
    if "n" not in s:
        if src is None:
            # CR 603.4: the intervening "if" is false on resolution: nothing happens.
            g.emit(
                EventKind.TRIGGER_NOTHING,
                ("702.24a", "603.4"),
                f"{ctx.obj.name}'s cumulative upkeep does nothing: it left the battlefield",
            )
            return True
        src.counters["age"] = src.counters.get("age", 0) + 1
        g.invalidate()
        s["n"] = src.counters["age"]
        several = sum(a.keyword == "Cumulative upkeep" for a in chars(g, src).abilities) > 1
        g.emit(
            EventKind.COUNTERS,
            ("702.24a", "122.1", *(("702.24b",) if several else ())),
            f"An age counter is put on {src.name} (now {s['n']})",
        )
    n = int(s["n"])
    cost: Cost = e.args["cost"]
    alternatives = list(e.args.get("alternatives") or ())
    times = n
    if alternatives:
        # CR 702.24a: "If [cost] has choices associated with it, each choice is made
        # separately for each age counter" — the first payable combination is used.
        cost = _choose_combination(ctx, alternatives, n)
        times = 1
    what = f"{ctx.obj.name}'s cumulative upkeep"
    pay = _ask_pay(ctx, cost, times, "702.24a", what)
    if pay is None:
        return False
    if pay and _can_pay(ctx, cost, times):
        if not s.get("paid") and not _pay(ctx, cost, times, "702.24a", what):
            return False
        g.emit(
            EventKind.CUMULATIVE_UPKEEP_PAID,
            ("702.24a",),
            f"{g.players[ctx.controller].name} pays {_cost_text(cost, times)} for {what}",
            obj=src.id if src is not None else 0,
            player=ctx.controller,
            spent=str(s.get("spent", "")),  # "for each {B} or {R} spent this way"
        )
        return True
    src = _source_here(ctx)
    if src is not None:
        g.emit(
            EventKind.KEYWORD_UNPAID, ("702.24a",), f"{what} isn't paid: {src.name} is sacrificed"
        )
        sacrifice(g, src.id, ("702.24a", "701.21a"))
    return True


def _choose_combination(ctx: Ctx, alternatives: list[Any], n: int) -> Cost:
    """One choice per age counter among alternative costs ({G} or {W}); the first
    combination that can be paid in full, else the first one."""
    alts = [c for c in (as_cost(a) for a in alternatives) if c is not None]
    first: Cost | None = None
    for combo in combinations_with_replacement(range(len(alts)), n):
        mana = "".join(alts[i].mana or "" for i in combo)
        total = Cost(mana=mana or None, life=sum(alts[i].life for i in combo))
        if first is None:
            first = total
        if _can_pay(ctx, total, 1):
            return total
    return first or Cost()


@effect("fading_upkeep")
def fading_upkeep(ctx: Ctx, e: Effect) -> bool:
    """CR 702.32a: "remove a fade counter from this permanent. If you can't, sacrifice it.\""""
    g = ctx.game
    src = _source_here(ctx)
    if src is None:
        return True
    left = f" ({src.counters.get('fade', 0) - 1} left)"
    if not remove_counters(g, src, "fade", 1, ("702.32a",), left):
        g.emit(
            EventKind.FADING,
            ("702.32a",),
            f"{src.name} has no fade counter to remove: it's sacrificed",
        )
        sacrifice(g, src.id, ("702.32a", "701.21a"))
    return True


@effect("vanishing_upkeep")
def vanishing_upkeep(ctx: Ctx, e: Effect) -> bool:
    """CR 702.63a: remove a time counter; when the last is removed, a second
    ability triggers: "sacrifice it" (ruling 502.60.3: it can be countered)."""
    g = ctx.game
    src = _source_here(ctx)
    if src is None or src.counters.get("time", 0) <= 0:
        return True
    src.counters["time"] -= 1
    g.invalidate()
    left = src.counters["time"]
    if not left:
        del src.counters["time"]
    g.emit(
        EventKind.COUNTERS, ("702.63a",), f"A time counter is removed from {src.name} ({left} left)"
    )
    if not left:
        KEYWORD_HOOKS.vanishing_last_counter_removed(g, src)
    return True


@effect("become_renowned")
def become_renowned(ctx: Ctx, e: Effect) -> bool:
    """CR 702.112a-b: "it becomes renowned" (a designation, not an ability)."""
    src = _source_here(ctx)
    if src is not None:
        src.chosen = {**(src.chosen or {}), "renowned": True}
        ctx.game.invalidate()
        ctx.game.emit(
            EventKind.RENOWNED,
            ("702.112a", "702.112b"),
            f"{src.name} becomes renowned",
            obj=src.id,
            player=src.controller,
        )
    return True


@effect("sacrifice_source")
def sacrifice_source(ctx: Ctx, e: Effect) -> bool:
    """ "Sacrifice it" of a keyword trigger (evoke 702.74a, vanishing 702.63a)."""
    src = _source_here(ctx)
    rule = str(e.args.get("rule", "701.21a"))
    if src is not None:
        sacrifice(ctx.game, src.id, (rule, "701.21a"))
    return True


@effect("suspend_tick")
def suspend_tick(ctx: Ctx, e: Effect) -> bool:
    """CR 702.62a: "remove a time counter from it" (a suspended card in exile);
    removing the last one triggers the cast ability."""
    g = ctx.game
    src = _source_here(ctx, Zone.EXILE)
    if src is None or src.counters.get("time", 0) <= 0:
        return True
    src.counters["time"] -= 1
    left = src.counters["time"]
    if not left:
        del src.counters["time"]
    g.emit(
        EventKind.COUNTERS,
        ("702.62a",),
        f"A time counter is removed from suspended {src.name} ({left} left)",
    )
    if not left:
        KEYWORD_HOOKS.suspend_last_counter_removed(g, src)
    return True


@effect("cast_card")
def cast_card(ctx: Ctx, e: Effect) -> bool:
    """Cast the source card while this ability resolves (CR 608.2g): madness
    (702.35a, "may ... by paying [cost]", else into the graveyard), suspend
    (702.62a, "without paying its mana cost", must if able), ripple (702.60a).

    Args: ``alt`` (the alternative cost), ``optional`` (a "may"), ``rule``,
    ``otherwise`` ("graveyard": where the card goes if it isn't cast).
    """
    g = ctx.game
    s = ctx.scratch
    rule = str(e.args.get("rule", "608.2g"))
    zone = Zone.BY_NAME.get(str(e.args.get("zone", "exile")), Zone.EXILE)
    card_id = s.get("card")
    if card_id is None:
        card = _source_here(ctx, zone)
        if card is None:
            return True  # it left that zone: a new object, nothing to cast (CR 400.7)
        card_id = card.id
        s["card"] = card_id
    if s.get("cast_pushed"):
        return True
    card = g.objects.get(card_id)
    if card is None or card.zone != zone:
        return True
    player = card.owner
    opts: dict[str, Any] = {"alt": e.args.get("alt")} if e.args.get("alt") else {}
    problem = spell_problem(g, player, card, opts, with_priority=False)
    if problem is None and e.args.get("optional"):
        if "yes" not in s:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    rule,
                    f"Cast {card.name}" + (f" for its {opts['alt']} cost?" if opts else "?"),
                    {"purpose": DecisionPurpose.MAY},
                    player=player,
                )
            s["yes"] = bool(ctx.take_answer().value)
        if not s["yes"]:
            problem = "you chose not to"
    if problem is not None:
        if e.args.get("otherwise") == "graveyard":
            move(g, card_id, Zone.GRAVEYARD, (rule,), reason="is put into its owner's graveyard")
        else:
            g.emit(EventKind.NOT_CAST, (rule,), f"{card.name} isn't cast: {problem}")
        return True
    s["cast_pushed"] = True
    cast_while_resolving(g, card_id, player, opts)
    return False  # the cast task runs now; this handler is called again afterwards


@effect("copy_spell_n")
def copy_spell_n(ctx: Ctx, e: Effect) -> bool:
    """Storm (702.40a), gravestorm (702.69a), replicate (702.56a): copy the spell
    ``amount`` times; the controller may choose new targets for each copy
    (CR 707.10c). The copies are not cast (ruling 502.30.2). If the spell has
    left the stack, its last known information is copied (ruling 502.52.4).
    ``by: "chosen_opponent"`` (demonstrate, 702.144a): the controller chooses an
    opponent, who copies the spell and controls the copy."""
    s = ctx.scratch
    g = ctx.game
    rule = str(e.args.get("rule", "707.10"))
    copier: int | None = None
    if e.args.get("by") == "chosen_opponent":
        opponents = g.opponents(ctx.controller)
        if not opponents:
            return True
        if "opponent" not in s:
            chosen = ctx.choose_option(
                ctx.controller,
                [str(q) for q in opponents],  # (an option is a string: ChooseOption)
                rule,
                f"{g.players[ctx.controller].name}: choose an opponent to copy the spell",
                DecisionPurpose.OPPONENT,
            )
            if chosen is None:
                return False
            s["opponent"] = int(chosen)
        copier = int(s.get("opponent", opponents[0]))
    if "task" not in s:
        s["task"] = True
        KEYWORD_HOOKS.copy_spell_task(
            g,
            ctx.obj,
            int(e.args.get("amount", 0)),
            rule,
            str(e.args.get("keyword", "")),
            copier,
        )
        return False
    return True


@effect("keyword_search")
def keyword_search(ctx: Ctx, e: Effect) -> bool:
    """Search your library for a card with a quality, reveal it, put it into
    your hand, then shuffle (typecycling 702.29e, transmute 702.53a; CR 701.23)."""
    g = ctx.game
    p = ctx.controller
    rule = str(e.args.get("rule", "701.23a"))
    if e.args.get("same_mv_as_source"):
        # CR 702.53a: the same mana value as the discarded card (this ability's card)
        mv = ctx.obj.card.faces[ctx.obj.face].mana_value
        flt = Filter(conditions=(("mv_eq", mv),))
    else:
        flt = e.args["filter"]
    lib = g.players[p].library
    f = Filter(flt.kinds, "library", flt.conditions)
    cands = [oid for oid in reversed(lib) if matches_object(g, g.objects[oid], f, p, ctx.source)]
    if cands:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                rule,
                f"Search your library for {e.args.get('what', 'a card')}",
                {"candidates": cands, "min": 0, "max": 1, "purpose": DecisionPurpose.SEARCH},
            )
        for oid in ctx.take_answer().objects:
            if oid in lib:
                name = g.objects[oid].name
                move(
                    g,
                    oid,
                    Zone.HAND,
                    (rule, "701.23a"),
                    reason="is revealed and put into its owner's hand",
                )
                g.emit(EventKind.REVEAL, ("701.20a",), f"{g.players[p].name} reveals {name}")
    shuffle_library(g, p)
    return True


@effect("equip_attach")
def equip_attach(ctx: Ctx, e: Effect) -> bool:
    """Equip (702.6a) and fortify (702.67a): attach this permanent to the target.
    Already attached to it: nothing happens, no new timestamp (ruling 502.33.1)."""
    g = ctx.game
    rule = str(e.args.get("rule", "702.6a"))
    src = _source_here(ctx)
    to = ctx.objects(e.args.get("to"))
    if src is None or not to:
        return True
    target = to[0]
    if src.attached_to == target.id:
        g.emit(
            EventKind.ATTACH, (rule, "701.3b"), f"{src.name} is already attached to {target.name}"
        )
        return True
    if src.attached_to is not None:
        becomes_unattached(g, src, (rule, "701.3d"))  # moved from another (CR 603.10c)
    src.attached_to = target.id
    src.timestamp = g.new_timestamp()  # CR 613.7e
    g.invalidate()
    g.emit(EventKind.ATTACH, (rule, "701.3a"), f"{src.name} becomes attached to {target.name}")
    return True


@effect("move_counter")
def move_counter(ctx: Ctx, e: Effect) -> bool:
    """Graft (CR 702.58a): move a +1/+1 counter from this permanent onto that creature."""
    g = ctx.game
    src = _source_here(ctx)
    to = ctx.objects(e.args.get("to"))
    kind = str(e.args.get("counter", "+1/+1"))
    if src is None or not to or src.counters.get(kind, 0) <= 0 or to[0].zone != Zone.BATTLEFIELD:
        return True
    src.counters[kind] -= 1
    if not src.counters[kind]:
        del src.counters[kind]
    to[0].counters[kind] = to[0].counters.get(kind, 0) + 1
    g.invalidate()
    g.emit(
        EventKind.COUNTERS,
        (str(e.args.get("rule", "702.58a")), "122.5"),
        f"A {kind} counter moves from {src.name} onto {to[0].name}",
        obj=to[0].id,  # CR 122.6: a counter put on it (rules/triggers._counters_put)
        counter=kind,
        amount=1,
    )
    return True
