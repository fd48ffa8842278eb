"""The game's seeded random generator, kept inside the game state (architecture §2).

A SplitMix64 generator: its whole state is one integer, so cloning a game and
serializing it to JSON copy the generator exactly, and the same seed with the
same decisions replays the same shuffles, coin flips (CR 705) and die rolls
(CR 706).
"""

from __future__ import annotations

from typing import Any, Final

from .native import mypyc_attr

_MASK: Final = (1 << 64) - 1
_GAMMA: Final = 0x9E3779B97F4A7C15
_MUL1: Final = 0xBF58476D1CE4E5B9
_MUL2: Final = 0x94D049BB133111EB


def _unshift(y: int, k: int) -> int:
    """The ``x`` with ``x ^ (x >> k) == y`` (64 bits)."""
    x = y
    for _ in range(64 // k + 1):
        x = y ^ (x >> k)
    return x


def _unmix(v: int) -> int:
    """The state whose output (:meth:`Rng.next_u64`'s mixing) is ``v``: each step of the
    mixing is a bijection of 64-bit integers, undone in reverse order."""
    z = _unshift(v, 31)
    z = (z * pow(_MUL2, -1, 1 << 64)) & _MASK
    z = _unshift(z, 27)
    z = (z * pow(_MUL1, -1, 1 << 64)) & _MASK
    return _unshift(z, 30)


#: the one state whose output :meth:`Rng.randrange` rejects for ``n == 1`` (the output
#: ``_MASK``, at or above its limit): any other state gives 0 without the mixing
_REJECTED_BY_ONE: Final = _unmix(_MASK)


@mypyc_attr(allow_interpreted_subclasses=True)
class Rng:
    """SplitMix64: small, fast, and with a state that is a single int."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + _GAMMA) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * _MUL1) & _MASK
        z = ((z ^ (z >> 27)) * _MUL2) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n == 1:
            # (the usual choice among one option: the state advances as for a draw,
            # whose output is accepted unless it is the one rejected value)
            self.state = state = (self.state + _GAMMA) & _MASK
            if state != _REJECTED_BY_ONE:
                return 0
        elif n <= 0:
            raise ValueError("randrange needs n > 0")
        limit = _MASK - (_MASK % n)
        while True:
            v = self.next_u64()
            if v < limit:
                return v % n

    def shuffle(self, items: list[Any]) -> None:
        """Fisher-Yates shuffle in place (CR 701.24: a random order): each position
        takes ``randrange(i + 1)``, its draws made here (a library is shuffled a card
        at a time, and a method call per draw cost more than the draw)."""
        state = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK % n)
            while True:  # (next_u64, as randrange draws for n > 1)
                state = (state + _GAMMA) & _MASK
                z = ((state ^ (state >> 30)) * _MUL1) & _MASK
                z = ((z ^ (z >> 27)) * _MUL2) & _MASK
                v = z ^ (z >> 31)
                if v < limit:
                    break
            j = v % n
            items[i], items[j] = items[j], items[i]
        self.state = state

    def copy(self) -> Rng:
        r = Rng.__new__(Rng)
        r.state = self.state
        return r
