"""The CAT TOWER sheet as data (RULES-cattower.md CG1.1-CG1.3): ``boards/cattower/sheet.yaml``.

``load_sheet(path)`` reads and validates a sheet file and returns a ``Sheet``; every problem of the
file is reported at once, as ``file:line: key.path: what``, in one ``DataError``: a missing or
unknown key, a tower numbered out of order, a height the dice cannot reach (floors are 1-6), a
completion value that is not whole or whose first (left) value is below the later (right) one, a
cell off a tower, a tower cell left out, a neighbour that is not on the sheet, that is the cell
itself, that is listed twice, or that does not name the cell back.

Cells are named ``t<tower>f<floor>`` (``t3f2``), floors numbered from 1 at the bottom. Inside the
engine a cell is an index into ``Sheet.cells`` (tower by tower, bottom first). The engine never
computes geometry: adjacency is the file's ``neighbours`` lists.
"""
from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ...datadirs import board_folder
from ...errors import DataError
from ...yamlio import Problems, Schema, check_header, read_text, parse_yaml, short, type_name

SHEET_PATH = board_folder("cattower") / "sheet.yaml"
FORMAT = "cattower-sheet"
CELL_RE = re.compile(r"^t(\d+)f(\d+)$")
MAX_FLOOR = 6          # a die shows 1-6 (C2.2): a floor above 6 could never be drawn


@dataclass(frozen=True)
class Tower:
    number: int            # 1-based, left to right
    height: int
    first: int             # C4.1 / CG1.2: the left, larger value
    later: int             # the right, smaller value
    cells: tuple[int, ...]  # cell indices, bottom first


@dataclass(frozen=True)
class Sheet:
    """The static sheet: towers, cells (by index), adjacency, the footprint track."""

    towers: tuple[Tower, ...]
    cells: tuple[str, ...]                 # cell names by index
    tower_of: tuple[int, ...]              # the tower number of each cell
    floor_of: tuple[int, ...]              # the floor of each cell
    neighbours: tuple[tuple[int, ...], ...]
    by_floor: tuple[tuple[int, ...], ...]  # by_floor[f]: the cells on floor f (f = 0 unused), tower order
    footprint_cap: int
    provisional: bool
    source: str
    data_hash: str
    index_of: dict = field(default_factory=dict, compare=False, repr=False)   # cell name -> index

    def index(self, name: str) -> int:
        """The index of cell ``name``; KeyError when it is not on the sheet."""
        return self.index_of[name]

    def has(self, name) -> bool:
        return isinstance(name, str) and name in self.index_of

    def tower(self, number: int) -> Tower:
        return self.towers[number - 1]

    @property
    def size(self) -> int:
        return len(self.cells)


def cell_name(tower: int, floor: int) -> str:
    return f"t{tower}f{floor}"


def parse_cell(name) -> tuple[int, int] | None:
    """(tower, floor) of a well-formed cell name, or None."""
    m = CELL_RE.match(name) if isinstance(name, str) else None
    return (int(m.group(1)), int(m.group(2))) if m else None


def _whole(node, key, path, pr: Problems, lo: int, hi: int) -> int | None:
    v = node[key]
    if isinstance(v, bool) or not isinstance(v, int):
        pr.at(node, key, path, f"must be a whole number, not {type_name(v)} {short(v)}")
        return None
    if not lo <= v <= hi:
        pr.at(node, key, path, f"{v} is out of range ({lo}..{hi})")
        return None
    return v


