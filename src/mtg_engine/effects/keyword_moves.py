"""Effect handlers of keyword abilities that move cards (CR 702), one op each:

* ``ninjutsu_enter`` — 702.49a/c: put the card from your hand onto the
  battlefield tapped and attacking what the returned creature attacked;
* ``aura_swap`` — 702.65a-b: exchange this Aura with an Aura card in your hand;
* ``transfigure_search`` — 702.71a: search for a creature card with the same
  mana value as the sacrificed permanent and put it onto the battlefield;
* ``recover_pay`` — 702.59a: pay the recover cost to return the card to your
  hand, else exile it;
* ``ripple_reveal`` — 702.60a: reveal the top N, cast same-named cards free,
  the rest go to the bottom.
"""

from __future__ import annotations

from dataclasses import replace

from ..cards.abilities import Cost, Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.characteristics import chars
from ..rules.combat_rules import still_attackable
from ..rules.effects_runner import Ctx
from ..rules.library_order import choose_order, place_in_order
from ..rules.replacement import enter, new_entry
from ..rules.sba import _aura_legal
from ..rules.zones import move, shuffle_library
from . import REGISTRY, effect
from .keyword_abilities import _can_pay, _cost_text, _pay, _source_here


@effect("ninjutsu_enter")
def ninjutsu_enter(ctx: Ctx, e: Effect) -> bool:
    """CR 702.49a, 702.49c: "Put this card onto the battlefield from your hand tapped
    and attacking." It enters unblocked, attacking what the returned creature was
    attacking. If the card has left your hand (an earlier activation put it onto
    the battlefield), nothing happens (ruling 502.43.1, CR 400.7)."""
    g = ctx.game
    rule = str(e.args.get("rule", "702.49a"))
    card = _source_here(ctx, Zone.HAND)
    if card is None:
        g.emit(
            EventKind.NO_EFFECT,
            (rule, "400.7"),
            f"{ctx.obj.name}'s ninjutsu does nothing: the card left the hand",
        )
        return True
    returned = g.turn_flags.cost_returned.get(ctx.obj.id) or []
    defender = next((r["defender"] for r in returned if r.get("defender") is not None), None)
    entry = new_entry(g, card, ctx.controller, (rule,), True, False, None, None, None, None)
    nid = enter(g, entry)
    if nid is None:
        return True
    combat = g.combat
    if defender is not None and not still_attackable(g, defender):
        defender = None  # CR 508.4a: it enters, but it isn't attacking
        g.emit(
            EventKind.NOT_ATTACKING,
            (rule, "508.4a"),
            f"{g.objects[nid].name} isn't attacking: what it would attack is gone",
            obj=nid,
        )
    if combat is not None and defender is not None and g.objects[nid].zone == Zone.BATTLEFIELD:
        combat.attackers[nid] = defender  # CR 508.4: attacking, but it never "attacked"
        combat.blocked[nid] = False  # CR 702.49c: unblocked
        g.invalidate()
        g.emit(
            EventKind.ENTERS_ATTACKING,
            (rule, "702.49c", "508.4"),
            f"{g.objects[nid].name} enters tapped and attacking, unblocked",
            obj=nid,
        )
    return True


@effect("aura_swap")
def aura_swap(ctx: Ctx, e: Effect) -> bool:
    """CR 702.65a: "You may exchange this permanent with an Aura card in your hand."
    702.65b: if either half can't be completed (you don't own this Aura, or the
    card can't legally enchant what this Aura enchants), nothing happens."""
    g = ctx.game
    rule = str(e.args.get("rule", "702.65a"))
    p = ctx.controller
    s = ctx.scratch
    hand = [oid for oid in g.players[p].hand if "Aura" in chars(g, g.objects[oid]).subtypes]
    if "chosen" not in s:
        if not hand:
            s["chosen"] = []
        elif ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                rule,
                "Aura swap: choose an Aura card in your hand to exchange (or none)",
                {"candidates": hand, "min": 0, "max": 1, "purpose": DecisionPurpose.AURA_SWAP},
            )
        else:
            s["chosen"] = [x for x in ctx.take_answer().objects if x in hand]
    if not s["chosen"]:
        g.emit(EventKind.NO_EFFECT, (rule,), "No Aura is exchanged (aura swap)")
        return True
    card = g.objects[s["chosen"][0]]
    src = _source_here(ctx)
    why = None
    if src is None:
        why = "the Aura with aura swap has left the battlefield"
    elif "Aura" not in chars(g, src).subtypes:
        why = f"{src.name} isn't an Aura (ruling 502.62.3)"
    elif src.owner != p:
        why = f"you don't own {src.name}, so it can't be put into your hand"
    else:
        host = g.objects.get(src.attached_to) if src.attached_to is not None else None
        if host is None or host.zone != Zone.BATTLEFIELD:
            why = f"{src.name} isn't attached to a permanent"
        elif not _aura_legal(g, card, host):
            why = f"{card.name} can't enchant {host.name}"
    if why is not None:
        g.emit(EventKind.NO_EFFECT, (rule, "702.65b"), f"Aura swap has no effect: {why}")
        return True
    assert src is not None
    host_id = src.attached_to
    # CR 702.65a: the two moves are one exchange (ruling 502.62.2)
    move(g, src.id, Zone.HAND, (rule,), reason="is exchanged into its owner's hand (aura swap)")
    entry = new_entry(g, card, p, (rule,), False, False, None, None, None, None)
    entry["attach"] = host_id
    enter(g, entry)
    return True


