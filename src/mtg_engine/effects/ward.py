"""The resolution of a ward trigger (CR 702.21a): "counter that spell or ability
unless that player pays [cost]".

The player who controls the spell or ability chooses whether to pay (CR 118.12);
a player who can't pay the whole cost can't choose to pay it (CR 118.3). The
cost may combine mana (CR 601.2g-h), life (CR 119.4: only with at least that much
life), discarding (CR 701.9), sacrificing (CR 701.21) and collecting evidence
(CR 701.59a: exiling cards with total mana value N or more from one's
graveyard) and waterbending (CR 701.67a: tapping artifacts and creatures for its
generic mana). If it isn't paid, the spell or ability is countered (CR 701.6).
"""

from __future__ import annotations

from ..cards.abilities import Cost, Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules import mana as mana_rules
from ..rules import mana_costs, waterbend
from ..rules.characteristics import chars
from ..rules.costs import cost_choices
from ..rules.damage import lose_life
from ..rules.delayed import BoundRef
from ..rules.effects_runner import Ctx
from ..rules.permanents import sacrifice
from ..rules.simultaneous import simultaneous
from ..rules.zones import move
from . import REGISTRY, effect


def _sacrifice_choices(ctx: Ctx, payer: int, flt: Filter) -> list[int]:
    return cost_choices(ctx.game, flt, payer, ctx.source, "battlefield")


def _discard_choices(ctx: Ctx, payer: int, flt: Filter) -> list[int]:
    return cost_choices(ctx.game, flt, payer, ctx.source, "hand")


def _evidence(cost: Cost) -> int:
    return sum(int(v) for k, v in cost.other if k == "collect_evidence")


def _mana_value(ctx: Ctx, oid: int) -> int:
    return chars(ctx.game, ctx.game.objects[oid]).mana_value


def can_pay(ctx: Ctx, payer: int, cost: Cost) -> bool:
    """CR 118.3: whether the player can pay every part of the cost."""
    g = ctx.game
    bend = waterbend.waterbend_generic(cost)
    if cost.mana:
        mc = mana_costs.parse_cost(cost.mana).with_x(0)
        if bend:
            # CR 701.67a: artifacts and creatures may pay the waterbend cost's generic mana
            if not waterbend.payable_with_taps(g, payer, mc, bend, (), None):
                return False
        elif mana_rules.plan_payment(g, payer, mc) is None:
            return False
    if cost.life and g.players[payer].life < cost.life:
        return False  # CR 119.4
    if cost.sacrifice is not None and (
        len(_sacrifice_choices(ctx, payer, cost.sacrifice)) < cost.sacrifice_count
    ):
        return False
    if cost.discard is not None and (
        len(_discard_choices(ctx, payer, cost.discard)) < cost.discard_count
    ):
        return False
    need = _evidence(cost)
    if need and sum(_mana_value(ctx, c) for c in g.players[payer].graveyard) < need:
        return False  # CR 701.59b
    return True


def describe_cost(cost: Cost) -> str:
    parts = []
    if cost.mana:
        parts.append(("waterbend " if waterbend.waterbend_generic(cost) else "") + cost.mana)
    if cost.life:
        parts.append(f"pay {cost.life} life")
    if cost.discard is not None:
        parts.append(f"discard {cost.discard_count} card(s)")
    if cost.sacrifice is not None:
        parts.append(f"sacrifice {cost.sacrifice_count} permanent(s)")
    if _evidence(cost):
        parts.append(f"collect evidence {_evidence(cost)}")
    return ", ".join(parts) or "nothing"


@effect("ward_counter")
def ward_counter(ctx: Ctx, e: Effect) -> bool:
    """CR 702.21a: counter the spell or ability unless its controller pays the cost."""
    g = ctx.game
    s = ctx.scratch
    cost: Cost = e.args["cost"]
    spell_id = ctx.obj.trigger_data.get("spell") if ctx.obj.trigger_data else None
    spell = g.objects.get(spell_id) if isinstance(spell_id, int) else None
    if spell is None or spell.zone != Zone.STACK or spell.id not in g.stack:
        return True  # it already left the stack: nothing to counter
    payer = spell.controller
    if "pay" not in s:
        if not can_pay(ctx, payer, cost):
            s["pay"] = False
            g.emit(
                EventKind.CANT_PAY,
                ("118.3", "702.21a"),
                f"{g.players[payer].name} can't pay the ward cost ({describe_cost(cost)})",
            )
        else:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "702.21a",
                    f"Pay the ward cost of {ctx.source.name} ({describe_cost(cost)})? "
                    f"If you don't, {spell.name} is countered",
                    {
                        "purpose": DecisionPurpose.WARD,
                        "cost": describe_cost(cost),
                        "life": cost.life,
                        "source": ctx.source.id,
                    },
                    player=payer,
                )
            s["pay"] = bool(ctx.take_answer().value)
    if not s["pay"]:
        return _counter(ctx, spell)
    return _pay(ctx, payer, cost, spell)


