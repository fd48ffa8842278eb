"""Commanders (CR 903.3): which cards are a player's commander, and the conditions
that read it.

* 903.3: the designation is an attribute of the card itself, not a characteristic
  of the object: it follows the card through every zone (``Player.commanders``,
  the ``card_uid`` of each card designated as that player's commander; a game with
  no commander, like every two-player game here, has none, and then "if you
  control your commander" is simply false).
* 903.3d: "controlling a commander" refers to a permanent on the battlefield that
  is a commander; "a commander" in another zone, to a card in that zone that is.
* The filter kind ``commander`` and condition ``("commander", True)`` ("commander
  creatures you control", "target commander", "if you control a commander") match
  such objects (rules/filters.py); the condition ``control_commander`` is "if you
  control your commander" (one you own, 903.3).

The Commander variant's other rules (the command zone at the start, 903.6; the
commander tax, 903.8; returning to the command zone, 903.9; commander damage,
903.10a) aren't part of this engine yet.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ..cards.model import CardData, mana_symbols
from ..game.hooks import CONDITIONS
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

register(
    "kind:commander",
    "cond:commander",
    "condition:control_commander",
    "cond:control_commander",
)


def is_commander(game: Game, obj: GameObject) -> bool:
    """CR 903.3: the object represents a card designated as a player's commander (a
    token or a copy of a spell is never a card, so never a commander)."""
    if obj.is_token:
        return False
    uid = obj.card_uid
    return any(uid in p.commanders for p in game.players)


_REMINDER = re.compile(r"\([^()]*\)")
_COLOR_LETTERS = "WUBRG"


def color_identity(card: CardData) -> frozenset[str]:
    """CR 903.4: the colors of the mana symbols in a card's mana cost and rules text
    (reminder text ignored, 903.4c), plus its color indicator and the colors a
    characteristic-defining ability gives it ("is all colors"), on every face
    (903.4d-e); as color letters ("W", "U" ...)."""
    letters: set[str] = set()
    for face in card.faces:
        letters |= set(face.color_indicator)
        text = _REMINDER.sub("", face.text or "")
        for sym in (*mana_symbols(face.mana_cost), *mana_symbols(text)):
            letters |= {part for part in sym.split("/") if part in _COLOR_LETTERS}
        if f"{face.name} is all colors" in text or "This card is all colors" in text:
            letters |= set(_COLOR_LETTERS)
    return frozenset(letters)


def commander_color_identity(game: Game, player: int) -> frozenset[str] | None:
    """The combined color identity of ``player``'s commanders (CR 903.4), as color
    letters; None when the player has no commander: the quality is undefined, so
    an ability that refers to it does nothing (903.4f)."""
    mine = game.players[player].commanders
    if not mine:
        return None
    cards = {o.card_uid: o.card.data for o in game.objects.values() if o.card_uid in mine}
    letters: frozenset[str] = frozenset()
    for card in cards.values():
        letters |= color_identity(card)
    return letters


def designate_commander(game: Game, player: int, obj: GameObject) -> None:
    """CR 903.3: the card ``obj`` represents is ``player``'s commander (as the game
    begins)."""
    p = game.players[player]
    if obj.card_uid not in p.commanders:
        p.commanders = (*p.commanders, obj.card_uid)
        game.invalidate()


def _control_your_commander(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "if you control your commander" (CR 903.3d: a permanent that is a commander
    you own, under your control)."""
    mine = game.players[controller].commanders
    if not mine:
        return False
    return any(
        (o := game.objects[oid]).controller == controller
        and not o.phased_out
        and not o.is_token
        and o.card_uid in mine
        for oid in game.battlefield
    )


CONDITIONS.setdefault("control_commander", _control_your_commander)
