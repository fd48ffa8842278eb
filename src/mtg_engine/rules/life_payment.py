"""Paying life, replaced (CR 119.4, 614.1a, 614.13c).

Paying life is losing it (CR 119.4): the payment is a ``lose_life`` event
marked ``paid`` (rules/damage.py ``lose_life(..., paid=True)``), which the
replacement effects of payments see and other life loss doesn't.

"If you would pay life while your library has at least that many cards in it,
exile that many cards from the top of your library instead" (Ashiok, Wicked
Manipulator): the payment becomes exiling that many cards; the player must still
be able to pay the life (CR 119.4, checked before the payment is proposed). A
card entering the battlefield from that library as the life is paid ("As this
land enters, you may pay 2 life", played from the top of the library) isn't one
of them, though it is still in the library as the effect applies (CR 614.13c):
the cards below it are exiled.

Compiled as ``StaticEffect("pay_life_exile_instead", <you>)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import StaticEffect
from ..game.events import EventKind
from ..game.objects import GameObject
from .characteristics import chars
from .linked_exile import exile_linked
from .pipeline import Replacement, affects_player, cited, performer, static_replacement
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

OP = "pay_life_exile_instead"
#: the event a payment of life becomes
PAID_BY_EXILE = "life_paid_by_exile"


def _library_cards(game: Game, ev: dict[str, Any]) -> list[int]:
    """The player's library, top first, without the cards entering the battlefield
    from it as the life is paid (CR 614.13c)."""
    entering = set(ev.get("entering") or ())
    return [oid for oid in reversed(game.players[int(ev["player"])].library) if oid not in entering]


@static_replacement(OP, EventKind.LOSE_LIFE)
def pay_life_exile(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """CR 614.1a: "If you would pay life while your library has at least that many
    cards in it, exile that many cards from the top of your library instead"."""
    if not ev.get("paid") or not affects_player(game, st, int(ev["player"]), src.controller):
        return None
    n = int(ev["amount"])
    if len(_library_cards(game, ev)) < n:
        return None
    name = chars(game, src).name

    def apply(game: Game, ev: dict[str, Any]) -> str:
        ev["kind"] = PAID_BY_EXILE
        ev["source"] = src.id
        who = game.players[int(ev["player"])].name
        cards = "card" if n == 1 else f"{n} cards"
        return f"{name}: {who} exiles the top {cards} of their library instead"

    return Replacement(key, name, ("614.1a",), apply)


@performer(PAID_BY_EXILE)
def perform_paid_by_exile(game: Game, ev: dict[str, Any]) -> None:
    """The top cards are exiled instead of the life paid (CR 614.1a, 406.2); a card
    entering the battlefield from that library isn't one of them (CR 614.13c)."""
    player = int(ev["player"])
    library = set(game.players[player].library)
    rules = ("614.13c",) if library.intersection(ev.get("entering") or ()) else ()
    game.emit(
        EventKind.LOSE_LIFE_REPLACED,
        cited(ev, ("119.4", *rules)),
        f"{ev['what']}: " + "; ".join(ev.get("notes") or ()),
        player=player,
    )
    for oid in _library_cards(game, ev)[: int(ev["amount"])]:
        exile_linked(game, oid, int(ev["source"]), ("406.2", "614.1a"))


register(f"static:{OP}")
