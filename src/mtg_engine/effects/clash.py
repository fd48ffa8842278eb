"""Clash with an opponent (CR 701.30).

``clash``: ``player`` (the clashing player, "you"). 701.30b: "Clash with an
opponent" means "Choose an opponent. You and that opponent each clash." Both
reveal the top card of their library at the same time (701.30a, 701.30c); then,
in APNAP order (101.4), each decides whether to put their card on the bottom of
their library, and the cards move at the same time (701.30c). The winner
(701.30d) is kept for the condition ``won_clash`` ("If you win, ...",
rules/clash.py); the opponent is the "that player" of the later instructions.
"""

from __future__ import annotations

from typing import Any

from ..cards.abilities import CLASH_OPPONENT, Effect
from ..game.actions import DecisionKind, DecisionPurpose, player_ref
from ..game.events import EventKind
from ..rules.characteristics import chars
from ..rules.clash import record_clash
from ..rules.effects_runner import Ctx
from ..rules.library_order import place_in_order
from ..rules.support import register
from . import effect

register("effect:clash", "condition:won_clash")


def _apnap(ctx: Ctx, players: list[int]) -> list[int]:
    """CR 101.4: the active player first, then the others in turn order."""
    return [p for p in ctx.game.turn_order() if p in players]


@effect("clash")
def clash(ctx: Ctx, e: Effect) -> bool:
    """CR 701.30a-d (see the module docstring)."""
    g = ctx.game
    sc = ctx.scratch
    players = ctx.players(e.args.get("player")) if e.args.get("player") is not None else []
    me = players[0] if players else ctx.controller
    if "opponent" not in sc:
        opponents = g.opponents(me)
        if opponents:
            chosen = ctx.choose_option(
                me,
                [str(q) for q in opponents],  # (an option is a string: ChooseOption)
                "701.30b",
                f"{g.players[me].name}: choose an opponent to clash with",
                DecisionPurpose.OPPONENT,
            )
            if chosen is None:
                return False
            sc["opponent"] = int(chosen)
        else:
            sc["opponent"] = None
    opp = sc["opponent"]
    clashing = _apnap(ctx, [me] if opp is None else [me, opp])
    if "revealed" not in sc:
        # CR 701.30c: each clashing player reveals the top card of their library
        revealed: dict[str, Any] = {}
        for p in clashing:
            lib = g.players[p].library
            revealed[str(p)] = lib[-1] if lib else None
            card = g.objects[lib[-1]].name if lib else "nothing (their library is empty)"
            g.emit(
                EventKind.REVEAL,
                ("701.30a", "701.30c"),
                f"{g.players[p].name} clashes and reveals {card}",
            )
        sc["revealed"] = revealed
        sc["bottom"] = []
        sc["asked"] = 0
    revealed = sc["revealed"]
    # CR 701.30c: in APNAP order each player decides where their card goes
    while sc["asked"] < len(clashing):
        p = clashing[sc["asked"]]
        oid = revealed[str(p)]
        if oid is not None:
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "701.30a",
                    f"{g.players[p].name}: put {g.objects[oid].name} on the bottom of your library? "
                    "(clash)",
                    {"purpose": DecisionPurpose.CLASH, "card": oid},
                    player=p,
                )
            if ctx.take_answer().value:
                sc["bottom"].append(p)
        sc["asked"] += 1
    # CR 701.30c: the cards move at the same time
    for p in sc["bottom"]:
        oid = revealed[str(p)]
        place_in_order(g, p, [oid], "bottom")
        g.emit(
            EventKind.LIBRARY_BOTTOM,
            ("701.30a",),
            f"{g.players[p].name} puts {g.objects[oid].name} on the bottom of their library",
        )
    values = {
        p: (None if revealed[str(p)] is None else chars(g, g.objects[revealed[str(p)]]).mana_value)
        for p in clashing
    }
    rec = record_clash(g, values)
    winner = rec["winner"]
    g.emit(
        EventKind.CLASH,
        ("701.30d",),
        f"{g.players[winner].name} wins the clash"
        if winner is not None
        else "no one wins the clash",
        player=me,
        winner=winner,
    )
    if opp is not None:
        # "that player" of what follows: the opponent chosen (701.30b)
        ctx.set_parent(CLASH_OPPONENT, [player_ref(opp)])
    return True
