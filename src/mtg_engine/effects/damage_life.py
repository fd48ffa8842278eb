"""Damage and life effects (CR 120, 119)."""

from __future__ import annotations

from ..cards.abilities import Effect, SelfRef, TargetRef
from ..rules.characteristics import chars
from ..rules.damage import deal_damage, gain_life, lose_life
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect

register("arg:damage.evenly")  # Fireball: "divided evenly, rounded down"
# "N damage divided as you choose among one or two targets": the division announced
# as it was cast (CR 601.2d; damage to untargeted objects is flagged in rules/support.py)
register("arg:damage.divided")


@effect("damage")
def damage(ctx: Ctx, e: Effect) -> bool:
    """ "CARDNAME deals N damage to ..." (CR 120.3); divided damage uses the
    division announced on casting (CR 601.2d)."""
    src_ref = e.args.get("source", SelfRef())
    srcs = ctx.objects(src_ref) or [ctx.obj]
    source = srcs[0]
    division = ctx.obj.division
    amount = ctx.amount(e.args.get("amount", 0))
    to = e.args.get("to")
    if e.args.get("evenly") and isinstance(to, TargetRef) and to.index < len(ctx.obj.targets):
        # "divided evenly, rounded down, among any number of targets": by the number
        # of targets chosen as it was cast (CR 601.2c), even if some became illegal
        amount //= max(1, len(ctx.obj.targets[to.index]))
    damaged: list[int] = []
    for r in ctx.refs(e.args.get("to")):
        n = division.get(r, 0) if division and r in division else amount
        if deal_damage(ctx.game, source, r, n, rules=("120.3",)) > 0 and r >= 0:
            damaged.append(r)
    ctx.set_parent("damaged", damaged)  # "a creature dealt damage this way" (CR 608.2c)
    return True


@effect("gain_life")
def gain(ctx: Ctx, e: Effect) -> bool:
    n = ctx.amount(e.args.get("amount", 0))
    for p in ctx.players(e.args.get("player")):
        gain_life(ctx.game, p, n, ("119.3",), ctx.obj.name)
    return True


@effect("lose_life")
def lose(ctx: Ctx, e: Effect) -> bool:
    n = ctx.amount(e.args.get("amount", 0))
    for p in ctx.players(e.args.get("player")):
        lose_life(ctx.game, p, n, ("119.3",), ctx.obj.name)
    return True


@effect("fight")
def fight(ctx: Ctx, e: Effect) -> bool:
    """CR 701.14a: each deals damage equal to its power to the other."""
    a = ctx.objects(e.args.get("a"))
    b = ctx.objects(e.args.get("b"))
    if not a or not b:
        return True  # CR 701.14b: if either isn't there, no damage
    x, y = a[0], b[0]
    px, py = chars(ctx.game, x).power or 0, chars(ctx.game, y).power or 0
    deal_damage(ctx.game, x, y.id, px, rules=("701.14a",))
    deal_damage(ctx.game, y, x.id, py, rules=("701.14a",))
    return True
