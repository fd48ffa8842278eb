"""Offering (CR 702.48).

702.48a: Offering is a static ability that functions while the spell with
offering is on the stack. "[Quality] offering" means "As an additional cost to
cast this spell, you may sacrifice a [quality] permanent. If you chose to pay
the additional cost, this spell's total cost is reduced by the sacrificed
permanent's mana cost, and you may cast this spell any time you could cast an
instant." 702.48b: the permanent is chosen with the spell's other choices
(CR 601.2b) and sacrificed as the total cost is paid (CR 601.2h).
702.48c: generic mana in the sacrificed permanent's mana cost reduces generic
mana; colored and colorless mana reduce mana of the same type, any excess
reduces generic mana (CR 118.7).

Cast with ``CastSpell(card, sacrifice=(permanent,))`` (the scenario format's
``sacrifice: [...]``) on a card with offering, or ``sacrifice=()`` for none; cast
with ``sacrifice`` left out, the player is asked as the spell is cast (702.48b),
and the cast is legal when some answer makes it so.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Cost, Filter
from ..game.hooks import KEYWORD_HOOKS, CostPart, additional_cost
from ..rules.characteristics import chars
from ..rules.costs import cost_choices
from ..rules.mana_costs import ManaCost
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability
    from ..game.objects import GameObject
    from ..game.state import Game
    from ..rules.mana_costs import ManaCost

register_keywords("Offering")


def offering_filter(a: Ability) -> Filter:
    """The "[quality] permanent" an offering may sacrifice (a subtype: "Moonfolk")."""
    return Filter(kinds=("permanent",), conditions=(("subtype", a.keyword_args.get("subtype")),))


def has_offering(obj: GameObject) -> bool:
    return any(a.keyword == "Offering" for a in obj.card.compiled[obj.face].abilities)


def offering_chosen(obj: GameObject, opts: dict[str, Any]) -> bool:
    """702.48a: the offering's additional cost was chosen (a permanent to sacrifice)."""
    return bool(opts.get("sacrifice")) and has_offering(obj)


@additional_cost("Offering")
def offering_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """702.48a-b: the optional sacrifice, and the reduction by its mana cost."""
    chosen = opts.get("sacrifice")
    if not abilities or not chosen:
        return [], None
    if len(chosen) != 1:
        return [], "offering sacrifices exactly one permanent (rule 702.48a)"
    a = abilities[0]
    target = game.objects.get(chosen[0])
    reduce_by = chars(game, target).mana_cost if target is not None else None
    part = CostPart(
        Cost(sacrifice=offering_filter(a), sacrifice_count=1),
        1,
        "702.48a",
        f"{a.keyword_args.get('subtype')} offering",
        {"reduce_by": reduce_by or ""},
    )
    return [part], None


def reduce_by_mana_cost(total: ManaCost, by: ManaCost) -> ManaCost:
    """702.48c (CR 118.7): reduce a total cost by a permanent's mana cost."""
    colored = list(total.colored)
    excess = 0
    for sym in (*by.colored, *by.phyrexian):
        if sym in colored:
            colored.remove(sym)
        else:
            excess += 1
    for h in by.hybrid:  # a hybrid symbol reduces one of its colors, else generic
        hit = next((s for s in h if s in colored), None)
        if hit is not None:
            colored.remove(hit)
        else:
            excess += max(int(p) if p.isdigit() else 1 for p in h)
    generic = max(0, total.generic - by.generic - excess - by.snow)
    return ManaCost(generic, tuple(colored), total.hybrid, total.phyrexian, total.x, total.snow)


def offering_candidates(game: Game, player: int, obj: GameObject) -> list[int]:
    """The permanents ``player`` may offer for ``obj`` (CR 702.48a-b): those of its
    quality; none for a card without offering."""
    key = ("offering", obj.face)
    has = obj.card.cache.get(key)
    if has is None:
        has = has_offering(obj)
        obj.card.cache[key] = has
    if not has:
        return []
    abilities = [a for a in obj.card.compiled[obj.face].abilities if a.keyword == "Offering"]
    return list(cost_choices(game, offering_filter(abilities[0]), player, obj, "battlefield"))


def offering_sacrifice_choice(game: Game, player: int, obj: GameObject) -> int | None:
    """The permanent worth offering when listing casting choices (CR 601.2b): the one
    of that quality with the largest mana value (the largest reduction), or None."""
    abilities = [a for a in obj.card.compiled[obj.face].abilities if a.keyword == "Offering"]
    if not abilities:
        return None
    cands = cost_choices(game, offering_filter(abilities[0]), player, obj, "battlefield")
    if not cands:
        return None
    return max(cands, key=lambda o: chars(game, game.objects[o]).mana_value)


KEYWORD_HOOKS.offering_chosen = offering_chosen
KEYWORD_HOOKS.reduce_by_mana_cost = reduce_by_mana_cost
KEYWORD_HOOKS.offering_sacrifice_choice = offering_sacrifice_choice
KEYWORD_HOOKS.offering_candidates = offering_candidates
