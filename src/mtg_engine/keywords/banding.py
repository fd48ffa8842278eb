"""Banding and "bands with other" (CR 702.22).

* Forming bands as attackers are declared (702.22c-d): one or more creatures
  with banding and up to one without, or creatures of a quality one of which
  "bands with other [quality]"; all attack the same player, planeswalker or
  battle. A band lasts for the rest of combat (702.22e); a creature removed
  from combat leaves its band (702.22f).
* Blocking (702.22h): a creature that blocks one member of a band blocks
  every member of it.
* Damage (702.22j-k): when an attacking creature is blocked by a creature
  with banding, the defending player divides its combat damage among its
  blockers; when a blocking creature blocks a creature with banding, the
  attacking player divides the blocker's damage.

The bands of the current combat are kept in ``game.turn_flags.bands`` as
a tuple of tuples of object ids (immutable, so clones share it safely); the
end of combat clears them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..cards.abilities import Filter
from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS
from ..game.objects import GameObject
from ..rules.characteristics import chars
from ..rules.filters import matches_object
from . import Kw

if TYPE_CHECKING:
    from ..game.state import Game

BANDS_WITH_OTHER: Final = "Bands with other"


def has_banding(game: Game, obj: GameObject) -> bool:
    return Kw.BANDING in chars(game, obj).keywords


def _bands_with_other(game: Game, obj: GameObject) -> list[Any]:
    """The qualities of the object's "bands with other" abilities (702.22b)."""
    c = chars(game, obj)
    if BANDS_WITH_OTHER not in c.keywords:
        return []
    return [a.keyword_args.get("quality") for a in c.abilities if a.keyword == BANDS_WITH_OTHER]


def _has_quality(game: Game, obj: GameObject, quality: Any) -> bool:
    if isinstance(quality, Filter):
        return matches_object(game, obj, quality, obj.controller, None)
    c = chars(game, obj)
    q = str(quality)
    if q.lower().startswith("creatures named "):
        return c.name == q[len("creatures named ") :]
    if q.lower() in ("legendary", "legendary creatures"):
        return "Legendary" in c.supertypes
    singular = q[:-1] if q.endswith("s") else q
    return q in c.subtypes or singular in c.subtypes or q.capitalize() in c.supertypes


def band_problem(
    game: Game, decl: dict[int, int], bands: tuple[tuple[int, ...], ...]
) -> str | None:
    """Whether the announced bands are legal (CR 702.22c-d)."""
    seen: set[int] = set()
    for band in bands:
        if not band:
            continue
        for oid in band:
            if oid not in decl:
                return "only attacking creatures can be in a band (rule 702.22c)"
            if oid in seen:
                return "a creature can be a member of only one band (rule 702.22c)"
            seen.add(oid)
        if len({decl[o] for o in band}) > 1:
            return "all creatures in a band must attack the same player or permanent (rule 702.22d)"
        members = [game.objects[o] for o in band]
        without = [m for m in members if not has_banding(game, m)]
        if len(without) <= 1 and len(without) < len(members):
            continue  # CR 702.22c: banding creatures and up to one without
        if _bands_with_other_ok(game, members):
            continue
        return (
            "a band needs creatures with banding and at most one without, or creatures "
            'of the quality of a "bands with other" ability (rule 702.22c)'
        )
    return None


def _bands_with_other_ok(game: Game, members: list[GameObject]) -> bool:
    for m in members:
        for q in _bands_with_other(game, m):
            if q is not None and all(_has_quality(game, o, q) for o in members):
                return True
    return False


def banding_candidates(game: Game, cands: dict[int, list[int]]) -> list[int]:
    """The candidate attackers with banding or "bands with other" (for the decision)."""
    out = []
    for oid in cands:
        o = game.objects[oid]
        if has_banding(game, o) or _bands_with_other(game, o):
            out.append(oid)
    return out


# ---------------------------------------------------------------------------
# Bands during combat
# ---------------------------------------------------------------------------


def set_bands(game: Game, bands: tuple[tuple[int, ...], ...]) -> None:
    """CR 702.22c, 702.22e: the bands announced with the attack."""
    kept = tuple(tuple(b) for b in bands if len(b) > 1)
    game.turn_flags.bands = kept
    if kept:
        for band in kept:
            game.emit(
                EventKind.BAND,
                ("508.1e", "702.22c"),
                f"{', '.join(game.objects[o].name for o in band)} attack as a band",
                members=list(band),
            )


def clear_bands(game: Game) -> None:
    game.turn_flags.bands = ()


def band_of(game: Game, attacker: int) -> tuple[int, ...]:
    """The other attacking members of ``attacker``'s band (702.22f: members removed
    from combat are no longer in it)."""
    bands = game.turn_flags.bands
    if not bands or game.combat is None:
        return ()
    for band in bands:
        if attacker in band:
            return tuple(o for o in band if o != attacker and o in game.combat.attackers)
    return ()


def blocked_by_banding(game: Game, attacker: GameObject, blockers: list[int]) -> bool:
    """CR 702.22j: it's blocked by a creature with banding, or by a [quality]
    creature with "bands with other [quality]" and another [quality] creature."""
    objs = [game.objects[b] for b in blockers if b in game.objects]
    return _group_bands(game, objs)


def blocking_banding(game: Game, blocker: GameObject, attackers: list[int]) -> bool:
    """CR 702.22k: it blocks a creature with banding, or a [quality] creature with
    "bands with other [quality]" and another [quality] creature."""
    objs = [game.objects[a] for a in attackers if a in game.objects]
    return _group_bands(game, objs)


def _group_bands(game: Game, objs: list[GameObject]) -> bool:
    if any(has_banding(game, o) for o in objs):
        return True
    for o in objs:
        for q in _bands_with_other(game, o):
            if q is not None and _has_quality(game, o, q):
                if any(x is not o and _has_quality(game, x, q) for x in objs):
                    return True
    return False


KEYWORD_HOOKS.set_bands = set_bands
KEYWORD_HOOKS.band_of = band_of
KEYWORD_HOOKS.clear_bands = clear_bands
KEYWORD_HOOKS.blocked_by_banding = blocked_by_banding
KEYWORD_HOOKS.blocking_banding = blocking_banding
KEYWORD_HOOKS.band_problem = band_problem
KEYWORD_HOOKS.banding_candidates = banding_candidates
