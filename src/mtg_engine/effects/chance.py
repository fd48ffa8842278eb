"""Coin flips (CR 705) and die rolls (CR 706) of resolving spells and abilities.

``flip_coin``: ``player``, ``call`` (default True: the player calls heads or
tails, 705.2; False: only heads/tails matters), ``until_lost`` (flip again after
each won flip: "flip a coin until you lose a flip"), optional ``win``/``lose``
effects (done at once), ``result``/``winner`` fixed by the effect (705.3).
Later effects may depend on it through the conditions ``won_flip``,
``lost_flip``, ``flip_heads``, ``flip_tails`` (:mod:`mtg_engine.rules.chance`).

``roll_die``: ``sides`` (default 6), ``count`` (dice), ``modifier`` (int),
``results``: a results table of ``(low, high, effects)`` (706.3a; ``high``
None for "N+"), ``ignore_lowest``: how many of the rolls to ignore (706.6); ``each_result``:
rows ``(low, high, effects)`` looked up for each die on its own ("for each
result of 1, ..."). The condition ``rolled_doubles`` reads the last roll.
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.objects import Zone
from ..game.state import Game
from ..rules.chance import (
    SIDES,
    flip,
    in_range,
    record_roll,
    resolve_flip,
    roll,
    store_results,
    stored_results,
)
from ..rules.effects_runner import Ctx
from ..rules.statics import statics_with
from ..rules.support import register
from . import effect
from .nested import run_nested


@effect("flip_coin")
def flip_coin(ctx: Ctx, e: Effect) -> bool:
    """CR 705.2: the player calls the flip, then flips; the call wins if it matches."""
    g = ctx.game
    sc = ctx.scratch
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    if "rec" not in sc:
        if "call" not in sc:
            call = None
            if e.args.get("call", True) and e.args.get("winner") is None:
                answer = ctx.take_answer() if ctx.answer is not None else None
                if answer is None:
                    return ctx.ask(
                        DecisionKind.CHOOSE_OPTION,
                        "705.2",
                        f"{g.players[player].name}: call the coin flip",
                        {"options": list(SIDES), "purpose": DecisionPurpose.COIN_CALL},
                        player=player,
                    )
                call = str(answer.value)
            sc["call"] = call
            # CR 614.1a: each "flip two coins and ignore one" doubles the coins flipped
            n = int(e.args.get("coins", 1)) * 2 ** extra_coin_flips(g, player)
            sc["flips"] = [flip(g) for _ in range(n)]
        call = sc["call"]
        results = sc["flips"]
        keep = 0
        if len(results) > 1:
            # a replacement effect: flip more coins and ignore some; the flipper
            # chooses which to keep: a winning flip when there is one
            wins = [i for i, r in enumerate(results) if r == call]
            keep = wins[0] if wins else 0
            if call is None and len(set(results)) > 1 and e.args.get("result") is None:
                answer = ctx.take_answer() if ctx.answer is not None else None
                if answer is None:
                    return ctx.ask(
                        DecisionKind.CHOOSE_OPTION,
                        "614.1a",
                        f"{g.players[player].name}: flipped {', '.join(results)}; "
                        "choose the result to keep (the others are ignored)",
                        {"options": sorted(set(results)), "purpose": DecisionPurpose.COIN_KEEP},
                        player=player,
                    )
                if str(answer.value) not in results:
                    raise ValueError(f"choose one of the flipped results: {sorted(set(results))}")
                keep = results.index(str(answer.value))
        forced_win = e.args.get("winner")
        rec = resolve_flip(
            g,
            player,
            call,
            results,
            keep,
            forced=e.args.get("result"),
            forced_win=None if forced_win is None else bool(forced_win),
        )
        sc["rec"] = rec
    rec = sc["rec"]
    if e.args.get("until_lost") and rec.get("won"):
        # "flip a coin until you lose a flip" (Zndrsplt, Eye of Wisdom; CR 705.2): a
        # won flip is followed by another, called anew
        for key in ("rec", "call", "flips"):
            sc.pop(key, None)
        return flip_coin(ctx, e)
    then = e.args.get("win") if rec.get("won") else e.args.get("lose")
    if rec.get("won") is None:
        then = e.args.get(rec["result"])  # "if heads, ...; if tails, ..."
    if then:
        return run_nested(ctx, tuple(then), "flip_then")
    return True


def extra_coin_flips(g: Game, player: int) -> int:
    """How many "If you would flip a coin, instead flip two coins and ignore one"
    replacement effects (Krark's Thumb, CR 614.1a) apply to ``player``'s flips."""
    return sum(1 for o, _ in statics_with(g, "extra_coin_flip") if o.controller == player)


@effect("roll_die")
def roll_die(ctx: Ctx, e: Effect) -> bool:
    """CR 706.1-706.3, 706.6: roll, modify, use the results table."""
    g = ctx.game
    sc = ctx.scratch
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    if "rec" not in sc:
        sides = int(e.args.get("sides", 6))
        count = int(e.args.get("count", 1))
        natural = [roll(g, sides) for _ in range(count)]
        ignored: list[int] = []
        n_ignore = int(e.args.get("ignore_lowest", 0))
        for _ in range(min(n_ignore, len(natural) - 1)):
            low = min(natural)
            natural.remove(low)  # CR 706.6: it never happened
            ignored.append(low)
        modifier = ctx.amount(e.args.get("modifier", 0))
        sc["rec"] = record_roll(g, player, sides, natural, modifier, ignored)
    rec = sc["rec"]
    if e.args.get("store") is not None and not sc.get("stored"):
        sc["stored"] = True
        for o in ctx.objects(e.args["store"]):
            if o.zone == Zone.BATTLEFIELD:
                store_results(g, o, [[rec["sides"], r] for r in rec["results"]])
    each = e.args.get("each_result")
    if each:
        # CR 706.3a: "for each result of 1, ...; for each other result, the indicated
        # ability" — each die's result is looked up on its own, in the order rolled
        runs: list[Effect] = []
        for r in rec["results"]:
            for low, high, effects in each:
                if in_range(int(r), low, high):
                    runs.extend(effects)
                    break
        if runs and not run_nested(ctx, tuple(runs), "each_result"):
            return False
    table = e.args.get("results") or ()
    for row in table:
        low, high, effects = row[0], row[1], row[2]
        if in_range(int(rec["result"]), low, high):
            return run_nested(ctx, tuple(effects), "roll_then")
    return True


@effect("reroll_stored")
def reroll_stored(ctx: Ctx, e: Effect) -> bool:
    """CR 706.8b: "reroll any number of this creature's stored results" — the player
    chooses each stored result to reroll (a yes/no per result), then rolls one die of
    the noted kind for each; the new results replace the rerolled ones."""
    g = ctx.game
    sc = ctx.scratch
    objs = [o for o in ctx.objects(e.args.get("what")) if o.zone == Zone.BATTLEFIELD]
    if not objs:
        return True
    obj = objs[0]
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    player = players[0] if players else ctx.controller
    stored = stored_results(obj)
    picked: list[int] = sc.setdefault("picked", [])
    i = int(sc.get("i", 0))
    while i < len(stored):
        if ctx.answer is None:
            sides, value = stored[i]
            return ctx.ask(
                DecisionKind.YES_NO,
                "706.8b",
                f"{obj.name}: reroll stored result {i + 1} of {len(stored)} "
                f"(a {value} on a d{sides})?",
                {"purpose": DecisionPurpose.REROLL},
                player=player,
            )
        if ctx.take_answer().value:
            picked.append(i)
        i += 1
        sc["i"] = i
    if not picked:
        return True
    new = [list(r) for r in stored]
    by_kind: dict[int, list[int]] = {}
    for j in picked:
        by_kind.setdefault(stored[j][0], []).append(j)
    for sides, idx in by_kind.items():
        natural = [roll(g, sides) for _ in idx]
        rec = record_roll(g, player, sides, natural, rules=("706.8b", "706.2"))
        for j, r in zip(idx, rec["results"], strict=True):
            new[j] = [sides, r]
    store_results(g, obj, new, "706.8b")
    return True


register(
    "effect:reroll_stored",
    "arg:roll_die.store",
    "arg:reroll_stored.may",
    "amount:stored_results_same",
    "effect:flip_coin",
    "effect:roll_die",
    "condition:won_flip",
    "condition:lost_flip",
    "condition:flip_heads",
    "condition:flip_tails",
    "condition:rolled",
    "arg:flip_coin.win",
    "arg:flip_coin.lose",
    "arg:flip_coin.call",
    "arg:flip_coin.until_lost",
    "static:extra_coin_flip",
    "arg:roll_die.sides",
    "arg:roll_die.results",
    "arg:roll_die.count",
    "arg:roll_die.modifier",
    "arg:roll_die.each_result",
    "condition:rolled_doubles",
)

__all__: list[Any] = []
