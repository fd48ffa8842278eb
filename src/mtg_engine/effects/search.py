"""Keyword actions: search (CR 701.23), reveal (CR 701.20), shuffle (CR 701.24)."""

from __future__ import annotations

from contextlib import nullcontext

from ..cards.abilities import Condition, EachRef, Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.conditions import evaluate
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object, objects_matching
from ..rules.permanents import enter_battlefield
from ..rules.simultaneous import simultaneous
from ..rules.support import register
from ..rules.views import emit_seen_privately
from ..rules.zones import move, shuffle_library
from . import effect

# "search for up to two basic land cards": the player already chooses from none up to
# N cards (CR 701.23b lets a search find fewer), so "up to" asks nothing more
register("arg:search_library.up_to")
register("arg:reveal.up_to")  # "reveal any number of ... cards in your hand" (CR 701.20a)
# "search target opponent's library" (CR 701.23a) and "then shuffle" (CR 701.24a)
register("arg:search_library.library_of", "arg:search_library.shuffle")
# "search your library and/or graveyard for a card named ..." (_zones_searched)
register("arg:search_library.also_graveyard")
# "If you control a Dragon, put that card onto the battlefield tapped instead" (_search_one)
register(
    "arg:search_library.instead_to",
    "arg:search_library.instead_tapped",
    "arg:search_library.instead_if",
)

#: "search your library and/or graveyard": the player searches one zone or both
_EITHER_OPTIONS = ("library and graveyard", "graveyard only", "library only")


@effect("search_library")
def search_library(ctx: Ctx, e: Effect) -> bool:
    """CR 701.23a: look through a library for cards with a quality and put them
    somewhere (``to``: hand, battlefield, graveyard, top, exile); 701.23b: a search
    for cards with a stated quality may find nothing. Each player the instruction
    names searches in turn (APNAP order, CR 101.4), their own library or, with
    ``library_of`` ("search target opponent's library"), that player's; a found card
    put onto the battlefield enters under the searching player's control. With
    ``shuffle`` ("then shuffle", "then that player shuffles") each searched library
    is shuffled afterwards (CR 701.24a). The found cards are "it" for the
    instructions that follow."""
    g = ctx.game
    s = ctx.scratch
    if "searchers" not in s:
        s["searchers"] = ctx.players(e.args.get("player")) or [ctx.controller]
        s["moved"] = []
        s["searched"] = []
    owner_ref = e.args.get("library_of")
    while s["searchers"]:
        p = s["searchers"][0]
        owners = ctx.players(owner_ref) if owner_ref is not None else [p]
        if not owners:
            s["searchers"].pop(0)  # the library's player is gone (an illegal target)
            continue
        owner = owners[0]
        found = _search_one(ctx, e, p, owner)
        if found is None:
            return False  # the searching player is choosing
        s["moved"].extend(found)
        if "library" in s.pop("zones", ("library",)):
            s["searched"].append(owner)  # (a library searched is shuffled after)
        s["searchers"].pop(0)
    moved = s.pop("moved")
    searched = s.pop("searched")
    s.pop("searchers")
    shuffled_first = s.pop("shuffled_first", [])
    if e.args.get("shuffle"):
        for owner in searched:
            if owner not in shuffled_first:
                shuffle_library(g, owner)
    ctx.set_parent("it", moved)
    ctx.set_parent("searched", searched)
    return True


def _different_names(flt: Filter) -> bool:
    return ("different_names", True) in flt.conditions


def _zones_searched(ctx: Ctx, e: Effect, p: int) -> tuple[str, ...] | None:
    """The zones player ``p`` searches: the library; "your library and graveyard"
    both; "your library and/or graveyard" one or both, as the player chooses (CR
    701.23a; only a library searched is shuffled, "if you search your library this
    way, shuffle"). None while the player chooses."""
    also = e.args.get("also_graveyard")
    if not also:
        return ("library",)
    if also != "either":
        return ("library", "graveyard")
    s = ctx.scratch
    if "zones" not in s:
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "701.23a",
                "Search your library and/or graveyard: which?",
                {"options": list(_EITHER_OPTIONS), "purpose": DecisionPurpose.SEARCH},
                player=p,
            )
            return None
        picked = str(ctx.take_answer().value)
        s["zones"] = {
            "graveyard only": ("graveyard",),
            "library only": ("library",),
        }.get(picked, ("library", "graveyard"))
    return tuple(s["zones"])


