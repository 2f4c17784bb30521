"""The legal ``sell`` and ``build`` answers as sequences made on demand (``Game.legal_answers``):
picking one at random costs little however many there are.

Compiled with the engine (``GameDef.program.native_modules``): a random player indexes them natively.
"""
from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Final

from ....buildattrs import mypyc_attr
from .answers import NO_BUILD, NO_SELL, Build, Sell

_new: Final = tuple.__new__     # all fields given, in order: skips a NamedTuple's Python __new__


def _checked(index: int, size: int) -> int:
    """``index`` among ``size`` answers, a negative one counted from the end; IndexError outside."""
    if index < 0:
        index += size
    if not 0 <= index < size:
        raise IndexError(index)
    return index


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class LazyAnswers:
    """Answers made on demand: a read-only ``Sequence`` (registered as one) over ``__len__`` and
    ``_item``. Not derived from ``Sequence``, so that mypyc compiles it and its subclasses as
    native classes: made and indexed without Python calls (a random player takes one answer)."""

    def __len__(self) -> int:
        raise NotImplementedError

    def _item(self, index: int) -> object:
        raise NotImplementedError

    def __getitem__(self, index: int | slice) -> object:
        if isinstance(index, int):
            return self._item(index)
        return [self._item(i) for i in range(*index.indices(len(self)))]

    def __iter__(self) -> Iterator:
        for i in range(len(self)):
            yield self._item(i)

    def __reversed__(self) -> Iterator:
        for i in range(len(self) - 1, -1, -1):
            yield self._item(i)

    def __contains__(self, value: object) -> bool:
        for a in self:
            if a is value or a == value:
                return True
        return False

    def index(self, value: object) -> int:
        for i, a in enumerate(self):
            if a is value or a == value:
                return i
        raise ValueError(f"{value!r} is not a legal answer")

    def count(self, value: object) -> int:
        return sum(1 for a in self if a is value or a == value)


Sequence.register(LazyAnswers)


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class SellAnswers(LazyAnswers):
    """The legal ``sell`` answers, without building them all: none first, then every choice of
    up to ``limit`` Floors over the Lands (in board order), depth first. Indexing unranks."""

    def __init__(self, avail: list[tuple[str, int]], limit: int) -> None:
        self.avail = avail
        self.limit = limit
        caps: list[int] = []
        for _, f in avail:
            caps.append(f if f < limit else limit)
        n = len(caps)
        # table[i * w + l]: answers that choose only from Lands i.. with at most l Floors (none
        # excluded); one flat list, allocated once
        w = limit + 1
        table = [0] * ((n + 1) * w)
        if limit == 3:                  # the Sell phase (R3.1): unrolled
            a1 = a2 = a3 = 0
            for i in range(n - 1, -1, -1):
                c = caps[i]
                if c == 1:
                    a1, a2, a3 = a1 + 1, a2 + 1 + a1, a3 + 1 + a2
                elif c == 2:
                    a1, a2, a3 = a1 + 1, a2 + 2 + a1, a3 + 2 + a2 + a1
                else:
                    a1, a2, a3 = a1 + 1, a2 + 2 + a1, a3 + 3 + a2 + a1
                table[4 * i + 1] = a1
                table[4 * i + 2] = a2
                table[4 * i + 3] = a3
        else:
            for i in range(n - 1, -1, -1):
                row, nxt = i * w, (i + 1) * w
                c = caps[i]
                for left in range(1, w):
                    total = table[nxt + left]
                    for k in range(1, min(c, left) + 1):
                        total += 1 + table[nxt + left - k]
                    table[row + left] = total
        self.caps = caps
        self.table = table

    def __len__(self) -> int:
        return 1 + self.table[self.limit]

    def _item(self, index: int) -> Sell:
        table, limit = self.table, self.limit
        w = limit + 1
        index = _checked(index, 1 + table[limit])
        if index == 0:
            return NO_SELL
        r = index - 1
        caps, avail = self.caps, self.avail
        chosen: list[tuple[str, int]] = []
        i, left = 0, limit
        while True:
            j = i
            while True:
                block = table[j * w + left] - table[(j + 1) * w + left]
                if r < block:
                    break
                r -= block
                j += 1
            cap = caps[j]
            k = 1
            while k <= cap and k <= left:
                size = 1 + table[(j + 1) * w + left - k]
                if r < size:
                    chosen.append((avail[j][0], k))
                    break
                r -= size
                k += 1
            if r == 0:
                return _new(Sell, (tuple(chosen),))
            r -= 1
            i, left = j + 1, left - k


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class BuildAnswers(LazyAnswers):
    """The legal ``build`` answers: none first, then (Land, 1..most) for each buildable Land."""

    def __init__(self, lands: list[int], table: list[list[Build]]) -> None:
        self.lands = lands            # [Land index, most Floors, Land index, most Floors, ...]
        self.table = table            # table[land][k] is Build(land name, k)
        size = 1
        for i in range(1, len(lands), 2):
            size += lands[i]
        self.size = size

    def __len__(self) -> int:
        return self.size

    def _item(self, index: int) -> Build:
        index = _checked(index, self.size)
        if index == 0:
            return NO_BUILD
        index -= 1
        lands = self.lands
        for i in range(0, len(lands), 2):
            most = lands[i + 1]
            if index < most:
                return self.table[lands[i]][index + 1]
            index -= most
        raise IndexError(index)   # pragma: no cover


# Made through these from the engine (another compiled module): a call of a function passes its
# arguments natively, where a class called from outside parses them as a tuple and keywords.
def sell_answers(avail: list[tuple[str, int]], limit: int) -> SellAnswers:
    return SellAnswers(avail, limit)


def build_answers(lands: list[int], table: list[list[Build]]) -> BuildAnswers:
    return BuildAnswers(lands, table)
