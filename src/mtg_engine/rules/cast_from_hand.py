"""'If you cast it from your hand' (CR 601.2a, 400.7d): the zone a permanent's spell
was cast from, which the permanent remembers as its spell resolves
(``GameObject.paid``, keywords/stack_records.py). A permanent put onto the
battlefield without being cast, and a copy of a spell (CR 707.10: not cast), have
no such record, and the condition is false for them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import NOT_HAND
from ..game.hooks import condition
from ..game.objects import Zone
from ..game.state import Step
from .support import register

if TYPE_CHECKING:
    from ..cards.abilities import Condition
    from ..game.objects import GameObject
    from ..game.state import Game

register("condition:cast_from_hand")

#: a filter zone that says nothing about where a spell was cast from
_ANY_ZONE = ("battlefield", "stack", "any")


def cast_from_matches(zone: str, from_zone: str | None) -> bool:
    """Whether a spell cast from ``from_zone`` ("hand", "graveyard", ...) is one
    that a filter of spells with ``zone`` describes: "spells you cast from your
    graveyard" (``"graveyard"``), "from anywhere other than your hand"
    (:data:`NOT_HAND`), or any spell (CR 601.2a)."""
    if zone in _ANY_ZONE:
        return True
    if zone == NOT_HAND:
        return from_zone is not None and from_zone != "hand"
    return zone == from_zone


def cast_by(obj: GameObject) -> int | None:
    """The player who cast the spell the permanent ``obj`` was (CR 400.7d); None when
    it wasn't cast: put onto the battlefield, a token, a copy of a spell (CR 707.10)."""
    paid = obj.paid
    if not paid or paid.get("copy") or "from_zone" not in paid:
        return None
    caster = paid.get("caster")
    return caster if isinstance(caster, int) else None


@condition("cast_from_hand")
def cast_from_hand(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "When this creature enters, if you cast it from your hand" (Coal Stoker)."""
    if source is None or source.zone not in (Zone.BATTLEFIELD, Zone.STACK):
        return False
    paid = source.paid
    if not paid or paid.get("copy"):
        return False
    return paid.get("from_zone") == "hand" and source.controller == controller


register("condition:cast_from")


@condition("cast_from")
def cast_from(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "If this spell was cast from a graveyard / from exile" (Increasing Devotion,
    Delayed Blast Fireball; CR 601.2a): the zone the spell was cast from."""
    if source is None or source.zone not in (Zone.BATTLEFIELD, Zone.STACK):
        return False
    paid = source.paid
    if not paid or paid.get("copy"):
        return False  # a copy isn't cast (CR 707.10)
    return paid.get("from_zone") == cond.args.get("zone")


register("condition:cast_during_main_phase")


@condition("cast_during_main_phase")
def cast_during_main_phase(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "If you cast this spell during your main phase" (Might of Old Krosa, the
    addendum cards): a spell resolves in the step or phase it was cast in (CR 500.2:
    one ends only once the stack is empty), so it was cast (not a copy, 707.10) and
    it is its controller's main phase now (CR 505.1)."""
    if source is None or source.zone != Zone.STACK:
        return False
    paid = source.paid
    if not paid or paid.get("copy"):
        return False
    return (
        controller == source.controller
        and game.is_active(controller)
        and game.step
        in (
            Step.PRECOMBAT_MAIN,
            Step.POSTCOMBAT_MAIN,
        )
    )
