"""What a spell remembers about how it was cast (CR 601.2b-h), and where it goes.

At 601.2i the casting choices and payments are recorded for the spell
(``GameObject.paid`` and :func:`~mtg_engine.game.hooks.cast_record`). CR 400.7d: "An
ability of a permanent can reference information about the spell that
became that permanent as it resolved, including what costs were paid to
cast that spell or what mana was spent to pay those costs" — so when a
permanent spell enters the battlefield, the new permanent gets the record
(kicked, evoked, the colors of mana spent for sunburst), and a spell cast
face down enters face down (CR 702.37c, 708.3).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.hooks import cast_record, on_event

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.objects import GameObject
    from ..game.state import Game


@on_event(EventKind.ZONE_CHANGE, first=True, watch=[("stack", "battlefield")])
def permanent_remembers_spell(game: Game, ev: Event, subject: GameObject | None) -> None:
    d = ev.data
    if d.get("from_zone") != "stack" or d.get("to_zone") != "battlefield":
        return
    old = d.get("old")
    rec = cast_record(game, old) if isinstance(old, int) else None
    new = game.objects.get(d.get("obj", 0))
    if rec is None or new is None:
        return
    # the spell it was (CR 400.7d): "another spell" means one other than that spell
    new.paid = {**rec, "spell_id": old}
    if rec.get("face_down") and not new.face_down:
        new.face_down = True  # CR 708.3: a face-down spell becomes a face-down permanent
        new.chosen = {**(new.chosen or {}), "face_down_as": rec["face_down"]}
        game.invalidate()


@on_event(EventKind.FIZZLE)
def remember_fizzle(game: Game, ev: Event, subject: GameObject | None) -> None:
    """CR 608.2b: a spell whose targets are all illegal doesn't resolve (buyback
    then doesn't return it, ruling 502.16.1)."""
    oid = ev.data.get("obj")
    if isinstance(oid, int):
        game.turn_flags.fizzled.add(oid)


@on_event(EventKind.RESOLVE)
def remember_resolving_copy(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A spell copy made by another effect (Fork) copies the choices of the
    original (CR 707.10): keep its record for where it goes afterwards."""
    oid = ev.data.get("obj")
    o = game.objects.get(oid) if isinstance(oid, int) else None
    if o is not None and o.paid and cast_record(game, o.id) is None:
        game.turn_flags.paid[o.id] = dict(o.paid)


@on_event(EventKind.DAMAGE)
def remember_damage_to_players(game: Game, ev: Event, subject: GameObject | None) -> None:
    """For bloodthirst (CR 702.54a): damage dealt to each player this turn."""
    target = ev.data.get("target")
    amount = ev.data.get("amount") or 0
    if isinstance(target, int) and target < 0 and amount > 0:
        dealt = game.turn_flags.damage_to_player
        dealt[-target - 1] = dealt.get(-target - 1, 0) + int(amount)
