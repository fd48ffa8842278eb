"""Dredge (CR 702.52).

702.52a: Dredge is a static ability that functions only while the card with
dredge is in a player's graveyard. "Dredge N" means "As long as you have at
least N cards in your library, if you would draw a card, you may instead mill
N cards and return this card from your graveyard to your hand."
702.52b: a player with fewer than N cards in their library can't dredge it.

It is an optional replacement effect (CR 614.1a, "you may ... instead") of
each single draw (CR 121.2), found by the event pipeline
(rules/pipeline.py, :func:`dredge_replacements`): the drawing player chooses a
card to dredge or none (``choose_objects`` with ``purpose: "dredge"``, CR
616.1); the draws wait in rules/drawing.py's ``draw`` task meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..game.actions import DecisionPurpose
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.pipeline import Replacement, cited, performer, replacement_finder
from ..rules.support import register_keywords
from ..rules.zones import mill, move
from .common import printed_instances

if TYPE_CHECKING:
    from ..game.state import Game

register_keywords("Dredge")


def dredge_n(game: Game, oid: int) -> int:
    """The largest N among the card's dredge abilities (0: none); cached on the card
    definition, since every draw looks through the graveyard."""
    obj = game.objects[oid]
    key = ("dredge_n", obj.face)
    best = obj.card.cache.get(key)
    if best is None:
        best = 0
        for a in printed_instances(obj, "Dredge"):
            n = a.keyword_args.get("n", 0)
            if isinstance(n, int) and n > best:
                best = n
        obj.card.cache[key] = best
    return int(best)


def dredge_options(game: Game, player: int) -> list[int]:
    """Cards in the player's graveyard that could be dredged now (702.52a-b)."""
    p = game.players[player]
    if not p.graveyard:
        return []
    lib = len(p.library)
    out = []
    for oid in p.graveyard:
        n = dredge_n(game, oid)
        if n and lib >= n:
            out.append(oid)
    return out


@replacement_finder(EventKind.DRAW, keywords=("Dredge",))
def dredge_replacements(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """702.52a: each card in the drawing player's graveyard that could be dredged
    now offers an optional replacement of this one draw (CR 121.2, 616.1)."""
    out = []
    for oid in dredge_options(game, int(ev["player"])):
        card = game.objects[oid]
        out.append(
            Replacement(
                f"dredge:{card.card_uid}",
                f"dredge {card.name}",
                ("702.52a", "614.1a"),
                _dredge(oid, card.name, dredge_n(game, oid)),
                optional=True,
                card=oid,
                purpose=DecisionPurpose.DREDGE,
            )
        )
    return out


def _dredge(oid: int, name: str, n: int) -> Callable[[Game, dict[str, Any]], str]:
    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = EventKind.DREDGE
        ev["card"] = oid
        ev["n"] = n
        return f"{name} is dredged instead: mill {n}"

    return apply


@performer(EventKind.DREDGE)
def perform_dredge(game: Game, ev: dict[str, Any]) -> None:
    """702.52a: mill N cards and return the card from the graveyard to the hand."""
    p = int(ev["player"])
    card = game.objects.get(int(ev["card"]))
    if card is None or card.zone != Zone.GRAVEYARD:
        return
    n = int(ev["n"])
    game.emit(
        EventKind.DREDGE,
        cited(ev, ("702.52a", "614.1a")),
        f"{game.players[p].name} dredges {card.name}: mills {n} instead of drawing",
        player=p,
        obj=card.id,
    )
    mill(game, p, n)
    if card.id in game.objects and card.zone == Zone.GRAVEYARD:
        move(game, card.id, Zone.HAND, ("702.52a",), reason="is returned to hand (dredge)")
