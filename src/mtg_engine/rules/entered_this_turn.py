"""Permanents that entered the battlefield this turn ("each creature that entered
this turn", "a land that entered the battlefield this turn").

Each permanent that enters is a new object (CR 400.7); its id is kept with the
turn's other records (``TurnFlags.entered``, reset as each turn begins). A
permanent that phases in doesn't enter (CR 702.26d), and one whose control changes
doesn't either: neither is counted.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import Condition, Filter
from ..game.events import EventKind
from ..game.hooks import condition, on_event
from .characteristics import chars
from .support import register

if TYPE_CHECKING:
    from collections.abc import Callable

    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "cond:entered_this_turn",
    "condition:land_entered_under_you_this_turn",
    "condition:nonland_entered_under_you_this_turn",
    "condition:entered_under_you_this_turn",
)


@condition("land_entered_under_you_this_turn")
def land_entered(game: Game, cond: Condition, controller: int, source: GameObject | None) -> bool:
    """ "If you had a land enter the battlefield under your control this turn"
    (CR 207.2c landfall): played or put onto the battlefield (CR 305.4), even if it
    has left since."""
    return controller in game.turn_flags.lands_entered


@condition("nonland_entered_under_you_this_turn")
def nonland_entered(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """Celebration (CR 207.2c): "two or more nonland permanents entered the
    battlefield under your control this turn", even if they have left since."""
    n = cond.args.get("n", 2)
    return game.turn_flags.nonland_entered.get(controller, 0) >= (n if isinstance(n, int) else 2)


@condition("entered_under_you_this_turn")
def described_entered(
    game: Game, cond: Condition, controller: int, source: GameObject | None
) -> bool:
    """ "if an artifact [a planeswalker, another creature, three or more artifacts]
    entered the battlefield under your control this turn" (Iron Man, Master of
    Machines, Oath of Liliana, Wary Farmer, Malcator; CR 603.4): each permanent that
    entered under your control this turn, of those card types (any of them), subtype
    and color, as it entered, even if it has left since (CR 400.7). "Another" leaves
    out this object."""
    kinds = cond.args.get("types", ())
    subtype = cond.args.get("subtype")
    color = cond.args.get("color")
    n = cond.args.get("n", 1)
    least = n if isinstance(n, int) else 1
    other = source.id if source is not None and cond.args.get("other") else None
    # "if an opponent had two or more lands enter the battlefield under their control
    # this turn" (Lavaball Trap): under one opponent's control (CR 102.2)
    whose = game.opponents(controller) if cond.args.get("player") == "opponent" else (controller,)
    return any(
        sum(
            1
            for who, oid, types, subtypes, colors in game.turn_flags.entered_records
            if who == player
            and oid != other
            and (not kinds or any(k in types for k in kinds))
            and (subtype is None or subtype in subtypes)
            and (color is None or color in colors)
        )
        >= least
        for player in whose
    )


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[(None, "battlefield")])
def remember_entering(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A permanent entered the battlefield (from any zone, or created)."""
    d = ev.data
    oid = d.get("obj")
    if d.get("to_zone") == "battlefield" and isinstance(oid, int):
        game.turn_flags.entered.add(oid)
        o = game.objects.get(oid)
        c = chars(game, o) if o is not None else None
        if o is not None and c is not None:
            game.turn_flags.entered_records.append(
                (
                    o.controller,
                    oid,
                    frozenset(c.types),
                    frozenset(c.subtypes),
                    frozenset(c.colors),
                )
            )
            if any(_reads_described(game.objects[b]) for b in game.battlefield):
                # "as long as an artifact entered the battlefield under your control
                # this turn" (CR 611.3a) may hold now
                game.invalidate()
        if o is not None and c is not None and "Land" in c.types:
            game.turn_flags.lands_entered.add(o.controller)
        elif o is not None:
            counts = game.turn_flags.nonland_entered
            counts[o.controller] = counts.get(o.controller, 0) + 1
            if counts[o.controller] == 2:
                # "as long as two or more nonland permanents entered ..." (celebration,
                # CR 611.3a) may hold now
                game.invalidate()
        if o is not None and _reads_entered(o):
            # its "as long as this creature entered this turn" (CR 611.3a) holds now
            game.invalidate()


#: ``CardDef.cache`` keys: whether a static ability of the card reads "entered this
#: turn" (of itself), or "[an artifact] entered the battlefield under your control
#: this turn"
_READS: Final = ("reads", "entered_this_turn")
_READS_DESCRIBED: Final = ("reads", "entered_under_you_this_turn")


def _statics_read(o: GameObject, key: tuple[str, str], mentions: Callable[[object], bool]) -> bool:
    """Whether a static ability's condition of ``o``'s card ``mentions`` the record
    (computed once per card, kept in its cache under ``key``)."""
    got = o.card.cache.get(key)
    if got is None:
        got = any(
            st.condition is not None and mentions(st.condition)
            for face in o.card.compiled
            for a in face.abilities
            for st in a.static
        )
        o.card.cache[key] = got
    return bool(got)


def _reads_entered(o: GameObject) -> bool:
    return _statics_read(o, _READS, _mentions)


def _reads_described(o: GameObject) -> bool:
    return _statics_read(o, _READS_DESCRIBED, _mentions_described)


def _mentions_described(v: object) -> bool:
    if isinstance(v, Condition):
        return v.kind == "entered_under_you_this_turn" or any(
            _mentions_described(x) for x in v.args.values()
        )
    return False


def _mentions(v: object) -> bool:
    if isinstance(v, Condition):
        return any(_mentions(x) for x in v.args.values())
    if isinstance(v, Filter):
        return any(k == "entered_this_turn" for k, _ in v.conditions)
    return False


def entered_this_turn(game: Game, obj: GameObject) -> bool:
    """Whether ``obj`` is a permanent that entered the battlefield this turn."""
    return obj.id in game.turn_flags.entered
