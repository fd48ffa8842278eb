"""Ninjutsu (CR 702.49).

702.49a: "Ninjutsu [cost]" means "[Cost], Reveal this card from your hand,
Return an unblocked attacking creature you control to its owner's hand: Put
this card onto the battlefield from your hand tapped and attacking." It
functions only while the card is in a player's hand.
702.49b: the card stays revealed until the ability leaves the stack.
702.49c: it may be activated only while a creature is unblocked (CR 509.1h);
the creature with ninjutsu enters unblocked, attacking the player,
planeswalker or battle the returned creature was attacking.

The ability can be activated several times before the first activation
resolves (returning several attackers); the later ones do nothing, since the
card has left the hand (ruling 502.43.1, CR 400.7).

Activate with ``ActivateAbility(card_in_hand, index)`` (the scenario format's
``ability: ninjutsu``).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards.abilities import Ability, AbilityKind, Cost, Effect, Filter
from ..game.hooks import activated_keyword
from ..rules.costs import as_cost
from ..rules.support import register, register_keywords

register_keywords("Ninjutsu")
register("cost:return", "cost:reveal_self", "cond:unblocked")

#: "an unblocked attacking creature you control" (CR 509.1h)
UNBLOCKED_ATTACKER = Filter(
    kinds=("Creature",),
    conditions=(("attacking", True), ("unblocked", True), ("controller", "you")),
)


def _cost(a: Ability) -> Cost:
    c = a.cost if a.cost is not None else as_cost(a.keyword_args.get("cost"))
    return c if c is not None else Cost()


@activated_keyword("Ninjutsu")
def ninjutsu(a: Ability) -> Ability:
    """702.49a: the activated ability that "Ninjutsu [cost]" stands for."""
    base = _cost(a)
    cost = replace(
        base, other=(*base.other, ("reveal_self", True), ("return", (UNBLOCKED_ATTACKER, 1)))
    )
    text = a.keyword_args.get("cost")
    mana = text if isinstance(text, str) else (base.mana or "")
    return Ability(
        AbilityKind.ACTIVATED,
        text=f"Ninjutsu {mana}",
        cost=cost,
        effects=(Effect("ninjutsu_enter", {"rule": "702.49a"}),),
        keyword=a.keyword,
        keyword_args={**a.keyword_args, "from_zone": "hand", "rule": "702.49a"},
    )
