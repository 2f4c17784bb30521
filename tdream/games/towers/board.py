"""The Towers board: squares, neighbours, the support rule, territory and collapses (pure functions).

Everything here is a pure function of plain lists: ``owner`` (a seat per square, ``EMPTY`` = -1)
and ``size`` (0 for an empty square), indexed ``row * n + col`` with row 0 the top row "1" and
col 0 the column "a" (TG1.1). The match (``match.py``), the CPU players (``search.py``) and the
front-end queries all use these, so that nobody re-derives a rule.

The match keeps the support rule's answers of a position (``support_table``, one list per seat)
and brings them up to date after a placement from the squares it touches (``raise_support``);
the search does the same in its nodes. The from-scratch functions stay the reference: the tests
hold the incremental tables equal to them after every move.

Compiled with mypyc (``tdream native``; ``Towers.program.native_modules``): the lists are ``list[int]``
and the loops are plain, so that the build runs them on machine integers.
"""
from __future__ import annotations

import re
from typing import Final

from ...buildattrs import mypyc_attr

EMPTY: Final = -1
MAX_SIZE: Final = 9
COLUMNS: Final = "abcdefghijkl"   # TG1.1, extended to the 12 columns of the largest board (option size)
SQUARE_RE: Final = re.compile(r"^([a-z])([1-9][0-9]?)$")


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Geometry:
    """The squares of an ``n`` x ``n`` board and their neighbours (T1.3, T1.4)."""

    __slots__ = ("n", "cells", "names", "index", "orth", "diag", "edge", "near")

    n: int
    cells: int
    names: tuple[str, ...]
    index: dict[str, int]
    orth: tuple[tuple[int, ...], ...]      # the orthogonal neighbours of each square (T1.3)
    diag: tuple[tuple[int, ...], ...]      # the diagonal ones (T1.4)
    edge: tuple[bool, ...]
    near: tuple[tuple[int, ...], ...]      # all eight, sorted

    def __init__(self, n: int) -> None:
        self.n = n
        self.cells = n * n
        self.names = tuple(f"{COLUMNS[c]}{r + 1}" for r in range(n) for c in range(n))
        self.index = {name: i for i, name in enumerate(self.names)}
        orth: list[tuple[int, ...]] = []
        diag: list[tuple[int, ...]] = []
        edge: list[bool] = []
        near: list[tuple[int, ...]] = []
        for r in range(n):
            for c in range(n):
                orth.append(tuple((r + dr) * n + (c + dc) for dr, dc in ((-1, 0), (0, -1), (0, 1), (1, 0))
                                  if 0 <= r + dr < n and 0 <= c + dc < n))
                diag.append(tuple((r + dr) * n + (c + dc) for dr, dc in ((-1, -1), (-1, 1), (1, -1), (1, 1))
                                  if 0 <= r + dr < n and 0 <= c + dc < n))
                edge.append(r in (0, n - 1) or c in (0, n - 1))
                near.append(tuple(sorted(orth[-1] + diag[-1])))
        self.orth = tuple(orth)
        self.diag = tuple(diag)
        self.edge = tuple(edge)
        self.near = tuple(near)

    def square(self, name: str) -> int:
        """The index of ``name``; raises KeyError for a square not on this board."""
        return self.index[name]

    def name(self, i: int) -> str:
        return self.names[i]


_GEOMETRIES: Final[dict[int, Geometry]] = {}


def geometry(n: int) -> Geometry:
    """The ``n`` x ``n`` board's geometry (made once a size)."""
    geo = _GEOMETRIES.get(n)
    if geo is None:
        geo = _GEOMETRIES[n] = Geometry(n)
    return geo


def well_formed(name: object) -> bool:
    """A square name in TG1.1's form (a letter and a row number), on this board or not."""
    return isinstance(name, str) and SQUARE_RE.match(name) is not None


# ---------------------------------------------------------------- the support rule (T3.2, T3.3)
def largest_size(geo: Geometry, owner: list[int], size: list[int], sq: int, p: int) -> int:
    """The largest size ``p`` may place at ``sq`` by T3.2/T3.3 (territory and occupancy not
    considered; the tower standing at ``sq``, if any, ignored: TG7.1). Every size below it is
    legal too (TG3.1), so this one number is the whole rule at a square.

    (a) an own orthogonal neighbour larger than s: s <= own_o - 1;
    (b) two orthogonal neighbours of s-1 or more, one of them his: s <= min(second_o, own_o) + 1;
    (c) one orthogonal and two diagonal neighbours of s-1 or more, one counted his:
        s <= min(first_o, second_d, max(own_o, own_d)) + 1.
    """
    o1 = 0
    o2 = 0
    own_o = 0
    for j in geo.orth[sq]:
        h = size[j]
        if h:
            if h > o1:
                o2 = o1
                o1 = h
            elif h > o2:
                o2 = h
            if owner[j] == p and h > own_o:
                own_o = h
    d1 = 0
    d2 = 0
    own_d = 0
    for j in geo.diag[sq]:
        h = size[j]
        if h:
            if h > d1:
                d2 = d1
                d1 = h
            elif h > d2:
                d2 = h
            if owner[j] == p and h > own_d:
                own_d = h
    best = own_o - 1
    b = ((o2 if o2 < own_o else own_o) + 1) if own_o else 1
    if b > best:
        best = b
    own = own_o if own_o > own_d else own_d
    if own and o1 and d2:
        c = o1 if o1 < d2 else d2          # min(o1, d2, own) + 1
        if own < c:
            c = own
        c += 1
        if c > best:
            best = c
    if best < 1:
        best = 1
    return MAX_SIZE if best > MAX_SIZE else best


