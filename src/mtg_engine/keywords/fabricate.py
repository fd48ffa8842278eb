"""Fabricate (CR 702.123).

702.123a: "Fabricate N" means "When this permanent enters, you may put N +1/+1
counters on it. If you don't, create N 1/1 colorless Servo artifact creature
tokens." 702.123b: each instance triggers separately.
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Condition, ControllerRef, Effect, SelfRef
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.support import register_keywords
from .common import keyword_trigger, trigger_on_entering

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

FABRICATE = "Fabricate"
register_keywords(FABRICATE)

#: a 1/1 colorless Servo artifact creature token (CR 111.4)
SERVO = {
    "name": "Servo",
    "colors": (),
    "types": ("Artifact", "Creature"),
    "subtypes": ("Servo",),
    "supertypes": (),
    "power": 1,
    "toughness": 1,
    "keywords": [],
    "abilities_text": "",
}


@lru_cache(maxsize=16)
def fabricate_ability(n: int) -> Ability:
    """The triggered ability "Fabricate N" stands for (CR 702.123a)."""
    counters = "a +1/+1 counter" if n == 1 else f"{n} +1/+1 counters"
    servos = (
        "a 1/1 colorless Servo artifact creature token"
        if n == 1
        else (f"{n} 1/1 colorless Servo artifact creature tokens")
    )
    return keyword_trigger(
        FABRICATE,
        f"Fabricate {n} (When this permanent enters, you may put {counters} on it. "
        f"If you don't, create {servos}.)",
        (
            Effect(
                "put_counters",
                {"what": SelfRef(), "counter": "+1/+1", "amount": n},
                optional=True,
            ),
            Effect(
                "create_token",
                {"amount": n, "token": dict(SERVO), "tapped": False, "controller": ControllerRef()},
                condition=Condition("you_dont"),
            ),
        ),
        rule="702.123a",
    )


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(FABRICATE,))
def _on_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.123a-b: each fabricate instance of the entering permanent triggers."""
    trigger_on_entering(
        game,
        ev.data.get("obj", -1),
        FABRICATE,
        lambda inst: fabricate_ability(int(inst.keyword_args.get("n", 1))),
        cause=ev,
    )
