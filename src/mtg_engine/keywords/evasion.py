"""Evasion and blocking restrictions (CR 509.1b, 702): which creature may block which.

Flying/reach (702.9b, 702.17b), shadow (702.28b), horsemanship (702.31b),
fear (702.36b), intimidate (702.13b), landwalk of every kind (702.14c:
land types, snow, nonbasic, legendary, Desert), protection (702.16f),
skulk (702.118b), "can't be blocked" and "can't be blocked except by / by
..." effects, and the blocker's own restrictions ("can block only creatures
with flying", "can't block creatures with power 2 or greater").

Evasion is cumulative (CR 509.1b; 501.2 in the oldest seed): a blocker must
satisfy every restriction. Menace (702.111b) and "can't be blocked except by
N or more creatures" restrict how many creatures block, so they are checked
on the whole declaration (:func:`min_blockers`). A creature that gains or
loses evasion after blockers are declared keeps its blocks (509.1b): these
checks run only while blockers are being declared.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject
from ..rules import combat_rules as cr
from ..rules.characteristics import chars
from ..rules.filters import matches_object
from . import Kw
from .protection import has_protection_from

if TYPE_CHECKING:
    from ..game.state import Game
    from ..rules.char_values import Chars

#: land-walk qualities that are supertypes or "nonbasic" rather than land types
_SUPERTYPE_WALKS: Final = {"legendary": "Legendary", "snow": "Snow"}


def block_problem(game: Game, blocker: GameObject, attacker: GameObject) -> tuple[str, str] | None:
    """Why ``blocker`` can't block ``attacker`` (reason, rule), or None if it can."""
    a = chars(game, attacker)
    b = chars(game, blocker)
    akw = a.keywords
    bkw = b.keywords
    defending = blocker.controller
    # (most creatures have no combat rule at all: then no effect restricts this block)
    ruled = bool(cr.rules_of(game, attacker)) or bool(cr.rules_of(game, blocker))
    if ruled and cr.has(game, attacker, "cant_be_blocked", defending):
        return ("it can't be blocked", "509.1b")
    if Kw.FLYING in akw and not (Kw.FLYING in bkw or Kw.REACH in bkw):
        return ("it has flying and the blocker has neither flying nor reach", "702.9b")
    if Kw.SHADOW in akw and Kw.SHADOW not in bkw:
        return ("it has shadow and the blocker doesn't", "702.28b")
    if Kw.SHADOW in bkw and Kw.SHADOW not in akw:
        return ("a creature with shadow can block only creatures with shadow", "702.28b")
    if Kw.HORSEMANSHIP in akw and Kw.HORSEMANSHIP not in bkw:
        return ("it has horsemanship and the blocker doesn't", "702.31b")
    if Kw.FEAR in akw and not (
        ("Artifact" in b.types and "Creature" in b.types) or "black" in b.colors
    ):
        return ("it has fear: only artifact or black creatures can block it", "702.36b")
    if Kw.INTIMIDATE in akw and not (
        ("Artifact" in b.types and "Creature" in b.types) or (a.colors & b.colors)
    ):
        return (
            "it has intimidate: only artifact creatures and creatures sharing a color can block it",
            "702.13b",
        )
    if Kw.SKULK in akw and (b.power or 0) > (a.power or 0):
        return ("it has skulk and the blocker has greater power", "702.118b")
    if Kw.LANDWALK in akw and _landwalk_applies(
        game, a, defending, _landwalks_ignored(game, attacker, defending) if ruled else ()
    ):
        return ("it has landwalk and the defending player controls such a land", "702.14c")
    if has_protection_from(game, attacker, blocker):
        return ("it has protection from the blocker", "702.16f")
    return _rule_problem(game, blocker, b, attacker, a, defending) if ruled else None


