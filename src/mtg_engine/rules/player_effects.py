"""The rules effects of resolved spells and abilities on players (CR 611.2a, 613.11):
"Your opponents can't cast spells this turn", "Players can't gain life this turn".
Each is a continuous effect in ``game.effects`` that names its players, locked in
as it began (``args["players"]``, CR 611.2c); effects/player_restrictions.py makes
them, and the rules that they restrict read them here (casting, CR 601.3; the
players' events, CR 101.2)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game.records import ContinuousEffect
    from ..game.state import Game


def effects_on(game: Game, op: str, player: int) -> Iterator[ContinuousEffect]:
    """The rules effects ``op`` on ``player`` now, in timestamp order."""
    for e in game.effects:
        if e.op == op and player in e.args.get("players", ()):
            yield e


def effect_source_name(e: ContinuousEffect) -> str:
    """The name of what made the effect, for the log."""
    return str(e.args.get("by") or "an effect")
