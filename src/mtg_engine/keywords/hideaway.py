"""Hideaway (CR 702.75).

702.75a: "Hideaway N" means "When this permanent enters, look at the top N cards
of your library. Exile one of them face down and put the rest on the bottom of
your library in a random order. The exiled card gains 'The player who controls
the permanent that exiled this card may look at this card in the exile zone.'"
702.75b: older cards read "Hideaway" and now have "Hideaway 4" and "enters
tapped" in their Oracle text (so nothing special happens here).

The exiled card is linked to the permanent (CR 607.2a); the card's other ability
("you may play the exiled card without paying its mana cost ...") finds it
through that link (``effects/linked.py``: ``hideaway``, ``play_free``).
"""

from __future__ import annotations

from ..cards.abilities import Ability, AbilityKind, Effect, SelfRef, Trigger
from ..rules.support import register_keywords
from . import expansion

register_keywords("Hideaway")


@expansion("Hideaway")
def hideaway_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Hideaway N" stands for (CR 702.75a); each instance
    triggers separately (Evercoat Ursine's "Hideaway 3, hideaway 3")."""
    n = a.keyword_args.get("n", 4)
    n = n if isinstance(n, int) else 4
    ab = Ability(
        AbilityKind.TRIGGERED,
        text=f"When this permanent enters, look at the top {n} cards of your library. Exile "
        "one of them face down and put the rest on the bottom of your library in a random "
        "order.",
        effects=(Effect("hideaway", {"amount": n}),),
        trigger=Trigger("enters", SelfRef()),
        keyword="Hideaway",
        keyword_args={"rule": "702.75a"},
    )
    return (ab,)
