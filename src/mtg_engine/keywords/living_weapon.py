"""Living weapon (CR 702.92).

702.92a: "Living weapon" means "When this Equipment enters, create a 0/0 black
Phyrexian Germ creature token, then attach this Equipment to it." The keyword
stands for that ordinary triggered ability (CR 603.6a); the Germ is an ordinary
token, so it dies to state-based actions (704.5f) once the Equipment leaves it,
unless something else raises its toughness.
"""

from __future__ import annotations

from ..cards.abilities import Ability
from ..cards.model import CardFace
from ..rules.support import register_keywords
from . import expansion

register_keywords("Living weapon")

#: the ability's text as CR 702.92a words it
TEXT = (
    "When this Equipment enters, create a 0/0 black Phyrexian Germ creature token, "
    "then attach this Equipment to it."
)

_ABILITY: list[Ability] = []
_CACHE: dict[int, tuple[Ability, Ability]] = {}


def _reminder_ability() -> Ability:
    """The triggered ability, compiled once from its rules text (CR 702.92a)."""
    if not _ABILITY:
        # the Oracle compiler loads the parser: only when a card with the keyword is seen
        from ..cards.compiler import compile_face

        face = CardFace(
            name="Living weapon",
            mana_cost=None,
            type_line="Artifact — Equipment",
            supertypes=(),
            types=("Artifact",),
            subtypes=("Equipment",),
            text=TEXT,
        )
        (ab,) = compile_face(face).abilities
        _ABILITY.append(ab)
    return _ABILITY[0]


@expansion("Living weapon")
def living_weapon_ability(a: Ability) -> tuple[Ability, ...]:
    """The triggered ability "Living weapon" stands for (CR 702.92a)."""
    got = _CACHE.get(id(a))
    if got is not None and got[0] is a:
        return (got[1],)
    ab = _reminder_ability()
    out = Ability(
        ab.kind,
        text=ab.text,
        effects=ab.effects,
        trigger=ab.trigger,
        keyword="Living weapon",
        keyword_args={"rule": "702.92a"},
    )
    _CACHE[id(a)] = (a, out)
    return (out,)
