"""Upkeep keywords: echo (CR 702.30), cumulative upkeep (CR 702.24), fading
(CR 702.32) and vanishing (CR 702.63).

Each is a triggered ability "at the beginning of your upkeep" (CR 503.1a,
603.6); echo and vanishing have intervening "if" clauses (CR 603.4) that are
checked here as they would trigger and again as they resolve.

* 702.30a Echo: "At the beginning of your upkeep, if this permanent came
  under your control since the beginning of your last upkeep, sacrifice it
  unless you pay [cost]." Any way of gaining control counts (ruling
  502.19.1); it's paid once however often control changed (502.19.3); cost
  effects for spells don't change it (502.19.4); the choice is made on
  resolution (502.19.6); a countered trigger is never paid (502.19.8).
* 702.24a Cumulative upkeep: "At the beginning of your upkeep, if this
  permanent is on the battlefield, put an age counter on this permanent.
  Then you may pay [cost] for each age counter on it. If you don't,
  sacrifice it." 702.24b: instances trigger separately and share the age
  counters.
* 702.32a Fading N: "This permanent enters with N fade counters on it" and
  "At the beginning of your upkeep, remove a fade counter from this
  permanent. If you can't, sacrifice the permanent."
* 702.63a Vanishing N: "This permanent enters with N time counters on it,"
  "At the beginning of your upkeep, if this permanent has a time counter on
  it, remove a time counter from it," and "When the last time counter is
  removed from this permanent, sacrifice it."
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Cost, Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger, previous_turn_of

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Echo", "Cumulative upkeep", "Fading", "Vanishing")


def _cost_of(a: Ability):  # noqa: ANN202 - a Cost
    return as_cost(a.keyword_args.get("cost"))


def echo_due(game: Game, obj: GameObject, player: int) -> bool:
    """702.30a: it came under ``player``'s control since the beginning of their last upkeep."""
    return obj.controlled_since >= previous_turn_of(game, player)


@on_event(
    EventKind.STEP,
    watch=[("upkeep",)],
    keywords=("Echo", "Cumulative upkeep", "Fading", "Vanishing"),
)
def upkeep_keywords(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 503.1a: "at the beginning of your upkeep" keyword triggers."""
    if ev.data.get("step") != "upkeep":
        return
    active = game.active
    for oid in list(game.battlefield):
        o = game.objects[oid]
        if o.controller != active or o.phased_out or o.face_down:
            continue
        for a in chars(game, o).abilities:
            kw = a.keyword
            if kw == "Echo":
                if not echo_due(game, o, active):
                    continue  # CR 603.4: the intervening "if" is false: no trigger
                cost = _cost_of(a)
                if cost is None:
                    continue
                text = f"Echo {a.keyword_args.get('cost')}"
                ab = keyword_trigger(
                    "Echo",
                    f"{text}: sacrifice it unless you pay its echo cost",
                    (
                        Effect(
                            "pay_or_sacrifice", {"cost": cost, "rule": "702.30a", "label": "echo"}
                        ),
                    ),
                    rule="702.30a",
                )
                add_pending_trigger(game, o, active, ab)
            elif kw == "Cumulative upkeep":
                cost = _cost_of(a)
                if cost is None and not a.keyword_args.get("alternatives"):
                    continue
                args = {"cost": cost or Cost()}
                alts = a.keyword_args.get("alternatives") or a.keyword_args.get("costs")
                if alts:
                    args["alternatives"] = tuple(alts)
                ab = keyword_trigger(
                    "Cumulative upkeep",
                    "Cumulative upkeep: put an age counter on it, then pay its upkeep cost for "
                    "each age counter or sacrifice it",
                    (Effect("cumulative_upkeep", args),),
                    rule="702.24a",
                )
                add_pending_trigger(game, o, active, ab)
            elif kw == "Fading":
                ab = keyword_trigger(
                    "Fading",
                    "Fading: remove a fade counter from it; if you can't, sacrifice it",
                    (Effect("fading_upkeep", {}),),
                    rule="702.32a",
                )
                add_pending_trigger(game, o, active, ab)
            elif kw == "Vanishing":
                if o.counters.get("time", 0) <= 0:
                    continue  # CR 603.4 (ruling 502.60.2)
                ab = keyword_trigger(
                    "Vanishing",
                    "Vanishing: remove a time counter from it",
                    (Effect("vanishing_upkeep", {}),),
                    rule="702.63a",
                )
                add_pending_trigger(game, o, active, ab)
