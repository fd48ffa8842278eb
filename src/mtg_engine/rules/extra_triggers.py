"""Static abilities that change how many times an ability triggers (CR 603.2d, 604.1).

* "If a triggered ability of a Ninja creature you control triggers, that ability
  triggers an additional time" (Splinter, Radical Rat; Twinflame Travelers, Delney,
  Streetwise Lookout, Roaming Throne): :func:`extra_times_of_source`.
* "If an artifact or creature entering causes a triggered ability of a permanent you
  control to trigger, that ability triggers an additional time" (Panharmonicon, Teysa
  Karlov, Krang): :func:`additional_times`.
* "Creatures entering don't cause abilities to trigger" (Torpor Orb, Hushbringer):
  :func:`silenced`, :func:`silencer`.

They apply alike to the abilities of cards and to keyword triggers (undying,
afterlife, evolve ...; :func:`caused_by_zone_change`).

The static ability is read where a permanent's triggered ability triggers (rules/
triggers.py for events and "at the beginning of" steps, rules/state_triggers.py,
rules/targeted.py, keywords/common.py for keyword triggers such as prowess): it
says how many more times that ability triggers. It looks at the ability's source
only, as it is when the ability triggers (or as it last existed on the battlefield
for a leaves-the-battlefield ability, CR 603.10a); delayed and reflexive triggered
abilities are not the source's (CR 603.2d, 603.7, 603.12), nor are those of cards
in a graveyard or of spells (the filters describe permanents).
"""

from __future__ import annotations

from typing import Any

from ..game.events import Event, EventKind
from ..game.objects import GameObject, Zone
from ..game.state import Game
from .characteristics import chars
from .filters import matches_object, matches_player
from .statics import statics_with
from .support import register

register("static:extra_trigger_of", "static:extra_trigger")  # CR 603.2d
register("static:no_trigger")  # "Creatures entering don't cause abilities to trigger"


def extra_times_of_source(game: Game, w: GameObject, left: bool = False) -> int:
    """How many additional times a triggered ability of the permanent ``w`` triggers:
    one for each "If a triggered ability of [a described permanent] you control
    triggers, that ability triggers an additional time" that describes ``w`` (none of
    them applies to another one's doing, CR 603.2d). ``left``: ``w`` is looked at as
    it last existed on the battlefield (a leaves-the-battlefield ability, 603.10a)."""
    entries = statics_with(game, "extra_trigger_of")
    if not entries or (w.zone != Zone.BATTLEFIELD and not left):
        return 0
    n = 0
    for src, st in entries:
        # "a Shaman or another Wizard you control" (Harmonic Prodigy): either one
        flts: tuple[Any, ...] = (st.args["what"], *((st.args["or"],) if "or" in st.args else ()))
        if any(matches_object(game, w, flt, src.controller, src) for flt in flts):
            n += 1
    announce_additional(game, w, n)
    return n


def announce_additional(game: Game, w: GameObject, n: int) -> None:
    """Log that ``w``'s triggered ability triggers ``n`` additional times (CR 603.2d)."""
    if n:
        game.emit(
            EventKind.ADDITIONAL_TRIGGER,
            ("603.2d",),
            f"{w.name}'s triggered ability triggers {n} additional time{'s' if n > 1 else ''}",
            obj=w.id,
        )


def add_again(game: Game, w: GameObject, rec: dict[str, Any], left: bool = False) -> None:
    """Put the pending trigger ``rec`` of ``w``'s ability that many more times (each
    with its own copy of the event, CR 603.2d)."""
    for _ in range(extra_times_of_source(game, w, left)):
        game.pending_triggers.append(dict(rec, event=dict(rec.get("event") or {})))


def entering_or_dying(
    game: Game, ev: Event, subject: GameObject | None
) -> tuple[str, GameObject | None]:
    """What a zone change is for "entering" and "dying" statics: ("enters", the
    object) for a move onto the battlefield, ("dies", the creature) for a creature put
    into a graveyard from the battlefield (CR 700.4), else ("", None)."""
    d = ev.data
    if d.get("to_zone") == "battlefield":
        return "enters", game.objects.get(d.get("obj", -1))
    if d.get("from_zone") == "battlefield" and d.get("to_zone") == "graveyard":
        if subject is not None and "Creature" in chars(game, subject).types:
            return "dies", subject
    return "", None


