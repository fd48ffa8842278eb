"""Firebending (CR 702.189).

702.189a: Firebending is a triggered ability. "Firebending N" means "Whenever this
creature attacks, add N {R}. Until end of combat, you don't lose this mana as
steps and phases end."

The triggered ability is compiled once per N from the rule's words ("Whenever this
creature attacks, add {R}..."), with one more instruction: the red mana it added
is kept in its controller's pool as combat steps end (500.4), until the end of
combat (``turn_flags.combat_mana``, read by rules/turn.py). What of it is spent
is spent; only what's left stays. "Whenever you firebend" (702.189b) isn't
implemented.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Effect
from ..game.hooks import effect
from ..rules.mana_costs import POOL_INDEX
from ..rules.support import register, register_keywords
from . import expansion
from .common import reminder_abilities

if TYPE_CHECKING:
    from ..rules.effects_runner import Ctx

FIREBENDING = "Firebending"
register_keywords(FIREBENDING)

#: the instruction "until end of combat, you don't lose this mana"
KEEP = "keep_until_end_of_combat"
register(f"effect:{KEEP}")


@expansion(FIREBENDING)
def firebending_abilities(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Firebending N" stands for (CR 702.189a)."""
    n = a.keyword_args.get("n", 1)
    if not isinstance(n, int) or isinstance(n, bool) or n <= 0:
        return ()
    text = "Whenever this creature attacks, add " + "{R}" * n + "."
    (trig,) = reminder_abilities(FIREBENDING, "702.189a", text, ("Creature",))
    keep = Effect(KEEP, {"mana": "R", "amount": n})
    return (
        replace(
            trig,
            text=f"Firebending {n} ({text[:-1]}. Until end of combat, you don't lose this "
            "mana as steps and phases end.)",
            effects=(*trig.effects, keep),
        ),
    )


@effect(KEEP)
def keep_until_end_of_combat(ctx: Ctx, e: Effect) -> bool:
    """CR 702.189a: "Until end of combat, you don't lose this mana as steps and phases
    end" (rules/turn.py keeps it as the steps end)."""
    kept = ctx.game.turn_flags.combat_mana.setdefault(ctx.controller, [0] * 6)
    kept[POOL_INDEX[str(e.args.get("mana", "R"))]] += int(e.args.get("amount", 0))
    return True
