"""Keywords that "spells you cast" have or gain as they are cast (CR 601.2a, 611.3):
"Elemental permanent spells you cast from your hand gain evoke {4} as you cast
them" (Ashling, the Limitless), "Artifact spells you cast have convoke".

Such an effect applies to the spell from the moment it is put on the stack (CR
601.2a), so an alternative cost it grants can be chosen in 601.2b. Whether a card
may begin to be cast with that cost is decided with the characteristics it will
have as a spell, with the continuous effects that will apply to it then (CR
601.3e). A filter that names where the spell is cast from ("from your hand")
keeps that zone as its zone (rules/cast_from_hand.cast_from_matches).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Ability, Filter
from ..game.objects import Zone
from .cast_from_hand import cast_from_matches
from .char_values import keyword_abilities_with
from .conditions import evaluate
from .filters import matches_object
from .statics import statics_with

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

#: filter zones that don't say where a spell was cast from
_NOT_CAST_ZONES = ("battlefield", "stack", "any")


def cast_from_filter(flt: Filter) -> bool:
    """Whether ``flt`` describes spells by where they are cast from ("spells you cast
    from your hand"): its zone is that zone, not where the object is."""
    return flt.zone not in _NOT_CAST_ZONES and any(k == "caster" for k, _ in flt.conditions)


def spell_cast_from_matches(obj: GameObject, flt: Filter) -> bool:
    """A spell (not a copy, CR 707.10) cast from the zone ``flt`` names (CR 601.2a)."""
    paid = obj.paid
    if obj.zone != Zone.STACK or obj.stack_kind != "spell" or not paid or paid.get("copy"):
        return False
    from_zone = paid.get("from_zone")
    return cast_from_matches(flt.zone, from_zone if isinstance(from_zone, str) else None)


def granted_as_cast(game: Game, player: int, card: GameObject, keyword: str) -> bool:
    """Whether ``card``, cast now by ``player`` from where it is, would have
    ``keyword`` as a spell through a static ability of a permanent ("spells you
    cast [from your hand] have/gain ...", CR 601.3e)."""
    return bool(abilities_granted_as_cast(game, player, card, keyword))


def abilities_granted_as_cast(
    game: Game, player: int, card: GameObject, keyword: str
) -> list[Ability]:
    """The ``keyword`` abilities ``card``, cast now by ``player`` from where it is,
    would gain as a spell through static abilities of permanents ("Elemental
    permanent spells you cast from your hand gain evoke {4} as you cast them",
    CR 601.3e): its evoke {4}, an alternative cost it may be cast for (601.2b)."""
    found: list[Ability] = []
    from_zone = Zone.NAMES[card.zone]
    for src, st in statics_with(game, "grant_keyword"):
        flt = st.affected
        if st.args.get("keyword") != keyword or not isinstance(flt, Filter):
            continue
        caster = next((v for k, v in flt.conditions if k == "caster"), None)
        if caster is None or (caster == "you") != (src.controller == player):
            continue
        if flt.zone not in ("stack", "any") and not cast_from_matches(flt.zone, from_zone):
            continue
        # the spell's other qualities, read from the card (CR 601.3e)
        rest = Filter(
            tuple(k for k in flt.kinds if k != "spell"),
            "any",
            tuple(x for x in flt.conditions if x[0] not in ("caster", "owner")),
        )
        if not matches_object(game, card, rest, src.controller, src):
            continue
        if st.condition is not None and not evaluate(game, st.condition, src.controller, src):
            continue
        found.extend(keyword_abilities_with(keyword, st.args))
    return found
