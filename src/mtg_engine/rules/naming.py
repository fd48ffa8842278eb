"""What a message to a player calls a player or an object: by name, never by a bare
id, and without naming a card the player may not see (CR 400.2: hands and libraries
are hidden zones; 708.5: a face-down permanent's name is hidden from the players
who don't control it)."""

from __future__ import annotations

from collections.abc import Collection

from ..game.actions import ref_player
from ..game.objects import Zone
from ..game.state import Game

#: zones whose cards anyone may see (CR 400.2)
_PUBLIC = frozenset((Zone.BATTLEFIELD, Zone.STACK, Zone.GRAVEYARD, Zone.EXILE))


def named(game: Game, ref: object, viewer: int | None = None, shown: Collection[int] = ()) -> str:
    """``ref`` (an object id, or a player reference) as a message names it to
    ``viewer`` (None: anyone): "Grizzly Bears", "B", "a face-down card", "a hidden
    card" (in a hand or library not the viewer's), or "an unknown object (id 999)".
    ``shown`` are cards the viewer is looking at (a decision's "shown" cards)."""
    if not isinstance(ref, int) or isinstance(ref, bool):
        return f"{ref!r} (not an object or player)"
    pl = ref_player(ref)
    if pl is not None:
        if 0 <= pl < len(game.players):
            return game.players[pl].name
        return f"no such player ({ref})"
    o = game.objects.get(ref)
    if o is None:
        return f"an unknown object (id {ref})"
    if o.face_down and o.controller != viewer:
        return "a face-down card"
    if o.zone in _PUBLIC or (o.zone == Zone.HAND and o.owner == viewer) or ref in shown:
        return o.name
    return "a hidden card"