def _search_one(ctx: Ctx, e: Effect, p: int, owner: int) -> list[int] | None:
    """Player ``p`` searches ``owner``'s library (CR 701.23a), and with it or instead
    of it their graveyard when the instruction says so: the cards found and moved, or
    None while ``p`` chooses."""
    g = ctx.game
    zones = _zones_searched(ctx, e, p)
    if zones is None:
        return None
    ctx.scratch["zones"] = zones
    if "library" in zones and owner == p:
        # "if an opponent searched their library this turn" (Archive Trap; CR 701.23a)
        g.turn_flags.searched_library = g.turn_flags.searched_library | {p}
    flt: Filter = e.args.get("filter") or Filter()
    # CR 107.1b: "up to X, where X is this creature's power" with a negative power
    # (last known information after -3/-3) searches for up to 0
    n = max(0, ctx.amount(e.args.get("amount", 1)))
    lib = g.players[owner].library
    kinds = flt.kinds if flt.kinds != ("card",) else ()
    f = ctx.concrete(Filter(kinds, "library", flt.conditions))  # "X or less": X now (608.2c)
    cands = []
    if "library" in zones:
        cands = [
            oid for oid in reversed(lib) if matches_object(g, g.objects[oid], f, p, ctx.source)
        ]
    if "graveyard" in zones:
        fg = Filter(f.kinds, "graveyard", f.conditions)
        cands += [
            oid
            for oid in g.players[owner].graveyard
            if matches_object(g, g.objects[oid], fg, p, ctx.source)
        ]
    whose = "their" if owner == p else f"{g.players[owner].name}'s"
    where = " and/or ".join(zones)
    chosen: list[int] = []
    fewest = 0
    if cands:
        # CR 701.23d: a search of a hidden zone simply for a quantity of cards ("a
        # card", "three cards") must find that many, or as many as there are;
        # 701.23b: one for cards with a stated quality may find fewer
        if zones == ("library",) and not kinds and not f.conditions and not e.args.get("up_to"):
            fewest = min(n, len(cands))
        if ctx.answer is None:
            ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "701.23d" if fewest else "701.23a",
                f"Search {'your' if owner == p else whose} {where}: choose "
                f"{'' if fewest == n else 'up to '}{n} card(s)",
                {
                    "candidates": cands,
                    "min": fewest,
                    "max": min(n, len(cands)),
                    "purpose": DecisionPurpose.SEARCH,
                    # "... cards with different names" (CR 201.2)
                    **({"different_names": True} if _different_names(flt) else {}),
                },
                player=p,
            )
            return None
        chosen = [x for x in ctx.take_answer().objects if x in cands]
    to = str(e.args.get("to") or "hand")
    tapped = bool(e.args.get("tapped"))
    cond = e.args.get("instead_if")
    if isinstance(cond, Condition) and evaluate(g, cond, ctx.controller, ctx.source, ctx):
        # "If you control a Dragon, put that card onto the battlefield tapped instead"
        # (CR 608.2c): the condition as the instruction is followed
        to = str(e.args.get("instead_to") or to)
        tapped = bool(e.args.get("instead_tapped"))
    if e.args.get("shuffle") and to == "top":
        # "then shuffle and put that card on top" (CR 701.24a): shuffled first
        shuffle_library(g, owner)
        ctx.scratch.setdefault("shuffled_first", []).append(owner)
    moved: list[int] = []
    # "put them onto the battlefield": the cards found enter at once, one event whose
    # enters-the-battlefield abilities see all of them (CR 603.6a, 603.2c)
    with simultaneous(g) if to == "battlefield" else nullcontext():
        for oid in chosen:
            name = g.objects[oid].name
            if e.args.get("reveal"):
                g.emit(EventKind.REVEAL, ("701.20a",), f"{g.players[p].name} reveals {name}")
            if to == "battlefield":
                nid = enter_battlefield(
                    g,
                    oid,
                    controller=p,
                    rules=("701.23a",),
                    tapped=tapped,
                )
            elif to in ("top", "bottom") and oid in lib:
                lib.remove(oid)
                if to == "top":
                    lib.append(oid)
                else:
                    lib.insert(0, oid)
                nid = oid
            elif to == "library":
                nid = oid  # found, and used where it is ("you may cast that card")
            elif to == "exile":
                nid = move(g, oid, Zone.EXILE, ("701.23a", "406.2"), reason="is exiled")
            else:
                zone = Zone.BY_NAME.get(to, Zone.HAND)
                nid = move(g, oid, zone, ("701.23a",), reason=f"is put into its owner's {to}")
            if nid is not None:
                moved.append(nid)
    g.emit(
        EventKind.SEARCH,
        ("701.23a", "701.23d") if fewest else ("701.23a",),
        f"{g.players[p].name} searches {whose} {where} ({len(moved)} card(s) found)",
    )
    return moved


