"""The game's seeded random generator, kept inside the game state (architecture §2).

A SplitMix64 generator: its whole state is one integer, so cloning a game and
serializing it to JSON copy the generator exactly, and the same seed with the
same decisions replays the same shuffles, coin flips (CR 705) and die rolls
(CR 706).
"""

from __future__ import annotations

from typing import Any

from .native import mypyc_attr

_MASK = (1 << 64) - 1


@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """SplitMix64: small, fast, and with a state that is a single int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = _MASK - (_MASK % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place (CR 701.24: a random order)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