def support_table(geo: Geometry, owner: list[int], size: list[int], p: int) -> list[int]:
    """``largest_size`` for ``p`` on every empty square of the board, 0 where a tower stands
    (from scratch: the reference ``raise_support`` is tested against)."""
    out = [0] * geo.cells
    for i in range(geo.cells):
        if owner[i] == EMPTY:
            out[i] = largest_size(geo, owner, size, i, p)
    return out


def raise_support(geo: Geometry, owner: list[int], size: list[int], tables: list[list[int]],
                  totals: list[int] | None, sq: int, s: int) -> None:
    """Bring each seat's ``support_table`` (``tables[q]``, changed in place) and its sum
    (``totals[q]``, when given) up to date after a size-``s`` tower was placed at ``sq``
    (``owner`` and ``size`` show it already).

    Only the eight neighbours can change, and only upwards to ``s + 1`` at most: every term of
    T3.3's three ways (a largest own neighbour, a second largest, a first) grows or stays when a
    neighbour is added, and the new tower counts in a term only where it is ``s``, so an empty
    neighbour whose value is ``s + 1`` or more already keeps it; the square built on becomes 0."""
    reach = s + 1
    near = geo.near[sq]
    for q in range(len(tables)):
        t = tables[q]
        if totals is not None:
            totals[q] -= t[sq]
        t[sq] = 0
        for j in near:
            if owner[j] == EMPTY:
                old = t[j]
                if reach > old:
                    new = largest_size(geo, owner, size, j, q)
                    if new != old:
                        t[j] = new
                        if totals is not None:
                            totals[q] += new - old


def support_counts(geo: Geometry, owner: list[int], size: list[int], sq: int, p: int, s: int) -> dict[str, int]:
    """The numbers behind T3.3 for a size-``s`` tower of ``p`` at ``sq`` (for reasons and the
    front end): own orthogonal neighbours larger than s, supports (orthogonal, >= s-1), own
    supports, assists (diagonal, >= s-1), own assists."""
    out = {"larger": 0, "supports": 0, "own_supports": 0, "assists": 0, "own_assists": 0}
    for j in geo.orth[sq]:
        h = size[j]
        if h:
            if owner[j] == p and h > s:
                out["larger"] += 1
            if h >= s - 1:
                out["supports"] += 1
                if owner[j] == p:
                    out["own_supports"] += 1
    for j in geo.diag[sq]:
        h = size[j]
        if h and h >= s - 1:
            out["assists"] += 1
            if owner[j] == p:
                out["own_assists"] += 1
    return out


def support_reason(geo: Geometry, owner: list[int], size: list[int], sq: int, p: int, s: int) -> str:
    """Why a size-``s`` tower of ``p`` cannot stand at ``sq`` (T3.3), in words: which of (a),
    (b) and (c) fails and how. Only meaningful when ``s > largest_size(...)``."""
    k = support_counts(geo, owner, size, sq, p, s)
    parts = [f"no own neighbour larger than {s}"]
    if k["supports"] < 2:
        parts.append(f"fewer than two supports of {s - 1}+ ({k['supports']})")
    elif k["own_supports"] == 0:
        parts.append(f"{k['supports']} supports of {s - 1}+ but none his")
    if k["supports"] >= 1:
        if k["assists"] < 2:
            parts.append(f"fewer than two assists of {s - 1}+ ({k['assists']})")
        elif k["own_supports"] + k["own_assists"] == 0:
            parts.append(f"a support and {k['assists']} assists but none his")
    return ", and ".join(parts)


def supported(geo: Geometry, owner: list[int], size: list[int], sq: int) -> bool:
    """TG7.1: the tower at ``sq`` stands supported (size 1, or T3.3 holds for its owner with the
    tower itself ignored; territory plays no part)."""
    s = size[sq]
    return s <= 1 or s <= largest_size(geo, owner, size, sq, owner[sq])


