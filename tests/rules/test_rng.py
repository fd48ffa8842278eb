"""The game's random generator (game/rng.py): the same seed gives the same draws
(architecture §2), and a choice among one option advances it exactly as a draw does."""

from __future__ import annotations

from mtg_engine.game import rng as rng_module
from mtg_engine.game.rng import Rng

_MASK = (1 << 64) - 1


def _reference_randrange(state: int, n: int) -> tuple[int, int]:
    """SplitMix64 and rejection sampling written out: (the value, the state after)."""
    limit = _MASK - (_MASK % n)
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        v = z ^ (z >> 31)
        if v < limit:
            return v % n, state


def _draw(state: int, n: int) -> tuple[int, int]:
    r = Rng()
    r.state = state
    return r.randrange(n), r.state


def test_randrange_matches_the_reference_for_one_and_more_options() -> None:
    seeds = Rng(12345)
    for _ in range(2000):
        state = seeds.next_u64()
        for n in (1, 2, 3, 7, 1000):
            assert _draw(state, n) == _reference_randrange(state, n)


def test_the_one_rejected_state_draws_again_for_one_option() -> None:
    """The state whose output is 2**64 - 1 is rejected by ``randrange(1)``: the
    generator draws a second time, as the rejection sampling does."""
    before = (rng_module._REJECTED_BY_ONE - 0x9E3779B97F4A7C15) & _MASK
    r = Rng()
    r.state = before
    assert r.copy().next_u64() == _MASK
    value, after = _draw(before, 1)
    assert (value, after) == _reference_randrange(before, 1)
    assert after == (before + 2 * 0x9E3779B97F4A7C15) & _MASK


def test_shuffle_is_fisher_yates_with_randrange() -> None:
    """CR 701.24a: ``shuffle`` draws its positions itself; the order and the state
    after it are those of Fisher-Yates with :meth:`Rng.randrange` for each position."""
    seeds = Rng(777)
    for size in (0, 1, 2, 3, 40, 61):
        state = seeds.next_u64()
        shuffled = list(range(size))
        r = Rng()
        r.state = state
        r.shuffle(shuffled)
        expected = list(range(size))
        for i in range(size - 1, 0, -1):
            j, state = _reference_randrange(state, i + 1)
            expected[i], expected[j] = expected[j], expected[i]
        assert shuffled == expected
        assert r.state == state
