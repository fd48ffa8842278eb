"""Ravenous (CR 702.156).

702.156a: Ravenous is a keyword found on some creature cards with {X} in their
mana cost. Ravenous represents both a replacement effect and a triggered ability.
"Ravenous" means "This permanent enters with X +1/+1 counters on it" and "When
this permanent enters, if X is 5 or more, draw a card." See rule 107.3m.

The replacement effect is compiled once from the rule's own words (it enters with
the counters, 614.1c; X is the spell's X, 107.3m, and 0 if it didn't enter from
the stack). The triggered ability triggers as the permanent enters from the stack
with X of 5 or more (an intervening "if", 603.4, of a value that can't change);
each instance works separately (702.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, ControllerRef, Effect
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.support import register_keywords
from . import expansion
from .common import add_pending_trigger, keyword_instances, keyword_trigger, reminder_abilities

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

RAVENOUS = "Ravenous"
register_keywords(RAVENOUS)

#: "This permanent enters with X +1/+1 counters on it" (CR 702.156a)
TEXT = "This creature enters with X +1/+1 counters on it."


@expansion(RAVENOUS)
def ravenous_abilities(a: Ability) -> tuple[Ability, ...]:
    """The replacement effect "Ravenous" stands for (CR 702.156a)."""
    return reminder_abilities(RAVENOUS, "702.156a", TEXT, ("Creature",))


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")], keywords=(RAVENOUS,))
def ravenous_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.156a: "When this permanent enters, if X is 5 or more, draw a card"; X
    is the X of the spell it was (107.3m)."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or new.phased_out:
        return
    x = (new.paid or {}).get("x") or 0  # the X of the spell it was (CR 107.3m, 400.7d)
    if x < 5:
        return
    # each instance of the keyword (not the replacement effect it stands for, which
    # carries the keyword's name too)
    for _ in (a for a in keyword_instances(game, new, RAVENOUS) if not a.static):
        ability = keyword_trigger(
            RAVENOUS,
            f"Ravenous (When this permanent enters, if X is 5 or more, draw a card; X is {x}.)",
            (Effect("draw", {"player": ControllerRef(), "amount": 1}),),
            rule="702.156a",
        )
        add_pending_trigger(game, new, new.controller, ability, cause=ev)
