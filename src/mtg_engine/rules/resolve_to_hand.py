"""A resolving spell put into its owner's hand instead of the graveyard.

CR 608.2n puts an instant or sorcery spell into its owner's graveyard as the last
step of its resolution; buyback (702.27a) and "put that card into your hand
instead of into your graveyard as it resolves" (Soulfire Grand Master) replace
that move (614.1a). A spell that's countered, or that doesn't resolve because
its targets are all illegal (608.2b), isn't affected.
"""

from __future__ import annotations

from typing import Any

from ..game.hooks import cast_record
from ..game.objects import Zone
from ..game.state import Game


def resolves_to_hand(game: Game, ev: dict[str, Any], flag: str) -> bool:
    """Whether the zone change ``ev`` is a resolving spell going to the graveyard
    whose cast record says ``flag`` (it goes to the hand instead)."""
    if ev["cause"] != "resolved" or ev["to"] != Zone.GRAVEYARD:
        return False
    oid = ev["obj"]
    rec = cast_record(game, oid)
    return bool(rec and rec.get(flag)) and oid not in game.turn_flags.fizzled


def to_hand(ev: dict[str, Any]) -> None:
    """The replaced move: to its owner's hand."""
    ev["to"] = Zone.HAND