def silenced(game: Game, ev: Event, subject: GameObject | None) -> list[tuple[GameObject, Any]]:
    """The static abilities by which this zone change causes no ability to trigger:
    "Creatures entering don't cause abilities to trigger" (Torpor Orb), "Creatures
    entering or dying ..." (Hushbringer) (CR 603.2, 604.1); a creature dies when it's
    put into a graveyard from the battlefield (CR 700.4)."""
    entries = statics_with(game, "no_trigger")
    if not entries:
        return []
    what, obj = entering_or_dying(game, ev, subject)
    if obj is None:
        return []
    return [
        (src, st)
        for src, st in entries
        if what in (st.args.get("events") or ())
        and matches_object(game, obj, st.args["what"], src.controller, src)
    ]


def silencer(game: Game, quiet: list[tuple[GameObject, Any]], w: GameObject) -> GameObject | None:
    """The source of a static ability by which the triggered abilities of ``w`` don't
    trigger on the event (CR 603.2), if any: "... don't cause abilities of permanents
    your opponents control to trigger" (Elesh Norn, Mother of Machines) stops only
    those of the permanents described."""
    for src, st in quiet:
        of = st.args.get("of")
        if of is None or matches_object(game, w, of, src.controller, src):
            return src
    return None


def additional_times(game: Game, ev: Event, w: GameObject, subject: GameObject | None) -> int:
    """CR 603.2d: "If an artifact or creature entering causes a triggered ability of
    a permanent you control to trigger, that ability triggers an additional time"
    (Panharmonicon; "a creature dying", Teysa Karlov; "a player drawing a card",
    Krang, the All-Powerful): one more time for each such static ability (none of
    them applies to another one's doing)."""
    entries = statics_with(game, "extra_trigger")
    if not entries or w.zone != Zone.BATTLEFIELD:
        return 0
    n = 0
    if ev.kind == EventKind.DRAW:
        drew = ev.data.get("player")
        if not isinstance(drew, int):
            return 0
        for src, st in entries:
            if (
                st.args.get("event") == "draws"
                and src.controller == w.controller
                and matches_player(game, drew, st.args["what"], src.controller, src)
            ):
                n += 1
    else:
        what, obj = entering_or_dying(game, ev, subject)
        if obj is None:
            return 0
        for src, st in entries:
            if (
                st.args.get("event") == what
                and src.controller == w.controller
                and matches_object(game, obj, st.args["what"], src.controller, src)
            ):
                n += 1
    announce_additional(game, w, n)
    return n


def hushed_by(game: Game, cause: Event, subject: GameObject | None, w: GameObject) -> bool:
    """True (and logged) if a static ability says the zone change ``cause`` doesn't
    cause ``w``'s abilities to trigger (Torpor Orb, Hushbringer; CR 603.2, 604.1)."""
    if cause.kind != EventKind.ZONE_CHANGE:
        return False
    quiet = silenced(game, cause, subject)
    hush = silencer(game, quiet, w) if quiet else None
    if hush is None:
        return False
    announce_hushed(game, w, hush)
    return True


def announce_hushed(game: Game, w: GameObject, hush: GameObject) -> None:
    """Log that ``hush``'s static ability keeps ``w``'s ability from triggering (CR
    603.2, 604.1)."""
    game.emit(
        EventKind.NO_EFFECT,
        ("603.2", "604.1"),
        f"{w.name}'s ability doesn't trigger: {hush.name} says this event "
        "doesn't cause abilities to trigger",
    )


def add_more(
    game: Game,
    w: GameObject,
    rec: dict[str, Any],
    cause: Event | None,
    subject: GameObject | None,
    left: bool = False,
) -> None:
    """Put the pending trigger ``rec`` of the permanent ``w``'s ability as many more
    times as the static abilities say (CR 603.2d): those of ``w``'s kind (Splinter)
    and, for a zone change or a draw ``cause``, those of the event's kind (Teysa
    Karlov, Panharmonicon). ``left``: ``w`` is the permanent as it last existed on
    the battlefield (a leaves-the-battlefield ability, CR 603.10a)."""
    add_again(game, w, rec, left)
    if cause is not None and cause.kind in (EventKind.ZONE_CHANGE, EventKind.DRAW):
        for _ in range(additional_times(game, cause, w, subject)):
            game.pending_triggers.append(dict(rec, event=dict(rec.get("event") or {})))
