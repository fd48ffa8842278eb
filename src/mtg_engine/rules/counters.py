"""Putting counters on permanents and players (CR 122).

Every effect that puts counters goes through :func:`put_counters` (or
:func:`put_player_counters` for players), so the one ``counters`` event they log
is what everything that watches counters sees: chapter abilities of Sagas
(lore counters, CR 714.2b), and any later watcher.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..cards.abilities import Filter, SelfRef, StaticEffect
from ..game.events import EventKind
from ..game.objects import GameObject
from .characteristics import chars
from .filters import matches_object
from .layers_table import COUNTER_TIMESTAMPS, KEYWORD_COUNTERS
from .pipeline import (
    Replacement,
    cited,
    forbidden,
    notes,
    performer,
    prohibition,
    propose,
    refused,
    static_replacement,
    static_sources,
)
from .support import register

if TYPE_CHECKING:
    from ..game.state import Game

#: the counters a player can have that the engine keeps (CR 122.1f: poison; CR
#: 107.14: energy, the {E} symbol), each a ``Player`` attribute of that name
PLAYER_COUNTERS = ("poison", "energy", "experience", "rad")


def put_counters(
    game: Game,
    o: GameObject,
    kind: str,
    amount: int,
    rules: tuple[str, ...] = ("122.1",),
    why: str = "",
    event: dict[str, Any] | None = None,
) -> None:
    """CR 122.1: put ``amount`` counters of ``kind`` on a permanent — proposed
    first ("If one or more counters would be put on ..., twice that many ...
    instead", CR 614.1a)."""
    if event is None:
        if amount <= 0:
            return
        event = propose(
            game,
            {
                "kind": EventKind.COUNTERS,
                "obj": o.id,
                "counter": kind,
                "amount": amount,
                "player": o.controller,
                "by": putter(game, o.controller),
                "what": f"{amount} {kind} counter(s) would be put on {o.name}",
                "args": [list(rules), why],
            },
        )
        if event is None:
            return  # CR 616.1: its controller chooses the order first
    if refused(game, event, ("122.1",), obj=o.id):
        return
    amount = int(event["amount"])
    if event.get("notes"):
        rules = cited(event, rules)
        why = f"{why} ({notes(event)})"
    if amount <= 0:
        return
    o.counters[kind] = o.counters.get(kind, 0) + amount
    if kind.lower() in KEYWORD_COUNTERS:
        # CR 613.7c: the counter's timestamp (each counter of that kind gets the new
        # one), the order of its keyword among layer-6 effects (rules/layers.py)
        stamps = dict((o.chosen or {}).get(COUNTER_TIMESTAMPS) or {})
        stamps[kind] = game.new_timestamp()
        o.chosen = {**(o.chosen or {}), COUNTER_TIMESTAMPS: stamps}
    game.invalidate()
    game.emit(
        EventKind.COUNTERS,
        rules,
        f"{amount} {kind} counter(s) are put on {o.name}{why}",
        obj=o.id,
        counter=kind,
        amount=amount,
        by=int(event.get("by", o.controller)),
    )


@performer(EventKind.COUNTERS)
def _perform(game: Game, ev: dict[str, Any]) -> None:
    o = game.objects.get(ev["obj"])
    if o is not None:
        rules, why = ev["args"]
        put_counters(game, o, ev["counter"], int(ev["amount"]), tuple(rules), why, event=ev)


def putter(game: Game, default: int) -> int:
    """The player who puts counters (CR 122.1): the controller of the spell or
    ability whose instructions put them (CR 608.2c) — ``default`` (the permanent's
    controller, the player who pays a cost) when no instructions are being followed."""
    acting = game._acting
    return default if acting is None else acting


@static_replacement("counter_multiplier", EventKind.COUNTERS, EventKind.PLAYER_COUNTERS)
def counter_multiplier(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    """Hardened Scales ("that many plus one"), Corpsejack Menace and Doubling
    Season ("twice that many"), Halving Season ("half that many, rounded down"),
    Vorinclex ("If you would put ... on a permanent or player") — CR 614.1a, 122.6."""
    args = st.args
    want = args.get("counter")
    if want and want != ev["counter"]:
        return None
    if ev["amount"] <= 0:
        return None
    by = args.get("by")
    if by is not None:
        who = ev.get("by", ev["player"])
        if (by == "you") != (who == src.controller):
            return None  # "If you would put" / "If an opponent would put"
    if "obj" not in ev:  # a player gets counters (CR 122.1)
        players = args.get("players")
        if players is None or (players == "you" and ev["player"] != src.controller):
            return None
    else:
        o = game.objects.get(ev["obj"])
        if o is None or st.affected is None:
            return None
        if isinstance(st.affected, Filter) and not matches_object(
            game, o, st.affected, src.controller, src
        ):
            return None
        if isinstance(st.affected, SelfRef) and o.id != src.id:
            return None  # "... would be put on Mowu"
    name = chars(game, src).name
    times = int(args.get("times", 1))
    plus = int(args.get("plus", 0))
    half = bool(args.get("half"))

    def apply(game: Game, ev: dict[str, Any]) -> str:
        n = int(ev["amount"])
        ev["amount"] = n // 2 if half else n * times + plus
        return f"{name}: {ev['amount']} instead"

    # CR 614.16: also when a replacement or prevention effect puts the counters
    return Replacement(
        key, name, ("614.1a", "614.16") if game._by_replacement else ("614.1a",), apply
    )


@static_replacement("cant_have_counters", "rule:cant_have_counters")
def _cant_have_rule(
    game: Game, ev: dict[str, Any], src: GameObject, st: StaticEffect, key: str
) -> Replacement | None:
    return None  # a prohibition (CR 101.2), read by cant_have_counters below


@prohibition(EventKind.COUNTERS, when="rule:cant_have_counters")
def cant_have_counters(game: Game, ev: dict[str, Any]) -> str | None:
    """CR 101.2, 122.1: "Creatures you control can't have -1/-1 counters put on them"
    (Melira, Sylvok Outcast)."""
    o = game.objects.get(ev["obj"])
    if o is None:
        return None
    for src, st in static_sources(game, "cant_have_counters"):
        if st.args.get("counter") not in (None, ev["counter"]):
            continue
        # "This creature can't have counters put on it" (Tatterkite): itself
        itself = isinstance(st.affected, SelfRef) and o.id == src.id
        if itself or (
            isinstance(st.affected, Filter)
            and matches_object(game, o, st.affected, src.controller, src)
        ):
            return f"{chars(game, src).name} says it can't have {ev['counter']} counters put on it"
    return None


def counters_forbidden(game: Game, o: GameObject, kind: str, amount: int) -> str | None:
    """Why ``amount`` counters of ``kind`` can't be put on ``o`` (CR 101.2), or None —
    for counters that damage puts (wither, infect: CR 120.3d), which aren't an
    effect's and so aren't modified by "If an effect would put ..." replacements."""
    return forbidden(
        game,
        {
            "kind": EventKind.COUNTERS,
            "obj": o.id,
            "counter": kind,
            "amount": amount,
            "player": o.controller,
        },
    )


register("static:counter_multiplier", "static:cant_have_counters")


def player_counters(game: Game, player: int) -> dict[str, int]:
    """The counters a player has, by kind (CR 122.1)."""
    p = game.players[player]
    return {k: getattr(p, k) for k in PLAYER_COUNTERS if getattr(p, k) > 0}


def put_player_counters(
    game: Game,
    player: int,
    kind: str,
    amount: int,
    rules: tuple[str, ...] = ("122.1",),
    why: str = "",
    event: dict[str, Any] | None = None,
    by: int | None = None,
) -> int:
    """CR 122.1: give a player ``amount`` counters of ``kind`` (poison, CR 122.1f) —
    proposed first ("You can't get poison counters", CR 101.2). Returns how many
    the player got. ``by``: the player who gives them (the controller of the source
    whose damage gives poison counters, CR 120.3b); by default the controller of
    the instructions being followed."""
    p = game.players[player]
    if event is None:
        if amount <= 0:
            return 0
        if kind not in PLAYER_COUNTERS:
            raise ValueError(f"players can't get {kind} counters here (CR 122.1)")
        event = propose(
            game,
            {
                "kind": EventKind.PLAYER_COUNTERS,
                "player": player,
                "by": putter(game, player) if by is None else by,
                "counter": kind,
                "amount": amount,
                "what": f"{p.name} would get {amount} {kind} counter(s)",
                "args": [list(rules), why],
            },
        )
        if event is None:
            return 0  # CR 616.1: the player chooses the order first
    if refused(game, event, ("122.1",), player=player):
        return 0
    amount = int(event["amount"])
    if event.get("notes"):
        rules = cited(event, rules)
        why = f"{why} ({notes(event)})"
    if amount <= 0:
        return 0
    setattr(p, kind, getattr(p, kind) + amount)
    if kind == "poison":
        game.share_team_totals(player)  # CR 810.10: the team's poison counters
    game.emit(
        EventKind.COUNTERS,
        rules,
        f"{p.name} gets {amount} {kind} counter(s){why} ({getattr(p, kind)} in all)",
        player=player,
        counter=kind,
        amount=amount,
    )
    return amount


def pay_energy(
    game: Game, player: int, amount: int, rules: tuple[str, ...] = ("107.14",), why: str = ""
) -> bool:
    """CR 107.14: to pay {E} a player removes one energy counter from themselves.
    A player with fewer than ``amount`` can't pay (CR 118.3): nothing is removed
    and the result is False."""
    p = game.players[player]
    if amount < 0 or p.energy < amount:
        return False
    if amount == 0:
        return True
    p.energy -= amount
    game.emit(
        EventKind.COUNTERS_REMOVED,
        rules,
        f"{p.name} pays {'{E}' * amount}{why} ({p.energy} energy left)",
        player=player,
        counter="energy",
        amount=amount,
    )
    return True


@performer(EventKind.PLAYER_COUNTERS)
def _perform_player(game: Game, ev: dict[str, Any]) -> None:
    rules, why = ev["args"]
    put_player_counters(
        game, ev["player"], ev["counter"], int(ev["amount"]), tuple(rules), why, event=ev
    )


def remove_counters(
    game: Game,
    o: GameObject,
    kind: str,
    amount: int,
    rules: tuple[str, ...] = ("122.1",),
    why: str = "",
    event: dict[str, Any] | None = None,
) -> int:
    """CR 122.1: remove up to ``amount`` counters of ``kind`` from a permanent —
    proposed first (a replacement effect or "can't" may change it, CR 614, 101.2).
    Returns how many were removed."""
    if event is None:
        n = min(amount, o.counters.get(kind, 0))
        if n <= 0:
            return 0
        event = propose(
            game,
            {
                "kind": EventKind.REMOVE_COUNTERS,
                "obj": o.id,
                "counter": kind,
                "amount": n,
                "player": o.controller,
                "what": f"{n} {kind} counter(s) would be removed from {o.name}",
                "args": [list(rules), why],
            },
        )
        if event is None:
            return 0  # CR 616.1: its controller chooses the order first
    if refused(game, event, ("122.1",), obj=o.id):
        return 0
    if event.get("notes"):
        rules = cited(event, rules)
        why = f"{why} ({notes(event)})"
    have = o.counters.get(kind, 0)
    n = min(int(event["amount"]), have)
    if n <= 0:
        return 0
    if have == n:
        del o.counters[kind]
    else:
        o.counters[kind] = have - n
    game.invalidate()
    game.emit(
        EventKind.COUNTERS_REMOVED,
        rules,
        f"{n} {kind} counter(s) are removed from {o.name}{why}",
        obj=o.id,
        counter=kind,
        amount=n,
    )
    return n


@performer(EventKind.REMOVE_COUNTERS)
def _perform_remove(game: Game, ev: dict[str, Any]) -> None:
    o = game.objects.get(ev["obj"])
    if o is not None:
        rules, why = ev["args"]
        remove_counters(game, o, ev["counter"], int(ev["amount"]), tuple(rules), why, event=ev)