@effect("reveal")
def reveal(ctx: Ctx, e: Effect) -> bool:
    """CR 701.20a: show the card(s) to all players; or "target player reveals three
    cards from their hand" (:func:`_reveal_from_hand`)."""
    if "player" in e.args and isinstance(e.args.get("filter"), Filter):
        return _reveal_from_hand(ctx, e)
    names = [o.name for o in ctx.objects(e.args.get("what"))]
    if names:
        ctx.game.emit(EventKind.REVEAL, ("701.20a",), f"{', '.join(names)} revealed")
    return True


def _reveal_from_hand(ctx: Ctx, e: Effect) -> bool:
    """ "Target player reveals three cards from their hand and you choose one of them"
    (Blackmail): the revealing player chooses which cards to reveal (CR 701.20a), all
    of them when the hand holds no more; the cards revealed are "them" for the
    instructions that follow (CR 608.2c)."""
    g = ctx.game
    s = ctx.scratch
    if "revealers" not in s:
        s["revealers"] = ctx.players(e.args.get("player"))
        s["revealed"] = []
    n = max(0, ctx.amount(e.args.get("amount", 1)))  # CR 107.1b
    while s["revealers"]:
        p = s["revealers"][0]
        flt = e.args["filter"]
        f = ctx.concrete(
            Filter(flt.kinds if flt.kinds != ("card",) else (), "hand", flt.conditions)
        )
        cands = [
            oid for oid in g.players[p].hand if matches_object(g, g.objects[oid], f, p, ctx.source)
        ]
        up_to = bool(e.args.get("up_to"))  # "reveal any number of ..." (none included)
        if len(cands) <= n and not (up_to and cands):
            shown = cands
        elif ctx.answer is None:
            most = min(n, len(cands))
            ctx.ask(
                DecisionKind.CHOOSE_OBJECTS,
                "701.20a",
                f"{ctx.obj.name}: choose {'up to ' if up_to else ''}{most} card(s) from "
                "your hand to reveal",
                {
                    "candidates": cands,
                    "min": 0 if up_to else n,
                    "max": most,
                    "purpose": DecisionPurpose.REVEAL,
                },
                player=p,
            )
            return False
        else:
            shown = [x for x in ctx.take_answer().objects if x in cands]
        names = [g.objects[oid].name for oid in shown]
        g.emit(
            EventKind.REVEAL,
            ("701.20a",),
            f"{g.players[p].name} reveals {', '.join(names) or 'no cards'} from their hand",
            player=p,
        )
        s["revealed"].extend(shown)
        s["revealers"].pop(0)
    ctx.players(e.args.get("player"))  # "that player" of what follows (CR 608.2c)
    ctx.set_parent("it", list(s["revealed"]))
    return True


@effect("reveal_hand")
def reveal_hand(ctx: Ctx, e: Effect) -> bool:
    """CR 701.20a: "target player reveals their hand" — every card in it is shown."""
    g = ctx.game
    shown: list[int] = []
    for p in ctx.players(e.args.get("player")):
        names = [g.objects[oid].name for oid in g.players[p].hand]
        shown.extend(g.players[p].hand)
        g.emit(
            EventKind.REVEAL,
            ("701.20a",),
            f"{g.players[p].name} reveals their hand: {', '.join(names) or 'no cards'}",
            player=p,
        )
    # "You may cast an instant or sorcery spell from among those cards" (CR 608.2c)
    ctx.set_parent("it", shown)
    return True


@effect("look_at_hand")
def look_at_hand(ctx: Ctx, e: Effect) -> bool:
    """ "Look at target player's hand" (Peek): the controller sees every card in it;
    the cards stay hidden from the other players (CR 401.2, 402.3: a hand is hidden).
    Each card is its own LOOK_AT event for the viewer only (rules/views.log_entries)."""
    g = ctx.game
    viewer = g.players[ctx.controller].name
    seen: list[int] = []
    for p in ctx.players(e.args.get("player")):
        hand = list(g.players[p].hand)
        whose = "their own" if p == ctx.controller else f"{g.players[p].name}'s"
        g.emit(
            EventKind.LOOK_AT,
            ("402.3",),
            f"{viewer} looks at {whose} hand ({len(hand)} card(s))",
        )
        emit_seen_privately(g, ctx.controller, hand, "402.3")
        seen.extend(hand)
    # "You may cast a spell from among those cards" (CR 608.2c)
    ctx.set_parent("it", seen)
    return True


