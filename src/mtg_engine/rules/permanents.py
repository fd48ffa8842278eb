"""Permanents entering and leaving the battlefield (CR 110, 403), destroy (701.8), sacrifice (701.21).

Entering goes through the replacement effects that modify how a permanent
enters (CR 614.1c-d, 614.12, 707.5: :mod:`mtg_engine.rules.replacement`).
Destroying respects indestructible (CR 702.12b) and regeneration shields
(CR 701.19).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.keyword_names import Kw
from ..game.objects import Zone
from .characteristics import chars
from .replacement import enter, new_entry  # also registers the enter_battlefield task
from .tapping import became_tapped
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game


def enter_battlefield(
    game: Game,
    oid: int,
    controller: int | None = None,
    rules: tuple[str, ...] = ("403.1",),
    tapped: bool = False,
    from_spell: bool = False,
    face_down: str | None = None,
    face: int | None = None,
    counters: dict[str, int] | None = None,
    chosen: dict | None = None,
) -> int | None:
    """Put an object onto the battlefield through the replacement effects that
    modify how it enters (CR 614.1c-d, 614.12, 616.1, 707.5).

    ``face_down`` names how it enters face down (CR 708.3: "manifest",
    "cloak", "morph" ...); ``face`` is the face it enters with (1: transformed,
    CR 712.11a / 701.28). Returns the new object's id, or None when a choice
    must be made first (an ``enter_battlefield`` task then finishes the job).
    """
    obj = game.objects[oid]
    entry = new_entry(
        game, obj, controller, rules, tapped, from_spell, face_down, face, counters, chosen
    )
    return enter(game, entry)


def _counters_text(counters: dict[str, int]) -> str:
    return ", ".join(f"{n} {k} counter{'s' if n != 1 else ''}" for k, n in counters.items())


def destroy_permanent(
    game: Game,
    oid: int,
    rules: tuple[str, ...],
    reason: str = "is destroyed",
    can_regenerate: bool = True,
) -> bool:
    """CR 701.8: move a permanent to its owner's graveyard, unless indestructible
    (CR 702.12b) or a regeneration shield replaces it (CR 701.19a)."""
    o = game.objects.get(oid)
    if o is None or o.zone != Zone.BATTLEFIELD:
        return False
    if Kw.INDESTRUCTIBLE in chars(game, o).keywords:
        game.emit(
            "indestructible", (*rules, "702.12b"), f"{o.name} isn't destroyed: it's indestructible"
        )
        return False
    if can_regenerate and o.regen_shields > 0:
        o.regen_shields -= 1
        was_untapped = not o.tapped
        o.tapped = True
        o.damage = 0
        o.deathtouch_damage = False
        if game.combat is not None:
            game.combat.attackers.pop(oid, None)
            game.combat.blockers.pop(oid, None)
        game.invalidate()
        game.emit(
            "regenerate",
            (*rules, "701.19a"),
            f"{o.name} regenerates: tapped, damage removed, removed from combat",
        )
        if was_untapped:
            became_tapped(game, (o,), ("701.19a",))
        return False
    move(game, oid, Zone.GRAVEYARD, rules, reason=reason)
    return True


def sacrifice(
    game: Game, oid: int, rules: tuple[str, ...] = ("701.21a",), cause: str = "sacrifice"
) -> None:
    """CR 701.21a: move a permanent you control to its owner's graveyard."""
    move(game, oid, Zone.GRAVEYARD, rules, reason="is sacrificed", cause=cause)
