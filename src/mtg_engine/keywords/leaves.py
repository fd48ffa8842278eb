"""Keywords that trigger when their permanent is put into a graveyard from the
battlefield: modular (CR 702.43a), soulshift (CR 702.46a) and afterlife (CR 702.135a).

They "look back in time" (CR 603.10a): modular counts the +1/+1 counters the
permanent had as it left (last known information, CR 608.2h).

* 702.43a Modular: "When this permanent is put into a graveyard from the
  battlefield, you may put a +1/+1 counter on target artifact creature for
  each +1/+1 counter on this permanent."
* 702.46a Soulshift N: "When this permanent is put into a graveyard from the
  battlefield, you may return target Spirit card with mana value N or less
  from your graveyard to your hand." (702.46b: each instance triggers.)
"""

from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ..cards.abilities import Ability, ControllerRef, Effect, Filter, TargetRef, TargetSpec
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

AFTERLIFE = "Afterlife"
register_keywords("Modular", "Soulshift", AFTERLIFE)

#: a 1/1 white and black Spirit creature token with flying (afterlife, CR 702.135a)
SPIRIT = {
    "name": "Spirit",
    "colors": ("white", "black"),
    "types": ("Creature",),
    "subtypes": ("Spirit",),
    "supertypes": (),
    "power": 1,
    "toughness": 1,
    "keywords": ["Flying"],
    "abilities_text": "",
}


@lru_cache(maxsize=8)
def afterlife_ability(n: int) -> Ability:
    """CR 702.135a: "Afterlife N" means "When this permanent is put into a graveyard
    from the battlefield, create N 1/1 white and black Spirit creature tokens with
    flying." """
    tokens = (
        "a 1/1 white and black Spirit creature token"
        if n == 1
        else (f"{n} 1/1 white and black Spirit creature tokens")
    )
    return keyword_trigger(
        AFTERLIFE,
        f"Afterlife {n} (When this permanent is put into a graveyard from the battlefield, "
        f"create {tokens} with flying.)",
        (
            Effect(
                "create_token",
                {
                    "amount": n,
                    "token": dict(SPIRIT),
                    "tapped": False,
                    "controller": ControllerRef(),
                },
            ),
        ),
        rule="702.135a",
    )


_ARTIFACT_CREATURE = Filter(kinds=("Artifact",), conditions=(("type", "Creature"),))


@on_event(
    EventKind.ZONE_CHANGE,
    watch=[("battlefield", "graveyard")],
    keywords=("Modular", AFTERLIFE, "Soulshift"),
)
def leaves_battlefield(game: Game, ev: Event, subject: GameObject | None) -> None:
    d = ev.data
    if d.get("from_zone") != "battlefield" or d.get("to_zone") != "graveyard" or subject is None:
        return
    new = game.objects.get(d.get("obj", 0))
    if new is None:
        return
    controller = int(d.get("controller", subject.controller))
    for a in chars(game, subject).abilities:
        if a.keyword == "Modular":
            n = subject.counters.get("+1/+1", 0)
            ab = keyword_trigger(
                "Modular",
                f"Modular: you may put {n} +1/+1 counter(s) on target artifact creature",
                (Effect("put_counters", {"what": TargetRef(0), "counter": "+1/+1", "amount": n}),),
                targets=(TargetSpec(_ARTIFACT_CREATURE),),
                rule="702.43a",
                optional=True,
            )
            add_pending_trigger(
                game, new, controller, ab, {"obj": new.id}, cause=ev, subject=subject, left=True
            )
        elif a.keyword == AFTERLIFE:
            n = a.keyword_args.get("n", 1)
            add_pending_trigger(
                game,
                new,
                controller,
                afterlife_ability(n if isinstance(n, int) else 1),
                {"obj": new.id},
                cause=ev,
                subject=subject,
                left=True,
            )
        elif a.keyword == "Soulshift":
            n = a.keyword_args.get("n", 0)
            n = n if isinstance(n, int) else 0
            flt = Filter(
                kinds=("card",),
                zone="graveyard",
                conditions=(("subtype", "Spirit"), ("mv_le", n), ("owner", "you")),
            )
            ab = keyword_trigger(
                "Soulshift",
                f"Soulshift {n}: you may return target Spirit card with mana value {n} or less "
                "from your graveyard to your hand",
                (Effect("return_to_hand", {"what": TargetRef(0)}),),
                targets=(TargetSpec(flt),),
                rule="702.46a",
                optional=True,
            )
            add_pending_trigger(
                game, new, controller, ab, {"obj": new.id}, cause=ev, subject=subject, left=True
            )
