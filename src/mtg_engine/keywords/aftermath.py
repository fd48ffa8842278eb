"""Aftermath (CR 702.127) on split cards (CR 709).

702.127a: aftermath, printed on the second half of a split card, is three
static abilities of that half: "You may cast this half of this split card from
your graveyard", "This half of this split card can't be cast from any zone
other than a graveyard", and "If this spell was cast from a graveyard, exile it
instead of putting it anywhere else any time it would leave the stack."

The first half is cast from the hand as usual (CR 709.3); the aftermath half is
cast with ``CastSpell(card_in_graveyard, face=1)``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.events import EventKind
from ..game.hooks import KEYWORD_HOOKS, cast_record
from ..game.objects import Zone
from ..rules.pipeline import Replacement, replacement_finder
from ..rules.support import register_keywords

if TYPE_CHECKING:
    from ..game.objects import CardDef, GameObject
    from ..game.state import Game

register_keywords("Aftermath")

AFTERMATH = "Aftermath"


def has_aftermath(card: CardDef, face: int) -> bool:
    """Whether this half of the split card has aftermath (cached per card)."""
    key = ("aftermath", face)
    v = card.cache.get(key)
    if v is None:
        v = 0 <= face < len(card.compiled) and any(
            a.keyword == AFTERMATH for a in card.compiled[face].abilities
        )
        card.cache[key] = v
    return bool(v)


def aftermath_faces(card: CardDef) -> list[int]:
    """The halves with aftermath (none unless the card has two halves)."""
    if len(card.faces) != 2:
        return []
    return [f for f in (0, 1) if has_aftermath(card, f)]


def cast_zone_problem(game: Game, player: int, obj: GameObject, face: int) -> str | None:
    """CR 702.127a: why this half can't be cast from the card's zone, or None.

    Only for a half with aftermath; the caller applies the usual zone rules
    (CR 601.2a) to every other half."""
    if obj.zone != Zone.GRAVEYARD or obj.owner != player:
        half = obj.card.faces[face].name
        return f"{half} can be cast only from your graveyard (aftermath, rule 702.127a)"
    return None


@replacement_finder(
    EventKind.ZONE_CHANGE,
    moves=[
        (Zone.STACK, z) for z in (Zone.LIBRARY, Zone.HAND, Zone.GRAVEYARD, Zone.STACK, Zone.COMMAND)
    ],
)
def aftermath_exile(game: Game, ev: dict[str, Any]) -> list[Replacement]:
    """702.127a: an aftermath half cast from a graveyard is exiled instead of going
    anywhere else when it leaves the stack (resolving, countered, ...)."""
    if ev["from"] != Zone.STACK or ev["to"] in (Zone.EXILE, Zone.BATTLEFIELD):
        return []
    rec = cast_record(game, ev["obj"])
    if not rec or not rec.get("aftermath"):
        return []
    return [Replacement("aftermath", "aftermath", ("702.127a", "614.1a"), _exile_instead)]


def _exile_instead(game: Game, ev: dict[str, Any]) -> str:
    ev["to"] = Zone.EXILE
    return "it's exiled instead (aftermath)"


KEYWORD_HOOKS.has_aftermath = has_aftermath
KEYWORD_HOOKS.aftermath_faces = aftermath_faces
KEYWORD_HOOKS.aftermath_zone_problem = cast_zone_problem
