"""Protection (CR 702.16): the DEBT — Damage, Enchanting/Equipping, Blocking, Targeting.

A protection ability's quality is kept in the ability's ``keyword_args``:
``{"from": "red"}`` (a color), ``{"from": "creatures"}`` (a card type, plural
or singular), ``{"from": "everything"}`` (CR 702.16j), or
``{"from": "all colors"}``/``"multicolored"``/``"monocolored"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.model import COLORS
from ..game.objects import GameObject

if TYPE_CHECKING:
    from ..game.state import Game


def protection_qualities(game: Game, obj: GameObject) -> list[str]:
    from ..rules.characteristics import chars

    out = []
    for a in chars(game, obj).abilities:
        if a.keyword == "Protection":
            q = a.keyword_args.get("from")
            if isinstance(q, list | tuple):
                out.extend(str(x) for x in q)
            elif q:
                out.append(str(q))
    return out


def quality_matches(game: Game, quality: str, source: GameObject) -> bool:
    """Whether ``source`` has the quality (CR 702.16a)."""
    from ..rules.characteristics import chars

    q = quality.lower()
    c = chars(game, source)
    if q == "everything":
        return True
    if q in COLORS:
        return q in c.colors
    if q == "all colors":
        return bool(c.colors)
    if q == "multicolored":
        return len(c.colors) > 1
    if q == "monocolored":
        return len(c.colors) == 1
    if q == "colorless":
        return not c.colors
    singular = q[:-1] if q.endswith("s") else q
    types = {t.lower() for t in c.types} | {t.lower() for t in c.subtypes}
    return singular in types or q in types


def has_protection_from(game: Game, obj: GameObject, source: GameObject) -> bool:
    """CR 702.16b-f: ``obj`` has protection from a quality ``source`` has."""
    return any(quality_matches(game, q, source) for q in protection_qualities(game, obj))
