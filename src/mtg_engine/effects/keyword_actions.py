"""Keyword actions that grow a creature: explore (CR 701.44), connive (CR 701.50),
bolster (CR 701.39); and cascade's exile-and-cast (CR 702.85a).

Each is a fixed sequence of ordinary instructions, performed as the rule
words it; "it explores" / "it connives" name the creature doing it (the
effect's ``player`` reference is that permanent), and it still explores or
connives if it has left the battlefield: only the counter is lost (701.44b,
701.50c).
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject, Zone
from ..rules.casting import cast_while_resolving, spell_problem
from ..rules.characteristics import chars
from ..rules.counters import put_counters
from ..rules.drawing import draw
from ..rules.effects_runner import Ctx
from ..rules.zones import move
from . import effect


def _actor(ctx: Ctx, e: Effect) -> GameObject | None:
    """The permanent that explores or connives ("it", "this creature", "target creature")."""
    objs = ctx.objects(e.args.get("what") or e.args.get("player"))
    return objs[0] if objs else None


def _controller(ctx: Ctx, actor: GameObject | None) -> int:
    return actor.controller if actor is not None else ctx.controller


def _explored(ctx: Ctx, actor: GameObject | None) -> bool:
    """CR 701.44b: the permanent "explores" once the process is complete, even if
    some or all of its actions were impossible ("whenever a creature you control
    explores")."""
    if actor is not None:
        ctx.game.emit(
            EventKind.EXPLORED,
            ("701.44b",),
            f"{actor.name} explored",
            obj=actor.id,
            player=actor.controller,
        )
    return True


@effect("explore")
def explore(ctx: Ctx, e: Effect) -> bool:
    """CR 701.44a: reveal the top card of your library; a land card goes into your
    hand; otherwise put a +1/+1 counter on the exploring creature, then you may put
    the revealed card into your graveyard (else it stays on top)."""
    g = ctx.game
    s = ctx.scratch
    actor = _actor(ctx, e)
    p = _controller(ctx, actor)
    lib = g.players[p].library
    if "top" not in s:
        if not lib:
            s["top"] = None
            g.emit(
                EventKind.NO_EFFECT,
                ("701.44a",),
                f"{g.players[p].name} explores: no card to reveal",
            )
            s["done"] = True
        else:
            top = lib[-1]
            s["top"] = top
            name = g.objects[top].name
            g.emit(
                EventKind.REVEAL,
                ("701.44a", "701.20a"),
                f"{g.players[p].name} explores, revealing {name}",
            )
            if "Land" in chars(g, g.objects[top]).types:
                move(g, top, Zone.HAND, ("701.44a",), reason="is put into its owner's hand")
                s["done"] = True
                return _explored(ctx, actor)
        if actor is not None and actor.zone == Zone.BATTLEFIELD:
            put_counters(g, actor, "+1/+1", 1, ("701.44a",), why=" (explore)")
    kept = s.get("top")
    if (
        s.get("done")
        or kept is None
        or kept not in g.objects
        or g.objects[kept].zone != Zone.LIBRARY
    ):
        return _explored(ctx, actor)
    if ctx.answer is None:
        return ctx.ask(
            DecisionKind.YES_NO,
            "701.44a",
            f"Put {g.objects[kept].name} into your graveyard?",
            {"purpose": DecisionPurpose.MAY},
            player=p,
        )
    if bool(ctx.take_answer().value):
        move(g, kept, Zone.GRAVEYARD, ("701.44a",), reason="is put into its owner's graveyard")
    return _explored(ctx, actor)


@effect("connive")
def connive(ctx: Ctx, e: Effect) -> bool:
    """CR 701.50a: draw a card, then discard a card; if a nonland card was discarded
    this way, put a +1/+1 counter on the conniving permanent."""
    g = ctx.game
    s = ctx.scratch
    actor = _actor(ctx, e)
    p = _controller(ctx, actor)
    if "drawn" not in s:
        s["drawn"] = draw(g, p, 1, ("701.50a", "121.1"))
    hand = list(g.players[p].hand)
    picked = ctx.choose_exactly(
        p, hand, min(1, len(hand)), "701.50a", "Choose a card to discard", DecisionPurpose.DISCARD
    )
    if picked is None:
        return False
    nonland = False
    for oid in picked:
        nonland = nonland or "Land" not in chars(g, g.objects[oid]).types
        move(g, oid, Zone.GRAVEYARD, ("701.9a", "701.50a"), reason="is discarded", cause="discard")
    if nonland and actor is not None and actor.zone == Zone.BATTLEFIELD:
        put_counters(g, actor, "+1/+1", 1, ("701.50a",), why=" (connive)")
    return True


@effect("bolster")
def bolster(ctx: Ctx, e: Effect) -> bool:
    """CR 701.39a: choose a creature with the least toughness among creatures you
    control and put N +1/+1 counters on it."""
    g = ctx.game
    n = ctx.amount(e.args.get("amount", 1))
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    p = players[0]
    mine = [
        g.objects[oid]
        for oid in g.battlefield
        if g.objects[oid].controller == p and "Creature" in chars(g, g.objects[oid]).types
    ]
    if not mine:
        return True
    least = min(chars(g, o).toughness or 0 for o in mine)
    cands = [o.id for o in mine if (chars(g, o).toughness or 0) == least]
    picked = ctx.choose_exactly(
        p, cands, 1, "701.39a", f"Bolster {n}: choose a creature", DecisionPurpose.CHOOSE
    )
    if picked is None:
        return False
    for oid in picked:
        if oid in g.objects:
            put_counters(g, g.objects[oid], "+1/+1", n, ("701.39a",), why=" (bolster)")
    return True


@effect("cascade")
def cascade(ctx: Ctx, e: Effect) -> bool:
    """CR 702.85a: exile cards from the top of the library until a nonland card with
    mana value less than the spell's is exiled; its controller may cast it without
    paying its mana cost (if the resulting spell's mana value is also less); then
    the exiled cards not cast go on the bottom of the library in a random order."""
    g = ctx.game
    s = ctx.scratch
    p = ctx.controller
    mv = int(e.args.get("mana_value") or 0)
    lib = g.players[p].library
    if "exiled" not in s:
        exiled: list[int] = []
        hit = None
        while lib:
            nid = move(g, lib[-1], Zone.EXILE, ("702.85a",), reason="is exiled (cascade)")
            if nid is None:
                break
            exiled.append(nid)
            c = chars(g, g.objects[nid])
            if "Land" not in c.types and c.mana_value < mv:
                hit = nid
                break
        s["exiled"] = exiled
        s["hit"] = hit
    hit = s.get("hit")
    if hit is not None and not s.get("asked"):
        card = g.objects.get(hit)
        castable = (
            card is not None
            and card.zone == Zone.EXILE
            and chars(g, card).mana_value < mv
            and spell_problem(g, p, card, {"alt": "without_paying"}, with_priority=False) is None
        )
        if castable and card is not None:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "702.85a",
                    f"Cascade: cast {card.name} without paying its mana cost?",
                    {"purpose": DecisionPurpose.MAY},
                )
            s["asked"] = True
            if bool(ctx.take_answer().value):
                cast_while_resolving(g, hit, p, {"alt": "without_paying"})
                return False  # the cast task runs now; this handler continues afterwards
        s["asked"] = True
    rest = [o for o in s["exiled"] if o in g.objects and g.objects[o].zone == Zone.EXILE]
    for i in range(len(rest) - 1, 0, -1):  # "in a random order" (CR 702.85a)
        j = g.rng.randrange(i + 1)
        rest[i], rest[j] = rest[j], rest[i]
    for oid in rest:
        move(g, oid, Zone.LIBRARY, ("702.85a",), bottom=True, reason="is put on the bottom")
    return True
