"""Keyword abilities (CR 702) and keyword actions (CR 701), each implemented once.

Where is trample? ``rules/combat_damage.py`` (damage assignment, CR 702.19). Flying, reach, menace and the
other evasion abilities: ``keywords/evasion.py``. Protection:
``keywords/protection.py``. Keyword names are spelled as in CR 702
("First strike", "Double strike"); :class:`Kw` holds them as constants.
"""

from collections.abc import Callable
from typing import Any

#: keyword name -> function(keyword ability) -> extra abilities that implement it
#: (e.g. an echo upkeep trigger, a flanking block trigger). The characteristics
#: code adds these next to the keyword ability itself, so a keyword is
#: implemented once, in its module, and every card with it gets it.
KEYWORD_EXPANSIONS: dict[str, Callable[[Any], tuple[Any, ...]]] = {}


def expansion(
    keyword: str,
) -> Callable[[Callable[[Any], tuple[Any, ...]]], Callable[[Any], tuple[Any, ...]]]:
    """Register the abilities that implement ``keyword`` (see KEYWORD_EXPANSIONS)."""

    def register(fn: Callable[[Any], tuple[Any, ...]]) -> Callable[[Any], tuple[Any, ...]]:
        KEYWORD_EXPANSIONS[keyword] = fn
        return fn

    return register


class Kw:
    """CR 702: keyword ability names, as the compiler and the rules use them."""

    DEATHTOUCH = "Deathtouch"  # 702.2
    DEFENDER = "Defender"  # 702.3
    DOUBLE_STRIKE = "Double strike"  # 702.4
    FIRST_STRIKE = "First strike"  # 702.7
    FLASH = "Flash"  # 702.8
    FLYING = "Flying"  # 702.9
    HASTE = "Haste"  # 702.10
    HEXPROOF = "Hexproof"  # 702.11
    INDESTRUCTIBLE = "Indestructible"  # 702.12
    INTIMIDATE = "Intimidate"  # 702.13
    LANDWALK = "Landwalk"  # 702.14
    LIFELINK = "Lifelink"  # 702.15
    PROTECTION = "Protection"  # 702.16
    REACH = "Reach"  # 702.17
    SHROUD = "Shroud"  # 702.18
    TRAMPLE = "Trample"  # 702.19
    VIGILANCE = "Vigilance"  # 702.20
    WARD = "Ward"  # 702.21
    BANDING = "Banding"  # 702.22
    FEAR = "Fear"  # 702.36
    SHADOW = "Shadow"  # 702.28
    HORSEMANSHIP = "Horsemanship"  # 702.31
    MENACE = "Menace"  # 702.111
    SKULK = "Skulk"  # 702.118
    INFECT = "Infect"  # 702.90
    WITHER = "Wither"  # 702.80
    PHASING = "Phasing"  # 702.26


from . import casting as _casting  # noqa: E402,F401  (keyword modules register themselves)
from . import combat as _combat  # noqa: E402,F401
from . import permanents as _permanents  # noqa: E402,F401
