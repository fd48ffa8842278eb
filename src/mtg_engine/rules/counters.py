"""Putting counters on permanents and players (CR 122).

Every effect that puts counters goes through :func:`put_counters` (or
:func:`put_player_counters` for players), so the one ``counters`` event they log
is what everything that watches counters sees: chapter abilities of Sagas
(lore counters, CR 714.2b), and any later watcher.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

#: the counters a player can have that the engine keeps (CR 122.1f: poison)
PLAYER_COUNTERS = ("poison",)


def put_counters(
    game: Game,
    o: GameObject,
    kind: str,
    amount: int,
    rules: tuple[str, ...] = ("122.1",),
    why: str = "",
) -> None:
    """CR 122.1: put ``amount`` counters of ``kind`` on a permanent."""
    if amount <= 0:
        return
    o.counters[kind] = o.counters.get(kind, 0) + amount
    game.invalidate()
    game.emit(
        "counters",
        rules,
        f"{amount} {kind} counter(s) are put on {o.name}{why}",
        obj=o.id,
        counter=kind,
        amount=amount,
    )


def player_counters(game: Game, player: int) -> dict[str, int]:
    """The counters a player has, by kind (CR 122.1)."""
    p = game.players[player]
    return {"poison": p.poison} if p.poison > 0 else {}


def put_player_counters(
    game: Game,
    player: int,
    kind: str,
    amount: int,
    rules: tuple[str, ...] = ("122.1",),
    why: str = "",
) -> None:
    """CR 122.1: give a player ``amount`` counters of ``kind`` (poison, CR 122.1f)."""
    if amount <= 0:
        return
    if kind not in PLAYER_COUNTERS:
        raise ValueError(f"players can't get {kind} counters here (CR 122.1)")
    p = game.players[player]
    p.poison += amount
    game.emit(
        "counters",
        rules,
        f"{p.name} gets {amount} {kind} counter(s){why} ({p.poison} in all)",
        player=player,
        counter=kind,
        amount=amount,
    )
