"""Keyword actions done to creatures: suspect (CR 701.60), blight (CR 701.68) and
endure (CR 701.63).

* Suspect: the creature becomes suspected, a designation (701.60b) kept with the
  permanent (in its ``chosen`` record, as monstrous and renowned are) until it
  leaves the battlefield; a suspected permanent has menace and "This creature
  can't block" for as long as it's suspected (701.60c): two continuous effects on
  it alone, which end as it leaves (CR 400.7, 611.2b). One already suspected isn't
  suspected again (701.60d).
* Blight N: the player puts N -1/-1 counters on a creature they control (701.68a);
  with none, they can't (701.68b: "you may blight" can't be chosen). The blighted
  creature is "it" for what follows (701.68c).
* Endure N: the permanent's controller creates an N/N white Spirit creature token
  unless they put N +1/+1 counters on it (701.63a); endure 0 does nothing (701.63b).
  A permanent that has left the battlefield can't get counters: the token is made.
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import ControllerRef, Effect, Filter
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.counters import put_counters
from ..rules.delayed import BoundRef
from ..rules.effects_runner import Ctx
from ..rules.filters import objects_matching
from ..rules.prepare import become_prepared
from . import effect
from .permanents import add_continuous
from .tokens import create_token

#: the designation's key in a permanent's ``chosen`` record (rules/filters.py)
SUSPECTED = "suspected"


@effect("suspect")
def suspect(ctx: Ctx, e: Effect) -> bool:
    """CR 701.60a-d: the creatures the instruction names become suspected."""
    g = ctx.game
    for o in ctx.objects(e.args.get("what")):
        if o.zone != Zone.BATTLEFIELD or (o.chosen or {}).get(SUSPECTED):
            continue  # CR 701.60b, 701.60d
        o.chosen = {**(o.chosen or {}), SUSPECTED: True}
        add_continuous(ctx, [o], "6", "grant_keyword", {"keyword": "Menace"}, "permanent")
        add_continuous(ctx, [o], "6r", "cant_block", {}, "permanent")
        g.emit(
            EventKind.CONTINUOUS_EFFECT,
            ("701.60a", "701.60c"),
            f"{o.name} becomes suspected: it has menace and can't block",
            obj=o.id,
        )
    return True


#: "a creature you control" (CR 701.68a)
_YOUR_CREATURE = Filter(("Creature",), "battlefield", (("controller", "you"),))


@effect("blight")
def blight(ctx: Ctx, e: Effect) -> bool:
    """CR 701.68a-c: put N -1/-1 counters on a creature you control."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    p = players[0]
    n = ctx.count(e.args.get("amount", 1))
    creatures = [o.id for o in objects_matching(g, _YOUR_CREATURE, p, None)]
    if not creatures or n <= 0:
        if ctx.task is not None:
            ctx.task.data["short"] = True  # CR 701.68b: couldn't blight ("if you do")
        return True
    picked = ctx.choose_exactly(
        p,
        creatures,
        1,
        "701.68a",
        f"Blight {n}: choose a creature you control to put {n} -1/-1 counter(s) on",
        DecisionPurpose.CHOOSE,
    )
    if picked is None:
        return False
    for oid in picked:
        put_counters(g, g.objects[oid], "-1/-1", n, ("701.68a",), why=" (blight)")
    g.emit(EventKind.BLIGHT, ("701.68d",), f"{g.players[p].name} blighted {n}", player=p)
    ctx.set_parent("it", picked)  # "the blighted creature" (701.68c)
    return True


_COUNTERS, _TOKEN = "put +1/+1 counters", "create a Spirit token"


@effect("endure")
def endure(ctx: Ctx, e: Effect) -> bool:
    """CR 701.63a-b: the permanent endures N."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 1))
    if n <= 0:
        return True  # CR 701.63b
    found = ctx.objects(e.args.get("player"))
    perm = found[0] if found else None
    here = perm is not None and perm.zone == Zone.BATTLEFIELD and perm.id in g.objects
    who = perm.controller if here and perm is not None else ctx.controller
    choice = _TOKEN
    if here and perm is not None:
        s = ctx.scratch
        if "endure" not in s:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OPTION,
                    "701.63a",
                    f"{perm.name} endures {n}: put {n} +1/+1 counter(s) on it, or create "
                    f"a {n}/{n} white Spirit creature token?",
                    {"options": [_COUNTERS, _TOKEN], "purpose": DecisionPurpose.CHOOSE},
                    player=who,
                )
            s["endure"] = str(ctx.take_answer().value)
        choice = s["endure"]
    if choice == _COUNTERS and perm is not None:
        put_counters(g, perm, "+1/+1", n, ("701.63a",), why=" (endure)")
        return True
    token: dict[str, Any] = {
        "name": "Spirit",
        "colors": ("white",),
        "types": ("Creature",),
        "subtypes": ("Spirit",),
        "supertypes": (),
        "power": n,
        "toughness": n,
        "keywords": [],
    }
    g.emit(
        EventKind.CONTINUOUS_EFFECT,
        ("701.63a",),
        f"{perm.name if perm is not None else ctx.source.name} endures {n}: "
        f"{g.players[who].name} creates a {n}/{n} white Spirit token",
    )
    ref = ControllerRef() if who == ctx.controller else BoundRef((-who - 1,))
    return create_token(
        ctx, Effect("create_token", {"token": token, "amount": 1, "controller": ref})
    )


@effect("become_prepared")
def become_prepared_effect(ctx: Ctx, e: Effect) -> bool:
    """ "[This creature / target creature] becomes prepared" (rules/prepare.py)."""
    for o in ctx.objects(e.args.get("what")):
        become_prepared(ctx.game, o, ctx.obj.name)
    return True