def load_sheet(path: Path | str | None = None) -> Sheet:
    """Read and validate a sheet file. Raises DataError listing every problem."""
    path = Path(path) if path is not None else SHEET_PATH
    text = read_text(path, DataError)
    data = parse_yaml(text, str(path), DataError)
    pr = Problems(str(path), DataError)
    sc = Schema(pr)
    if not check_header(data, pr, FORMAT):
        pr.raise_if_any()
    if not sc.mapping(data, "", ("format", "version", "provisional", "source", "footprints", "towers",
                                 "neighbours")):
        pr.raise_if_any()
    if not isinstance(data["provisional"], bool):
        pr.at(data, "provisional", "provisional", "must be true or false")
    if not isinstance(data["source"], str) or not data["source"].strip():
        pr.at(data, "source", "source", "say where the numbers come from (the seed, a ruling, or our design)")
    cap = _whole(data, "footprints", "footprints", pr, 1, 99)

    # Towers.
    towers_node = data["towers"]
    specs: dict[int, tuple[int, int, int]] = {}
    if not isinstance(towers_node, dict) or not towers_node:
        pr.at(data, "towers", "towers", f"must be a mapping of tower number to {{height, first, later}}, "
                                        f"not {type_name(towers_node)}")
        towers_node = {}
    for want, (key, spec) in enumerate(towers_node.items(), 1):
        tp = f"towers.{key}"
        if isinstance(key, bool) or not isinstance(key, int):
            pr.at(towers_node, key, tp, "a tower is numbered 1, 2, ... (a whole number)")
            continue
        if key != want:
            pr.at(towers_node, key, tp, f"towers are numbered 1, 2, ... in order; expected {want} here")
            continue
        if not sc.mapping(spec, tp, ("height", "first", "later"), (), towers_node, key):
            continue
        h = _whole(spec, "height", f"{tp}.height", pr, 1, MAX_FLOOR)
        first = _whole(spec, "first", f"{tp}.first", pr, 0, 999)
        later = _whole(spec, "later", f"{tp}.later", pr, 0, 999)
        if first is not None and later is not None and first < later:
            pr.at(spec, "first", f"{tp}.first", f"the first (left) value {first} is below the later one {later} (C4.1)")
        if h is not None and first is not None and later is not None:
            specs[key] = (h, first, later)

    # Cells: every cell of every tower, in tower order.
    places = [(t, f) for t in sorted(specs) for f in range(1, specs[t][0] + 1)]
    names = [cell_name(t, f) for t, f in places]
    index = {n: i for i, n in enumerate(names)}

    # Neighbours.
    nb_node = data["neighbours"]
    listed: dict[str, list[str]] = {}
    if not isinstance(nb_node, dict):
        pr.at(data, "neighbours", "neighbours",
              f"must be a mapping of cell to its neighbours, not {type_name(nb_node)}")
        nb_node = {}
    for cell, items in nb_node.items():
        cp = f"neighbours.{cell}"
        where = parse_cell(cell)
        if where is None:
            pr.at(nb_node, cell, cp, f"{short(cell)} is not a cell name like t3f2")
            continue
        if cell not in index:
            t, f = where
            if t in specs:
                pr.at(nb_node, cell, cp, f"off the sheet: tower {t} is {specs[t][0]} cells high")
            else:
                pr.at(nb_node, cell, cp, f"off the sheet: there is no tower {t}")
            continue
        if not isinstance(items, list):
            pr.at(nb_node, cell, cp, f"must be a list of cells, not {type_name(items)}")
            continue
        good: list[str] = []
        for i, other in enumerate(items):
            ip = f"{cp}.{i}"
            if not isinstance(other, str) or parse_cell(other) is None:
                pr.at(items, i, ip, f"{short(other)} is not a cell name like t3f2")
            elif other not in index:
                pr.at(items, i, ip, f"{other} is not on the sheet")
            elif other == cell:
                pr.at(items, i, ip, f"{cell} cannot be its own neighbour")
            elif other in good:
                pr.at(items, i, ip, f"{other} is listed twice")
            else:
                good.append(other)
        listed[cell] = good
    for cell in names:
        if cell not in nb_node:
            pr.at(data, "neighbours", f"neighbours.{cell}", "missing: every cell of the towers lists its neighbours")
    for cell, others in listed.items():
        for other in others:
            if other in listed and cell not in listed[other]:
                items = nb_node[cell]
                pr.at(items, items.index(other), f"neighbours.{cell}",
                      f"names {other}, but {other} does not name {cell} back")
    pr.raise_if_any()

    towers = []
    for t in sorted(specs):
        h, first, later = specs[t]
        towers.append(Tower(t, h, first, later, tuple(index[cell_name(t, f)] for f in range(1, h + 1))))
    top = max(h for h, _, _ in specs.values())
    by_floor = [()] + [tuple(index[cell_name(t, f)] for t in sorted(specs) if f <= specs[t][0])
                       for f in range(1, top + 1)]
    while len(by_floor) <= MAX_FLOOR:
        by_floor.append(())
    assert cap is not None              # a bad or missing cap raised above, with the others
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    return Sheet(
        towers=tuple(towers), cells=tuple(names),
        tower_of=tuple(t for t, _ in places), floor_of=tuple(f for _, f in places),
        neighbours=tuple(tuple(sorted(index[o] for o in listed[n])) for n in names),
        by_floor=tuple(by_floor), footprint_cap=cap, provisional=data["provisional"], source=data["source"],
        data_hash=digest, index_of=dict(index))


@lru_cache(maxsize=None)
def default_sheet() -> Sheet:
    """The shipped sheet, read once."""
    return load_sheet()


__all__ = ["Sheet", "Tower", "load_sheet", "default_sheet", "cell_name", "parse_cell", "MAX_FLOOR", "SHEET_PATH"]