@effect("transfigure_search")
def transfigure_search(ctx: Ctx, e: Effect) -> bool:
    """CR 702.71a: search your library for a creature card with the same mana value
    as this permanent (its last known mana value, CR 608.2h), put it onto the
    battlefield, then shuffle."""
    mv = ctx.obj.card.faces[ctx.obj.face].mana_value
    sub = Effect(
        "search_library",
        {
            "filter": Filter(kinds=("Creature",), conditions=(("mv_eq", mv),)),
            "amount": 1,
            "to": "battlefield",
        },
    )
    s = ctx.scratch
    if not s.get("searched"):
        if not REGISTRY["search_library"](ctx, sub):
            return False
        s["searched"] = True
        shuffle_library(ctx.game, ctx.controller)
    return True


@effect("recover_pay")
def recover_pay(ctx: Ctx, e: Effect) -> bool:
    """CR 702.59a: "you may pay [cost]. If you do, return this card from your graveyard
    to your hand. Otherwise, exile this card." A card that has left the graveyard
    is a new object: the cost may still be paid, but nothing else happens
    (ruling 502.55.2, CR 400.7)."""
    g = ctx.game
    rule = str(e.args.get("rule", "702.59a"))
    cost: Cost = e.args["cost"]
    if any(k == "life_half" for k, _ in cost.other):
        # "Recover—Pay half your life, rounded up" (Garza's Assassin; CR 119.4, 107.1a)
        life = max(0, ctx.game.players[ctx.controller].life)
        cost = replace(
            cost,
            life=cost.life + (life + 1) // 2,
            other=tuple(x for x in cost.other if x[0] != "life_half"),
        )
    what = f"{ctx.obj.name}'s recover"
    card = _source_here(ctx, Zone.GRAVEYARD)
    s = ctx.scratch
    if "pay" not in s:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.YES_NO,
                rule,
                f"Pay {_cost_text(cost)} for {what}?"
                + ("" if card is not None else " (the card has left your graveyard)"),
                {
                    "purpose": DecisionPurpose.RECOVER,
                    "can_pay": _can_pay(ctx, cost, 1),
                    "cost": _cost_text(cost),
                    "card": card.id if card is not None else None,
                },
            )
        s["pay"] = bool(ctx.take_answer().value)
    pay = s["pay"]
    if pay and _can_pay(ctx, cost, 1):
        if not ctx.scratch.get("paid") and not _pay(ctx, cost, 1, rule, what):
            return False
        g.emit(
            EventKind.KEYWORD_PAID,
            (rule,),
            f"{g.players[ctx.controller].name} pays {_cost_text(cost)} for {what}",
        )
        if card is not None:
            move(g, card.id, Zone.HAND, (rule,), reason="is returned to its owner's hand (recover)")
        return True
    if card is not None:
        move(g, card.id, Zone.EXILE, (rule,), reason="is exiled (recover not paid)")
    return True


@effect("ripple_reveal")
def ripple_reveal(ctx: Ctx, e: Effect) -> bool:
    """CR 702.60a: "you may reveal the top N cards of your library ... you may cast
    any of those cards with the same name as this spell without paying their mana
    costs, then put all revealed cards not cast this way on the bottom of your
    library in any order." The player orders them (rules/library_order.py)."""
    g = ctx.game
    rule = "702.60a"
    p = ctx.controller
    s = ctx.scratch
    lib = g.players[p].library
    n = int(e.args.get("n", 0))
    if "reveal" not in s:
        if not lib or n <= 0:
            return True
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.YES_NO,
                rule,
                f"Ripple {n}: reveal the top {min(n, len(lib))} card(s) of your library?",
                {"purpose": DecisionPurpose.MAY},
            )
        s["reveal"] = bool(ctx.take_answer().value)
        if not s["reveal"]:
            return True
        revealed = list(reversed(lib[-n:]))  # top first
        s["revealed"] = revealed
        g.emit(
            EventKind.REVEAL,
            (rule, "701.20a"),
            f"{g.players[p].name} reveals {', '.join(g.objects[o].name for o in revealed)} (ripple)",
        )
    if not s.get("reveal"):
        return True
    name = str(e.args.get("name") or ctx.obj.name)
    if "to_cast" not in s:
        cands = [
            o
            for o in s["revealed"]
            if o in lib
            and g.objects[o].name == name
            and spell_problem(g, p, g.objects[o], {"alt": "without_paying"}, with_priority=False)
            is None
        ]
        if cands:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    rule,
                    f"Ripple: choose the cards named {name} to cast without paying their mana costs",
                    {
                        "candidates": cands,
                        "min": 0,
                        "max": len(cands),
                        "purpose": DecisionPurpose.CAST,
                    },
                )
            s["to_cast"] = [o for o in ctx.take_answer().objects if o in cands]
        else:
            s["to_cast"] = []
    while s["to_cast"]:
        oid = s["to_cast"].pop(0)
        card = g.objects.get(oid)
        if card is None or card.zone != Zone.LIBRARY:
            continue
        if spell_problem(g, p, card, {"alt": "without_paying"}, with_priority=False) is not None:
            continue
        cast_while_resolving(g, oid, p, {"alt": "without_paying"})
        return False  # the cast task runs now; this handler continues afterwards
    rest = [o for o in s["revealed"] if o in lib]
    # "on the bottom of your library in any order": the player orders them (CR 401.4)
    ordered = choose_order(ctx, p, rest, "bottom", rule, what="revealed cards")
    if ordered is None:
        return False
    place_in_order(g, p, ordered, "bottom")
    if rest:
        g.emit(
            EventKind.LIBRARY_BOTTOM,
            (rule,),
            f"{g.players[p].name} puts {len(rest)} revealed card(s) on the bottom of their library",
        )
    return True
