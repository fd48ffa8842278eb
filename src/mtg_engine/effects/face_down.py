"""Face-down effects (CR 708): manifest (701.40), cloak (701.58), manifest
dread (701.62), "turn ... face down" (708.2a) and "turn ... face up" (708.8)."""

from __future__ import annotations

from ..cards.abilities import EachRef, Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.characteristics import chars
from ..rules.effects_runner import Ctx
from ..rules.face_down import turn_face_down
from ..rules.face_turning import turn_face_up
from ..rules.face_up_action import mana_cost_payable_from, put_face_down
from ..rules.filters import matches_object
from ..rules.phasing import phase_in, phase_out
from ..rules.support import register
from ..rules.zones import move
from . import effect


def _player(ctx: Ctx, e: Effect) -> int:
    ps = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    return ps[0] if ps else ctx.controller


def _top_cards(ctx: Ctx, e: Effect, player: int) -> list[int]:
    """The cards an effect manifests or cloaks: ``what`` (a card), or the top of the library."""
    if e.args.get("what") is not None:
        return [o.id for o in ctx.objects(e.args["what"]) if o.zone != Zone.BATTLEFIELD]
    n = ctx.count(e.args.get("amount", 1))
    lib = ctx.game.players[player].library
    return list(reversed(lib[-n:])) if n > 0 else []


@effect("manifest", "cloak")
def manifest(ctx: Ctx, e: Effect) -> bool:
    """CR 701.40a / 701.58a: put the card onto the battlefield face down as a 2/2
    (with ward {2} when cloaked), one at a time (701.40e, 701.58e)."""
    g = ctx.game
    player = _player(ctx, e)
    sc = ctx.scratch
    if "cards" not in sc:
        sc["cards"] = _top_cards(ctx, e, player)
        sc["i"] = 0
    kind = e.op
    rule = "701.40a" if kind == "manifest" else "701.58a"
    while sc["i"] < len(sc["cards"]):
        oid = sc["cards"][sc["i"]]
        sc["i"] += 1
        if oid not in g.objects:
            continue
        g.emit(
            EventKind.MANIFEST if kind == "manifest" else EventKind.CLOAK,
            (rule,),
            f"{g.players[player].name} {'manifests' if kind == 'manifest' else 'cloaks'} "
            "a card face down",
            player=player,
        )
        if put_face_down(g, player, oid, kind, (rule, "708.3")) is None:
            return False
    return True


@effect("manifest_dread")
def manifest_dread(ctx: Ctx, e: Effect) -> bool:
    """CR 701.62a: look at the top two cards, manifest one, the rest into the graveyard."""
    g = ctx.game
    player = _player(ctx, e)
    sc = ctx.scratch
    if "cards" not in sc:
        lib = g.players[player].library
        sc["cards"] = list(reversed(lib[-2:]))
    cards = [c for c in sc["cards"] if c in g.objects]
    if not cards:
        return True
    if "pick" not in sc:
        if len(cards) == 1:
            sc["pick"] = cards[0]
        elif ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "701.62a",
                "Manifest dread: choose the card to manifest",
                {"candidates": cards, "min": 1, "max": 1, "purpose": DecisionPurpose.MANIFEST},
                player=player,
            )
        else:
            sc["pick"] = ctx.take_answer().objects[0]
    if not sc.get("done"):
        sc["done"] = True
        for c in cards:
            if c != sc["pick"]:
                move(
                    g,
                    c,
                    Zone.GRAVEYARD,
                    ("701.62a",),
                    reason="is put into the graveyard (manifest dread)",
                )
        g.emit(
            EventKind.MANIFEST_DREAD,
            ("701.62a",),
            f"{g.players[player].name} manifests dread",
            player=player,
        )
        if put_face_down(g, player, sc["pick"], "manifest_dread", ("701.62a", "701.40a")) is None:
            return False
    return True


@effect("turn_face_down")
def turn_down(ctx: Ctx, e: Effect) -> bool:
    """CR 708.2a: "turn target creature face down" (a 2/2 with no text)."""
    for o in ctx.objects(e.args.get("what")):
        turn_face_down(ctx.game, o, str(e.args.get("as") or "effect"))
    return True


@effect("turn_face_up")
def turn_up(ctx: Ctx, e: Effect) -> bool:
    """CR 708.8: an effect turns a face-down permanent face up (no cost; even
    one without morph, 707.3 example)."""
    for o in ctx.objects(e.args.get("what")):
        if o.zone == Zone.BATTLEFIELD:
            turn_face_up(ctx.game, o, ("708.8",))
        elif o.zone == Zone.EXILE and o.face_down:
            # "turn the exiled card face up" (Summoner's Egg; CR 406.3)
            o.face_down = False
            ctx.game.invalidate()
            ctx.game.emit(
                EventKind.FACE_UP_IN_EXILE, ("406.3",), f"{o.name} is turned face up in exile"
            )
    return True


