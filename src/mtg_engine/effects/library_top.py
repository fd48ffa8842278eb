"""The top cards of a library: "look at", "reveal" and "exile the top N cards"
(CR 401.2, 701.20, 406), and "put ... into its owner's graveyard".

The cards these instructions handle become the "them" of the ability's later
instructions (``ParentRef("it")``): "put one of them into your hand and the rest
on the bottom of your library" chooses among them (CR 608.2d,
rules/effects_runner.choose_refs) and "the rest" is the others.

Hidden information (CR 401.2): a library's cards are hidden from every player.
Cards looked at are known only to the player who looked: the log events that name
them carry that player and the card, so ``observe`` shows them to that player
only (rules/views.py). Revealed cards are shown to all players (CR 701.20a): their
event names no hidden card for the view to hide.
"""

from __future__ import annotations

from ..cards.abilities import EachRef, Effect, Filter, TargetRef
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.effects_runner import Ctx
from ..rules.filters import matches_object
from ..rules.linked import link_owner
from ..rules.linked_exile import exile_linked
from ..rules.play_permissions import DURATIONS, FLAGS, WHILE_EXILED, ZONES, grant
from ..rules.support import register
from ..rules.views import emit_seen_privately
from ..rules.zones import move
from . import effect

# "one of them", "a creature card from among them" (rules/effects_runner.choose_refs)
register("cond:from_among")
# "you may cast ...", "... without paying its mana cost", "a creature spell" (one):
# what a play permission says (rules/play_permissions.FLAGS)
register(
    "arg:may_play.cast_only",
    "arg:may_play.free",
    "arg:may_play.once",
    "arg:may_play.exile_instead",
    "arg:exile_top.face_down",
)
register("arg:exile_top.face_down")  # "exile the top card of your library face down" (406.3)


def _top(ctx: Ctx, e: Effect) -> list[tuple[int, list[int]]]:
    """Each named player and the ids of their library's top N cards, top first
    (the library's last element is its top card)."""
    n = max(0, ctx.amount(e.args.get("amount", 1)))
    out = []
    for p in ctx.players(e.args.get("player")):
        lib = ctx.game.players[p].library
        out.append((p, list(reversed(lib[-n:])) if n else []))
    return out


@effect("look_at_top")
def look_at_top(ctx: Ctx, e: Effect) -> bool:
    """ "Look at the top N cards of your library": the controller sees them; they
    stay hidden from the other players (CR 401.2)."""
    g = ctx.game
    looked: list[int] = []
    viewer = g.players[ctx.controller].name
    for p, ids in _top(ctx, e):
        whose = "their" if p == ctx.controller else f"{g.players[p].name}'s"
        g.emit(
            EventKind.LOOK_AT_TOP,
            ("401.2",),
            f"{viewer} looks at the top {len(ids)} card(s) of {whose} library",
        )
        emit_seen_privately(g, ctx.controller, ids, "401.2")
        looked.extend(ids)
    ctx.set_parent("it", looked)
    return True


@effect("reveal_top")
def reveal_top(ctx: Ctx, e: Effect) -> bool:
    """ "Reveal the top N cards of your library": shown to all players (CR 701.20a)."""
    g = ctx.game
    revealed: list[int] = []
    for p, ids in _top(ctx, e):
        names = ", ".join(g.objects[oid].name for oid in ids) or "no cards"
        g.emit(
            EventKind.REVEAL,
            ("701.20a",),
            f"{g.players[p].name} reveals the top {len(ids)} card(s) of their library: {names}",
        )
        revealed.extend(ids)
    ctx.set_parent("it", revealed)
    return True


@effect("exile_top")
def exile_top(ctx: Ctx, e: Effect) -> bool:
    """ "Exile the top N cards of your library" (CR 406.2). The exiled cards are
    linked to the exiling object (CR 607.2a) and are the "them" and "cards exiled
    this way" of later instructions; "... face down" (CR 406.3)."""
    g = ctx.game
    owner = link_owner(ctx.obj)
    face_down = bool(e.args.get("face_down"))
    rules = ("406.2", "406.3") if face_down else ("406.2",)
    moved: list[int] = []
    face_down = bool(e.args.get("face_down"))  # CR 406.3: "exile ... face down"
    rules = ("406.2", "406.3") if face_down else ("406.2",)
    for _p, ids in _top(ctx, e):
        for oid in ids:
            nid = exile_linked(g, oid, owner, rules, face_down=face_down)
            if nid is not None:
                moved.append(nid)
    ctx.set_parent("it", moved)
    if ctx.task is not None:
        done = (ctx.task.data.get("parent") or {}).get("exiled") or []
        ctx.set_parent("exiled", [*done, *moved])
    return True


@effect("put_into_graveyard")
def put_into_graveyard(ctx: Ctx, e: Effect) -> bool:
    """ "Put the rest into your graveyard": each card goes to its owner's graveyard
    (CR 404.1, 400.3)."""
    for o in ctx.objects(e.args.get("what")):
        if o.zone in (Zone.STACK, Zone.GRAVEYARD):
            continue  # (a spell or ability isn't "put into" a graveyard by this)
        move(ctx.game, o.id, Zone.GRAVEYARD, ("400.3",), reason="is put into its owner's graveyard")
    return True


