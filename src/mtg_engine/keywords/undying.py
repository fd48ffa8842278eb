"""Undying (CR 702.93) and persist (CR 702.79): return a creature that died.

* 702.93a Undying: "When this permanent is put into a graveyard from the
  battlefield, if it had no +1/+1 counters on it, return it to the battlefield
  under its owner's control with a +1/+1 counter on it."
* 702.79a Persist: the same with -1/-1 counters.

Both are leaves-the-battlefield abilities: they "look back in time" (CR
603.10a) at the permanent as it last existed, so its counters are its last
known information (CR 608.2h). The intervening "if" (CR 603.4) is about that
past moment, so it reads the same when the ability resolves. "It" is the card
put into the graveyard: if that card left the graveyard before the ability
resolves, it is a new object and the ability does nothing (CR 400.7).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect, TriggerRef
from ..game.events import EventKind
from ..game.hooks import on_event
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Undying", "Persist")

#: keyword -> (the counter it checks and puts, its rule)
_RETURNS = {"Undying": ("+1/+1", "702.93a"), "Persist": ("-1/-1", "702.79a")}


@on_event(EventKind.ZONE_CHANGE, watch=[("battlefield", "graveyard")], keywords=tuple(_RETURNS))
def returns_from_graveyard(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.93a, 702.79a: trigger as the permanent is put into a graveyard."""
    d = ev.data
    if d.get("from_zone") != "battlefield" or d.get("to_zone") != "graveyard" or subject is None:
        return
    if subject.face_down:
        return  # a face-down permanent has no abilities (CR 708.2)
    new = game.objects.get(d.get("obj", 0))
    if new is None:
        return
    controller = int(d.get("controller", subject.controller))
    for a in chars(game, subject).abilities:
        spec = _RETURNS.get(a.keyword or "")
        if spec is None:
            continue
        counter, rule = spec
        if subject.counters.get(counter, 0) > 0:
            continue  # CR 603.4: "if it had no ... counters on it" (last known information)
        ability = keyword_trigger(
            a.keyword or "",
            f"{a.keyword}: return {subject.name} to the battlefield under its owner's "
            f"control with a {counter} counter on it",
            (
                Effect(
                    "return_to_battlefield",
                    {"what": TriggerRef("object"), "under": "owner", "counters": {counter: 1}},
                ),
            ),
            rule=rule,
        )
        add_pending_trigger(
            game, new, controller, ability, {"obj": new.id}, cause=ev, subject=subject, left=True
        )
