"""Daybound and nightbound (CR 702.145), on the faces of some double-faced cards.

702.145b: daybound means "If it is night and this permanent is represented by a
double-faced card, it enters transformed" (a replacement effect, 614.1c, chosen
in 616.1d), "As it becomes night, if this permanent is front face up, transform
it" and "This permanent can't transform except due to its daybound ability"
(rules/multiface_play.transform). 702.145e: nightbound, "As it becomes day, if
this permanent is back face up, transform it" and the same restriction.
702.145c/f: a daybound permanent front face up at night, or a nightbound one
back face up by day, is transformed immediately (not a state-based action).
702.145d: controlling a daybound permanent while it's neither day nor night
makes it day; 702.145g: controlling a nightbound one then, with no daybound
permanent on the battlefield, makes it night. These "any time" checks are made
whenever a permanent enters and whenever day or night changes (the moments they
can newly apply in this engine). Day and night themselves: rules/day_night.py.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from ..rules.characteristics import chars
from ..rules.day_night import DAY, NIGHT, become
from ..rules.multiface import is_double_faced
from ..rules.multiface_play import transform
from ..rules.pipeline import STEP_BACK_FACE, Replacement, replacement_finder
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

DAYBOUND: Final = "Daybound"
NIGHTBOUND: Final = "Nightbound"
register_keywords(DAYBOUND, NIGHTBOUND)


def _keywords(game: Game, o: GameObject) -> frozenset[str]:
    return chars(game, o).keywords if not o.phased_out else frozenset()


def _front_daybound(o: GameObject) -> bool:
    """The card's front face has daybound (CR 702.145a: on the front faces)."""
    return any(a.keyword == DAYBOUND for a in o.card.compiled[0].abilities)


@replacement_finder(EventKind.ZONE_CHANGE, moves=[(None, Zone.BATTLEFIELD)])
def enters_transformed(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """CR 702.145b, 614.1c, 616.1d: at night a double-faced card with daybound enters
    transformed."""
    entry = ev.get("entry")
    if entry is None or ev["to"] != Zone.BATTLEFIELD or game.day_night != NIGHT:
        return []
    o = game.objects.get(entry["obj"])
    if o is None or entry.get("face_down") or entry.get("face") != 0:
        return []
    if not is_double_faced(o) or not _front_daybound(o):
        return []

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["entry"]["face"] = 1
        return "it enters transformed (it's night)"

    name = f"{o.name}'s daybound"
    return [Replacement("daybound", name, ("702.145b", "614.1c"), apply, step=STEP_BACK_FACE)]


def _check(game: Game, o: GameObject) -> None:
    """CR 702.145c-d, 702.145f-g for one permanent."""
    if o.zone != Zone.BATTLEFIELD or o.phased_out:
        return
    kws = _keywords(game, o)
    if game.day_night is None:
        if DAYBOUND in kws:
            become(game, DAY, ("702.145d", "730.1"), f"{o.name} has daybound")
        elif NIGHTBOUND in kws and not _any_daybound(game):
            become(game, NIGHT, ("702.145g", "730.1"), f"{o.name} has nightbound")
        return
    kws = _keywords(game, o)
    if DAYBOUND in kws and o.face == 0 and game.day_night == NIGHT:
        transform(game, o, ("702.145c",), day_night=True)
    elif NIGHTBOUND in kws and o.face == 1 and game.day_night == DAY:
        transform(game, o, ("702.145f",), day_night=True)


def _any_daybound(game: Game) -> bool:
    return any(DAYBOUND in _keywords(game, game.objects[i]) for i in game.battlefield)


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(DAYBOUND, NIGHTBOUND))
def _on_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    new = game.objects.get(ev.data.get("obj", -1))
    if new is not None:
        _check(game, new)


@on_event(EventKind.DAY_NIGHT)
def _on_day_night(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.145b, 702.145e: as it becomes night, daybound permanents front face up
    transform; as it becomes day, nightbound permanents back face up transform."""
    after = ev.data.get("after")
    for oid in list(game.battlefield):
        o = game.objects.get(oid)
        if o is None or o.phased_out:
            continue
        kws = _keywords(game, o)
        if after == NIGHT and DAYBOUND in kws and o.face == 0:
            transform(game, o, ("702.145b",), day_night=True)
        elif after == DAY and NIGHTBOUND in kws and o.face == 1:
            transform(game, o, ("702.145e",), day_night=True)
