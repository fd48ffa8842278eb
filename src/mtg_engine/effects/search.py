"""Keyword actions: search (CR 701.23), reveal (CR 701.20), shuffle (CR 701.24)."""

from __future__ import annotations

from ..cards.abilities import Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.permanents import enter_battlefield
from ..rules.support import register
from ..rules.views import emit_seen_privately
from ..rules.zones import move, shuffle_library
from . import effect

# "search for up to two basic land cards": the player already chooses from none up to
# N cards (CR 701.23b lets a search find fewer), so "up to" asks nothing more
register("arg:search_library.up_to")


@effect("search_library")
def search_library(ctx: Ctx, e: Effect) -> bool:
    """CR 701.23a: look through a library for cards with a quality and put them
    somewhere (``to``: hand, battlefield, graveyard, top); 701.23b: a search for
    cards with a stated quality may find nothing. The found card is "it" for
    the instructions that follow; the library is shuffled by a later
    instruction or, without one, here (CR 701.23a)."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    p = players[0]
    flt: Filter = e.args.get("filter") or Filter()
    n = ctx.amount(e.args.get("amount", 1))
    lib = g.players[p].library
    f = Filter(flt.kinds if flt.kinds != ("card",) else (), "library", flt.conditions)
    f = ctx.concrete(f)  # "with mana value X or less": X now (CR 608.2c)
    cands = [
        oid
        for oid in reversed(lib)
        if matches_object(g, g.objects[oid], f, ctx.controller, ctx.source)
    ]
    chosen: list[int] = []
    if cands:
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "701.23a",
                f"Search your library: choose up to {n} card(s)",
                {
                    "candidates": cands,
                    "min": 0,
                    "max": min(n, len(cands)),
                    "purpose": DecisionPurpose.SEARCH,
                },
            )
        chosen = [x for x in ctx.take_answer().objects if x in lib]
    to = str(e.args.get("to") or "hand")
    moved: list[int] = []
    for oid in chosen:
        name = g.objects[oid].name
        if e.args.get("reveal"):
            g.emit(EventKind.REVEAL, ("701.20a",), f"{g.players[p].name} reveals {name}")
        if to == "battlefield":
            nid = enter_battlefield(
                g,
                oid,
                controller=ctx.controller,
                rules=("701.23a",),
                tapped=bool(e.args.get("tapped")),
            )
        elif to == "top":
            lib.remove(oid)
            lib.append(oid)
            nid = oid
        else:
            zone = Zone.BY_NAME.get(to, Zone.HAND)
            nid = move(g, oid, zone, ("701.23a",), reason=f"is put into its owner's {to}")
        if nid is not None:
            moved.append(nid)
    g.emit(
        EventKind.SEARCH,
        ("701.23a",),
        f"{g.players[p].name} searches their library ({len(moved)} card(s) found)",
    )
    ctx.set_parent("it", moved)
    ctx.set_parent("searched", [p])
    return True


@effect("reveal")
def reveal(ctx: Ctx, e: Effect) -> bool:
    """CR 701.20a: show the card(s) to all players."""
    names = [o.name for o in ctx.objects(e.args.get("what"))]
    if names:
        ctx.game.emit(EventKind.REVEAL, ("701.20a",), f"{', '.join(names)} revealed")
    return True


@effect("reveal_hand")
def reveal_hand(ctx: Ctx, e: Effect) -> bool:
    """CR 701.20a: "target player reveals their hand" — every card in it is shown."""
    g = ctx.game
    for p in ctx.players(e.args.get("player")):
        names = [g.objects[oid].name for oid in g.players[p].hand]
        g.emit(
            EventKind.REVEAL,
            ("701.20a",),
            f"{g.players[p].name} reveals their hand: {', '.join(names) or 'no cards'}",
            player=p,
        )
    return True


@effect("look_at_hand")
def look_at_hand(ctx: Ctx, e: Effect) -> bool:
    """ "Look at target player's hand" (Peek): the controller sees every card in it;
    the cards stay hidden from the other players (CR 401.2, 402.3: a hand is hidden).
    Each card is its own LOOK_AT event for the viewer only (rules/views.log_entries)."""
    g = ctx.game
    viewer = g.players[ctx.controller].name
    for p in ctx.players(e.args.get("player")):
        hand = list(g.players[p].hand)
        whose = "their own" if p == ctx.controller else f"{g.players[p].name}'s"
        g.emit(
            EventKind.LOOK_AT,
            ("402.3",),
            f"{viewer} looks at {whose} hand ({len(hand)} card(s))",
        )
        emit_seen_privately(g, ctx.controller, hand, "402.3")
    return True


@effect("shuffle")
def shuffle(ctx: Ctx, e: Effect) -> bool:
    """CR 701.24a."""
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        shuffle_library(ctx.game, p)
    return True
