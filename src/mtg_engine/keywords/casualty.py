"""Casualty (CR 702.153).

702.153a: Casualty N means "As an additional cost to cast this spell, you may
sacrifice a creature with power N or greater," and "When you cast this spell, if a
casualty cost was paid for it, copy it. If the spell has any targets, you may
choose new targets for the copy." Paying a spell's casualty cost follows the rules
for paying additional costs (601.2b, 601.2f-h). 702.153b: each instance is paid
separately and triggers for its own payment.

Cast with ``CastSpell(card, sacrifice=(creature,))`` (the scenario format's
``sacrifice: [...]``) on a card with casualty: the creature is announced with the
spell's other choices (601.2b) and sacrificed as the total cost is paid (601.2h);
left out, casualty isn't paid. The copy isn't cast (707.10); it's made as the
trigger resolves, from the spell as it last existed if it has left the stack. One
instance is paid (no card prints two; a spell's only sacrifice cost is its
casualty).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Cost, Filter
from ..game.events import EventKind
from ..game.hooks import CostPart, additional_cost, on_event
from ..rules.support import register_keywords
from .common import one_sacrifice_announced
from .copies import copy_if_cost_paid

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

CASUALTY: Final = "Casualty"
register_keywords(CASUALTY)


def _n(a: Ability) -> int | None:
    n = a.keyword_args.get("n", 1)
    return n if isinstance(n, int) and not isinstance(n, bool) else None


@additional_cost(CASUALTY)
def casualty_cost(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.153a: the optional sacrifice of a creature with power N or greater."""
    announced, problem = one_sacrifice_announced(
        abilities, opts, "casualty sacrifices one creature (rule 702.153a)"
    )
    if not announced:
        return [], problem
    n = _n(abilities[0])
    if n is None:
        return [], "casualty X (rule 702.153a) isn't implemented"
    creature = Filter(kinds=("Creature",), conditions=(("power_ge", n),))
    part = CostPart(
        Cost(sacrifice=creature, sacrifice_count=1),
        1,
        "702.153a",
        f"casualty {n}: sacrifice a creature with power {n} or greater",
    )
    return [part], None


@on_event(EventKind.CAST, keywords=(CASUALTY,))
def casualty_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.153a: "When you cast this spell, if a casualty cost was paid for it,
    copy it"."""
    copy_if_cost_paid(game, ev, CASUALTY, "sacrificed", "702.153a")
