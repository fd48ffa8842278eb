"""'Whenever ... becomes the target of a spell or ability' triggers (CR 603.2, 115.1).

A permanent becomes the target of a spell or ability as that spell's or
ability's targets are chosen (CR 601.2c, 602.2b, 603.3d); the events that end
those choices are ``cast``, ``activate`` and ``trigger_targets``; a permanent
that a target is changed to (CR 115.7) becomes a target with ``new_targets``. Each
triggered ability with the ``becomes_target`` event whose subject is a
targeted permanent triggers once per spell or ability, even when that object
is targeted several times by it (CR 115.2: "target" counts the object once as
the target of that spell). The trigger's ``what`` detail ("a spell",
"a spell or ability an opponent controls") must match the targeting object.
Phantasmal Image's copied "When this creature becomes the target of a spell
or ability, sacrifice it." is one (CR 707.9a). Valiant's "for the first time each
turn" (CR 207.2c) reads ``turn_flags.targeted_by``: the permanents each player's
spells and abilities targeted this turn, recorded here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..cards.abilities import AbilityKind, Filter, SelfRef, Trigger
from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import Zone
from .characteristics import chars
from .extra_triggers import add_again
from .filters import matches_object
from .support import register

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game

register("trigger:becomes_target")


def _targeted(game: Game, obj: GameObject) -> list[GameObject]:
    """The permanents ``obj`` targets, each once (CR 115.2)."""
    out: list[GameObject] = []
    seen: set[int] = set()
    for spec in obj.targets:
        for t in spec:
            if t < 0 or t in seen:
                continue
            seen.add(t)
            o = game.objects.get(t)
            if o is not None and o.zone == Zone.BATTLEFIELD and not o.phased_out:
                out.append(o)
    return out


def _what_matches(game: Game, trig: Trigger, obj: GameObject, watcher: GameObject) -> bool:
    """The targeting object is "a spell", "an ability", "a spell or ability an
    opponent controls" ... as the trigger says (CR 603.2)."""
    what = next((v for k, v in trig.details if k == "what"), None)
    if not isinstance(what, Filter):
        return True
    return matches_object(game, obj, what, watcher.controller, watcher)


#: the events that end the choice of a spell's or ability's targets (601.2c, 602.2b, 603.3d)
TARGETS_CHOSEN: Final = (EventKind.CAST, EventKind.ACTIVATE, EventKind.TRIGGER_TARGETS)


def targeting_object(game: Game, ev: Event) -> GameObject | None:
    """The spell or ability whose targets the event ``ev`` (of :data:`TARGETS_CHOSEN`,
    or a change of targets) finished choosing, if it has targets."""
    oid = ev.data.get("obj")
    obj = game.objects.get(oid) if isinstance(oid, int) else None
    return obj if obj is not None and obj.targets else None


@on_event(*TARGETS_CHOSEN, EventKind.NEW_TARGETS, rules=True)
def becomes_target_triggers(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 603.2: "whenever [a permanent] becomes the target of [a spell or ability]";
    also as a target is changed to it (CR 115.7)."""
    obj = targeting_object(game, ev)
    if obj is None:
        return
    targeted = _targeted(game, obj)
    if ev.kind == EventKind.NEW_TARGETS:
        new = ev.data.get("new") or ()
        targeted = [t for t in targeted if t.id in new]
    if not targeted:
        return
    # "for the first time each turn" (valiant): who had targeted each permanent before
    # this spell or ability did (CR 603.2)
    before = game.turn_flags.targeted_by.copy()
    game.turn_flags.targeted_by.update((t.id, obj.controller) for t in targeted)
    for wid in list(game.battlefield):
        w = game.objects[wid]
        if w.phased_out or w.face_down:
            continue
        for a in chars(game, w).abilities:
            trig = a.trigger
            if a.kind is not AbilityKind.TRIGGERED or trig is None:
                continue
            if trig.event != "becomes_target":
                continue
            if isinstance(trig.subject, SelfRef) or trig.subject is None:
                hits = [t for t in targeted if t.id == w.id]
            else:
                hits = [
                    t for t in targeted if matches_object(game, t, trig.subject, w.controller, w)
                ]
            if any(k == "first_each_turn" for k, _v in trig.details):
                # "... of a spell or ability you control for the first time each turn"
                hits = [t for t in hits if (t.id, w.controller) not in before]
            if not hits or not _what_matches(game, trig, obj, w):
                continue
            for t in hits:
                game.emit(
                    EventKind.BECOMES_TARGET,
                    ("603.2",),
                    f"{t.name} becomes the target of {obj.name}: {w.name}'s ability triggers",
                    obj=t.id,
                )
                game.pending_triggers.append(
                    {
                        "source": w.id,
                        "source_name": w.name,
                        "source_token": w.card.token_spec,
                        "card_uid": w.card_uid,
                        "controller": w.controller,
                        "ability": a,
                        # "that player": the targeting spell's or ability's controller
                        "event": {"obj": t.id, "spell": obj.id, "player": obj.controller},
                    }
                )
                if w.zone == Zone.BATTLEFIELD:
                    add_again(game, w, game.pending_triggers[-1])  # CR 603.2d
