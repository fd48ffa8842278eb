"""Clash (CR 701.30): who won the last clash, for "If you win, ...".

701.30a To clash, a player reveals the top card of their library, then may put
it on the bottom. 701.30c: the clashing players reveal at the same time, then
decide in APNAP order where their cards go, and the cards move at the same
time. 701.30d: a player wins if they revealed a card with a higher mana value
than all other cards revealed in that clash.

The last clash is kept in ``game.turn_flags.last_clash`` (as the last coin flip
is, rules/chance.py) for the condition ``won_clash``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.hooks import CONDITIONS

if TYPE_CHECKING:
    from ..game.state import Game


def clash_winner(revealed: dict[int, int | None]) -> int | None:
    """CR 701.30d: the player whose revealed card has a higher mana value than
    every other card revealed in the clash (``revealed``: player -> the mana value
    of the card they revealed, None for a player who revealed nothing, their
    library being empty). None: no one wins."""
    shown = {p: mv for p, mv in revealed.items() if mv is not None}
    for p, mv in shown.items():
        if all(mv > other for q, other in shown.items() if q != p):
            return p
    return None


def record_clash(game: Game, revealed: dict[int, int | None]) -> dict[str, Any]:
    """Keep the clash's result for the conditions that read it (CR 701.30d)."""
    rec = {"players": list(revealed), "revealed": dict(revealed), "winner": clash_winner(revealed)}
    game.turn_flags.last_clash = rec
    return rec


def _won_clash(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "If you win" after "clash with an opponent" (CR 701.30d)."""
    rec = game.turn_flags.last_clash or {}
    return rec.get("winner") == controller and controller in rec.get("players", ())


CONDITIONS.setdefault("won_clash", _won_clash)
