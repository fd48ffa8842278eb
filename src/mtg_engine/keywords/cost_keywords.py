"""Keywords that change how a spell's cost is determined or paid (CR 601.2f-h).

* 702.42a Entwine [cost]: "You may choose all modes of this spell instead of
  just the number specified. If you do, you pay an additional [cost]."
  702.42b: the modes are followed in the order written. Cast with
  ``CastSpell(entwine=True)``.
* 702.41a Affinity for [text]: "This spell costs {1} less to cast for each
  [text] you control" — applied in :func:`mtg_engine.rules.costs.total_cost`
  (generic mana only, 702.41b ruling 502.31b; each instance applies, 702.41c).
* 702.51a Convoke: tap untapped creatures you control to pay for generic or
  colored mana of their color — ``CastSpell(convoke=(creature, ...))``,
  applied by :func:`mtg_engine.rules.costs.apply_convoke`. A creature tapped
  for convoke can't also tap for mana (ruling 502.46.1); it can pay additional
  costs such as buyback (ruling 502.46.2).
* 702.126a Improvise: tap untapped artifacts you control to pay for generic mana
  — ``CastSpell(improvise=(artifact, ...))``, applied by
  :func:`mtg_engine.rules.costs.apply_improvise`; refused for a spell without it
  (:func:`improvise_announced`).
* 702.66a Delve: exile cards from your graveyard to pay for generic mana —
  ``CastSpell(delve=(card, ...))``, :func:`mtg_engine.rules.costs.apply_delve`.
  Either announced for a spell without that keyword (printed or granted) is
  refused: :func:`convoke_announced`, :func:`delve_announced`.
* 702.61a Split second: while the spell is on the stack, players can't cast
  spells or activate abilities that aren't mana abilities — checked by
  :func:`mtg_engine.rules.casting.spell_problem` and ``rules.activating.activate_problem``;
  triggered abilities and special actions still happen (rulings 502.58.2-3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from ..cards.abilities import AbilityKind, Filter
from ..game.hooks import CostPart, additional_cost
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.costs import as_cost
from ..rules.filters import matches_object
from ..rules.support import register, register_keywords

if TYPE_CHECKING:
    from ..cards.abilities import Ability, Cost
    from ..game.objects import GameObject
    from ..game.state import Game

register_keywords("Entwine", "Affinity", "Convoke", "Improvise", "Delve", "Split second")
#: "Artifact spells you cast have convoke" (Chief Engineer): the spell has it as it
#: is cast (CR 702.51a, 601.2f; rules/filters._cast_by), read by convoke_announced
register("spell_keyword:Convoke")
#: "Artifact creature spells you cast have affinity for artifacts" (Mycosynth Golem):
#: the spell has it as it is cast (CR 702.41a, 611.3), and a card about to be cast is
#: checked with it (CR 601.3e): rules/costs._apply_cost_changes
register("spell_keyword:Affinity")


@additional_cost("Entwine")
def entwine_additional(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    if not opts.get("entwine"):
        return [], None
    if not abilities:
        return [], f"{obj.name} has no entwine cost (rule 702.42a)"
    cost = abilities[0].keyword_args.get("cost")
    return [CostPart(cast("Cost", as_cost(cost)), 1, "702.42a", f"entwine {cost}")], None


def convoke_allowed(abilities: list[Ability]) -> bool:
    return any(a.keyword == "Convoke" for a in abilities)


def granted_as_cast(game: Game, obj: GameObject, keyword: str) -> bool:
    """Whether a card not yet on the stack will have ``keyword`` as a spell from a
    "[Artifact] spells you cast [from exile] have [keyword]" static ability (Chief
    Engineer, CR 611.3, 702.51a): checked before the cast is proposed, while the card
    is still in the zone it's cast from (CR 601.2a)."""
    if obj.zone == Zone.STACK:
        return False
    for pid in game.battlefield:
        perm = game.objects[pid]
        for a in chars(game, perm).abilities:
            if a.kind is not AbilityKind.STATIC:
                continue
            for st in a.static:
                flt = st.affected
                if (
                    st.op != "grant_keyword"
                    or st.args.get("keyword") != keyword
                    or not isinstance(flt, Filter)
                    or ("caster", "you") not in flt.conditions
                    or perm.controller != obj.owner
                    or flt.zone != "stack"
                ):
                    continue
                rest = tuple(c for c in flt.conditions if c[0] != "caster")
                kinds = tuple(k for k in flt.kinds if k != "spell")  # (the card to be cast)
                as_card = Filter(kinds, Zone.NAMES[obj.zone], rest)
                if matches_object(game, obj, as_card, perm.controller, perm):
                    return True
    return False


def delve_allowed(abilities: list[Ability]) -> bool:
    return any(a.keyword == "Delve" for a in abilities)


@additional_cost("Convoke")
def convoke_announced(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.51a: only a spell with convoke (printed or granted) may be paid for by
    tapping creatures; convoke adds no cost of its own."""
    if (
        opts.get("convoke")
        and not convoke_allowed(abilities)
        and not granted_as_cast(game, obj, "Convoke")
    ):
        return (
            [],
            f"{obj.name} doesn't have convoke: creatures can't be tapped to pay for it (rule 702.51a)",
        )
    return [], None


@additional_cost("Improvise")
def improvise_announced(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.126a: only a spell with improvise (printed or granted) may be paid for
    by tapping artifacts; improvise adds no cost of its own (702.126b)."""
    if opts.get("improvise") and not any(a.keyword == "Improvise" for a in abilities):
        return (
            [],
            f"{obj.name} doesn't have improvise: artifacts can't be tapped to pay for it "
            "(rule 702.126a)",
        )
    return [], None


@additional_cost("Delve")
def delve_announced(
    game: Game, obj: GameObject, abilities: list[Ability], opts: dict[str, Any]
) -> tuple[list[CostPart], str | None]:
    """CR 702.66a: only a spell with delve (printed or granted) may be paid for by
    exiling cards from the graveyard; delve adds no cost of its own."""
    if opts.get("delve") and not delve_allowed(abilities):
        return (
            [],
            f"{obj.name} doesn't have delve: cards can't be exiled to pay for it (rule 702.66a)",
        )
    return [], None
