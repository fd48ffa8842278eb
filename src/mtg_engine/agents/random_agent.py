"""The ``random`` agent: uniform over the legal options, seeded (reproducible).

For set-valued decisions it builds a random legal answer from the decision's
constraints (a random subset of possible attackers, random blocks) rather
than only picking among the listed representatives.
"""

from __future__ import annotations

from ..game.actions import Action, ChooseObjects, DecisionKind, DeclareAttackers, DeclareBlockers
from ..game.rng import Rng
from ..game.state import Game
from .loops import LoopBound


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed ^ 0x5EED)
        self.loops = LoopBound()  # CR 731.2a: optional loops repeat a bounded number of times

    def choose(self, game: Game) -> Action:
        d = game.pending
        assert d is not None
        kind = d.kind
        if kind == DecisionKind.PRIORITY:
            pass  # (the usual decision: chosen among the listed options, below)
        elif kind == DecisionKind.ATTACKERS and d.data["candidates"]:
            pairs = []
            for c, defenders in d.data["candidates"].items():
                if self.rng.randrange(2):
                    pairs.append((c, defenders[self.rng.randrange(len(defenders))]))
            action: Action = DeclareAttackers(tuple(pairs))
            if game.is_legal(action) is None:
                return action
        elif kind == DecisionKind.BLOCKERS and d.data["candidates"]:
            pairs = []
            for b, attackers in d.data["candidates"].items():
                if self.rng.randrange(2):
                    pairs.append((b, attackers[self.rng.randrange(len(attackers))]))
            action = DeclareBlockers(tuple(pairs))
            if game.is_legal(action) is None:
                return action
        elif kind == DecisionKind.ORDER_CARDS:
            # CR 401.4: a uniformly random order of any size (not only the listed ones)
            cards = list(d.data["candidates"])
            for i in range(len(cards) - 1, 0, -1):
                j = self.rng.randrange(i + 1)
                cards[i], cards[j] = cards[j], cards[i]
            return ChooseObjects(tuple(cards))
        options = self.loops.allowed(game, game.legal_actions())
        return self.loops.record(game, options[self.rng.randrange(len(options))])
