"""Players that answer decisions: ``random`` and ``heuristic`` (and later, search).

Every agent implements :class:`Agent`: ``choose(game) -> action`` for the
pending decision, seeing the game only through ``game.observe`` or the
legal actions (the heuristic agent reads public information only).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

from .heuristic import HeuristicAgent
from .random_agent import RandomAgent

if TYPE_CHECKING:
    from ..game.actions import Action
    from ..game.state import Game


class Agent(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


def make_agent(kind: str, seed: int = 0) -> Agent:
    if kind == "random":
        return RandomAgent(seed)
    if kind == "heuristic":
        return HeuristicAgent(seed)
    raise ValueError(f"unknown agent {kind!r} (choose from: random, heuristic)")


AGENT_KINDS = ("random", "heuristic")
