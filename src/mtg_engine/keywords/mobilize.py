"""Mobilize (CR 702.181).

702.181a: Mobilize is a triggered ability. "Mobilize N" means "Whenever this
creature attacks, create N 1/1 red Warrior creature tokens. Those tokens enter
tapped and attacking. Sacrifice them at the beginning of the next end step."

The triggered ability is compiled once per N from the rule's own words: the
tokens enter tapped and attacking (506.3a: they were never declared as
attackers, so "whenever a creature attacks" doesn't trigger for them, 508.3a),
and a delayed triggered ability sacrifices them (603.7a).
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

MOBILIZE = "Mobilize"
register_keywords(MOBILIZE)


def text(n: int) -> str:
    """What "Mobilize N" means, as CR 702.181a words it."""
    return (
        f"Whenever this creature attacks, create {n} 1/1 red Warrior creature tokens that "
        "are tapped and attacking. Sacrifice them at the beginning of the next end step."
    )


@expansion(MOBILIZE)
def mobilize_abilities(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Mobilize N" stands for (CR 702.181a)."""
    n = a.keyword_args.get("n", 1)
    if not isinstance(n, int) or isinstance(n, bool):
        return ()  # the compiler reads "Mobilize N" with a number only ("Mobilize X, where ..." isn't compiled)
    return reminder_abilities(MOBILIZE, "702.181a", text(n), ("Creature",))
