"""The engine's own pseudo-random number generator (STYLE.md rule 5).

SplitMix64 (Steele, Lea and Flood, 2014; the reference C code by Sebastiano Vigna). A few lines
of integer arithmetic whose output never changes between Python versions, unlike
``random.Random``'s helpers. The whole state is one 64-bit integer, kept inside the game state.
"""
from __future__ import annotations

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state`` once; return ``(new_state, output)``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return state, z ^ (z >> 31)


_LIMITS: dict[int, int] = {}   # n -> the largest multiple of n below 2^64 (a pure cache)


class Rng:
    """A SplitMix64 generator. ``state`` is a plain int and serializes as such."""

    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & MASK64

    def next_u64(self) -> int:
        state = (self.state + GOLDEN) & MASK64
        self.state = state
        z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias (rejection sampling)."""
        limit = _LIMITS.get(n)
        if limit is None:
            if n <= 0:
                raise ValueError(f"below({n}): n must be positive")
            limit = _LIMITS[n] = (1 << 64) - ((1 << 64) % n)
        state = self.state
        while True:     # next_u64, inline
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
            z ^= z >> 31
            if z < limit:
                self.state = state
                return z % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates shuffle in place, from the last item down."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]


def derive_seed(seed: int, index: int) -> int:
    """A per-game seed from a series seed and a game index: the same for any process count."""
    state = (seed * 0x100000001B3 + index) & MASK64
    _, a = next_u64(state)
    _, b = next_u64(a ^ (index & MASK64))
    return b
