"""Becoming tapped as a trigger event (CR 701.26a, 603.2).

"Whenever this creature becomes tapped", "When enchanted land becomes tapped",
"Whenever one or more Merfolk you control become tapped": these trigger when an
untapped permanent is tapped, whatever taps it (a cost, 602.2b; attacking,
508.1f; an effect, 701.26a; crewing, 702.122b; regeneration, 701.19a). A
permanent that enters the battlefield tapped doesn't *become* tapped (it was
never untapped on the battlefield).

Tapping and untapping by an effect or in the untap step are events proposed
to the event pipeline first (:func:`set_tapped`, CR 614, 101.2): "if a
permanent would become tapped/untap ..., ... instead", "can't become untapped".
So is tapping or untapping to pay a cost ({T} and {Q}, CR 107.5-6, 602.2b;
convoke, crew, "tap an untapped creature you control"), attacking (508.1f) and
regenerating (701.19a): :func:`pay_tap` (the event is proposed only when some
effect could apply to it, so the hot mana payments stay cheap).

Hot path: permanents are tapped all the time (every mana payment), and almost
never watched. :func:`became_tapped` emits its ``becomes_tapped`` events only
when some permanent or emblem could trigger on them (the index of the event
kinds the permanents' abilities trigger on, rules/triggers.py), so an unwatched
game pays a look-up per batch of taps.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, Final, Literal

from ..game.events import EventKind
from ..game.objects import GameObject
from ..game.state import Game
from .counters import remove_counters
from .layers import source_untapped
from .pipeline import PERFORMERS, Event, cited, notes, performer, propose, refused, watched
from .support import register
from .triggers import _granted_triggers_possible, may_trigger_on

register("trigger:tapped")  # CR 701.26a, 603.2 (rules/triggers._tapped_matches)
register("trigger:untapped")  # CR 701.26b, 603.2 ("whenever this creature becomes untapped")
register("trigger:tap_for_mana")  # CR 106.12a (rules/triggers._matches)
#: the trigger events compiled from "becomes tapped" and "taps ... for mana"
#: (cards/compiler/tx_clauses.py)
TAPPED: Final = "tapped"
UNTAPPED: Final = "untapped"
TAP_FOR_MANA: Final = "tap_for_mana"


def _watched(game: Game, for_mana: bool = False, event: str = TAPPED) -> bool:
    """Whether anything could trigger on a permanent becoming tapped (CR 603.2) (or
    untapped, ``event``), or on one being tapped for mana when ``for_mana``: read
    from the index of the event kinds the permanents' abilities can trigger on
    (:func:`.triggers.may_trigger_on`, kept with their characteristics), not from
    each permanent in turn."""
    if game.command:
        return True  # an emblem's triggered ability (CR 114.4)
    if game.effects:
        if _granted_triggers_possible(game):
            return True  # granted or copied triggered abilities (CR 613.1f, 707.2)
    kind = EventKind.BECOMES_TAPPED if event == TAPPED else EventKind.BECOMES_UNTAPPED
    return may_trigger_on(game, kind) or (
        for_mana and may_trigger_on(game, EventKind.TAPPED_FOR_MANA)  # CR 106.12a
    )


def became_tapped(
    game: Game, objs: Iterable[GameObject], rules: tuple[str, ...], for_mana: bool = False
) -> None:
    """CR 701.26a: each of ``objs`` (untapped a moment ago) became tapped at once.

    Emits one ``becomes_tapped`` event per permanent, all carrying the batch, so
    "whenever one or more ... become tapped" triggers once (CR 603.2c); with
    ``for_mana`` (the {T} cost of a mana ability, CR 605.3a), also one
    ``tapped_for_mana`` event each ("whenever a player taps a land for mana")."""
    tapped = [o for o in objs if o.tapped]
    if not tapped or not _watched(game, for_mana):
        return
    batch = [o.id for o in tapped]
    cited = tuple(dict.fromkeys((*rules, "701.26a")))
    for o in tapped:
        game.emit(
            EventKind.BECOMES_TAPPED,
            cited,
            f"{o.name} becomes tapped",
            o,
            obj=o.id,
            controller=o.controller,
            batch=batch,
        )
    if for_mana:
        for o in tapped:
            game.emit(
                EventKind.TAPPED_FOR_MANA,
                ("106.12", "106.12a"),
                f"{game.players[o.controller].name} taps {o.name} for mana",
                o,
                obj=o.id,
                player=o.controller,
            )


def became_untapped(game: Game, objs: Iterable[GameObject], rules: tuple[str, ...]) -> None:
    """CR 701.26b: each of ``objs`` (tapped a moment ago) became untapped at once:
    one ``becomes_untapped`` event each, for "whenever this creature becomes
    untapped" (CR 603.2), when anything could trigger on it."""
    untapped = [o for o in objs if not o.tapped]
    source_untapped(game, [o.id for o in untapped])  # CR 611.2b
    if not untapped or not _watched(game, event=UNTAPPED):
        return
    batch = [o.id for o in untapped]
    cited = tuple(dict.fromkeys((*rules, "701.26b")))
    for o in untapped:
        game.emit(
            EventKind.BECOMES_UNTAPPED,
            cited,
            f"{o.name} becomes untapped",
            o,
            obj=o.id,
            controller=o.controller,
            batch=batch,
        )


