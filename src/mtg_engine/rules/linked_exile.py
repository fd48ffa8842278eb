"""Exiling a card for a linked ability (CR 607.2a): the first ability of a linked
pair exiles the card and records the link that the second reads
(:mod:`mtg_engine.rules.linked`, below the zone moves this module makes).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.objects import Zone
from .zones import move

if TYPE_CHECKING:
    from ..game.state import Game

#: the ``links`` key of a card with cipher exiled encoded on a creature: that
#: creature's id (CR 702.99a-c)
ENCODED_ON = "encoded_on"


def exile_linked(
    game: Game,
    card_id: int,
    owner_id: int,
    rules: tuple[str, ...],
    reason: str = "is exiled",
    face_down: bool = False,
    **extra: int,
) -> int | None:
    """Exile a card as the instruction of a linked ability of ``owner_id`` (CR 607.2a);
    ``face_down`` for hideaway (702.75a). Returns the exiled card's new id."""
    from_zone = game.objects[card_id].zone
    nid = move(game, card_id, Zone.EXILE, rules, reason=reason, quiet=face_down)
    if nid is None or nid not in game.objects:
        return nid
    new = game.objects[nid]
    if face_down:
        # CR 406.3: exiled face down; the log names no card (hidden information)
        new.face_down = True
        game.invalidate()
        game.emit(
            EventKind.ZONE_CHANGE,
            rules,
            f"{game.players[new.owner].name} exiles a card face down",
            obj=nid,
            old=card_id,
            card="",
            from_zone=Zone.NAMES[from_zone],
            to_zone="exile",
            controller=new.controller,
        )
    if new.is_token or new.zone != Zone.EXILE:
        return nid  # a replacement effect sent it elsewhere: nothing is linked
    new.links = {"exiled_by": owner_id, **extra}
    if extra.get("until_leaves") or "until_monarch_of" in extra:
        # CR 610.3: the second one-shot effect returns it to its previous zone
        new.links["from_zone"] = from_zone
    return nid
