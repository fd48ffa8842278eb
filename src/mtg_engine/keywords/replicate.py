"""Replicate (CR 702.56).

702.56a: "Replicate [cost]" means "As an additional cost to cast this spell,
you may pay [cost] any number of times" and "When you cast this spell, if a
replicate cost was paid for it, copy it for each time its replicate cost was
paid. If the spell has any targets, you may choose new targets for any of the
copies." 702.56b: each instance is paid and triggers separately. The copies
aren't cast (ruling 502.52.1), each is a separate spell (502.52.2);
countering the trigger stops the copies (502.52.3); countering the spell
doesn't (502.52.4: last known information).

Cast with ``CastSpell(card, replicate=N)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import Effect
from ..game.events import EventKind
from ..game.hooks import CostPart, additional_cost, on_event
from ..rules.costs import as_cost
from ..rules.support import register_keywords
from .common import add_pending_trigger, keyword_trigger
from .copies import snapshot

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Replicate")


@additional_cost("Replicate")
def replicate_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    n = int(opts.get("replicate") or 0)
    if n <= 0:
        return [], None if n == 0 else "replicate is paid zero or more times (rule 702.56a)"
    if not abilities:
        return [], f"{obj.name} has no replicate cost (rule 702.56a)"
    cost = abilities[0].keyword_args.get("cost")
    return [CostPart(cast("Cost", as_cost(cost)), n, "702.56a", f"replicate {cost}")], None


@on_event(EventKind.CAST, keywords=("Replicate",))
def replicate_trigger(game: Game, ev: Event, subject: GameObject | None) -> None:
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or not obj.paid or not obj.paid.get("replicate"):
        return
    n = int(obj.paid["replicate"])
    ability = keyword_trigger(
        "Replicate",
        f"Replicate: copy {obj.name} for each time its replicate cost was paid ({n})",
        (Effect("copy_spell_n", {"amount": n, "rule": "702.56a"}),),
        rule="702.56a",
    )
    add_pending_trigger(game, obj, obj.controller, ability, {"obj": obj.id, "snap": snapshot(obj)})
