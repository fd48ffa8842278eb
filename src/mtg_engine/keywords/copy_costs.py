"""Squad and offspring (CR 702.157, 702.175): additional costs whose permanent
creates token copies of itself as it enters.

702.157a: "Squad [cost]" means "As an additional cost to cast this spell, you
may pay [cost] any number of times" and "When this creature enters, if its
squad cost was paid, create a token that's a copy of it for each time its
squad cost was paid." 702.175a: "Offspring [cost]" means "You may pay an
additional [cost] as you cast this spell" and "When this permanent enters, if
its offspring cost was paid, create a token that's a copy of it, except it's
1/1." Both costs are paid as additional costs (CR 601.2b, 601.2f-h); the
permanent knows what was paid for the spell it was (CR 400.7d,
:mod:`.stack_records`). The tokens aren't cast, so their own squad or
offspring doesn't trigger. The trigger is the permanent's own ability: a
permanent that enters without it (it lost its abilities) doesn't trigger.

Cast with ``CastSpell(card, squad=N)`` or ``CastSpell(card, offspring=True)``.
One instance of each keyword is paid (702.157b, 702.175b: further instances,
granted ones, would be paid apart; no card prints two).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, cast

from ..cards.abilities import ControllerRef, Effect, SelfRef
from ..game.events import EventKind
from ..game.hooks import CostPart, additional_cost, on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

SQUAD: Final = "Squad"
OFFSPRING: Final = "Offspring"
register_keywords(SQUAD, OFFSPRING)


def _paid_part(
    obj: GameObject, abilities: list[Ability], keyword: str, times: int, rule: str
) -> tuple[list[CostPart], str | None]:
    """The cost part of ``times`` payments of the keyword's cost (CR 601.2b, 601.2f)."""
    if times < 0:
        return [], f"a {keyword.lower()} cost is paid zero or more times (rule {rule})"
    if not times:
        return [], None
    if not abilities:
        return [], f"{obj.name} has no {keyword.lower()} cost (rule {rule})"
    cost = abilities[0].keyword_args.get("cost")
    return [CostPart(cast("Cost", as_cost(cost)), times, rule, f"{keyword.lower()} {cost}")], None


@additional_cost(SQUAD)
def squad_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.157a: the squad cost, paid the announced number of times."""
    return _paid_part(obj, abilities, SQUAD, int(opts.get("squad") or 0), "702.157a")


@additional_cost(OFFSPRING)
def offspring_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.175a: the offspring cost, paid once if announced."""
    return _paid_part(obj, abilities, OFFSPRING, 1 if opts.get("offspring") else 0, "702.175a")


def _copies(n: int, except_: dict[str, Any] | None) -> Effect:
    args: dict[str, Any] = {"what": SelfRef(), "amount": n, "controller": ControllerRef()}
    if except_:
        args["except"] = except_  # CR 707.9b: part of the copiable values
    return Effect("copy_permanent", args)


@on_event(EventKind.ZONE_CHANGE, watch=[("stack", "battlefield")])
def _on_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.157a, 702.175a, 603.6a: the permanent a spell with its squad or offspring
    cost paid became enters; each keyword it has triggers for its own payments."""
    new = game.objects.get(ev.data.get("obj", -1))
    if new is None or new.zone != Zone.BATTLEFIELD or new.phased_out or not new.paid:
        return
    squads = int(new.paid.get("squad") or 0)
    offspring = bool(new.paid.get("offspring"))
    if not squads and not offspring:
        return
    keywords = chars(game, new).keywords
    if squads and SQUAD in keywords:
        text = (
            f"Squad (When this creature enters, create a token that's a copy of it for each "
            f"time its squad cost was paid: {squads}.)"
        )
        ability = keyword_trigger(SQUAD, text, (_copies(squads, None),), rule="702.157a")
        add_pending_trigger(game, new, new.controller, ability, cause=ev)
    if offspring and OFFSPRING in keywords:
        text = "Offspring (When this permanent enters, create a token that's a copy of it, except it's 1/1.)"
        one = {"power": 1, "toughness": 1}
        ability = keyword_trigger(OFFSPRING, text, (_copies(1, one),), rule="702.175a")
        add_pending_trigger(game, new, new.controller, ability, cause=ev)
