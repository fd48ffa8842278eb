"""Card effects: draw (CR 121), discard (701.9), mill (701.17), scry (701.22), surveil (701.25)."""

from __future__ import annotations

from typing import Any, Final

from ..cards.abilities import Amount, ChooseRef, Effect, ParentRef
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.drawing import draw, draws
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.library_order import choose_order, place_in_order
from ..rules.multiface import SPLIT_LAYOUTS
from ..rules.simultaneous import simultaneous
from ..rules.support import register
from ..rules.zones import mill as mill_cards
from ..rules.zones import move
from . import effect


def _each_that_many(ctx: Ctx, amount: Any, players: list[int]) -> list[list[int]] | None:
    """ "Each player discards any number of cards, then draws that many cards" (Flux):
    [player, number] for each player, the number that player discarded (CR 608.2c)."""
    if not isinstance(amount, Amount) or amount.kind != "that_much" or len(players) < 2:
        return None
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    each = parent.get("that_much_each")
    if not each:
        return None
    done = {int(p): int(k) for p, k in each}
    return [[p, done.get(p, 0) * amount.multiplier] for p in players]


@effect("draw")
def draw_effect(ctx: Ctx, e: Effect) -> bool:
    players = ctx.players(e.args.get("player"))
    each = _each_that_many(ctx, e.args.get("amount"), players)
    if each is not None:
        return _draw_each(ctx, each)
    n = ctx.count(e.args.get("amount", 1))
    if ctx.task is None:  # no task to wait on: plain draws
        for p in players:
            draw(ctx.game, p, n, ("121.1",))
        return True
    if ctx.scratch.get("draw_task"):
        _drawn_this_way(ctx)  # the draws (dredge choices, CR 702.52a, 616.1) were made
        return True
    ctx.scratch["log_at"] = len(ctx.game.log)
    if not draws(ctx.game, players, n, ("121.1",)):
        ctx.scratch["draw_task"] = True
        return False
    _drawn_this_way(ctx)
    return True


def _draw_each(ctx: Ctx, each: list[list[int]]) -> bool:
    """Each player draws their own number of cards, in turn order (CR 101.4, 121.2);
    False while a draw waits on a choice (a replacement effect, CR 616.1)."""
    s = ctx.scratch
    todo = s.setdefault("each_draw", each)
    if s.pop("draw_task", None):
        todo.pop(0)  # that player's draws were made
    s.setdefault("log_at", len(ctx.game.log))
    while todo:
        p, n = todo[0]
        if not draws(ctx.game, [p], n, ("121.1",)):
            s["draw_task"] = True
            return False
        todo.pop(0)
    _drawn_this_way(ctx)
    return True


def _drawn_this_way(ctx: Ctx) -> None:
    """ "Draw a card and reveal it": "it" is the card drawn; a card a replacement
    effect put into the hand instead (dredge) isn't drawn, and the rest of the
    instruction isn't performed on it (CR 614.11b, 608.2c)."""
    log = ctx.game.log
    drawn = [
        int(ev.data["obj"])
        for ev in log[int(ctx.scratch.get("log_at", len(log))) :]
        if ev.kind == EventKind.DRAW and "obj" in ev.data
    ]
    ctx.set_parent("it", drawn)


#: "mills half their library, rounded down / up" (CR 107.1a): of each player's own
register("amount:half_library_rounded_down", "amount:half_library_rounded_up")
_HALF_LIBRARY: Final = {"half_library_rounded_down": 0, "half_library_rounded_up": 1}


@effect("mill")
def mill(ctx: Ctx, e: Effect) -> bool:
    """CR 701.17a; "mills half their library, rounded down" counts each milling
    player's own library as it happens (CR 107.1a)."""
    amt = e.args.get("amount", 1)
    half = _HALF_LIBRARY.get(amt.kind) if isinstance(amt, Amount) else None
    n = 0 if half is not None else ctx.count(amt)
    milled: list[int] = []
    for p in ctx.players(e.args.get("player")):
        if half is not None:
            n = (len(ctx.game.players[p].library) + half) // 2
        milled.extend(mill_cards(ctx.game, p, n))
    ctx.set_parent("it", milled)  # "the milled card" (CR 608.2c)
    ctx.set_parent("milled", milled)  # "if a land card was milled this way"
    return True


register("arg:discard.up_to")  # "discard any number of creature cards" (CR 701.9a)


