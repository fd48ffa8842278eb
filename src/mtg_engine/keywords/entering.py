"""Keywords that stand for one replacement effect on entering the battlefield
(CR 614.1c, 614.12): amplify (702.38a), devour (702.82a). Each instance of the
keyword is its own replacement effect; ``rules/etb_choices.py`` applies it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..cards.abilities import Ability, AbilityKind, SelfRef, StaticEffect
from ..game.actions import Decision, DecisionKind
from ..game.hooks import expansion
from ..rules.support import register_keywords


def entering_keyword(keyword: str, op: str, rule: str, text: Callable[[int], str]) -> None:
    """Declare the keyword "[keyword] N": it stands for the static entering
    replacement ``op`` with that N (1 when it has none), described by ``text(N)``."""
    register_keywords(keyword)

    @expansion(keyword)
    def replacement(a: Ability) -> tuple[Ability, ...]:
        n = a.keyword_args.get("n", 1)
        n = n if isinstance(n, int) else 1
        # "Devour artifact 1" (CR 702.82c): the quality of what may be sacrificed
        q = a.keyword_args.get("quality")
        quality = {"quality": q} if q is not None else {}
        ab = Ability(
            AbilityKind.STATIC,
            text=text(n) if q is None else (a.text or text(n)),
            static=(StaticEffect(op, SelfRef(), {"n": n, **quality}),),
            keyword=keyword,
            keyword_args={"rule": rule},
        )
        return (ab,)


def ask_any_number(
    ask: Callable[[Decision], Any],
    entry: dict[str, Any],
    rule: str,
    text: str,
    cands: list[int],
    purpose: str,
) -> bool:
    """Ask the entering permanent's controller to choose any number of ``cands`` (as
    it enters: amplify's reveal, devour's sacrifice). Returns False: the decision
    is pending."""
    data = {"candidates": cands, "min": 0, "max": len(cands), "purpose": purpose}
    ask(Decision(DecisionKind.CHOOSE_OBJECTS, entry["controller"], rule, text, data))
    return False
