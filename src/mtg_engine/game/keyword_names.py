"""Keyword ability names (CR 702), as the compiler and the rules spell them.

Data for every layer: the rules test for keywords by these names, and the
keyword modules (``mtg_engine.keywords``) implement them.
"""


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
