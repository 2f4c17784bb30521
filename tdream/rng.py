"""The engine's own pseudo-random number generator (STYLE.md rule 5).

SplitMix64 (Steele, Lea and Flood, 2014; the reference C code by Sebastiano Vigna). A few lines
of integer arithmetic whose output never changes between Python versions, unlike
``random.Random``'s helpers. The whole state is one 64-bit integer, kept inside the game state.

Inside, the state is kept as a signed 64-bit value, so that the mypyc build (``tdream native``)
runs the generator on machine integers (``i64``, which wrap like C's). Interpreted Python runs
the same arithmetic on unbounded ints with explicit masks. Both give the same numbers: the
known-answer tests run on whichever build is loaded, and ``tests/test_native.py`` compares them.
"""
from __future__ import annotations

from typing import Final

try:    # the machine-integer type of the mypyc build; a plain int everywhere else
    from mypy_extensions import i64
except ImportError:    # pragma: no cover (mypy_extensions comes with the native extra)
    i64 = int          # type: ignore[misc]  # the fallback type itself (a TYPE_CHECKING branch breaks mypyc)

MASK64: Final = (1 << 64) - 1
GOLDEN: Final = 0x9E3779B97F4A7C15
MUL1: Final = 0xBF58476D1CE4E5B9
MUL2: Final = 0x94D049BB133111EB
# The same constants as signed 64-bit values, and the masks that make >> a logical shift.
_GOLDEN_S: Final[i64] = GOLDEN - (1 << 64)
_MUL1_S: Final[i64] = MUL1 - (1 << 64)
_MUL2_S: Final[i64] = MUL2 - (1 << 64)
_LOW30: Final[i64] = (1 << 34) - 1
_LOW27: Final[i64] = (1 << 37) - 1
_LOW31: Final[i64] = (1 << 33) - 1
_MAX_S: Final[i64] = (1 << 63) - 1


def _probe() -> None:
    pass


# True in the mypyc build: its functions are native and carry no Python code object.
NATIVE: Final = not hasattr(_probe, "__code__")
_BIG: Final = 1 << 40     # below() takes its machine-integer path for n under this


def next_u64(state: int) -> tuple[int, int]:
    """Advance ``state`` once; return ``(new_state, output)``."""
    state = (state + GOLDEN) & MASK64
    z = state
    z = ((z ^ (z >> 30)) * MUL1) & MASK64
    z = ((z ^ (z >> 27)) * MUL2) & MASK64
    return state, z ^ (z >> 31)


def _signed(u: int) -> int:
    return u - (1 << 64) if u >= (1 << 63) else u


class Rng:
    """A SplitMix64 generator. ``state`` is a plain unsigned int and serializes as such.

    A savestate pickles it as it is: its ``__init__`` needs no argument, so mypyc's build calls
    it with none and then sets ``_s`` (``serializable=True`` would leave ``_s`` unset: the class
    has ``__slots__``)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int = 0) -> None:
        self._s: i64 = _signed(seed & MASK64)

    @property
    def state(self) -> int:
        return int(self._s) & MASK64

    @state.setter
    def state(self, value: int) -> None:
        self._s = _signed(value & MASK64)

    def next_u64(self) -> int:
        u = self.state
        u, z = next_u64(u)
        self._s = _signed(u)
        return z

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)``, without modulo bias: outputs at or above the largest
        multiple of ``n`` below 2^64 are drawn again (rejection sampling)."""
        if n <= 0:
            raise ValueError(f"below({n}): n must be positive")
        if NATIVE and n < _BIG:
            return self._below_native(n)
        limit = (1 << 64) - ((1 << 64) % n)
        state = int(self._s) & MASK64
        while True:
            state = (state + GOLDEN) & MASK64
            z = ((state ^ (state >> 30)) * MUL1) & MASK64
            z = ((z ^ (z >> 27)) * MUL2) & MASK64
            z ^= z >> 31
            if z < limit:
                self._s = _signed(state)
                return z % n

    def _below_native(self, n_: int) -> int:
        # The same as below's loop on wrapping signed 64-bit values; run only in the mypyc build.
        n: i64 = n_
        half: i64 = (_MAX_S % n + 1) % n          # 2^63 mod n
        rest: i64 = (2 * half) % n                # 2^64 mod n: that many top outputs are redrawn
        s: i64 = self._s
        while True:
            s = s + _GOLDEN_S
            z: i64 = s
            z = (z ^ ((z >> 30) & _LOW30)) * _MUL1_S
            z = (z ^ ((z >> 27) & _LOW27)) * _MUL2_S
            z = z ^ ((z >> 31) & _LOW31)
            if z >= 0:
                self._s = s
                return int(z % n)
            if rest == 0 or z < -rest:            # as unsigned, z + 2^64 is below the limit
                self._s = s
                return int(((z & _MAX_S) % n + half) % n)

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