@effect("may_play")
def may_play(ctx: Ctx, e: Effect) -> bool:
    """ "You may play it this turn", "until the end of your next turn, you may play
    those cards": a permission to play those exiled cards (CR 601.2a, 305.1, 611.2;
    rules/play_permissions.py). The "may" is used later, as the player plays them.
    "You may cast target creature card in a graveyard this turn" (``cast_only``) lets
    a graveyard card be cast; "until end of turn, you may cast a creature spell from
    among cards exiled with this artifact without paying its mana cost" is one spell
    (``once``), cast for nothing (``free``, CR 118.9)."""
    duration = e.args.get("duration") or "end_of_turn"
    if duration not in DURATIONS:
        ctx.game.emit(
            EventKind.UNSUPPORTED,
            ("611.2",),
            f"{ctx.obj.name}: a play permission lasting {duration}",
        )
        return True
    what = e.args.get("what")
    flt = what.filter if isinstance(what, EachRef) and isinstance(what.filter, Filter) else None
    ids: tuple[int, ...] = ()
    if flt is not None and flt.zone in ("exile", "graveyard"):
        flt = ctx.concrete(flt)  # "cards exiled with this artifact": read as each is cast (611.2c)
    else:
        flt = None
        # CR 611.2b: "for as long as it remains exiled" names only exiled cards
        zones = (Zone.EXILE,) if duration == WHILE_EXILED else ZONES
        ids = tuple(o.id for o in ctx.objects(what) if o.zone in zones)
        if not ids and isinstance(what, TargetRef):
            # "Exile target card from your graveyard. You may play that card ...": the
            # card the exile just made of the target (CR 400.7j, 608.2c)
            ids = tuple(ctx.exiled_targets(what))
        if not ids:
            return True
    flags = tuple(f for f in FLAGS if e.args.get(f))
    verb = "cast" if "cast_only" in flags else "play"
    if "once" in flags:
        verb = f"{verb} one spell from among"
    for p in ctx.players(e.args.get("player")) or [ctx.controller]:
        grant(ctx.game, ctx.source.id, p, ids, duration, flags, flt)
        names = ", ".join(ctx.game.objects[i].name for i in ids) or _described(ctx, flt)
        until = _UNTIL[duration]
        free = " without paying its mana cost" if "free" in flags else ""
        ctx.game.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("611.2", "601.2a", *(("118.9",) if free else ())),
            f"{ctx.game.players[p].name} may {verb} {names}{free} {until}",
            player=p,
        )
    return True


#: how the log says each duration of a play permission (rules/play_permissions.DURATIONS)
_UNTIL = {
    "end_of_turn": "this turn",
    "until_end_of_your_next_turn": "until the end of their next turn",
    "until_your_next_end_step": "until their next end step",
    WHILE_EXILED: "for as long as it remains exiled",
}


def _described(ctx: Ctx, flt: Filter | None) -> str:
    """The cards a permission's filter names, for the log."""
    if flt is not None and ("exiled_with", "self") in flt.conditions:
        return f"the cards exiled with {ctx.source.name}"
    return f"the cards in {flt.zone if flt is not None else 'exile'} it names"


@effect("reveal_until")
def reveal_until(ctx: Ctx, e: Effect) -> bool:
    """ "Reveal cards from the top of your library until you reveal a creature card"
    (CR 701.20a): cards are revealed one at a time from the top until ``amount``
    (default one) cards matching ``filter`` have been revealed, or the library runs
    out. The revealed cards stay in the library until a later instruction moves
    them: "that card" is what was found (``ParentRef("it")``), "the rest" the other
    revealed cards, and "all cards revealed this way", "those cards" all of them
    (``ParentRef("revealed")``)."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    p = players[0]
    flt = ctx.concrete(e.args.get("filter") or Filter())
    flt = Filter(flt.kinds if flt.kinds != ("card",) else (), "library", flt.conditions)
    want = max(0, ctx.amount(e.args.get("amount", 1)))
    lib = g.players[p].library
    revealed: list[int] = []
    found: list[int] = []
    for oid in reversed(list(lib)):
        if len(found) >= want:
            break
        revealed.append(oid)
        if matches_object(g, g.objects[oid], flt, ctx.controller, ctx.source):
            found.append(oid)
    names = ", ".join(g.objects[oid].name for oid in revealed) or "no cards"
    g.emit(
        EventKind.REVEAL,
        ("701.20a",),
        f"{g.players[p].name} reveals cards from the top of their library until "
        f"{len(found)} matching card(s) are revealed: {names}",
    )
    ctx.set_parent("it", found)
    ctx.set_parent("rest", [oid for oid in revealed if oid not in found])
    ctx.set_parent("revealed", revealed)
    return True