@effect("discard")
def discard(ctx: Ctx, e: Effect) -> bool:
    """CR 701.9a: the player chooses unless it's random (701.9b-c)."""
    g = ctx.game
    if isinstance(e.args.get("what"), ParentRef | ChooseRef):
        # "That player discards that card": the cards named, from their owners' hands
        for o in ctx.objects(e.args["what"]):
            if o.zone == Zone.HAND:
                move(
                    g,
                    o.id,
                    Zone.GRAVEYARD,
                    ("701.9a",),
                    reason="is discarded",
                    cause="discard",
                    by=ctx.controller,
                )
        return True
    every = e.args.get("amount") == "all"
    n = 0 if every else ctx.count(e.args.get("amount", 1))
    s = ctx.scratch
    if "players" not in s:
        s["players"] = ctx.players(e.args.get("player"))
    while s["players"]:
        p = s["players"][0]
        hand = list(g.players[p].hand)
        flt = e.args.get("filter")
        if flt is not None:
            # "discards all nonland cards with ...", "discard a creature card": only
            # those cards may be discarded (CR 701.9a)
            flt = ctx.concrete(flt)
            hand = [o for o in hand if matches_object(g, g.objects[o], flt, p, ctx.source)]
        if every:
            # "discard your hand", "discards all nonland cards with ..." (no choice)
            with simultaneous(g):  # one event (CR 603.2c: "one or more cards")
                for oid in hand:
                    new = move(
                        g,
                        oid,
                        Zone.GRAVEYARD,
                        ("701.9a", *_mv_rules(g, oid, flt)),
                        reason="is discarded",
                        cause="discard",
                        by=ctx.controller,
                    )
                    _discarded(ctx, new)
            # "discard your hand, then draw that many cards" (CR 608.2c)
            _count_discarded(ctx, p, len(hand))
            s["players"].pop(0)
            continue
        if e.args.get("random"):
            chosen = []
            for _ in range(min(n, len(hand))):
                chosen.append(hand.pop(g.rng.randrange(len(hand))))
        elif e.args.get("up_to"):
            # "discard any number of creature cards": as many as the player chooses
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    "701.9a",
                    "Choose any number of cards to discard",
                    {
                        "candidates": hand,
                        "min": 0,
                        "max": min(n, len(hand)),
                        "purpose": DecisionPurpose.DISCARD,
                    },
                    player=p,
                )
            chosen = [o for o in ctx.take_answer().objects if o in hand]
        else:
            picked = ctx.choose_exactly(
                p, hand, n, "701.9a", f"Choose {n} card(s) to discard", DecisionPurpose.DISCARD
            )
            if picked is None:
                return False
            chosen = picked
            if len(chosen) < n and ctx.task is not None:
                ctx.task.data["short"] = True  # couldn't discard that many ("if you do")
        # (CR 701.9b: a card discarded at random isn't chosen by its player)
        cites = ("701.9a", "701.9b") if e.args.get("random") else ("701.9a",)
        with simultaneous(g):  # the cards discarded at once: one event (CR 603.2c)
            for oid in chosen:
                new = move(
                    g,
                    oid,
                    Zone.GRAVEYARD,
                    cites,
                    reason="is discarded",
                    cause="discard",
                    by=ctx.controller,
                )
                _discarded(ctx, new)
        _count_discarded(ctx, p, len(chosen))
        s["players"].pop(0)
    return True


def _count_discarded(ctx: Ctx, player: int, n: int) -> None:
    """ "discard any number of cards, then draw that many cards" (CR 608.2c); with
    "each player", each draws as many as they discarded (Flux)."""
    s = ctx.scratch
    s["n_discarded"] = s.get("n_discarded", 0) + n
    ctx.set_parent("that_much", s["n_discarded"])
    each = s.setdefault("each", [])
    each.append([player, n])
    ctx.set_parent("that_much_each", list(each))


def _discarded(ctx: Ctx, new: int | None) -> None:
    """ "For each nonland card discarded this way": the cards this resolution
    discarded, as the objects they became (CR 608.2c, 400.7)."""
    if new is not None and ctx.task is not None:
        done = (ctx.task.data.get("parent") or {}).get("discarded") or []
        ctx.set_parent("discarded", [*done, new])


def _mv_rules(g: Any, oid: int, flt: Any) -> tuple[str, ...]:
    """CR 709.4b: a split card matched by its mana value used its halves' combined one."""
    if flt is None or g.objects[oid].card.data.layout not in SPLIT_LAYOUTS:
        return ()
    return ("709.4b",) if any(k.startswith("mana_value") for k, _ in flt.conditions) else ()


