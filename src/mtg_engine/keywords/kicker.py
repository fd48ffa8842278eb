"""Kicker and multikicker (CR 702.33).

702.33a: "Kicker [cost]" means "You may pay an additional [cost] as you cast
this spell"; paying it follows the rules for additional costs (CR 601.2b,
601.2f-h). 702.33c: "Multikicker [cost]" may be paid any number of times.
702.33d: a spell is "kicked" if its kicker cost was paid; a permanent knows
it was kicked if the spell it was was (CR 400.7d). 702.33e: "Kicker [cost 1]
and/or [cost 2]" is two kicker costs; "if it was kicked with its [A] kicker"
refers to one of them.

Cast with ``CastSpell(kicker=(1,))`` (``(n,)`` for multikicker, ``(0, 1)`` for
only the second of two kicker costs).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..game.hooks import CostPart, additional_cost, condition
from ..rules.characteristics import chars
from ..rules.costs import as_cost, kicker_costs
from ..rules.support import register, register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Kicker", "Multikicker")
register("condition:kicked")


@additional_cost("Kicker")
def kicker_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 601.2b / 702.33a-c: the kicker costs announced for this spell."""
    chosen = [int(n) for n in opts.get("kicker") or ()]
    if not any(chosen):
        return [], None
    costs = kicker_costs(abilities)
    if not costs:
        return [], f"{obj.name} has no kicker cost (rule 702.33a)"
    if len(chosen) > len(costs):
        return [], f"{obj.name} has only {len(costs)} kicker cost(s) (rule 702.33e)"
    parts = []
    for i, n in enumerate(chosen):
        kw, cost = costs[i]
        if n < 0:
            return [], "a kicker cost is paid a number of times, at least 0 (rule 702.33c)"
        if n > 1 and kw == "Kicker":
            return (
                [],
                "a kicker cost can be paid only once; only multikicker can be paid more (rule 702.33a, 702.33c)",
            )
        if n:
            rule = "702.33c" if kw == "Multikicker" else "702.33a"
            parts.append(CostPart(cast("Cost", as_cost(cost)), n, rule, f"{kw.lower()} {cost}"))
    return parts, None


def times_kicked(obj: GameObject | None, which: int | None = None) -> int:
    """How many times the kicker costs of this spell (or the spell this
    permanent was) were paid (CR 702.33d-f); ``which`` is 0 or 1 for the
    [A]/[B] kicker (702.33e)."""
    if obj is None or not obj.paid:
        return 0
    counts = [int(n) for n in obj.paid.get("kicker") or ()]
    if which is not None:
        return counts[which] if which < len(counts) else 0
    return sum(counts)


@condition("kicked")
def kicked(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "if this spell was kicked" / "if it was kicked" (CR 702.33d)."""
    which = None
    args = getattr(cond, "args", {}) or {}
    if "times" in args:
        # "if it was kicked twice" (Archangel of Wrath): its kicker costs paid that
        # many times in all (CR 702.33d)
        return times_kicked(source) >= int(args["times"])
    if "which" in args:
        which = int(args["which"])
    elif "cost" in args:
        # "if it was kicked with its {1}{G} kicker": that one of its kicker costs
        # (CR 702.33e), by its place among them
        if source is None:
            return False
        costs = [str(c) for _kw, c in kicker_costs(list(chars(game, source).abilities))]
        if args["cost"] not in costs:
            return False
        which = costs.index(args["cost"])
    return times_kicked(source, which) > 0
