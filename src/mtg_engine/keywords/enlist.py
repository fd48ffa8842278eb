"""Enlist (CR 702.154).

702.154a: enlist represents a static ability and a triggered ability: "As this
creature attacks, you may tap up to one untapped creature you control that you
didn't choose to attack with and that either has haste or has been under your
control continuously since this turn began. When you do, this creature gets
+X/+0 until end of turn, where X is the tapped creature's power."
702.154b: the static ability is an optional cost to attack (CR 508.1g), paid with
the other costs (508.1j); the triggered ability is linked to it (607.2h), a
reflexive triggered ability (603.12). 702.154c: a creature "enlists" the creature
it taps; it can't enlist itself (it is attacking). 702.154d: each instance works
separately, and triggers only for its own cost.

The declare-attackers step (rules/combat.py) asks, for each instance of each
attacking creature's enlist, which creature to tap (``DecisionPurpose.ENLIST``,
none allowed) through the keyword hooks set here. X is the enlisted creature's
power as the ability resolves, or as it last existed on the battlefield (608.2h).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Effect, SelfRef, Trigger
from ..game.events import EventKind
from ..game.hooks import EFFECT_HANDLERS, KEYWORD_HOOKS, effect, gate_keywords, keywords_possible
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.summoning_sickness import is_summoning_sick
from ..rules.support import register, register_keywords
from ..rules.tapping import became_tapped, pay_tap
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..game.state import Game
    from ..rules.effects_runner import Ctx

ENLIST: Final = "Enlist"
register_keywords(ENLIST)
#: (a game no object of which may have enlist asks nothing as attackers are declared)
_GATE: Final = gate_keywords((ENLIST,))

#: the reflexive triggered ability's effect: +X/+0 until end of turn (CR 702.154a)
BONUS: Final = "enlist_bonus"
register(f"effect:{BONUS}")

_WHEN_YOU_DO: Final = keyword_trigger(
    ENLIST,
    "Enlist (When you do, this creature gets +X/+0 until end of turn, where X is the "
    "tapped creature's power.)",
    (Effect(BONUS, {}),),
    trigger=Trigger("keyword"),
    rule="702.154a",
)


def enlisters(game: Game, attackers: list[int]) -> list[int]:
    """The attacking creatures with enlist, once per instance (CR 702.154d)."""
    out: list[int] = []
    if _GATE.isdisjoint(keywords_possible(game)):
        return out
    for creature in attackers:
        o = game.objects.get(creature)
        if o is not None:
            out.extend(creature for a in chars(game, o).abilities if a.keyword == ENLIST)
    return out


def enlist_candidates(
    game: Game, creature: int, attackers: list[int], taken: list[int]
) -> list[int]:
    """CR 702.154a: the untapped creatures its controller controls that aren't
    attacking (nor already tapped for another enlist) and have haste or have been
    under their control continuously since the turn began."""
    you = game.objects[creature].controller
    out = []
    for oid in game.battlefield:
        x = game.objects[oid]
        if oid in attackers or oid in taken or x.controller != you or x.tapped or x.phased_out:
            continue
        c = chars(game, x)
        if "Creature" in c.types and not is_summoning_sick(game, x, c):
            out.append(oid)
    return out


def enlist(game: Game, creature: int, enlisted: int) -> None:
    """CR 508.1j, 702.154a, c: the cost is paid by tapping the creature; the linked
    ability triggers ("when you do", 603.12)."""
    o, x = game.objects.get(creature), game.objects.get(enlisted)
    if o is None or x is None or x.zone != Zone.BATTLEFIELD or x.tapped:
        return
    if pay_tap(game, x, ("508.1j", "702.154a")):
        became_tapped(game, [x], ("508.1j", "702.154a"))
    game.emit(
        EventKind.KEYWORD_PAID,
        ("508.1g", "702.154a", "702.154c"),
        f"{o.name} enlists {x.name}",
        obj=creature,
    )
    power = chars(game, x).power or 0
    add_pending_trigger(game, o, o.controller, _WHEN_YOU_DO, {"obj": enlisted, "power": power})


KEYWORD_HOOKS.enlisters = enlisters
KEYWORD_HOOKS.enlist_candidates = enlist_candidates
KEYWORD_HOOKS.enlist = enlist


@effect(BONUS)
def enlist_bonus(ctx: Ctx, e: Effect) -> bool:
    """CR 702.154a: "this creature gets +X/+0 until end of turn, where X is the
    tapped creature's power": its power now, or as it last existed (608.2h)."""
    td = ctx.obj.trigger_data or {}
    x = ctx.game.objects.get(int(td.get("obj", -1)))
    if x is not None and x.zone == Zone.BATTLEFIELD:
        power = chars(ctx.game, x).power or 0
    else:
        power = int(td.get("power", 0))
    pump = Effect(
        "modify_pt", {"what": SelfRef(), "power": power, "toughness": 0, "duration": "end_of_turn"}
    )
    return EFFECT_HANDLERS["modify_pt"](ctx, pump)