def unsupported(geo: Geometry, owner: list[int], size: list[int]) -> list[int]:
    """Every standing tower that is not supported (TG7.1), by square index."""
    return [i for i in range(geo.cells) if size[i] > 1 and not supported(geo, owner, size, i)]


def collapse(geo: Geometry, owner: list[int], size: list[int]) -> list[list[int]]:
    """T7.2/TG7.1: every unsupported tower falls at once, then the check repeats; changes
    ``owner`` and ``size`` in place and returns the waves of fallen squares (each sorted)."""
    waves: list[list[int]] = []
    while True:
        fall = unsupported(geo, owner, size)
        if not fall:
            return waves
        for i in fall:
            owner[i] = EMPTY
            size[i] = 0
        waves.append(fall)


def newly_unsupported(geo: Geometry, owner: list[int], size: list[int], sq: int) -> list[int]:
    """T7.1: the towers that would become unsupported if the tower at ``sq`` were removed
    (those supported now and not after; only its neighbours can change)."""
    before = [j for j in geo.near[sq] if size[j] and supported(geo, owner, size, j)]
    o, s = owner[sq], size[sq]
    owner[sq], size[sq] = EMPTY, 0
    try:
        return [j for j in before if not supported(geo, owner, size, j)]
    finally:
        owner[sq], size[sq] = o, s


# ---------------------------------------------------------------- territory (T4.1, TG4.1, TG4.2)
def claims(geo: Geometry, owner: list[int], counting: bool, enclosed: bool = False) -> list[int]:
    """The claimer of every square: a seat for an empty square in a group claimed by that seat,
    ``EMPTY`` for an unclaimed square and for a square holding a tower.

    Groups are maximal 4-connected sets of empty squares (TG4.1); a group is claimed when every
    tower orthogonally next to it has one owner (T4.1); a group next to no tower is unclaimed.
    ``counting`` false (TG4.2's grace, before every player has a tower): nothing is claimed;
    ``enclosed``: a group touching the edge is unclaimed."""
    cells = geo.cells
    out = [EMPTY] * cells
    if not counting:
        return out
    seen = [False] * cells
    orth = geo.orth
    edge = geo.edge
    for start in range(cells):
        if seen[start] or owner[start] != EMPTY:
            continue
        seen[start] = True
        group = [start]
        mask = 0
        touches = False
        for i in group:                  # the group grows as it is read (the squares appended)
            if edge[i]:
                touches = True
            for j in orth[i]:
                o = owner[j]
                if o == EMPTY:
                    if not seen[j]:
                        seen[j] = True
                        group.append(j)
                else:
                    mask |= 1 << o
        if mask and not (mask & (mask - 1)) and not (enclosed and touches):
            who = mask.bit_length() - 1
            for i in group:
                out[i] = who
    return out


def groups(geo: Geometry, owner: list[int]) -> list[list[int]]:
    """The groups of empty squares (TG4.1), each sorted, in order of their first square."""
    seen = [False] * geo.cells
    out: list[list[int]] = []
    for start in range(geo.cells):
        if seen[start] or owner[start] != EMPTY:
            continue
        seen[start] = True
        group = [start]
        k = 0
        while k < len(group):
            i = group[k]
            k += 1
            for j in geo.orth[i]:
                if owner[j] == EMPTY and not seen[j]:
                    seen[j] = True
                    group.append(j)
        out.append(sorted(group))
    return out


def can_place_at(owner: list[int], claim: list[int], sq: int, p: int) -> bool:
    """T3.1: ``sq`` is empty and unclaimed or claimed by ``p``."""
    return owner[sq] == EMPTY and (claim[sq] == EMPTY or claim[sq] == p)


def placeable(owner: list[int], claim: list[int], p: int) -> list[int]:
    """Every square where ``p`` may place a tower (of size 1 at least), by T3.1."""
    return [i for i in range(len(owner)) if owner[i] == EMPTY and (claim[i] == EMPTY or claim[i] == p)]


def room(owner: list[int], claim: list[int], players: int) -> list[int]:
    """For each seat, how many squares he may place on (T3.1): ``len(placeable(...))`` of every
    seat at once."""
    free = 0
    mine = [0] * players
    for i in range(len(owner)):
        if owner[i] == EMPTY:
            c = claim[i]
            if c == EMPTY:
                free += 1
            else:
                mine[c] += 1
    return [free + k for k in mine]


def liberties(geo: Geometry, owner: list[int], p: int) -> list[int]:
    """The empty squares orthogonally next to ``p``'s towers (TG4.3), sorted."""
    out: set[int] = set()
    for i in range(geo.cells):
        if owner[i] == p:
            for j in geo.orth[i]:
                if owner[j] == EMPTY:
                    out.add(j)
    return sorted(out)
