"""Conspire (CR 702.78).

702.78a: "Conspire" means "As an additional cost to cast this spell, you may tap
two untapped creatures you control that each share a color with it" and "When you
cast this spell, if its conspire cost was paid, copy it. If the spell has any
targets, you may choose new targets for the copy." Paying the conspire cost follows
the rules for paying additional costs (601.2b, 601.2f-h): the creatures are chosen
and tapped as the total cost is paid, and a creature tapped for conspire can't also
be tapped for mana. 702.78b: each instance is paid and triggers separately (no card
prints two). The copy isn't cast (707.10); it is made as the trigger resolves, from
the spell as it last existed if it has left the stack (608.2h).

Cast with ``CastSpell(card, conspire=True)`` (the scenario format's ``conspire:
true``); which creatures are tapped is asked when there's a choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Cost, Filter
from ..game.events import EventKind
from ..game.hooks import CostPart, additional_cost, on_event
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .copies import copy_if_cost_paid

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

CONSPIRE: Final = "Conspire"
register_keywords(CONSPIRE)


@additional_cost(CONSPIRE)
def conspire_cost(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.78a: tap two untapped creatures you control that each share a color
    with the spell (its colors as it is cast, 105.2)."""
    if not opts.get("conspire"):
        return [], None
    if not abilities:
        return [], f"{obj.name} has no conspire (rule 702.78a)"
    colors = tuple(sorted(chars(game, obj).colors))
    if not colors:
        return [], f"{obj.name} is colorless: no creature shares a color with it (rule 702.78a)"
    creatures = Filter(
        kinds=("Creature",), conditions=(("tapped", False), ("shares_color_with", colors))
    )
    part = CostPart(
        Cost(other=(("tap_permanents", (creatures, 2)),)),
        1,
        "702.78a",
        "conspire: tap two untapped creatures you control that share a color with it",
    )
    return [part], None


@on_event(EventKind.CAST, keywords=(CONSPIRE,))
def conspire_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.78a: "When you cast this spell, if its conspire cost was paid, copy
    it"."""
    copy_if_cost_paid(game, ev, CONSPIRE, "conspire", "702.78a")