def _rule_problem(
    game: Game, blocker: GameObject, b: Chars, attacker: GameObject, a: Chars, defending: int
) -> tuple[str, str] | None:
    """Restrictions from effects: "can't be blocked except by Walls", "can't be
    blocked by Walls", "can block only creatures with flying" (CR 509.1b)."""
    for r in cr.find(game, attacker, "cant_be_blocked_except_by", defending):
        flt = r.args.get("filter")
        if isinstance(flt, Filter) and _only_count(flt):
            continue  # "except by N or more creatures": see min_blockers
        if isinstance(flt, Filter) and not matches_object(
            game, blocker, flt, r.controller, None, b
        ):
            return ("it can't be blocked except by certain creatures", "509.1b")
    for r in cr.find(game, attacker, "cant_be_blocked_by", defending):
        flt = r.args.get("filter")
        src = game.objects.get(r.source) if r.source is not None else None
        if isinstance(flt, Filter) and matches_object(game, blocker, flt, r.controller, src, b):
            return ("it can't be blocked by creatures like the blocker", "509.1b")
    if (b.power or 0) > (a.power or 0) and cr.find(
        game, attacker, "cant_be_blocked_by_greater_power", defending
    ):
        # "can't be blocked by creatures with greater power" (a Ring-bearer, 701.54c)
        return ("it can't be blocked by creatures with greater power", "701.54c")
    for r in cr.find(game, blocker, "block_only", defending):
        kw = r.args.get("keyword")
        flt = r.args.get("filter")
        if kw and kw not in a.keywords:
            return (f"the blocker can block only creatures with {str(kw).lower()}", "509.1b")
        if isinstance(flt, Filter) and not matches_object(
            game, attacker, flt, r.controller, None, a
        ):
            return ("the blocker can block only certain creatures", "509.1b")
    for r in cr.find(game, blocker, "cant_block_attacker", defending):
        if r.args.get("attacker") == attacker.id:
            return (f"the blocker can't block {attacker.name}", "509.1b")
    for r in cr.find(game, blocker, "cant_block_filter", defending):
        flt = r.args.get("filter")
        if isinstance(flt, Filter) and matches_object(game, attacker, flt, r.controller, None, a):
            return ("the blocker can't block creatures like it", "509.1b")
    return None


def _only_count(flt: Filter) -> bool:
    """A bare "creatures" filter: the restriction is about the number of blockers."""
    return flt.kinds in ((), ("Creature",)) and not flt.conditions


def _landwalks_ignored(game: Game, attacker: GameObject, defending: int) -> tuple[Any, ...]:
    """ "Creatures with islandwalk can be blocked as though they didn't have
    islandwalk" (Undertow), "... landwalk abilities ... those abilities" (Staff of
    the Ages): the land qualities whose landwalk doesn't stop a block (509.1b);
    None stands for every landwalk."""
    return tuple(r.args.get("land") for r in cr.find(game, attacker, "landwalk_ignored", defending))


def _landwalk_applies(game: Game, a: Chars, defender: int, ignored: tuple[Any, ...] = ()) -> bool:
    """CR 702.14c: unblockable as long as the defending player controls a land with
    the type or supertype ("islandwalk", "legendary landwalk"), without it
    ("nonbasic landwalk"), or with both ("snow swampwalk"); 702.14d: landwalk
    abilities don't cancel one another. A landwalk an effect says to block as though
    the creature didn't have (``ignored``) doesn't count."""
    walks = [
        ab.keyword_args
        for ab in a.abilities
        if ab.keyword == Kw.LANDWALK
        and None not in ignored
        and ab.keyword_args.get("land", ab.keyword_args.get("type")) not in ignored
    ]
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
            if _walks_over(w, c):
                return True
    return False


def _walks_over(w: dict, land: Chars) -> bool:
    quality = w.get("land", w.get("type"))
    if w.get("snow") and "Snow" not in land.supertypes:
        return False
    if quality is None:
        return True
    q = str(quality)
    if q.lower() == "nonbasic":
        return "Basic" not in land.supertypes
    if q.lower() in _SUPERTYPE_WALKS:
        return _SUPERTYPE_WALKS[q.lower()] in land.supertypes
    return q in land.subtypes or q.capitalize() in land.supertypes | land.types


def min_blockers(game: Game, attacker: GameObject) -> int:
    """The fewest creatures that may block it: menace (CR 702.111b) and "can't be
    blocked except by N or more creatures" (CR 509.1b)."""
    n = 2 if Kw.MENACE in chars(game, attacker).keywords else 1
    for r in cr.find(game, attacker, "min_blockers"):
        n = max(n, int(r.args.get("amount", 2)))
    return n


def max_blockers(game: Game, attacker: GameObject) -> int | None:
    """CR 509.1b: "can't be blocked by more than one creature" (None: no limit)."""
    return 1 if cr.has(game, attacker, "cant_be_blocked_by_more_than_one") else None


KEYWORD_HOOKS.block_problem = block_problem
KEYWORD_HOOKS.min_blockers = min_blockers
KEYWORD_HOOKS.max_blockers = max_blockers
