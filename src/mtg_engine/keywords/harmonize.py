"""Harmonize (CR 702.180).

702.180a: "Harmonize [cost]" means "You may cast this card from your graveyard by
paying [cost] and tapping up to one untapped creature you control rather than paying
this spell's mana cost," "If you cast this spell using its harmonize ability, its
total cost is reduced by an amount of generic mana equal to the tapped creature's
power," and "If the harmonize cost was paid, exile this card instead of putting it
anywhere else any time it would leave the stack" (as flashback's, 702.34a). It follows
the rules for alternative costs (601.2b, 601.2f-h). 702.180b: the creature is chosen
as the harmonize cost is chosen (601.2b) and tapped as the total cost is paid (601.2h).

Cast with ``CastSpell(card_in_graveyard, alt="harmonize", harmonize=creature)`` (the
scenario format's ``alt: harmonize, harmonize: bears``); without ``harmonize`` no
creature is tapped.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Cost, Filter
from ..game.hooks import AltCost, CostPart, additional_cost, alt_cost
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.support import register_keywords
from .common import keyword_cost
from .flashback import EXILED_FROM_STACK

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game

HARMONIZE: Final = "Harmonize"
register_keywords(HARMONIZE)

alt_cost(AltCost("harmonize", HARMONIZE, "702.180a", (Zone.GRAVEYARD,), keyword_cost))
EXILED_FROM_STACK["harmonize"] = "702.180a"


@additional_cost(HARMONIZE)
def harmonize_tap(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.180a-b: the untapped creature announced is tapped as the cost is paid,
    and the total cost is reduced by its power in generic mana."""
    chosen = opts.get("harmonize")
    if chosen is None:
        return [], None
    if opts.get("alt") != "harmonize":
        return [], "a creature is tapped for harmonize only when its harmonize cost is paid"
    creature = game.objects.get(int(chosen))
    if (
        creature is None
        or creature.zone != Zone.BATTLEFIELD
        or creature.phased_out
        or creature.controller != obj.controller
        or creature.tapped
        or "Creature" not in chars(game, creature).types
    ):
        return [], "harmonize taps an untapped creature you control (rule 702.180a)"
    power = max(0, chars(game, creature).power or 0)
    one = Filter(
        kinds=("Creature",),
        zone="battlefield",
        conditions=(("id", creature.id), ("tapped", False), ("controller", "you")),
    )
    part = CostPart(
        Cost(other=(("tap_permanents", (one, 1)),)),
        1,
        "702.180b",
        f"harmonize: tap {creature.name}, {power} less",
        {"reduce_by": f"{{{power}}}"} if power else {},
    )
    return [part], None
