"""The ``proliferate`` effect (CR 701.34).

"Proliferate" (CR 701.34a): the player chooses any number of permanents and/or
players that have a counter, then gives each one additional counter of each kind
it already has. The counters are put through :mod:`mtg_engine.rules.counters`,
as any other counters are, so a Saga's chapter abilities trigger on a lore counter
added this way (CR 714.2b). "Proliferate twice" is two proliferations, each with
its own choice.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..cards.abilities import Effect
from ..game.actions import DecisionKind, DecisionPurpose, player_ref, ref_player
from ..game.events import EventKind
from ..game.objects import Zone
from ..rules.counters import player_counters, put_counters, put_player_counters
from ..rules.effects_runner import Ctx
from . import effect

if TYPE_CHECKING:
    from ..game.state import Game

#: how many of this instruction's proliferations are done (in the resolving task)
_DONE = "proliferated"


@effect("proliferate")
def proliferate(ctx: Ctx, e: Effect) -> bool:
    """CR 701.34a: choose permanents and players with counters; one more of each kind."""
    g = ctx.game
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    times = ctx.count(e.args.get("amount", 1))
    parent = (ctx.task.data.get("parent") or {}) if ctx.task is not None else {}
    done = int(parent.get(_DONE, 0))
    while done < times:
        cands = candidates(g)
        if not cands:
            g.emit(
                EventKind.PROLIFERATE,
                ("701.34a",),
                f"{g.players[player].name} proliferates: nothing",
                player=player,
            )
        else:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.CHOOSE_OBJECTS,
                    "701.34a",
                    f"{ctx.obj.name}: proliferate - choose any number of permanents "
                    "and/or players that have a counter",
                    {
                        "candidates": cands,
                        "min": 0,
                        "max": len(cands),
                        "purpose": DecisionPurpose.PROLIFERATE,
                    },
                    player=player,
                )
            chosen = [c for c in ctx.take_answer().objects if c in cands]
            give(g, player, chosen)
        done += 1
        ctx.set_parent(_DONE, done)
    ctx.set_parent(_DONE, 0)  # a later proliferate instruction starts afresh
    return True


def candidates(game: Game) -> list[int]:
    """Permanents (ids) and players (negative refs) that have a counter (CR 701.34a)."""
    out = [
        oid
        for oid in game.battlefield
        if game.objects[oid].counters and not game.objects[oid].phased_out
    ]
    out.extend(
        player_ref(p.index)
        for p in game.players
        if not p.has_lost and player_counters(game, p.index)
    )
    return out


def give(game: Game, player: int, chosen: list[int]) -> None:
    """Give each chosen permanent or player one more counter of each kind it has."""
    who = game.players[player].name
    names = []
    for ref in chosen:
        p = ref_player(ref)
        if p is not None:
            names.append(game.players[p].name)
        else:
            o = game.objects.get(ref)
            if o is not None and o.zone == Zone.BATTLEFIELD:
                names.append(o.name)
    game.emit(
        EventKind.PROLIFERATE,
        ("701.34a",),
        f"{who} proliferates: {', '.join(names) if names else 'nothing chosen'}",
        player=player,
    )
    for ref in chosen:
        p = ref_player(ref)
        if p is not None:
            for kind in list(player_counters(game, p)):
                put_player_counters(game, p, kind, 1, ("701.34a", "122.1"))
            continue
        o = game.objects.get(ref)
        if o is None or o.zone != Zone.BATTLEFIELD:
            continue
        for kind in list(o.counters):
            if o.counters.get(kind, 0) > 0:
                put_counters(game, o, kind, 1, ("701.34a", "122.1"))
