"""Exchanging control of two permanents (CR 701.12a-b): "Exchange control of two
target creatures" (Switcheroo), "Exchange control of target artifact or creature
you control and target creature an opponent controls with power 3 or less" (Oko,
Thief of Crowns).

If the whole exchange can't be completed, none of it happens (701.12a): both
permanents must still be on the battlefield (a target that became illegal is no
longer among the objects the effect names, CR 608.2b). Permanents controlled by
the same player aren't exchanged (701.12b); otherwise each player gains control of
the other's permanent at once, with control-changing effects in layer 2 (613.1b)
that last as the effect says (indefinitely when it says nothing, 611.2a).

Exchanging life totals (CR 701.12c): "Two target players exchange life totals"
(Soul Conduit), "Exchange life totals with target opponent" (Mirror Universe).
Each player gains or loses the life needed to equal the other's previous total,
through the usual life events (replacements apply, triggers see them). A player
who can't gain life can't be given a higher total, nor one who can't lose life a
lower one; then the exchange can't be completed and none of it happens (701.12a).

Setting a life total (CR 119.5): "your life total becomes 15" (Form of the
Dinosaur): the player gains or loses the necessary life, through the same events.
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.damage import gain_life, life_loss_event, lose_life
from ..rules.effects_runner import Ctx
from ..rules.layers import refresh_control
from ..rules.pipeline import forbidden
from ..rules.support import register
from . import effect
from .permanents import _UNTIL, add_continuous, duration_of


@effect("exchange_control")
def exchange_control(ctx: Ctx, e: Effect) -> bool:
    """CR 701.12a-b: exchange control of the two permanents the effect names."""
    g = ctx.game
    a, b = e.args.get("a"), e.args.get("b")
    objs = ctx.objects(a) if a == b else [*ctx.objects(a), *ctx.objects(b)]
    pair = list({o.id: o for o in objs if o.zone == Zone.BATTLEFIELD}.values())
    if len(pair) != 2 or len(objs) != 2:
        g.emit(
            EventKind.CONTROL_EFFECT,
            ("701.12a",),
            "The exchange of control can't be completed: nothing is exchanged",
        )
        _not_exchanged(ctx)
        return True
    first, second = pair
    if first.controller == second.controller:
        g.emit(
            EventKind.CONTROL_EFFECT,
            ("701.12b",),
            f"{first.name} and {second.name} have the same controller: nothing is exchanged",
        )
        _not_exchanged(ctx)
        return True
    duration = duration_of(e)
    to_first, to_second = second.controller, first.controller
    add_continuous(ctx, [first], "2", "control", {"player": to_first}, duration)
    add_continuous(ctx, [second], "2", "control", {"player": to_second}, duration)
    g.emit(
        EventKind.CONTROL_EFFECT,
        ("701.12b", "613.1b"),
        f"{g.players[to_first].name} gains control of {first.name} and "
        f"{g.players[to_second].name} gains control of {second.name}" + _UNTIL.get(duration, ""),
    )
    refresh_control(g)
    return True


def _not_exchanged(ctx: Ctx) -> None:
    """ "If you don't or can't make an exchange, ..." (Gilded Drake): no exchange was
    made (CR 701.12a, 608.2c)."""
    if ctx.task is not None:
        ctx.task.data["short"] = True


@effect("exchange_life")
def exchange_life(ctx: Ctx, e: Effect) -> bool:
    """CR 701.12a, 701.12c: the two players the effect names exchange life totals."""
    g = ctx.game
    players: list[int] = []
    for key in ("player", "b"):
        if e.args.get(key) is not None:
            players += [p for p in ctx.players(e.args[key]) if p not in players]
    if len(players) != 2:
        g.emit(
            EventKind.NO_EFFECT, ("701.12a",), "There aren't two players to exchange life totals"
        )
        return True
    a, b = players
    if a in g.teammates(b):
        # CR 810.9e: a player can't exchange life totals with their teammate
        g.emit(
            EventKind.NO_EFFECT,
            ("701.12a", "810.9e"),
            "Teammates can't exchange life totals: nothing is exchanged",
        )
        return True
    life = {p: g.players[p].life for p in players}
    for p, new in ((a, life[b]), (b, life[a])):
        delta = new - life[p]
        if delta > 0:
            gain = {"kind": EventKind.GAIN_LIFE, "player": p, "amount": delta}
            why = forbidden(g, gain)  # CR 119.7
        else:
            why = forbidden(g, life_loss_event(g, p, -delta, ("701.12c",), "")) if delta else None
        if why is not None:
            g.emit(
                EventKind.NO_EFFECT,
                ("701.12a", "701.12c"),
                f"The life totals can't be exchanged ({why}): nothing is exchanged",
            )
            return True
    lost: dict[int, int] = {}
    for p, new in ((a, life[b]), (b, life[a])):
        delta = new - life[p]
        if delta > 0:
            gain_life(g, p, delta, ("701.12c",), "life totals exchanged")
        elif delta < 0:
            lost[p] = lose_life(g, p, -delta, ("701.12c",), "life totals exchanged")
    # "If you lost life this way, draw that many cards" (Mister Negative, CR 608.2c)
    ctx.set_parent("lost_life", [p for p, n in lost.items() if n > 0])
    ctx.set_parent("that_much", lost.get(ctx.controller, 0))
    return True


@effect("set_life")
def set_life(ctx: Ctx, e: Effect) -> bool:
    """CR 119.5: a player whose life total is set to a number gains or loses the life
    needed to end up with it (so 'can't gain life' stops a rise, 119.7)."""
    g = ctx.game
    n = ctx.amount(e.args.get("amount", 0))
    for p in ctx.players(e.args.get("player")):
        delta = n - g.players[p].life
        if delta > 0:
            gain_life(g, p, delta, ("119.5",), "life total set")
        elif delta < 0:
            lose_life(g, p, -delta, ("119.5",), "life total set")
    return True


register("effect:set_life")
