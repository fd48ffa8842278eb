"""Day and night (CR 730): a designation the game itself can have.

The game starts with neither (730.1, ``Game.day_night`` is None). Once it has
become day or night it has exactly one of them from then on. As the second part
of each untap step (502.2, 730.2) the previous turn is checked: if it's day and
the previous turn's active player cast no spells during that turn, it becomes
night; if it's night and they cast two or more, it becomes day; if it's neither,
nothing happens (730.2c). The designation is plain game data, so it survives
``clone()`` and the JSON round trip. What daybound and nightbound permanents do
as it changes (702.145) is theirs: they listen to the ``day_night`` event.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final

from ..game.events import EventKind
from ..game.hooks import condition
from .support import register

if TYPE_CHECKING:
    from ..game.objects import GameObject
    from ..game.state import Game

DAY: Final = "day"
NIGHT: Final = "night"

register("condition:night", "condition:day")


def become(game: Game, which: str, rules: tuple[str, ...], why: str = "") -> None:
    """It becomes day or night (CR 730.1, 730.1a); nothing if it already is. ``why``
    is said in the log."""
    before = game.day_night
    if before == which:
        return
    game.day_night = which
    game.invalidate()  # "if it's night" conditions read it
    if before is None:
        text = f"It becomes {which}"
    else:
        text = f"{before.capitalize()} becomes {which}"
    game.emit(EventKind.DAY_NIGHT, rules, text + (f" ({why})" if why else ""), after=which)


def _previous_active(game: Game) -> int | None:
    """The previous turn's active player: the one whose turn started last before this
    one (an extra turn too, CR 500.7), or None in the first turn."""
    started = [
        (p.last_turn_started, p.index) for p in game.players if 0 < p.last_turn_started < game.turn
    ]
    return max(started)[1] if started else None


def untap_step_check(game: Game) -> None:
    """CR 502.2, 730.2a-c: the untap step's check of the previous turn."""
    if game.day_night is None:
        return  # CR 730.2c
    prev = _previous_active(game)
    counts = game.turn_flags.spells_cast_last_turn
    if prev is None or prev >= len(counts):
        return
    cast = counts[prev]
    name = game.players[prev].name
    if game.day_night == DAY and cast == 0:
        become(game, NIGHT, ("502.2", "730.2a"), f"{name} cast no spells last turn")
    elif game.day_night == NIGHT and cast >= 2:
        become(game, DAY, ("502.2", "730.2b"), f"{name} cast {cast} spells last turn")


@condition("night")
def is_night(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "if it's night" (CR 730.1)."""
    return game.day_night == NIGHT


@condition("day")
def is_day(game: Game, cond: Any, controller: int, source: GameObject | None) -> bool:
    """ "if it's day" (CR 730.1)."""
    return game.day_night == DAY
