"""Backup (CR 702.165).

702.165a: "Backup N" means "When this creature enters, put N +1/+1 counters on
target creature. If that's another creature, it also gains the non-backup
abilities of this creature printed below this one until end of turn."
702.165c: only abilities printed on the object are granted (not gained ones);
702.165d: they are determined as the ability is put on the stack (here: as it
triggers, from the printed face, so losing abilities later changes nothing).
Each instance triggers on its own (CR 702.1) and grants what is printed below it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import (
    Ability,
    Condition,
    Effect,
    Filter,
    TargetRef,
    TargetSpec,
)
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

BACKUP = "Backup"
register_keywords(BACKUP)

_TARGET = TargetSpec(Filter(("Creature",)))
#: "If that's another creature" (the target isn't the creature with backup)
_ANOTHER = Condition(
    "is", {"ref": TargetRef(0), "quality": Filter(("Creature",), conditions=(("other", True),))}
)


def backup_ability(n: int, granted: tuple[Ability, ...]) -> Ability:
    """The triggered ability "Backup N" stands for, with the abilities printed below
    it (CR 702.165a)."""
    effects = [Effect("put_counters", {"what": TargetRef(0), "counter": "+1/+1", "amount": n})]
    if granted:
        effects.append(
            Effect(
                "grant_ability",
                {"what": TargetRef(0), "abilities": granted, "duration": "end_of_turn"},
                condition=_ANOTHER,
            )
        )
    counters = "a +1/+1 counter" if n == 1 else f"{n} +1/+1 counters"
    return keyword_trigger(
        BACKUP,
        f"Backup {n} (When this creature enters, put {counters} on target creature. "
        "If that's another creature, it gains the following abilities until end of turn.)",
        tuple(effects),
        targets=(_TARGET,),
        rule="702.165a",
    )


def printed_backups(obj: GameObject) -> list[tuple[int, tuple[Ability, ...]]]:
    """Each backup ability printed on the object: its N and the non-backup abilities
    printed below it (CR 702.165a-c)."""
    printed = obj.card.compiled[obj.face].abilities
    out: list[tuple[int, tuple[Ability, ...]]] = []
    for i, a in enumerate(printed):
        if a.keyword == BACKUP:
            below = tuple(b for b in printed[i + 1 :] if b.keyword != BACKUP)
            out.append((int(a.keyword_args.get("n", 1)), below))
    return out


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(BACKUP,))
def _on_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.165a, 603.6a: a creature with backup enters."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or new.phased_out:
        return
    if BACKUP not in chars(game, new).keywords:
        return
    for n, below in printed_backups(new):
        add_pending_trigger(game, new, new.controller, backup_ability(n, below), cause=ev)
