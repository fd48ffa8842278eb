"""Records the game state holds (architecture §2): how a game ended (CR 104),
a continuous effect from a resolved spell or ability (CR 611.2) and the combat
bookkeeping (CR 506). Plain data, below :mod:`mtg_engine.game.state` and its
JSON form (:mod:`mtg_engine.game.serialize`).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from .fast_enum import FastEnumType
from .native import mypyc_attr


class OutcomeReason(StrEnum, metaclass=FastEnumType):
    """Why a game ended (CR 104.3): the loss that decided it. The value is the
    readable reason (``str(reason)``), as printed by ``mtg sim`` and ``mtg play``."""

    ZERO_LIFE = "has 0 or less life"  # CR 704.5a
    EMPTY_LIBRARY = "attempted to draw from an empty library"  # CR 704.5b
    POISON = "has ten or more poison counters"  # CR 704.5c
    CONCEDED = "conceded"  # CR 104.3a
    WON_BY_EFFECT = "an effect says the player wins the game"  # CR 104.2b
    LOST_BY_EFFECT = "an effect says the player loses the game"  # CR 104.3e
    MANDATORY_LOOP = "a loop of mandatory actions"  # CR 104.4b: a draw
    #: CR 704.6c, 903.10a
    COMMANDER_DAMAGE = "has been dealt 21 or more combat damage by the same commander"


@dataclass(frozen=True, slots=True)
class Outcome:
    """How the game ended (CR 104): ``winner`` is a player index, or None for a
    draw (CR 104.4a); ``reason`` is the loss that ended it and ``rule`` its rule."""

    winner: int | None
    reason: OutcomeReason
    rule: str


#: the fields of a :class:`ContinuousEffect` (its ``__slots__``; compiled, a class has none)
CONTINUOUS_EFFECT_FIELDS: Final = (
    "layer",
    "timestamp",
    "source",
    "controller",
    "affected",
    "op",
    "args",
    "duration",
)


class ContinuousEffect:
    """A continuous effect from a resolved spell or ability (CR 611.2).

    ``layer`` is "1a".."7d" (CR 613.1-613.4); ``affected`` is the locked-in
    set of object ids (CR 611.2c); ``duration`` is ``"end_of_turn"`` (CR 514.2),
    ``"permanent"``, or ``"source"`` (for as long as the source stays).
    """

    __slots__ = CONTINUOUS_EFFECT_FIELDS

    def __init__(
        self,
        layer: str,
        timestamp: int,
        source: int | None,
        controller: int,
        affected: tuple[int, ...],
        op: str,
        args: dict[str, Any],
        duration: str,
    ) -> None:
        self.layer = layer
        self.timestamp = timestamp
        self.source = source
        self.controller = controller
        self.affected = affected
        self.op = op
        self.args = args
        self.duration = duration

    def to_json(self) -> dict[str, Any]:
        return {s: getattr(self, s) for s in CONTINUOUS_EFFECT_FIELDS}


#: the fields of a :class:`Combat` (its ``__slots__``; compiled, a class has none)
COMBAT_FIELDS: Final = (
    "attackers",
    "blockers",
    "blocked",
    "first_strike_dealt",
    "defending_player",
    "left_blocking",
)


@mypyc_attr(allow_interpreted_subclasses=True)
class Combat:
    """The combat phase's bookkeeping (CR 506): attackers, blockers, damage steps."""

    __slots__ = COMBAT_FIELDS

    def __init__(self) -> None:
        #: attacking creature -> defender ref (player ref < 0, or planeswalker/battle id)
        self.attackers: dict[int, int] = {}
        #: blocking creature -> attackers it blocks (CR 509.1a)
        self.blockers: dict[int, list[int]] = {}
        #: attacking creature -> True if it became blocked (CR 509.1h), stays blocked
        self.blocked: dict[int, bool] = {}
        #: creatures that dealt damage in the first-strike step (CR 510.4)
        self.first_strike_dealt: set[int] = set()
        self.defending_player = -1
        #: a blocker that left the battlefield -> the attackers it was blocking then:
        #: "target creature it's blocking" of its ability (CR 113.7a, 608.2h)
        self.left_blocking: dict[int, list[int]] = {}

    def copy(self) -> Combat:
        c = Combat.__new__(Combat)
        c.attackers = dict(self.attackers)
        c.blockers = {k: list(v) for k, v in self.blockers.items()}
        c.blocked = dict(self.blocked)
        c.first_strike_dealt = set(self.first_strike_dealt)
        c.defending_player = self.defending_player
        c.left_blocking = {k: list(v) for k, v in self.left_blocking.items()}
        return c

    def blockers_of(self, attacker: int) -> list[int]:
        return [b for b, atts in self.blockers.items() if attacker in atts]
