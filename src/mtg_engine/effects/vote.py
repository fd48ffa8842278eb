"""Vote (CR 701.38).

``vote``: ``choices`` (the words voted for, CR 701.38b), ``secret`` ("each player
secretly votes ..., then those votes are revealed"), ``starting`` ("you": the
player the vote starts with). 701.38a: each player, starting with the specified
player and proceeding in turn order, chooses one of the choices; each vote is a
decision of that player. A secret vote's choices are revealed together once every
player has voted. The result is kept for "If X gets more votes" and "for each X
vote" (rules/vote.py).
"""

from __future__ import annotations

from ..cards.abilities import Effect
from ..game.actions import DecisionKind, DecisionPurpose
from ..game.events import EventKind
from ..game.state import Game
from ..rules.effects_runner import Ctx
from ..rules.statics import statics_with
from ..rules.support import register
from ..rules.vote import record_vote
from . import effect

register(
    "effect:vote",
    "arg:vote.choices",
    "arg:vote.secret",
    "arg:vote.starting",  # "starting with you" (CR 701.38a)
    "condition:vote_more",
    "amount:votes",
    # (the filter of the amount "votes" only carries the choice counted: rules/vote.py)
    "cond:vote_choice",
    # "each opponent who voted for a choice you voted for / didn't vote for"
    # (rules/filters.matches_player, rules/vote.voted_choices)
    "cond:voted_for_your_choice",
    "cond:voted_for_choice_you_didnt",
    # "While voting, you get an additional vote" / "you may vote an additional time"
    "static:extra_vote",
)


def voting_order(ctx: Ctx, first: int) -> list[int]:
    """CR 701.38a: starting with ``first``, then in turn order (CR 101.4); a player
    who has left the game doesn't vote (CR 800.4a)."""
    return ctx.game.turn_order(first)


def extra_votes(g: Game, player: int) -> list[bool]:
    """The additional votes ``player`` gets (CR 701.38d): one per "While voting, you
    get an additional vote" (False) or "you may vote an additional time" (True: the
    player may decline it) of a permanent they control."""
    return [
        bool(st.args.get("optional"))
        for o, st in statics_with(g, "extra_vote")
        if o.controller == player
    ]


@effect("vote")
def vote(ctx: Ctx, e: Effect) -> bool:
    """CR 701.38a (see the module docstring)."""
    g = ctx.game
    sc = ctx.scratch
    choices = tuple(str(c) for c in e.args.get("choices", ()))
    secret = bool(e.args.get("secret"))
    if "order" not in sc:
        # (a secret vote names no first player; its votes are revealed together)
        # CR 701.38d: a player's additional votes happen when they'd otherwise vote
        sc["order"] = [
            (p, optional)
            for p in voting_order(ctx, ctx.controller)
            for optional in [False, *extra_votes(g, p)]
        ]
        sc["votes"] = []
        sc["asked"] = 0
        g.emit(
            EventKind.VOTE,
            ("701.38a",),
            f"each player {'secretly ' if secret else ''}votes for {' or '.join(choices)}, "
            f"starting with {g.players[ctx.controller].name}",
            player=ctx.controller,
        )
    order: list[tuple[int, bool]] = [(int(p), bool(o)) for p, o in sc["order"]]
    while sc["asked"] < len(order):
        p, optional = order[sc["asked"]]
        if optional and not sc.get("accepted"):
            if ctx.answer is None:
                return ctx.ask(
                    DecisionKind.YES_NO,
                    "701.38d",
                    f"{g.players[p].name}: vote an additional time?",
                    {"purpose": DecisionPurpose.VOTE},
                    player=p,
                )
            if not ctx.take_answer().value:
                sc["asked"] += 1
                continue
            sc["accepted"] = True
        chosen = ctx.choose_option(
            p,
            list(choices),
            "701.38a",
            f"{g.players[p].name}: vote for {' or '.join(choices)}",
            DecisionPurpose.VOTE,
        )
        if chosen is None:
            return False
        sc["votes"].append((p, str(chosen)))
        sc["asked"] += 1
        sc["accepted"] = False
        if not secret:
            g.emit(
                EventKind.VOTE,
                ("701.38a",),
                f"{g.players[p].name} votes for {chosen}",
                player=p,
                choice=str(chosen),
            )
    votes: list[tuple[int, str]] = [(int(p), str(c)) for p, c in sc["votes"]]
    if secret:
        # the secret votes are revealed together (CR 701.38a)
        g.emit(
            EventKind.VOTE,
            ("701.38a",),
            "the votes are revealed: "
            + ", ".join(f"{g.players[p].name} voted for {c}" for p, c in votes),
            player=ctx.controller,
        )
    rec = record_vote(g, choices, votes)
    g.emit(
        EventKind.VOTE,
        ("701.38a",),
        "votes: " + ", ".join(f"{c} {n}" for c, n in rec["counts"].items()),
        player=ctx.controller,
        counts=dict(rec["counts"]),
    )
    return True
