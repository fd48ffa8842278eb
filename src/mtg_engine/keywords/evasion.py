"""Evasion and blocking restrictions (CR 509.1b, 702): which creature may block which.

Flying/reach (702.9b, 702.17b), shadow (702.28b), horsemanship (702.31b),
fear (702.36b), intimidate (702.13b), landwalk (702.14c), protection
(702.16e), skulk (702.118b), "can't be blocked". Menace (702.111b) restricts
a whole declaration and is checked in :func:`declaration_problems`.
Evasion is cumulative: a blocker must satisfy every restriction.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.objects import GameObject
from . import Kw
from .protection import has_protection_from

if TYPE_CHECKING:
    from ..game.state import Game
    from ..rules.characteristics import Chars


def block_problem(game: Game, blocker: GameObject, attacker: GameObject) -> tuple[str, str] | None:
    """Why ``blocker`` can't block ``attacker`` (reason, rule), or None if it can."""
    from ..rules.characteristics import chars

    a = chars(game, attacker)
    b = chars(game, blocker)
    akw = a.keywords
    bkw = b.keywords
    if "cant_be_blocked" in a.restrictions:
        return ("it can't be blocked", "509.1b")
    if Kw.FLYING in akw and not (Kw.FLYING in bkw or Kw.REACH in bkw):
        return ("it has flying and the blocker has neither flying nor reach", "702.9b")
    if Kw.SHADOW in akw and Kw.SHADOW not in bkw:
        return ("it has shadow", "702.28b")
    if Kw.SHADOW in bkw and Kw.SHADOW not in akw:
        return ("a creature with shadow can block only creatures with shadow", "702.28b")
    if Kw.HORSEMANSHIP in akw and Kw.HORSEMANSHIP not in bkw:
        return ("it has horsemanship", "702.31b")
    if Kw.FEAR in akw and not (
        "Artifact" in b.types and "Creature" in b.types or "black" in b.colors
    ):
        return ("it has fear", "702.36b")
    if Kw.INTIMIDATE in akw and not (
        ("Artifact" in b.types and "Creature" in b.types) or (a.colors & b.colors)
    ):
        return ("it has intimidate", "702.13b")
    if Kw.SKULK in akw and (b.power or 0) > (a.power or 0):
        return ("it has skulk", "702.118b")
    if akw and _landwalk_applies(game, attacker, a, blocker.controller):
        return ("it has landwalk and the defending player controls such a land", "702.14c")
    if akw and has_protection_from(game, attacker, blocker):
        return ("it has protection from the blocker", "702.16e")
    return None


def _landwalk_applies(game: Game, attacker: GameObject, a: Chars, defender: int) -> bool:
    """CR 702.14c: unblockable while the defending player controls a land of the type."""
    from ..rules.characteristics import chars

    walks = [ab.keyword_args for ab in a.abilities if ab.keyword == Kw.LANDWALK]
    if not walks:
        return False
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller != defender or o.phased_out:
            continue
        c = chars(game, o)
        if "Land" not in c.types:
            continue
        for w in walks:
            land_type = w.get("type")
            if land_type == "nonbasic":
                if "Basic" not in c.supertypes:
                    return True
                continue
            if w.get("snow") and "Snow" not in c.supertypes:
                continue
            if land_type is None or land_type in c.subtypes or land_type in c.supertypes:
                return True
    return False


def min_blockers(game: Game, attacker: GameObject) -> int:
    """CR 702.111b: a creature with menace can't be blocked except by two or more."""
    from ..rules.characteristics import chars

    return 2 if Kw.MENACE in chars(game, attacker).keywords else 1
