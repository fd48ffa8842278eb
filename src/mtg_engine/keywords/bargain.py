"""Bargain (CR 702.166).

702.166a: "Bargain" means "As an additional cost to cast this spell, you may
sacrifice an artifact, enchantment, or token"; paying it follows the rules for
additional costs (601.2b, 601.2f-h). 702.166b: a spell whose controller declared the
intention to pay its bargain cost has been "bargained"; a permanent knows it was
bargained if the spell it was was (the spell's record of costs paid becomes the
permanent's, CR 400.7d). 702.166c: the card's "if this spell was bargained" abilities
are linked to its bargain ability (607).

Cast with ``CastSpell(card, sacrifice=(permanent,))`` (the scenario format's
``sacrifice: [...]``) on a card with bargain: the permanent is announced with the
spell's other choices (601.2b) and sacrificed as the total cost is paid (601.2h);
left out, the spell isn't bargained.

"This spell costs {2} less to cast if it's bargained" (Hamlet Glutton) is linked to
the bargain ability (702.166c): the total cost is determined (601.2f) before the
bargain cost is paid (601.2h), from the announcement (601.2b), so the reduction goes
with the announced bargain cost part here; the static itself reads "bargained" only
once the cost is paid, so it never reduces the cost a second time.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import AbilityKind, Cost, Filter
from ..game.hooks import CostPart, additional_cost, condition
from ..rules.support import register, register_keywords
from .common import one_sacrifice_announced, printed_instances

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game

BARGAIN: Final = "Bargain"
register_keywords(BARGAIN)
register("condition:bargained")

#: "an artifact, enchantment, or token" (CR 702.166a)
BARGAIN_FILTER: Final = Filter(
    kinds=("permanent",),
    conditions=(
        ("any_of", ((("type", "Artifact"),), (("type", "Enchantment"),), (("token", True),))),
    ),
)


@additional_cost(BARGAIN)
def bargain_cost(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.166a: the optional sacrifice of an artifact, enchantment, or token."""
    announced, problem = one_sacrifice_announced(
        abilities, opts, "bargain sacrifices one artifact, enchantment, or token (rule 702.166a)"
    )
    if not announced:
        return [], problem
    less = _linked_reduction(obj)
    part = CostPart(
        Cost(sacrifice=BARGAIN_FILTER, sacrifice_count=1),
        1,
        "702.166a",
        "bargain: sacrifice an artifact, enchantment, or token"
        + (f", {less} less (rule 702.166c, 601.2f)" if less else ""),
        {"reduce_by": less} if less else {},
    )
    return [part], None


def _linked_reduction(obj: GameObject) -> str | None:
    """The card's own "this spell costs {N} less to cast if it's bargained" (CR
    702.166c, 601.2f), or None."""
    for a in obj.card.compiled[obj.face].abilities:
        if a.kind is not AbilityKind.STATIC:
            continue
        for st in a.static:
            cond = st.condition
            if (
                st.op == "cost_change"
                and cond is not None
                and cond.kind == "bargained"
                and st.args.get("direction") == "less"
                and isinstance(st.args.get("mana"), str)
            ):
                return str(st.args["mana"])
    return None


def bargained(obj: GameObject | None) -> bool:
    """CR 702.166b: the spell (or the permanent it became, 400.7d) was bargained:
    it has bargain and its bargain cost was announced and paid."""
    if obj is None or not obj.paid or not obj.paid.get("sacrificed"):
        return False
    return bool(printed_instances(obj, BARGAIN))


@condition("bargained")
def bargained_condition(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "if this spell was bargained" / "if it was bargained" / "if it's bargained"
    (CR 702.166b-c)."""
    return bargained(source)