def _counter(ctx: Ctx, spell: GameObject) -> bool:
    g = ctx.game
    g.emit(
        EventKind.WARD,
        ("702.21a",),
        f"The ward cost of {ctx.source.name} isn't paid: {spell.name} is countered",
    )
    return REGISTRY["counter"](ctx, Effect("counter", {"what": BoundRef((spell.id,))}))


def _pay(ctx: Ctx, payer: int, cost: Cost, spell: GameObject) -> bool:
    """Pay the parts of the cost in order; the choices (what to sacrifice, discard,
    exile) are decisions of the payer (CR 601.2h)."""
    g = ctx.game
    s = ctx.scratch
    stage = s.get("stage", 0)
    if stage == 0:
        what = f"the ward cost of {ctx.source.name}"
        bend = waterbend.waterbend_generic(cost)
        if bend and "waterbend" not in s:
            # "Ward—Waterbend {4}": the artifacts and creatures tapped to pay for its
            # generic mana (CR 701.67a, 601.2h)
            if ctx.answer is None:
                cands = waterbend.tap_candidates(g, payer)
                mc = mana_costs.parse_cost(cost.mana or "").with_x(0)
                sources = mana_rules.mana_sources(g, payer)
                fewest = waterbend.fewest_taps(g, payer, mc, min(bend, len(cands)), sources, None)
                d = waterbend.tap_decision(g, payer, what, cands, fewest, bend)
                if d is not None:
                    return ctx.ask(d.kind, d.rule, d.prompt, d.data, player=payer)
                s["waterbend"] = waterbend.default_taps(cands, fewest, bend)
            else:
                s["waterbend"] = list(ctx.take_answer().objects)
        if bend:
            waterbend.tap_to_pay(g, payer, list(s["waterbend"]), what, ("702.21a",))
        if cost.mana:
            mc = mana_costs.parse_cost(cost.mana).with_x(0)
            mc = mana_rules.reduce_cost(mc, len(s.get("waterbend") or ()))
            plan = mana_rules.plan_payment(g, payer, mc)
            if plan is None:  # the mana went away while deciding: it's not paid
                return _counter(ctx, spell)
            mana_rules.execute_plan(g, payer, mc, plan, what)
        if cost.life:
            lose_life(g, payer, cost.life, ("119.4", "702.21a"), "paid for ward", paid=True)
        s["stage"] = stage = 1
    if stage == 1:
        if cost.discard is not None:
            pool = _discard_choices(ctx, payer, cost.discard)
            chosen = (
                # "Ward—Discard a card at random" (Alpharael): the game picks (CR 701.9a)
                [
                    pool.pop(g.rng.randrange(len(pool)))
                    for _ in range(min(cost.discard_count, len(pool)))
                ]
                if ("discard_random", True) in cost.other
                else ctx.choose_exactly(
                    payer,
                    pool,
                    cost.discard_count,
                    "702.21a",
                    f"Choose {cost.discard_count} card(s) to discard for ward",
                    DecisionPurpose.DISCARD,
                )
            )
            if chosen is None:
                return False
            with simultaneous(g):  # the cards are discarded at once (CR 701.9a)
                for oid in chosen:
                    move(
                        g,
                        oid,
                        Zone.GRAVEYARD,
                        ("701.9a", "702.21a"),
                        reason="is discarded",
                        cause="discard",
                    )
        s["stage"] = stage = 2
    if stage == 2:
        if cost.sacrifice is not None:
            chosen = ctx.choose_exactly(
                payer,
                _sacrifice_choices(ctx, payer, cost.sacrifice),
                cost.sacrifice_count,
                "702.21a",
                f"Choose {cost.sacrifice_count} permanent(s) to sacrifice for ward",
                DecisionPurpose.SACRIFICE,
            )
            if chosen is None:
                return False
            with simultaneous(g, chosen):  # sacrificed at once (CR 701.21a)
                for oid in chosen:
                    if oid in g.objects:
                        sacrifice(g, oid, ("701.21a", "702.21a"))
        s["stage"] = stage = 3
    if stage == 3:
        picked: list[int] = s.setdefault("evidence_cards", [])
        need = _evidence(cost) - s.get("evidence", 0)
        while need > 0:
            # CR 701.59a: cards with total mana value N or more, chosen one at a time
            grave = [c for c in g.players[payer].graveyard if c not in picked]
            if not grave:
                break
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    "701.59a",
                    f"Collect evidence: choose a card to exile ({need} mana value to go)",
                    {"candidates": grave, "min": 1, "max": 1, "purpose": DecisionPurpose.EXILE},
                    player=payer,
                )
            oid = ctx.take_answer().objects[0]
            picked.append(oid)
            s["evidence"] = s.get("evidence", 0) + _mana_value(ctx, oid)
            need = _evidence(cost) - s["evidence"]
        with simultaneous(g):  # and exiled at once: one event (CR 701.59a, 603.2c)
            for oid in picked:
                move(g, oid, Zone.EXILE, ("701.59a", "702.21a"), reason="is exiled as evidence")
        s["stage"] = 4
    g.emit(
        EventKind.WARD,
        ("702.21a",),
        f"{g.players[payer].name} pays the ward cost of {ctx.source.name}: "
        f"{spell.name} isn't countered",
    )
    return True
