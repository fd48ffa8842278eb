"""Partner and its variants (CR 702.124): deck construction only.

702.124a: partner abilities modify the rules for deck construction in the
Commander variant (CR 903) and function before the game begins: each lets a
player designate two cards as their commander. "Partner" (702.124h),
"Partner—[text]" (702.124i), "Choose a Background" (702.124k) and "Doctor's
companion" (702.124m) have no effect during a game, in a two-player game or in
any other: the engine has nothing to run for them, so they count as
implemented. The commander layer (CR 903.3) reads them when it checks a
Commander deck's two commanders (702.124b-g); that check is not built yet.

"Partner with [name]" (702.124j) is a different keyword: besides the deck
rule it has a triggered ability ("When this permanent enters, target player may
search their library for a card named [name], reveal it, put it into their hand,
then shuffle"), compiled once from the rule's words and given the name.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from ..cards.abilities import Ability, Effect, Filter
from ..rules.support import register_keywords
from . import expansion
from .common import reminder_abilities

#: the partner abilities that only matter when a Commander deck is built (702.124a)
DECK_CONSTRUCTION_ONLY = ("Partner", "Choose a background", "Doctor's companion")

register_keywords(*DECK_CONSTRUCTION_ONLY)


#: "Partner with [name]" (702.124j): besides the deck rule, this triggered ability
PARTNER_WITH = "Partner with"
register_keywords(PARTNER_WITH)

#: the ability's text as CR 702.124j words it, for a placeholder name (a name is one
#: word of the compiled text; see :func:`partner_with_abilities`)
_PLACEHOLDER = "Partnername"
TEXT = (
    "When this permanent enters, target player may search their library for a card "
    f"named {_PLACEHOLDER}, reveal it, put it into their hand, then shuffle."
)


def _named(value: Any, name: str) -> Any:
    """``value`` with the placeholder's name condition naming ``name`` (CR 201.2)."""
    if isinstance(value, Filter):
        return replace(
            value,
            conditions=tuple(
                ("named", name) if c == ("named", _PLACEHOLDER) else c for c in value.conditions
            ),
        )
    if isinstance(value, Effect):
        return replace(value, args={k: _named(v, name) for k, v in value.args.items()})
    return value


@expansion(PARTNER_WITH)
def partner_with_abilities(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Partner with [name]" stands for (CR 702.124j): "When
    this permanent enters, target player may search their library for a card named
    [name], reveal it, put it into their hand, then shuffle." """
    name = a.keyword_args.get("partner")
    if not isinstance(name, str) or not name:
        return ()
    (trig,) = reminder_abilities(PARTNER_WITH, "702.124j", TEXT, ("Creature",))
    return (
        replace(
            trig,
            text=TEXT.replace(_PLACEHOLDER, name),
            effects=tuple(_named(e, name) for e in trig.effects),
        ),
    )
