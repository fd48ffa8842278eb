"""Emblems (CR 114): objects in the command zone whose abilities work there.

CR 114.2: "[Player] gets an emblem with [ability]" puts an emblem into the
command zone, owned and controlled by that player (``effects/emblem.py``).
CR 114.3: it has no characteristics other than its abilities (no types, mana
cost or color). CR 114.4: its abilities function in the command zone: the
layer system reads its static abilities (``rules/layers.py``) and the trigger
checks watch it (``rules/triggers.py``) through :func:`emblem_ids`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..game.events import EventKind
from ..game.objects import Zone

if TYPE_CHECKING:
    from ..game.objects import CardDef, GameObject
    from ..game.state import Game


def is_emblem(o: GameObject) -> bool:
    spec = o.card.token_spec
    return spec is not None and bool(spec.get("emblem"))


def emblem_ids(game: Game) -> list[int]:
    """The emblems in the command zone (CR 114.4), oldest first."""
    if not game.command:
        return []
    return [oid for oid in game.command if is_emblem(game.objects[oid])]


def give_emblem(
    game: Game, player: int, card: CardDef, rules: tuple[str, ...], text: str
) -> GameObject:
    """CR 114.2: ``player`` gets the emblem ``card`` in the command zone, owned and
    controlled by them; logged as ``text`` citing ``rules``."""
    obj = game.create_card(card, player, Zone.COMMAND)
    obj.controller = player
    game.invalidate()
    game.emit(EventKind.EMBLEM, rules, text, obj=obj.id, player=player)
    return obj
