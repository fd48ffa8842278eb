"""Ascend and the city's blessing (CR 702.131).

702.131a: ascend on an instant or sorcery spell is a spell ability: "If you control
ten or more permanents and you don't have the city's blessing, you get the city's
blessing for the rest of the game." Printed first, it is followed first as the spell
resolves (608.2c); a spell that doesn't resolve (all its targets illegal, 608.2b)
doesn't follow it.

702.131b: ascend on a permanent is a static ability: "Any time you control ten or
more permanents and you don't have the city's blessing, you get the city's blessing
for the rest of the game." It is checked whenever the number of permanents a player
controls may grow or a permanent with ascend may come under their control: a
permanent entering the battlefield, a change of control, a permanent phasing in.

702.131c: the city's blessing is a designation of the player (``Player.city_blessing``)
with no rules meaning of its own; "if you have the city's blessing" reads it
(condition ``city_blessing``). 702.131d: continuous effects are reapplied (the
characteristics cache is invalidated) before triggers are checked.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.events import EventKind
from ..game.hooks import condition, on_event
from ..rules.characteristics import chars
from ..rules.support import register, register_keywords

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

ASCEND = "Ascend"
register_keywords(ASCEND)
register("condition:city_blessing")

#: CR 702.131a-b: "ten or more permanents"
PERMANENTS_NEEDED = 10


def _permanents(game: Game, player: int) -> list[GameObject]:
    """The permanents ``player`` controls (phased-out ones are treated as though they
    don't exist, CR 702.26b)."""
    out = []
    for oid in game.battlefield:
        o = game.objects[oid]
        if o.controller == player and not o.phased_out:
            out.append(o)
    return out


def get_blessing(game: Game, player: int, source: GameObject, rule: str) -> None:
    """CR 702.131a-b: ``player`` gets the city's blessing if they control ten or more
    permanents and don't have it."""
    p = game.players[player]
    if p.city_blessing or len(_permanents(game, player)) < PERMANENTS_NEEDED:
        return
    p.city_blessing = True
    game.invalidate()  # CR 702.131d: continuous effects reapplied first
    game.emit(
        EventKind.CITY_BLESSING,
        (rule, "702.131c"),
        f"{p.name} gets the city's blessing ({source.name}'s ascend: "
        f"{PERMANENTS_NEEDED} or more permanents)",
        player=player,
        obj=source.id,
    )


@on_event(EventKind.ZONE_CHANGE, watch=[(None, "battlefield")], keywords=(ASCEND,))
def ascend_enters(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.131b: a permanent entered the battlefield (see :func:`ascend_permanents`)."""
    ascend_permanents(game, ev, subject)


@on_event(EventKind.CONTROL, EventKind.CONTROL_EFFECT, EventKind.PHASING, keywords=(ASCEND,))
def ascend_permanents(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.131b: any time a player controls ten or more permanents and a permanent
    of theirs has ascend, they get the city's blessing."""
    for player, p in enumerate(game.players):
        if p.city_blessing:
            continue
        mine = _permanents(game, player)
        if len(mine) < PERMANENTS_NEEDED:
            continue
        with_ascend = next((o for o in mine if ASCEND in chars(game, o).keywords), None)
        if with_ascend is not None:
            get_blessing(game, player, with_ascend, "702.131b")


@on_event(EventKind.RESOLVE, keywords=(ASCEND,))
def ascend_spell(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 702.131a: an instant or sorcery spell with ascend resolving: its controller
    gets the city's blessing if they control ten or more permanents."""
    obj = game.objects.get(ev.data.get("obj", 0))
    if obj is None or obj.stack_kind != "spell":
        return
    c = chars(game, obj)
    if ASCEND in c.keywords and ("Instant" in c.types or "Sorcery" in c.types):
        get_blessing(game, obj.controller, obj, "702.131a")


@condition("city_blessing")
def has_city_blessing(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "if you have the city's blessing" / "as long as you have the city's blessing"
    (CR 702.131c)."""
    return game.players[controller].city_blessing
