"""Keyword actions that create a token and grow it: amass (CR 701.47) and
incubate (CR 701.53, the Incubator token of 111.10i).

Each performs the instruction as the rule words it, with the ordinary
instructions the engine already has: a token created (CR 111.1), +1/+1
counters put on a permanent (CR 122.1), a type added "in addition to its
other types" (a layer 4 effect, CR 613.1d).
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import ControllerRef, Effect
from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.objects import GameObject
from ..rules.characteristics import chars
from ..rules.counters import put_counters
from ..rules.delayed import BoundRef
from ..rules.effects_runner import Ctx
from ..rules.support import register
from . import effect
from .permanents import add_continuous
from .tokens import create_token

# amass's subtype: "amass Orcs 2" (CR 701.47a, 701.47d)
register("arg:amass.subtype")


def _armies(ctx: Ctx, p: int) -> list[GameObject]:
    g = ctx.game
    out = []
    for oid in g.battlefield:
        o = g.objects[oid]
        if o.controller != p or o.phased_out:
            continue
        c = chars(g, o)
        if "Creature" in c.types and "Army" in c.subtypes:
            out.append(o)
    return out


@effect("amass")
def amass(ctx: Ctx, e: Effect) -> bool:
    """CR 701.47a: "If you don't control an Army creature, create a 0/0 black
    [subtype] Army creature token. Choose an Army creature you control. Put N
    +1/+1 counters on that creature. If it isn't a [subtype], it becomes a
    [subtype] in addition to its other types." The chosen Army is "the Army you
    amassed" (701.47c) for the instructions that follow ("it")."""
    g = ctx.game
    s = ctx.scratch
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    p = players[0]
    subtype = str(e.args.get("subtype") or "Zombie")  # 701.47d: older "amass N" reads Zombies
    n = ctx.count(e.args.get("amount", 1))
    if "created" not in s:
        s["created"] = True
        if not _armies(ctx, p):
            token: dict[str, Any] = {
                "colors": ("black",),
                "types": ("Creature",),
                "subtypes": (subtype, "Army"),
                "supertypes": (),
                "power": 0,
                "toughness": 0,
                "keywords": [],
            }
            g.emit(
                EventKind.AMASS,
                ("701.47a",),
                f"{g.players[p].name} controls no Army: creates a 0/0 black {subtype} Army token",
                player=p,
            )
            who = ControllerRef() if p == ctx.controller else BoundRef((-p - 1,))
            create_token(
                ctx, Effect("create_token", {"token": token, "amount": 1, "controller": who})
            )
    armies = [o.id for o in _armies(ctx, p)]
    picked = ctx.choose_exactly(
        p,
        armies,
        min(1, len(armies)),
        "701.47a",
        f"Amass {subtype} {n}: choose an Army",
        DecisionPurpose.CHOOSE,
    )
    if picked is None:
        return False
    for oid in picked:
        army = g.objects[oid]
        put_counters(g, army, "+1/+1", n, ("701.47a",), why=" (amass)")
        if subtype not in chars(g, army).subtypes:
            args = {"types": (), "subtypes": (subtype,), "supertypes": ()}
            add_continuous(ctx, [army], "4", "add_types", args, "permanent")
            g.emit(
                EventKind.CONTINUOUS_EFFECT,
                ("701.47a", "613.1d"),
                f"{army.name} is a {subtype} in addition to its other types",
            )
    g.emit(
        EventKind.AMASS,
        ("701.47b",),
        f"{g.players[p].name} amassed {subtype} {n}",
        player=p,
    )
    ctx.set_parent("it", picked)  # "the Army you amassed" (701.47c)
    return True


#: CR 111.10i: the Incubator token, a double-faced token
INCUBATOR: dict[str, Any] = {
    "name": "Incubator",
    "colors": (),
    "types": ("Artifact",),
    "subtypes": ("Incubator",),
    "supertypes": (),
    "power": None,
    "toughness": None,
    "keywords": [],
    "abilities_text": "{2}: Transform this token.",
    "back": {
        "name": "Phyrexian Token",
        "colors": (),
        "types": ("Artifact", "Creature"),
        "subtypes": ("Phyrexian",),
        "supertypes": (),
        "power": 0,
        "toughness": 0,
        "keywords": [],
    },
}


@effect("incubate")
def incubate(ctx: Ctx, e: Effect) -> bool:
    """CR 701.53a: "To incubate N, create an Incubator token that enters the
    battlefield with N +1/+1 counters on it" (its faces: 701.53b, 111.10i).
    "Its controller incubates X" creates the token under that player's control."""
    g = ctx.game
    n = ctx.count(e.args.get("amount", 1))
    players = ctx.players(e.args.get("player")) or [ctx.controller]
    for p in players:
        g.emit(EventKind.INCUBATE, ("701.53a",), f"{g.players[p].name} incubates {n}", player=p)
        who = ControllerRef() if p == ctx.controller else BoundRef((-p - 1,))
        create_token(
            ctx,
            Effect(
                "create_token",
                {
                    "token": INCUBATOR,
                    "amount": 1,
                    "controller": who,
                    "with_counters": {"+1/+1": n} if n > 0 else None,
                },
            ),
        )
    return True
