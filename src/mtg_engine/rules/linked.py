"""Linked abilities (CR 607): cards exiled by one ability, found by another.

CR 607.2a: an ability that exiles cards and an ability that refers to "the
exiled card" / cards "exiled with [this object]" are linked; the second sees
only cards that the first exiled. The link is kept on the exiled card as
``links["exiled_by"]``: the id of the object whose ability exiled it. Ids
follow CR 400.7, so the link ends by itself when either object changes zones
(a champion that left and came back, a card that left exile), and a copy of
the permanent (a different object, CR 707.2) has nothing exiled with it
(ruling 502.34.3). Phasing keeps the same object (CR 702.26d), so the link
survives it (ruling 502.34.1).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.objects import GameObject, Zone
from .characteristics import chars

if TYPE_CHECKING:
    from ..game.state import Game


def link_owner(obj: GameObject) -> int:
    """The object whose linked abilities ``obj`` stands for: an ability on the stack
    stands for its source (CR 113.7a: it exists independently of the source, but its
    links are the source's), and so do the instructions of a permanent's replacement
    effect (rules/prevention_then.py); any other object stands for itself."""
    if obj.zone == Zone.STACK and obj.stack_kind in ("activated", "triggered", "static"):
        if obj.source_id is not None:
            return obj.source_id
    return obj.id


def exiled_with(game: Game, owner_id: int) -> list[GameObject]:
    """The cards in exile linked to ``owner_id`` (CR 607.2a), oldest first."""
    out = []
    for oid in game.exile:
        o = game.objects[oid]
        if o.links and o.links.get("exiled_by") == owner_id:
            out.append(o)
    return out


def is_exiled_with(obj: GameObject, source: GameObject | None) -> bool:
    """Filter condition "exiled with [this object]" (CR 607.2a)."""
    if source is None or obj.zone != Zone.EXILE or not obj.links:
        return False
    return obj.links.get("exiled_by") == link_owner(source)


def entered_choice(game: Game, obj: GameObject, key: str) -> object | None:
    """A choice made "as this enters" (CR 614.12a), for the ability that refers to it:
    "one mana of the chosen color". The choice is linked to the abilities the object
    entered with (CR 607.2a); once it has become a copy of something else, those
    abilities refer to a choice never made for them: undefined (607.5, 607.5a)."""

    chosen = obj.chosen or {}
    if key not in chosen:
        return None
    copied = game.objects.get(chosen["copy_of"]) if "copy_of" in chosen else None
    entered_as = copied.name if copied is not None else obj.name
    return chosen[key] if chars(game, obj).name == entered_as else None
