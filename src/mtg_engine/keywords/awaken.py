"""Awaken (CR 702.113).

702.113a: Awaken appears on some instants and sorceries. It represents two
abilities: a static ability that functions while the spell with awaken is on the
stack and a spell ability. "Awaken N—[cost]" means "You may pay [cost] rather
than pay this spell's mana cost as you cast this spell" and "If this spell's
awaken cost was paid, put N +1/+1 counters on target land you control. That land
becomes a 0/0 Elemental creature with haste. It's still a land." Casting a spell
using its awaken ability follows the rules for paying alternative costs (601.2b,
601.2f-h). 702.113b: the target of the awaken spell ability is chosen only if
the awaken cost was paid; otherwise the spell is cast as if it didn't have it.

Cast with ``CastSpell(card, alt="awaken")`` (the scenario format's ``alt:
awaken``; the land is the last of the ``targets``). The spell ability is compiled
once per N from the rule's own words and joins the spell's own, after it (its
target follows the spell's targets, 601.2c); the land stays a creature for as
long as it's on the battlefield (no duration, 611.2a).
"""

from __future__ import annotations

from dataclasses import replace

from ..cards.abilities import Ability
from ..game.hooks import AltCost, alt_cost
from ..game.objects import Zone
from ..rules.support import register_keywords
from ..rules.target_refs import shift_target_refs
from .common import keyword_cost, reminder_abilities

AWAKEN = "Awaken"
register_keywords(AWAKEN)


def text(n: int) -> str:
    """The spell ability "Awaken N" stands for, as CR 702.113a words it."""
    return (
        f"Put {n} +1/+1 counters on target land you control. That land becomes a 0/0 "
        "Elemental creature with haste. It's still a land."
    )


def awakened(ability: Ability, keyword: Ability | None) -> Ability:
    """CR 702.113a-b: the spell's ability with the awaken spell ability after it (its
    target after the spell's own targets)."""
    n = keyword.keyword_args.get("n", 0) if keyword is not None else 0
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        return ability
    (awaken,) = reminder_abilities(AWAKEN, "702.113a", text(n), ("Sorcery",))
    shift = len(ability.targets)
    return replace(
        ability,
        targets=(*ability.targets, *awaken.targets),
        effects=(*ability.effects, *shift_target_refs(awaken.effects, shift)),
    )


alt_cost(AltCost("awaken", AWAKEN, "702.113a", (Zone.HAND,), keyword_cost, spell_ability=awakened))
