"""Card effects: draw (CR 121), discard (701.9), mill (701.17), scry (701.22), surveil (701.25)."""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.zones import draw as draw_cards
from ..rules.zones import mill as mill_cards
from ..rules.zones import move
from . import effect


@effect("draw")
def draw(ctx: Ctx, e: Effect) -> bool:
    n = ctx.amount(e.args.get("amount", 1))
    for p in ctx.players(e.args.get("player")):
        draw_cards(ctx.game, p, n, ("121.1",))
    return True


@effect("mill")
def mill(ctx: Ctx, e: Effect) -> bool:
    n = ctx.amount(e.args.get("amount", 1))
    for p in ctx.players(e.args.get("player")):
        mill_cards(ctx.game, p, n)
    return True


@effect("discard")
def discard(ctx: Ctx, e: Effect) -> bool:
    """CR 701.9a: the player chooses unless it's random (701.9b-c)."""
    g = ctx.game
    n = ctx.amount(e.args.get("amount", 1))
    s = ctx.scratch
    if "players" not in s:
        s["players"] = ctx.players(e.args.get("player"))
    while s["players"]:
        p = s["players"][0]
        hand = list(g.players[p].hand)
        if e.args.get("random"):
            chosen = []
            for _ in range(min(n, len(hand))):
                chosen.append(hand.pop(g.rng.randrange(len(hand))))
        else:
            picked = ctx.choose_exactly(
                p, hand, n, "701.9a", f"Choose {n} card(s) to discard", "discard"
            )
            if picked is None:
                return False
            chosen = picked
        for oid in chosen:
            move(g, oid, Zone.GRAVEYARD, ("701.9a",), reason="is discarded")
        s["players"].pop(0)
    return True


@effect("scry", "surveil")
def scry(ctx: Ctx, e: Effect) -> bool:
    """CR 701.22a scry / 701.25a surveil: look at the top N, choose which go to the
    bottom (scry) or the graveyard (surveil)."""
    g = ctx.game
    n = ctx.amount(e.args.get("amount", 1))
    lib = g.players[ctx.controller].library
    top = list(reversed(lib[-n:])) if n > 0 else []
    if not top:
        return True
    is_scry = e.op == "scry"
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.CHOOSE_OBJECTS,
            "701.22a" if is_scry else "701.25a",
            f"{'Scry' if is_scry else 'Surveil'} {n}: choose the cards to put {'on the bottom' if is_scry else 'into your graveyard'}",
            {"candidates": top, "min": 0, "max": len(top), "purpose": e.op},
        )
    away = list(ctx.take_answer().objects)
    for oid in away:
        if is_scry:
            lib.remove(oid)
            lib.insert(0, oid)
        else:
            move(g, oid, Zone.GRAVEYARD, ("701.25a",), reason="is put into the graveyard (surveil)")
    g.emit(
        e.op,
        ("701.22a" if is_scry else "701.25a",),
        f"{g.players[ctx.controller].name} {e.op}s {n}: {len(away)} card(s) {'to the bottom' if is_scry else 'to the graveyard'}",
    )
    return True
