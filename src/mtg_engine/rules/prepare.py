"""Prepare (Secrets of Strixhaven): "This creature enters prepared. (While it's
prepared, you may cast a copy of its spell. Doing so unprepares it.)"

The 2026-01-16 Comprehensive Rules have no prepare rule yet; this follows the card's
reminder text and the set's release rulings (2026-03-20):

* Prepared is a designation of a permanent, kept in its ``chosen`` record (as
  monstrous and suspected are) until it leaves the battlefield (a new object, CR
  400.7). It isn't a copiable value. A permanent already prepared that becomes
  prepared again stays prepared (no second copy). Only a permanent with a prepare
  spell (a card of the ``prepare`` layout: its second face) can become prepared
  (Skycoach Waypoint's reminder text).
* As a creature with a prepare spell becomes prepared, including one that "enters
  prepared", its controller creates
  a copy of that spell in exile (CR 707.12: a copy of the card). The copy stays in
  exile for as long as the permanent is on the battlefield and prepared; unlike other
  copies of cards outside the stack it doesn't cease to exist as a state-based action
  then (704.5e; rules/sba.py asks :func:`kept_in_exile`). The permanent's current
  controller may cast it (CR 601.2a, 601.3; with its own timing and costs, 307.1,
  601.2f), and as they cast it the permanent stops being prepared.
* When the permanent leaves the battlefield, its copy ceases to exist.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from ..game.events import EventKind
from ..game.hooks import on_event
from ..game.objects import GameObject, Zone
from .support import register

if TYPE_CHECKING:
    from ..game.events import Event
    from ..game.state import Game

register("effect:become_prepared", "static:enters_prepared")

#: the designation's key in a permanent's ``chosen`` record
PREPARED: Final = "prepared"
#: the key of a prepare spell's copy in exile: the id of the permanent it belongs to
PREPARE_OF: Final = "prepare_of"
#: the card layout whose second face is a prepare spell
PREPARE_LAYOUT: Final = "prepare"


def has_prepare_spell(o: GameObject) -> bool:
    return o.card.data.layout == PREPARE_LAYOUT and len(o.card.faces) > 1


def is_prepared(o: GameObject) -> bool:
    return bool(o.chosen and o.chosen.get(PREPARED))


def become_prepared(game: Game, o: GameObject, why: str) -> None:
    """The permanent ``o`` becomes prepared (see the module docstring); ``why`` names
    what did it, for the log."""
    if o.zone != Zone.BATTLEFIELD or is_prepared(o) or not has_prepare_spell(o):
        return
    o.chosen = {**(o.chosen or {}), PREPARED: True}
    game.emit(
        EventKind.PREPARED,
        ("608.2c",),
        f"{o.name} becomes prepared ({why})",
        obj=o.id,
    )
    make_spell_copy(game, o)


def make_spell_copy(game: Game, o: GameObject) -> None:
    """The copy of a prepared permanent's prepare spell, created in exile by its
    controller (release rulings; CR 707.12)."""
    if not has_prepare_spell(o):
        return
    copy = game.create_card(o.card, o.controller, Zone.EXILE)
    copy.is_token = True  # a copy of a card, not a card (CR 707.12)
    copy.chosen = {PREPARE_OF: o.id}
    game.emit(
        EventKind.CREATE_COPY,
        ("707.12",),
        f"{game.players[o.controller].name} creates a copy of {o.card.faces[1].name} "
        f"in exile ({o.name} is prepared)",
        player=o.controller,
        obj=copy.id,
    )


def prepared_by(game: Game, o: GameObject) -> GameObject | None:
    """The prepared permanent whose spell the exiled copy ``o`` is, while it is one
    (on the battlefield and prepared), else None."""
    if not o.chosen or o.zone != Zone.EXILE:
        return None
    of = o.chosen.get(PREPARE_OF)
    if of is None:
        return None
    perm = game.objects.get(of)
    if perm is None or perm.zone != Zone.BATTLEFIELD or not is_prepared(perm):
        return None
    return perm


def prepare_caster(game: Game, o: GameObject) -> int | None:
    """The player who may cast the exiled copy ``o`` of a prepare spell: the prepared
    permanent's current controller (release rulings), or None."""
    perm = prepared_by(game, o)
    return None if perm is None else perm.controller


def kept_in_exile(game: Game, o: GameObject) -> bool:
    """Whether the copy of a card ``o`` outside the stack is a prepare spell's copy that
    stays in exile (an exception to CR 704.5e, release rulings)."""
    return prepared_by(game, o) is not None


def unprepare_for_cast(game: Game, o: GameObject) -> int | None:
    """As the copy ``o`` of a prepare spell is cast, its permanent stops being
    prepared (the reminder text: "Doing so unprepares it"); returns its id."""
    perm = prepared_by(game, o)
    if perm is None:
        return None
    perm.chosen = {k: v for k, v in (perm.chosen or {}).items() if k != PREPARED}
    game.emit(
        EventKind.PREPARED,
        ("601.2a",),
        f"{perm.name} is no longer prepared (a copy of its spell is cast)",
        obj=perm.id,
    )
    return perm.id


def restore_prepared(game: Game, perm_id: int, copy_id: int | None) -> None:
    """CR 601.2e, 732.1: the cast of a prepare spell's copy was illegal and is reversed:
    the permanent is prepared again and the copy back in exile is its spell's copy."""
    perm = game.objects.get(perm_id)
    if perm is None or perm.zone != Zone.BATTLEFIELD:
        return
    perm.chosen = {**(perm.chosen or {}), PREPARED: True}
    copy = game.objects.get(copy_id) if copy_id is not None else None
    if copy is not None and copy.zone == Zone.EXILE:
        copy.is_token = True
        copy.chosen = {**(copy.chosen or {}), PREPARE_OF: perm_id}


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[("battlefield", None)], keywords=(PREPARED,))
def copy_gone(game: Game, ev: Event, subject: GameObject | None) -> None:
    """When a prepared permanent leaves the battlefield, the copy of its prepare spell
    in exile ceases to exist (release rulings)."""
    old = ev.data.get("old")
    for oid in list(game.exile):
        c = game.objects[oid]
        if c.chosen and c.chosen.get(PREPARE_OF) == old and c.is_token:
            game.exile.remove(oid)
            del game.objects[oid]
            game.emit(
                EventKind.CEASE_TO_EXIST,
                ("400.7",),
                f"The copy of {c.card.faces[1].name} in exile ceases to exist",
            )


@on_event(EventKind.ZONE_CHANGE, rules=True, watch=[(None, "battlefield")], keywords=(PREPARED,))
def entered_prepared(game: Game, ev: Event, subject: GameObject | None) -> None:
    """A permanent that "enters prepared" (its ``chosen`` record says so as it enters:
    rules/etb_replacements.py) gets the copy of its prepare spell in exile."""
    o = game.objects.get(ev.data.get("obj", -1))
    if o is not None and o.zone == Zone.BATTLEFIELD and is_prepared(o):
        game.emit(
            EventKind.PREPARED,
            ("614.1c",),
            f"{o.name} enters prepared",
            obj=o.id,
        )
        make_spell_copy(game, o)