def set_tapped(
    game: Game,
    objs: Iterable[GameObject],
    tap: bool,
    rules: tuple[str, ...],
    untap_step: bool = False,
) -> list[GameObject]:
    """CR 701.26a-b: tap (``tap``) or untap each of ``objs`` — each one a proposed
    event (a replacement effect may change it, a "can't" stop it: CR 614, 101.2).
    ``untap_step``: the untap step's untapping (CR 502.3: "if it would untap during
    your untap step ..."). Returns the permanents whose status changed here; the
    caller logs them (and calls :func:`became_tapped`). A permanent whose event
    waits for a choice of order (CR 616.1) is finished by the event's performer."""
    changed = []
    # whether anything could modify or stop it, asked once (tapping changes no watcher)
    plain = not watched(game, EventKind.TAP if tap else EventKind.UNTAP)
    for o in objs:
        if o.tapped == tap:
            continue
        if plain:
            # nothing could modify or stop it (the usual case): the event would be
            # performed as proposed, so it isn't built
            o.tapped = tap
            changed.append(o)
            continue
        ev = _propose_tap(game, o, tap, rules, untap_step)
        if ev is None:
            continue
        if _perform(game, o, ev, rules, quiet=True):
            changed.append(o)
    if changed:
        game.invalidate("tapped")
        if not tap:
            became_untapped(game, changed, rules)  # "becomes untapped" triggers
    return changed


def _propose_tap(
    game: Game, o: GameObject, tap: bool, rules: tuple[str, ...], untap_step: bool = False
) -> Event | None:
    """Propose ``o`` becoming tapped (untapping) to the event pipeline (CR 614, 101.2)."""
    ev: Event = {
        "kind": EventKind.TAP if tap else EventKind.UNTAP,
        "obj": o.id,
        "player": o.controller,
        "what": f"{o.name} would {'become tapped' if tap else 'untap'}",
        "args": [list(rules)],
        "tap": tap,
    }
    if untap_step:
        ev["untap_step"] = True
    return propose(game, ev)


def pay_tap(
    game: Game, o: GameObject, rules: tuple[str, ...], untap: bool = False, logged: str = ""
) -> bool:
    """Tap (untap, ``untap``) ``o`` as part of a cost or another rule's action
    (CR 602.2b, 107.5-6, 508.1f, 701.26): proposed to the event pipeline first when
    an effect could modify or stop it (CR 614, 101.2), so "if a permanent would
    become tapped" and "can't" see it as they see an effect's tap. ``logged``: the
    log line of the tap (when the event isn't replaced, which logs itself). The
    caller invalidates the caches and calls :func:`became_tapped`. True if ``o``'s
    status changed (a tap whose replacement order is being chosen, CR 616.1, is
    performed by that choice)."""
    tap = not untap
    kind: Literal[EventKind.TAP, EventKind.UNTAP] = EventKind.TAP if tap else EventKind.UNTAP
    if watched(game, kind):
        ev = _propose_tap(game, o, tap, rules)
        if ev is None or not _perform(game, o, ev, rules, quiet=True):
            return False
        if logged and not ev.get("notes"):
            game.emit(kind, rules, logged, obj=o.id)
        return True
    if o.tapped == tap:
        return False
    o.tapped = tap
    if logged:
        game.emit(kind, rules, logged, obj=o.id)
    return True


def _perform(
    game: Game, o: GameObject, ev: dict[str, Any], rules: tuple[str, ...], quiet: bool
) -> bool:
    """Perform one proposed tap/untap event (maybe replaced: it's logged then)."""
    tap = ev["kind"] == EventKind.TAP
    if ev.get("cancelled"):
        if ev.get("notes"):  # replaced by nothing (CR 614.1a), the effect named
            replaced: Literal[EventKind.TAP_REPLACED, EventKind.UNTAP_REPLACED] = (
                EventKind.TAP_REPLACED if tap else EventKind.UNTAP_REPLACED
            )
            game.emit(replaced, cited(ev, rules), f"{ev['what']}; {notes(ev)}", obj=o.id)
        else:
            refused(game, ev, ("701.26a" if tap else "701.26b",), obj=o.id)
        return False
    if ev["kind"] not in (EventKind.TAP, EventKind.UNTAP):
        # replaced by an event of another kind (CR 614.1a: a stun counter removed
        # instead, 122.1d): logged as replaced, then that event happens instead
        replaced_kind: Literal[EventKind.TAP_REPLACED, EventKind.UNTAP_REPLACED] = (
            EventKind.TAP_REPLACED if ev.get("tap") else EventKind.UNTAP_REPLACED
        )
        game.emit(replaced_kind, cited(ev, rules), f"{ev['what']}; {notes(ev)}", obj=o.id)
        ev.pop("notes", None)
        PERFORMERS[ev["kind"]](game, ev)
        return False
    if o.tapped == tap:
        return False
    first = ev.get("remove_first")
    if first and not remove_counters(game, o, first[0], int(first[1]), cited(ev, rules)):
        return False  # "remove a counter from it instead. If you do, untap it."
    o.tapped = tap
    if not quiet:
        game.invalidate("tapped")
    if ev.get("notes") or not quiet:
        game.emit(
            EventKind.TAP if tap else EventKind.UNTAP,
            cited(ev, rules),
            f"{ev['what']}; {notes(ev)}"
            if ev.get("notes")
            else f"{o.name} {'becomes tapped' if tap else 'untaps'}",
            obj=o.id,
        )
    return True


@performer(EventKind.TAP)
def _perform_tap(game: Game, ev: dict[str, Any]) -> None:
    o = game.objects.get(ev["obj"])
    if o is not None and _perform(game, o, ev, tuple(ev["args"][0]), quiet=False):
        became_tapped(game, (o,), tuple(ev["args"][0]))


@performer(EventKind.UNTAP)
def _perform_untap(game: Game, ev: dict[str, Any]) -> None:
    o = game.objects.get(ev["obj"])
    if o is not None and _perform(game, o, ev, tuple(ev["args"][0]), quiet=False):
        became_untapped(game, (o,), tuple(ev["args"][0]))
