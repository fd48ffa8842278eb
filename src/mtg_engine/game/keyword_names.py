"""Keyword ability names (CR 702), as the compiler and the rules spell them.

Data for every layer: the rules test for keywords by these names, and the
keyword modules (``mtg_engine.keywords``) implement them.
"""

from typing import Final


class Kw:
    """CR 702: keyword ability names, as the compiler and the rules use them."""

    DEATHTOUCH: Final = "Deathtouch"  # 702.2
    DEFENDER: Final = "Defender"  # 702.3
    DOUBLE_STRIKE: Final = "Double strike"  # 702.4
    FIRST_STRIKE: Final = "First strike"  # 702.7
    FLASH: Final = "Flash"  # 702.8
    FLYING: Final = "Flying"  # 702.9
    HASTE: Final = "Haste"  # 702.10
    HEXPROOF: Final = "Hexproof"  # 702.11
    INDESTRUCTIBLE: Final = "Indestructible"  # 702.12
    INTIMIDATE: Final = "Intimidate"  # 702.13
    LANDWALK: Final = "Landwalk"  # 702.14
    LIFELINK: Final = "Lifelink"  # 702.15
    PROTECTION: Final = "Protection"  # 702.16
    REACH: Final = "Reach"  # 702.17
    SHROUD: Final = "Shroud"  # 702.18
    TRAMPLE: Final = "Trample"  # 702.19
    VIGILANCE: Final = "Vigilance"  # 702.20
    WARD: Final = "Ward"  # 702.21
    BANDING: Final = "Banding"  # 702.22
    FEAR: Final = "Fear"  # 702.36
    SHADOW: Final = "Shadow"  # 702.28
    HORSEMANSHIP: Final = "Horsemanship"  # 702.31
    MENACE: Final = "Menace"  # 702.111
    SKULK: Final = "Skulk"  # 702.118
    INFECT: Final = "Infect"  # 702.90
    WITHER: Final = "Wither"  # 702.80
    PHASING: Final = "Phasing"  # 702.26