@effect("scry", "surveil")
def scry(ctx: Ctx, e: Effect) -> bool:
    """CR 701.22a scry: look at the top N, put any number of them on the bottom in
    any order and the rest on top in any order; 701.25a surveil: any number into
    the graveyard and the rest on top in any order. The orders are the player's
    (rules/library_order.py, CR 401.4)."""
    g = ctx.game
    p = ctx.controller
    is_scry = e.op == "scry"
    rule = "701.22a" if is_scry else "701.25a"
    s = ctx.scratch if ctx.task is not None else {}
    if "top" not in s:
        n = ctx.count(e.args.get("amount", 1))
        lib = g.players[p].library
        s["top"] = list(reversed(lib[-n:])) if n > 0 else []
        s["n"] = n
    top: list[int] = s["top"]
    if not top:
        if s["n"] > 0:  # (an empty library: the scry still happens; scry 0 doesn't, 701.22b)
            _looked(g, p, e.op, s["n"], 0, rule)
        return True
    if "away" not in s:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                rule,
                f"{'Scry' if is_scry else 'Surveil'} {s['n']}: choose the cards to put {'on the bottom' if is_scry else 'into your graveyard'}",
                {"candidates": top, "min": 0, "max": len(top), "purpose": DecisionPurpose(e.op)},
            )
        s["away"] = list(ctx.take_answer().objects)
    away: list[int] = s["away"]
    kept = [o for o in top if o not in away]
    on_top = choose_order(ctx, p, kept, "top", rule, key="order_top")
    if on_top is None:
        return False
    on_bottom = away
    if is_scry:
        ordered = choose_order(ctx, p, away, "bottom", rule, key="order_bottom")
        if ordered is None:
            return False
        on_bottom = ordered
    place_in_order(g, p, on_top, "top")
    if is_scry:
        place_in_order(g, p, on_bottom, "bottom")
    else:
        for oid in away:
            move(g, oid, Zone.GRAVEYARD, (rule,), reason="is put into the graveyard (surveil)")
    _looked(g, p, e.op, s["n"], len(away), rule)
    return True


def _looked(g: Any, p: int, op: str, n: int, away: int, rule: str) -> None:
    """The scry or surveil is done ("whenever you scry" triggers now, 701.22a)."""
    is_scry = op == "scry"
    g.emit(
        EventKind.SCRY if is_scry else EventKind.SURVEIL,
        (rule, "401.4"),
        f"{g.players[p].name} {'scries' if is_scry else 'surveils'} {n}: {away} card(s) "
        f"{'to the bottom' if is_scry else 'to the graveyard'}",
        player=p,
    )


@effect("learn")
def learn(ctx: Ctx, e: Effect) -> bool:
    """CR 701.48a: "You may discard a card. If you do, draw a card. If you didn't
    discard a card, you may reveal a Lesson card you own from outside the game and
    put it into your hand." The engine keeps no cards outside the game (no
    sideboard, CR 400.11a), so a player who doesn't discard has no Lesson to reveal."""
    g = ctx.game
    s = ctx.scratch
    p = (ctx.players(e.args.get("player")) or [ctx.controller])[0]
    name = g.players[p].name
    if "discarded" not in s:
        hand = list(g.players[p].hand)
        chosen: list[int] = []
        if hand:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    "701.48a",
                    "Learn: you may discard a card to draw a card",
                    {"candidates": hand, "min": 0, "max": 1, "purpose": DecisionPurpose.DISCARD},
                    player=p,
                )
            chosen = [o for o in ctx.take_answer().objects if o in hand][:1]
        for oid in chosen:
            new = move(
                g,
                oid,
                Zone.GRAVEYARD,
                ("701.9a", "701.48a"),
                reason="is discarded",
                cause="discard",
                by=ctx.controller,
            )
            _discarded(ctx, new)
        s["discarded"] = bool(chosen)
    if s["discarded"]:
        if s.get("drawn"):
            return True
        s["drawn"] = True
        return draw_effect(ctx, Effect("draw", {"amount": 1, "player": e.args.get("player")}))
    g.emit(
        EventKind.NO_EFFECT,
        ("701.48a", "400.11a"),
        f"{name} learns without discarding: no Lesson card outside the game to reveal",
        player=p,
    )
    return True