@effect("look_at")
def look_at(ctx: Ctx, e: Effect) -> bool:
    """ "Look at target face-down creature" (Smoke Teller), "You may look at each
    face-down creature that's attacking or blocking" (Revealing Wind), "Look at those
    cards" (Extract Brain): the controller sees those objects; they are shown to no
    one else (CR 701.20e; a face-down permanent stays face down, 708.5). Each is its
    own LOOK_AT event for the viewer only (rules/views.log_entries); they are "those
    cards" of the instructions after it (CR 608.2c)."""
    g = ctx.game
    ids = [o.id for o in ctx.objects(e.args.get("what"))]
    viewer = g.players[ctx.controller].name
    g.emit(EventKind.LOOK_AT, ("701.20e",), f"{viewer} looks at {len(ids)} object(s)")
    emit_seen_privately(g, ctx.controller, ids, "701.20e")
    ctx.set_parent("it", ids)
    return True


@effect("put_into_hand")
def put_into_hand(ctx: Ctx, e: Effect) -> bool:
    """ "You may put an instant or sorcery card milled this way into your hand"
    (Leyline Dowser): the player chooses that many of the cards described (CR 608.2d:
    among the cards the instruction before moved, 608.2c) and puts them into their
    owner's hand. ("A card you own exiled with this enchantment", Endless Horizons,
    isn't counted as run: rules/support.py.)"""
    g = ctx.game
    flt = e.args.get("filter")
    if not isinstance(flt, Filter):
        return True
    players = ctx.players(e.args["player"]) if e.args.get("player") is not None else []
    p = players[0] if players else ctx.controller
    if ("this_way", True) in flt.conditions:
        candidates = [oid for oid in ctx.refs(EachRef(flt)) if oid in g.objects]
    else:
        candidates = [o.id for o in objects_matching(g, flt, p, ctx.source)]
    n = min(max(0, ctx.amount(e.args.get("amount", 1))), len(candidates))
    chosen = ctx.choose_exactly(
        p,
        candidates,
        n,
        "608.2d",
        f"{ctx.obj.name}: choose {n} card(s) to put into a hand",
        DecisionPurpose.CHOOSE,
    )
    if chosen is None:
        return False
    if ("this_way", True) in flt.conditions and ctx.task is not None:
        # "put an artifact card revealed this way into your hand and the rest into
        # your graveyard" (Glint Raker): the rest is every other card revealed, a
        # matching card not chosen too (CR 608.2c)
        rest = list((ctx.task.data.get("parent") or {}).get("rest") or ())
        ctx.set_parent("rest", rest + [c for c in candidates if c not in chosen and c not in rest])
    moved = []
    for oid in chosen:
        if oid in g.objects:
            new = move(g, oid, Zone.HAND, ("608.2d",), reason="is put into its owner's hand")
            if new is not None:
                moved.append(new)
    if len(moved) < n or not n:
        if ctx.task is not None:
            ctx.task.data["short"] = True  # nothing to put there: "if you do" is false
    ctx.set_parent("it", moved)
    return True


@effect("shuffle")
def shuffle(ctx: Ctx, e: Effect) -> bool:
    """CR 701.24a."""
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        shuffle_library(ctx.game, p)
    return True


@effect("seek")
def seek(ctx: Ctx, e: Effect) -> bool:
    """ "Seek two nonland cards": a digital-only keyword action (Alchemy cards), not
    in the Comprehensive Rules; its reminder text: "To seek a card, put one at random
    from your library into your hand". Each player the instruction names puts that
    many cards with the quality, one at a time at random from among those in their
    library, into their hand; with fewer such cards, all of them, and with none,
    nothing (as a search for a stated quality may find fewer, CR 701.23b). No one
    looks at the library (it stays hidden, 401.2), so nothing is chosen and the
    library isn't shuffled. The cards sought are "it" / "them" of the instructions
    after it (608.2c)."""
    g = ctx.game
    flt: Filter = e.args.get("filter") or Filter()
    n = max(0, ctx.amount(e.args.get("amount", 1)))  # CR 107.1b
    kinds = flt.kinds if flt.kinds != ("card",) else ()
    f = ctx.concrete(Filter(kinds, "library", flt.conditions))  # "X or less": X now (608.2c)
    moved: list[int] = []
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        lib = g.players[p].library
        cands = [oid for oid in lib if matches_object(g, g.objects[oid], f, p, ctx.source)]
        found = 0
        while cands and found < n:
            oid = cands.pop(g.rng.randrange(len(cands)))
            nid = move(g, oid, Zone.HAND, ("401.2", "608.2c"), reason="is sought (at random)")
            found += 1
            if nid is not None:
                moved.append(nid)
        g.emit(
            EventKind.SEARCH,
            ("401.2", "608.2c"),
            f"{g.players[p].name} seeks {n} card(s) at random from their library ({found} found)",
        )
    ctx.set_parent("it", moved)
    return True
