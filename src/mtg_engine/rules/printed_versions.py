"""Whether a permanent differs from its printed version: "modified" as Louvaq, the
Aberrant defines it for itself ("Modified creatures have a power, toughness, or
ability different than their printed versions"), not CR 700.9's modified
(``rules/filters._modified``).

Read as that card's rulings read it: a permanent is so modified if it has gained or
lost an ability or had its abilities' text changed (CR 612), or if a counter or an
effect has set or changed its power or toughness (CR 613.4b-d); a
characteristic-defining ability that defines a * in its power or toughness doesn't
modify it (CR 604.3, 613.4a), nor does a change of controller, color or type. Its
printed version is the card face that is up (CR 613.1); a token's, the values it was
created with (CR 111.4); a face-down permanent's, a 2/2 with no abilities (CR
708.2a). A copy effect (CR 707.2) changes what it has, so it is compared with its own
card.
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from ..game.hooks import RULES_HOOKS
from .characteristics import chars, printed, statics_in
from .face_down import face_down_values
from .layers import amount

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game
    from .char_values import Chars


def _ability_texts(c: Chars) -> Counter[str]:
    return Counter(a.text for a in c.abilities)


def differs_from_printed(game: Game, obj: GameObject) -> bool:
    """Its power, toughness or abilities differ from its printed version's."""
    ref = face_down_values(obj) if obj.face_down else printed(obj)
    c = chars(game, obj)
    if c.abilities is not ref.abilities and _ability_texts(c) != _ability_texts(ref):
        return True
    power, toughness = ref.power, ref.toughness
    for st in statics_in(ref):
        if st.op == "set_pt" and st.args.get("cda"):
            # the value its own characteristic-defining ability gives (CR 604.3)
            if st.args.get("power") is not None:
                power = amount(game, st.args["power"], obj.controller, obj)
            if st.args.get("toughness") is not None:
                toughness = amount(game, st.args["toughness"], obj.controller, obj)
    return (c.power, c.toughness) != (power, toughness)


RULES_HOOKS.differs_from_printed = differs_from_printed
