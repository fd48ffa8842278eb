"""Rad counters (CR 727).

* 727.1: a kind of counter a player can have (``Player.rad``, given by the
  ``put_counters`` effect: "they get four rad counters", rules/counters.py), with an
  inherent triggered ability that has no source and is controlled by the active
  player (an exception to 113.8): "At the beginning of each player's precombat main
  phase, if that player has one or more rad counters, that player mills a number of
  cards equal to the number of rad counters they have. For each nonland card milled
  this way, that player loses 1 life and removes one rad counter from themselves."
  (:func:`_precombat_main`, the ``rad_mill`` effect).
* 727.1a: that life loss is life lost "from radiation".
"""

from __future__ import annotations

from typing import Any, Final

from ..cards.abilities import Ability, AbilityKind, Condition, Effect, Trigger, TriggerRef
from ..game.events import Event, EventKind
from ..game.hooks import CONDITIONS, on_event
from ..game.state import Game, Step
from ..rules.characteristics import chars
from ..rules.damage import lose_life
from ..rules.designations import sourceless_trigger
from ..rules.effects_runner import Ctx
from ..rules.support import register
from ..rules.zones import mill
from . import effect

#: CR 727.1, the inherent triggered ability of rad counters
RAD_ABILITY: Final = Ability(
    AbilityKind.TRIGGERED,
    text="At the beginning of each player's precombat main phase, if that player has one or "
    "more rad counters, that player mills a number of cards equal to the number of rad "
    "counters they have. For each nonland card milled this way, that player loses 1 life "
    "and removes one rad counter from themselves.",
    effects=(Effect("rad_mill", {"player": TriggerRef("player")}),),
    trigger=Trigger(
        "step",
        step="precombat_main",
        player="any",
        condition=Condition("has_rad_counters", {}),
    ),
)
#: the name the stack shows for this sourceless ability
NAME: Final = "Rad counters"


@on_event(EventKind.STEP, rules=True, watch=[("precombat_main",)])
def _precombat_main(game: Game, ev: Event, subject: Any) -> None:
    """CR 727.1, 505.1: the active player's precombat main phase begins while they
    have rad counters: the inherent ability triggers, controlled by the active
    player."""
    if game.step != Step.PRECOMBAT_MAIN:
        return
    me = game.active
    p = game.players[me]
    if p.rad <= 0 or p.has_lost:
        return
    sourceless_trigger(
        game,
        NAME,
        RAD_ABILITY,
        me,
        {"player": me},
        ("727.1",),
        f"{p.name} has {p.rad} rad counter(s): their inherent ability triggers",
    )


def _has_rad_counters(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """CR 727.1's intervening "if that player has one or more rad counters" (603.4):
    the ability's controller is that player (the active player)."""
    return game.players[controller].rad > 0


CONDITIONS.setdefault("has_rad_counters", _has_rad_counters)


@effect("rad_mill")
def rad_mill(ctx: Ctx, e: Effect) -> bool:
    """CR 727.1: mill as many cards as the player has rad counters; for each nonland
    card milled this way, lose 1 life (from radiation, 727.1a) and remove one rad
    counter."""
    g = ctx.game
    for who in ctx.players(e.args.get("player")):
        p = g.players[who]
        milled = mill(g, who, p.rad)
        nonland = sum(
            1 for oid in milled if oid in g.objects and "Land" not in chars(g, g.objects[oid]).types
        )
        if nonland <= 0:
            continue
        lose_life(g, who, nonland, ("727.1", "727.1a"), "from radiation")
        removed = min(nonland, p.rad)
        p.rad -= removed
        g.emit(
            EventKind.COUNTERS_REMOVED,
            ("727.1",),
            f"{p.name} removes {removed} rad counter(s) ({p.rad} left)",
            player=who,
            counter="rad",
            amount=removed,
        )
    return True


register("effect:rad_mill", "condition:has_rad_counters")
