"""A prototyped spell or permanent (CR 718, 702.160).

718.2: the mana cost, power and toughness in a prototype card's inset frame are
alternative characteristics the object may have while it's a spell or a
permanent. 718.3b: a spell cast prototyped, and the permanent it becomes, have only
that alternative mana cost, power and toughness, and the colors of that mana cost
(105.2); 718.5: its other characteristics stay as printed. 718.4: in every other
zone, and when not cast prototyped, it has only its normal characteristics.

The object carries ``chosen["prototyped"]`` for as long as it is that prototyped
spell or permanent (a new object in another zone doesn't, CR 400.7); these are its
characteristics then (the keyword's casting side is
:mod:`mtg_engine.keywords.prototype`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.model import COLOR_BY_LETTER, mana_symbols, mana_value_of

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from .char_values import Chars

#: the key a prototyped spell or permanent carries in ``GameObject.chosen``
PROTOTYPED = "prototyped"
#: the keyword ability that holds the alternative characteristics (CR 702.160a)
PROTOTYPE = "Prototype"


def is_prototyped(obj: GameObject) -> bool:
    return bool(obj.chosen and obj.chosen.get(PROTOTYPED))


def prototyped_values(c: Chars) -> Chars:
    """CR 718.3b: ``c`` with the alternative mana cost, power and toughness of its
    prototype ability, and the colors of that mana cost (105.2); unchanged when it
    has no prototype ability (718.4)."""
    for a in c.abilities:
        if a.keyword == PROTOTYPE and isinstance(a.keyword_args.get("cost"), str):
            args = a.keyword_args
            break
    else:
        return c
    cost = args["cost"]
    letters = {part for sym in mana_symbols(cost) for part in sym.split("/")}
    out = c.copy()
    out.mana_cost = cost
    out.mana_value = mana_value_of(cost)
    out.colors = frozenset(name for letter, name in COLOR_BY_LETTER.items() if letter in letters)
    out.power = args.get("power", c.power)
    out.toughness = args.get("toughness", c.toughness)
    return out
