"""Flipping coins (CR 705) and rolling dice (CR 706), from the game's seeded
generator (architecture §2: the same seed and decisions give the same flips).

Coins (CR 705): a flip that an effect resolves with "if you win the flip"
asks the flipping player to call heads or tails (705.2); the caller wins when
the call matches. A flip that cares only about heads or tails (705.2, first
sentence) has no call and no winner. An effect may fix the result or the
winner (705.3). Replacement effects may make a player flip more coins and
ignore some ("flip two coins and ignore one", Krark's Thumb): the player
chooses which flip to keep.

Dice (CR 706): an N-sided die gives a natural result from 1 to N (706.1a,
706.2); modifiers add to it (706.2), the player choosing the order when
several apply (rerolls first, then +/-: 706.2b). A results table maps the
result to effects (706.3a). An ignored roll never happened (706.6): nothing
triggers on it. The planar die has no numerical result (706.7).

The last flip and roll are kept in ``game.turn_flags`` (``last_coin_flip``,
``last_die_roll``) for the conditions
that read them ("if you win the flip", "if you rolled a 20").
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.events import EventKind
from ..game.hooks import CONDITIONS

if TYPE_CHECKING:
    from ..game.state import Game

HEADS = "heads"
TAILS = "tails"
SIDES = (HEADS, TAILS)


def flip(game: Game) -> str:
    """CR 705.1: one flip of a fair coin."""
    return SIDES[game.rng.randrange(2)]


def resolve_flip(
    game: Game,
    player: int,
    call: str | None,
    results: list[str] | None = None,
    keep: int | None = None,
    forced: str | None = None,
    forced_win: bool | None = None,
    rules: tuple[str, ...] = ("705.2",),
) -> dict[str, Any]:
    """Record and log a coin flip: ``results`` are the coins flipped (several
    under a replacement effect; ``keep`` is the one kept), ``call`` the
    player's call (None: no winner, CR 705.2). ``forced``/``forced_win``:
    CR 705.3."""
    if results is None:
        results = [flip(game)]
    kept = results[keep or 0]
    if forced is not None:
        kept = forced  # CR 705.3: the effect says what the result is
    won: bool | None = None if call is None else (kept == call)
    if forced_win is not None:
        won = forced_win  # CR 705.3: a player wins the flip regardless
    rec = {"player": player, "result": kept, "call": call, "won": won, "flips": list(results)}
    game.turn_flags.last_coin_flip = rec
    name = game.players[player].name
    if len(results) > 1:
        text = f"{name} flips {len(results)} coins ({', '.join(results)}) and keeps {kept}"
        rules = (*rules, "614.1a")
    else:
        text = f"{name} flips a coin: {kept}"
    if call is not None:
        text += f" (called {call}: {'wins' if won else 'loses'} the flip)"
    game.emit(EventKind.COIN_FLIP, rules, text, player=player, result=kept, won=won)
    return rec


def roll(game: Game, sides: int) -> int:
    """CR 706.1a: a natural result from 1 to ``sides``."""
    return game.rng.randrange(sides) + 1


def record_roll(
    game: Game,
    player: int,
    sides: int,
    natural: list[int],
    modifier: int = 0,
    ignored: list[int] | None = None,
    rules: tuple[str, ...] = ("706.2",),
) -> dict[str, Any]:
    """Record and log a die roll: natural results (706.2), the modifier, the
    results after modification, and rolls ignored (706.6)."""
    results = [n + modifier for n in natural]
    rec = {
        "player": player,
        "sides": sides,
        "natural": list(natural),
        "modifier": modifier,
        "results": results,
        "result": results[0] if len(results) == 1 else sum(results),
        "ignored": list(ignored or ()),
    }
    game.turn_flags.last_die_roll = rec
    name = game.players[player].name
    dice = f"a d{sides}" if len(natural) == 1 else f"{len(natural)} d{sides}"
    text = f"{name} rolls {dice}: {', '.join(map(str, natural))}"
    if modifier:
        text += f" {modifier:+d} = {', '.join(map(str, results))}"
        rules = (*rules, "706.2a")
    if ignored:
        text += f" (ignoring {', '.join(map(str, ignored))}: 706.6)"
        rules = (*rules, "706.6")
    game.emit(
        EventKind.DIE_ROLL,
        rules,
        text,
        player=player,
        sides=sides,
        result=rec["result"],
        results=list(results),  # each die's (CR 706.1: "whenever you roll a die")
    )
    return rec


#: where a permanent's stored die results are kept (CR 706.8a): [[sides, value], ...]
STORED = "stored_results"


def stored_results(obj: Any) -> list[list[int]]:
    return list((obj.chosen or {}).get(STORED) or ())


def store_results(game: Game, obj: Any, results: list[list[int]], rule: str = "706.8a") -> None:
    """CR 706.8a: note the kind of die and the result on the permanent (a new list:
    the object's ``chosen`` dict is shared shallowly by clones)."""
    obj.chosen = {**(obj.chosen or {}), STORED: [list(r) for r in results]}
    game.invalidate()
    shown = ", ".join(str(v) for _, v in results) or "none"
    game.emit(
        EventKind.STORE_RESULTS, (rule,), f"{obj.name} now has stored results: {shown}", obj=obj.id
    )


def greatest_same_stored(obj: Any) -> int:
    """The greatest number of stored results on ``obj`` of the same value (CR 706.8)."""
    counts: dict[int, int] = {}
    for _, v in stored_results(obj):
        counts[v] = counts.get(v, 0) + 1
    return max(counts.values(), default=0)


def in_range(result: int, low: int | None, high: int | None) -> bool:
    """CR 706.3a: "N1-N2", "N+" (high None), or a single number."""
    if low is not None and result < low:
        return False
    return not (high is not None and result > high)


# ---------------------------------------------------------------------------
# Conditions on the last flip or roll ("if you win the flip", "if you roll 20")
# ---------------------------------------------------------------------------


def _won_flip(game: Game, cond: Any, controller: int, source: Any) -> bool:
    rec = game.turn_flags.last_coin_flip or {}
    return bool(rec.get("won"))


def _lost_flip(game: Game, cond: Any, controller: int, source: Any) -> bool:
    rec = game.turn_flags.last_coin_flip or {}
    return rec.get("won") is False


def _flip_is(side: str):  # type: ignore[no-untyped-def]
    def check(game: Game, cond: Any, controller: int, source: Any) -> bool:
        return (game.turn_flags.last_coin_flip or {}).get("result") == side

    return check


def _rolled(game: Game, cond: Any, controller: int, source: Any) -> bool:
    rec = game.turn_flags.last_die_roll or {}
    r = rec.get("result")
    if r is None:
        return False
    a = getattr(cond, "args", {}) or {}
    return in_range(int(r), a.get("low", a.get("value")), a.get("high", a.get("value")))


def _rolled_doubles(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "If you rolled doubles": two or more dice of the last roll, all the same."""
    natural = (game.turn_flags.last_die_roll or {}).get("natural") or []
    return len(natural) >= 2 and len(set(natural)) == 1


def _register() -> None:
    CONDITIONS.setdefault("won_flip", _won_flip)
    CONDITIONS.setdefault("lost_flip", _lost_flip)
    CONDITIONS.setdefault("flip_heads", _flip_is(HEADS))
    CONDITIONS.setdefault("flip_tails", _flip_is(TAILS))
    CONDITIONS.setdefault("rolled", _rolled)
    CONDITIONS.setdefault("rolled_doubles", _rolled_doubles)


_register()
