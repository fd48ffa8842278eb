"""Bounding optional loops (CR 731.2a, 104.4b).

A loop that contains an optional action is not a draw (CR 104.4b): a player
taking a shortcut names how many times the loop repeats (731.2a). An agent that
plays at random names a small number: it activates the same ability of the same
source at most :data:`MAX_REPEATS` times in one step of a turn, then makes a
different choice, as a player must once the proposed number is reached (731.2c).
Casting the same card counts the same way: a cast that is reversed as illegal
(CR 732.1: a cost that depends on the chosen targets turned out unpayable) puts the
card back, and an agent that always chooses the same targets would try again forever.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from ..game.actions import Action, ActivateAbility, CastSpell

if TYPE_CHECKING:
    from ..game.state import Game

#: how many times an agent repeats one activated ability, or casts one card, in one
#: step of a turn
MAX_REPEATS: Final = 5
#: the actions the bound counts (a tuple made once, not a union at each call)
_REPEATABLE: Final = (ActivateAbility, CastSpell)


class LoopBound:
    """Counts an agent's activations and casts per step and filters out the ones used up."""

    __slots__ = ("window", "counts")

    def __init__(self) -> None:
        self.window: tuple[int, int] = (-1, -1)
        self.counts: dict[tuple[int, int], int] = {}

    def _key(self, game: Game, action: ActivateAbility | CastSpell) -> tuple[int, int]:
        # the physical card, so that a permanent that blinks (or a card whose cast was
        # reversed, a new object, CR 400.7) is the same source
        oid, ability = (
            (action.card, -1) if isinstance(action, CastSpell) else (action.source, action.ability)
        )
        src = game.objects.get(oid)
        return (src.card_uid if src is not None else oid, ability)

    def _sync(self, game: Game) -> None:
        window = (game.turn, game.step)
        if window != self.window:
            self.window = window
            self.counts.clear()

    def allowed(self, game: Game, options: Sequence[Action]) -> list[Action]:
        """``options`` without activations repeated :data:`MAX_REPEATS` times this step
        (all of them if nothing else is left)."""
        if not self.counts:
            # (nothing counted: nothing to filter; record() moves the window on first)
            return list(options)
        self._sync(game)
        if not self.counts:
            return list(options)
        kept = [
            o
            for o in options
            if not isinstance(o, _REPEATABLE)
            or self.counts.get(self._key(game, o), 0) < MAX_REPEATS
        ]
        return kept or list(options)

    def record(self, game: Game, action: Action) -> Action:
        """Note the chosen action; returns it."""
        if isinstance(action, _REPEATABLE):
            self._sync(game)
            key = self._key(game, action)
            self.counts[key] = self.counts.get(key, 0) + 1
        return action