register(
    "effect:manifest",
    "effect:cloak",
    "effect:manifest_dread",
    "effect:turn_face_down",
    "effect:turn_face_up",
    "trigger:turned_face_up",
)


def _phasing_objects(ctx: Ctx, e: Effect) -> list[GameObject]:
    """The permanents a phase-in/phase-out instruction affects, fixed now (CR 702.26):
    phased-out permanents aren't seen by filters (702.26b), so "all phased-out
    creatures" is looked for directly among them."""
    g = ctx.game
    # the compiler's generic keyword-action form puts the subject in "player"
    what = e.args.get("what") if e.args.get("what") is not None else e.args.get("player")
    if e.op == "phase_out":
        return [o for o in ctx.objects(what) if o.zone == Zone.BATTLEFIELD and not o.phased_out]
    if isinstance(what, EachRef):
        return [
            o
            for o in (g.objects[oid] for oid in g.battlefield)
            if o.phased_out and matches_object(g, o, what.filter, ctx.controller, ctx.source)
        ]
    return [o for o in ctx.objects(what) if o.phased_out]


@effect("phase_out", "phase_in")
def phasing_effect(ctx: Ctx, e: Effect) -> bool:
    """CR 702.26b-c: "target creature phases out"; "phased-out creatures phase in"."""
    objs = _phasing_objects(ctx, e)
    (phase_out if e.op == "phase_out" else phase_in)(ctx.game, objs)
    return True


@effect("phase_simultaneously")
def phase_simultaneously(ctx: Ctx, e: Effect) -> bool:
    """CR 702.26: "Simultaneously, all phased-out creatures phase in and all creatures
    with phasing phase out" — both sets are determined before anything phases, so a
    creature that phases in this way doesn't also phase out (Time and Tide)."""
    batches = [(sub.op, _phasing_objects(ctx, sub)) for sub in e.args["effects"]]
    for op, objs in batches:
        (phase_out if op == "phase_out" else phase_in)(ctx.game, objs)
    return True


register("effect:phase_out", "effect:phase_in", "effect:phase_simultaneously", "cond:phased_out")


# ---------------------------------------------------------------------------
# Illusionary Mask: choose a payable creature card, cast it face down
# ---------------------------------------------------------------------------


@effect("choose_payable_card")
def choose_payable_card(ctx: Ctx, e: Effect) -> bool:
    """CR 608.2d: "choose a creature card in your hand whose mana cost could be paid by
    some amount of, or all of, the mana you spent on {X}" — the mana spent to activate
    the ability (its only mana is {X}). The card chosen is "that card" afterwards."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    spent = list((ctx.obj.paid or {}).get("mana_spent") or ())
    flt = e.args["filter"]
    cands = [
        oid
        for oid in g.players[player].hand
        if matches_object(g, g.objects[oid], flt, player, ctx.source)
        and mana_cost_payable_from(chars(g, g.objects[oid]).mana_cost, spent)
    ]
    if not cands:
        g.emit(EventKind.NO_CHOICE, ("608.2d",), f"{ctx.obj.name}: no card can be chosen")
        ctx.set_parent("it", [])
        return True
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OBJECTS,
            "608.2d",
            f"{ctx.obj.name}: choose a creature card whose mana cost the mana spent on X "
            f"({''.join('{' + m + '}' for m in spent) or 'none'}) could pay",
            {"candidates": cands, "min": 1, "max": 1, "purpose": DecisionPurpose.CHOOSE},
            player=player,
        )
    picked = [oid for oid in ctx.take_answer().objects if oid in cands]
    ctx.set_parent("it", picked)
    return True


@effect("cast_face_down")
def cast_face_down(ctx: Ctx, e: Effect) -> bool:
    """CR 708.4, 118.9: "cast that card face down as a 2/2 creature spell without
    paying its mana cost" while the ability resolves (608.2g). Illusionary Mask's
    version ("as": "mask") also makes the creature turn face up instead of dealing or
    being dealt damage or becoming tapped (rules/face_down.py ``unmask``)."""
    g = ctx.game
    s = ctx.scratch
    if s.get("cast_pushed"):
        return True
    cards = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.HAND]
    if not cards:
        return True
    card = cards[0]
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    alt = "mask" if e.args.get("as") == "mask" else "face_down_effect"
    problem = spell_problem(g, player, card, {"alt": alt}, with_priority=False)
    if problem is not None:
        g.emit(EventKind.NOT_PLAYED, ("608.2b",), f"The card isn't cast face down: {problem}")
        return True
    s["cast_pushed"] = True
    cast_while_resolving(g, card.id, player, {"alt": alt})
    return False  # the cast task runs now; this handler is called again afterwards


register("effect:choose_payable_card", "effect:cast_face_down", "arg:cast_face_down.as")
