"""Damage and life effects (CR 120, 119)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Amount, ControllerRef, EachRef, Effect, SelfRef, TargetRef
from ..game.actions import DecisionKind, DecisionPurpose, player_ref
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.combat_damage import lethal_needed
from ..rules.damage import deal_damage, gain_life, life_unpayable, lose_life, payable_life
from ..rules.effects_runner import Ctx
from ..rules.simultaneous import simultaneous
from ..rules.support import register
from . import effect

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register("effect:pay_life")
register("arg:damage.evenly")  # Fireball: "divided evenly, rounded down"
# "N damage divided as you choose among one or two targets": the division announced
# as it was cast (CR 601.2d; damage to untargeted objects is flagged in rules/support.py)
register("arg:damage.divided")
register("arg:damage.excess_to")  # "Excess damage is dealt to ... instead" (CR 120.4a)
register("arg:damage.unpreventable")  # "The damage can't be prevented." (CR 615.12)


@effect("damage")
def damage(ctx: Ctx, e: Effect) -> bool:
    """ "CARDNAME deals N damage to ..." (CR 120.3); divided damage uses the
    division announced on casting (CR 601.2d)."""
    src_ref = e.args.get("source", SelfRef())
    # "each Dragon you control deals 1 damage to that creature": each of them deals
    # it, and none does when there's none (CR 120.3)
    each_source = isinstance(src_ref, EachRef)
    srcs = ctx.objects(src_ref)
    if not srcs and not each_source:
        srcs = [ctx.obj]
    division = ctx.obj.division
    amt = e.args.get("amount", 0)
    amount = ctx.count(amt)
    to = e.args.get("to")
    if e.args.get("evenly") and isinstance(to, TargetRef) and to.index < len(ctx.obj.targets):
        # "divided evenly, rounded down, among any number of targets": by the number
        # of targets chosen as it was cast (CR 601.2c), even if some became illegal
        amount //= max(1, len(ctx.obj.targets[to.index]))
    recipients = ctx.refs(to)
    if isinstance(to, EachRef) and ("other", True) in to.filter.conditions:
        # "target creature deals damage to each other creature ...": other than the
        # creature dealing it (CR 109.1)
        recipients = [r for r in recipients if all(r != s.id for s in srcs)]
        ctx.set_parent("each", recipients)  # "each of those creatures" next (608.2c)
    # "each of those creatures deals damage equal to its power to that creature": each
    # source deals its own amount (CR 120.3); otherwise one source deals it
    each_own = (
        (len(srcs) > 1 or each_source)
        and isinstance(amt, Amount)
        and amt.kind in ("power", "toughness")
        and amt.ref == src_ref
    )
    # "each creature deals damage to itself equal to its power": each to itself alone
    to_itself = each_source and to == src_ref
    theirs = not division and _counted_per_player(amt)
    damaged: list[int] = []
    # "The damage can't be prevented." (CR 615.12)
    unprev = bool(e.args.get("unpreventable"))
    rules: tuple[str, ...] = ("120.3", "615.12") if unprev else ("120.3",)
    with simultaneous(ctx.game):  # one damage event, "to one or more" (CR 603.2c)
        for source in srcs if each_own or each_source else srcs[:1]:
            if each_own:
                amount = stat_of(ctx.game, source, amt)
            for r in [source.id] if to_itself else recipients:
                n = division.get(r, 0) if division and r in division else amount
                if theirs and r < 0 and ctx.task is not None:
                    # "deals damage to each player equal to the number of lands that
                    # player controls": each player's own number (CR 608.2c)
                    ctx.task.data["that_players"] = [-r - 1]
                    n = ctx.count(amt)
                excess = _excess(ctx.game, source, r, n) if e.args.get("excess_to") else None
                if excess is not None:
                    n -= excess[1]
                if deal_damage(ctx.game, source, r, n, rules=rules, unpreventable=unprev) > 0:
                    damaged.append(r)
                if excess is not None:
                    deal_damage(
                        ctx.game,
                        source,
                        excess[0],
                        excess[1],
                        rules=(*rules, "120.4a"),
                        unpreventable=unprev,
                    )
    ctx.set_parent("damaged", [r for r in damaged if r >= 0])  # "a creature dealt damage this way"
    players = [-r - 1 for r in damaged if r < 0]
    ctx.set_parent("damaged_players", players)  # "if a player is dealt damage this way"
    if players and ctx.task is not None:
        ctx.task.data["that_players"] = players  # "..., they can't gain life" (608.2c)
    return True


def _excess(game: Game, source: GameObject, to: int, n: int) -> tuple[int, int] | None:
    """CR 120.4a: "excess damage is dealt to that creature's controller instead": the
    damage beyond lethal damage (counting damage already marked; beyond 1 from a
    source with deathtouch; beyond a planeswalker's loyalty) goes to the permanent's
    controller in the same damage event. None when there's no excess."""
    o = game.objects.get(to) if to >= 0 else None
    if o is None or o.zone != Zone.BATTLEFIELD:
        return None
    extra = n - lethal_needed(game, to, source, {})
    return (player_ref(o.controller), extra) if extra > 0 else None


def stat_of(game: Game, obj: GameObject, amt: Amount) -> int:
    """ "Its power" / "its toughness" of one object (CR 208.3), times the multiplier."""
    c = chars(game, obj)
    value = c.toughness if amt.kind == "toughness" else c.power
    return max(0, value or 0) * amt.multiplier


@effect("gain_life")
def gain(ctx: Ctx, e: Effect) -> bool:
    n = ctx.count(e.args.get("amount", 0))
    for p in ctx.players(e.args.get("player")):
        gain_life(ctx.game, p, n, ("119.3",), ctx.obj.name)
    return True


@effect("lose_life")
def lose(ctx: Ctx, e: Effect) -> bool:
    """CR 119.3; "... and you gain that much life": the total life lost this way is
    the "that much" of the next instructions (608.2c)."""
    amt = e.args.get("amount", 0)
    half = amt.kind if isinstance(amt, Amount) and amt.kind in _HALF_LIFE else None
    n = 0 if half else ctx.count(amt)
    total = 0
    lost = []
    theirs = _counted_per_player(amt)
    for p in ctx.players(e.args.get("player")):
        if half:
            n = _half_life(ctx.game.players[p].life, half)
        elif theirs and ctx.task is not None:
            # "each player loses 1 life for each attacking creature they control":
            # "they" is each player in turn (CR 608.2c)
            ctx.task.data["that_players"] = [p]
            n = ctx.count(amt)
        k = lose_life(ctx.game, p, n, _HALF_LIFE.get(half or "", ("119.3",)), ctx.obj.name)
        total += k
        if k > 0:
            lost.append(p)
    ctx.set_parent("that_much", total)
    ctx.set_parent("lost_life", lost)  # "if you lost life this way" (608.2c)
    return True


def _counted_per_player(amt: Any) -> bool:
    """Whether an amount counts what "they" have ("for each creature they control"),
    so that each player named loses their own number (CR 608.2c)."""
    if isinstance(amt, Amount) and amt.kind == "sum":  # "twice the number ..." (107.1)
        return any(_counted_per_player(t) for t in amt.terms)
    return (
        isinstance(amt, Amount)
        and amt.filter is not None
        and any(v == "that_player" for _, v in amt.filter.conditions)
    )


# "loses half their life, rounded up/down": each player's own life total, as the
# instruction happens (CR 119.3; 107.1a says which way to round)
_HALF_LIFE: Final = {
    "half_life_rounded_up": ("119.3", "107.1a"),
    "half_life_rounded_down": ("119.3", "107.1a"),
}
register("amount:half_life_rounded_up", "amount:half_life_rounded_down")


def _half_life(life: int, kind: str) -> int:
    """Half of a life total, rounded as the text says (CR 107.1a); a player with
    0 or less life loses none (half of nothing)."""
    if life <= 0:
        return 0
    return (life + 1) // 2 if kind == "half_life_rounded_up" else life // 2


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


@effect("pay_life")
def pay_life(ctx: Ctx, e: Effect) -> bool:
    """ "You may pay 2 life. If you do, ...": paying life is losing it (CR 119.4); a
    player can't pay more life than they have, nor any while they can't lose life
    (119.4, 119.8), and then "if you do" is false (608.2c)."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 0))
    players = ctx.players(e.args.get("player", ControllerRef()))
    payer = players[0] if players else ctx.controller
    if e.args.get("any_amount"):
        # "pay any amount of life" (CR 119.4, 107.1b): the payer chooses how much
        if ctx.answer is None:
            return ctx.ask(
                DecisionKind.CHOOSE_OPTION,
                "119.4",
                f"{ctx.obj.name}: pay how much life?",
                {
                    "options": [str(k) for k in range(payable_life(g, payer) + 1)],
                    "purpose": DecisionPurpose.NUMBER,
                },
                player=payer,
            )
        n = int(str(ctx.take_answer().value))
        ctx.set_parent("number", n)  # "that many" (CR 608.2c)
    why = life_unpayable(g, payer, n)
    if why is not None:
        g.emit(EventKind.CANT_PAY, ("119.4",), f"{g.players[payer].name}: {why}")
        if ctx.task is not None:
            ctx.task.data["short"] = True  # "if you do" is false (CR 608.2c)
        return True
    lose_life(g, payer, n, ("119.4",), f"paid for {ctx.obj.name}", paid=True)
    return True
