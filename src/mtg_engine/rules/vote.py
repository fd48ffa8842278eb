"""Vote (CR 701.38): the result of the last vote, for what the card says next.

701.38a To vote, each player, starting with a specified player and proceeding in
turn order, chooses one of the listed choices. 701.38b: the choices may be words
with no rules meaning, each tied to an effect ("If sickness gets more votes, ...",
"for each death vote"). The last vote is kept in ``game.turn_flags.last_vote``
(as the last clash is, rules/clash.py) for the condition ``vote_more`` and the
amount ``votes`` (rules/effects_runner.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ..game.hooks import CONDITIONS

if TYPE_CHECKING:
    from ..game.state import Game


def vote_counts(choices: tuple[str, ...], votes: list[tuple[int, str]]) -> dict[str, int]:
    """The votes each choice got (CR 701.38a)."""
    counts = dict.fromkeys(choices, 0)
    for _, choice in votes:
        counts[choice] = counts.get(choice, 0) + 1
    return counts


def record_vote(
    game: Game, choices: tuple[str, ...], votes: list[tuple[int, str]]
) -> dict[str, Any]:
    """Keep the vote's result for the conditions and amounts that read it."""
    rec = {"choices": choices, "votes": list(votes), "counts": vote_counts(choices, votes)}
    game.turn_flags.last_vote = rec
    return rec


def votes_for(game: Game, choice: str) -> int:
    """ "for each death vote", "the number of profit votes" (CR 701.38)."""
    rec = game.turn_flags.last_vote or {}
    return int((rec.get("counts") or {}).get(choice, 0))


def voted_choices(game: Game, player: int) -> set[str]:
    """The choices ``player`` voted for in the last vote (CR 701.38)."""
    rec = game.turn_flags.last_vote or {}
    return {str(c) for p, c in rec.get("votes") or () if p == player}


def vote_tied(counts: dict[str, int]) -> bool:
    """ "the vote is tied": two or more choices share the most votes."""
    if not counts:
        return False
    top = max(counts.values())
    return sum(1 for n in counts.values() if n == top) > 1


def _vote_more(game: Game, cond: Any, controller: int, source: Any) -> bool:
    """ "If sickness gets more votes [or the vote is tied]" (CR 701.38): the choice got
    more votes than each other choice (or the most votes are shared)."""
    counts: dict[str, int] = dict((game.turn_flags.last_vote or {}).get("counts") or {})
    choice = str(cond.args.get("choice"))
    if choice not in counts:
        return False
    if cond.args.get("or_tied") and vote_tied(counts):
        return True
    return all(counts[choice] > n for c, n in counts.items() if c != choice)


CONDITIONS.setdefault("vote_more", _vote_more)
