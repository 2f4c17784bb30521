"""CAT TOWER's scoring (RULES-cattower.md C5), as pure functions of sheets.

A sheet's cells are a list of goods by cell index (0 = empty, 1-6 = C1.2's goods). Everything
here is whole numbers and fixed orders (no sets iterated).

- ``felt_points``: C5.2 / CG5.2, every seat ranked in every tower, zeros included (unless the
  ``felt_needs_one`` option), places paying 9, 3, 0, 0, a shared place splitting the sum of the
  places it covers, rounded down.
- ``mouse_groups``: C5.6, the connected groups of mice (adjacency of the sheet data, CG1.1).
- ``dish_points``: C5.4, every dish counting its own neighbours (``goods``: 2 each; ``kinds``: 2
  for each different good).
- ``breakdown``: C5.7, a seat's score by part: ``total``, ``house``, ``felt``, ``butterfly``,
  ``dishes``, ``cushion``, ``mouse``, ``towers``.
"""
from __future__ import annotations

from .answers import BUTTERFLY, CUSHION, DISHES, FELT, MOUSE

PLACE_POINTS = (9, 3)          # C5.2: first 9, second 3; every other place 0 (CG5.2)
BUTTERFLY_POINTS = 3           # C5.3
DISH_POINTS = 2                # C5.4
HOUSE_FACTOR = 3               # C5.1
PARTS = ("house", "felt", "butterfly", "dishes", "cushion", "mouse", "towers")


def felt_counts(sheet, cells: list[int]) -> list[int]:
    """The felt in each tower (by tower index 0..)."""
    return [sum(1 for c in t.cells if cells[c] == FELT) for t in sheet.towers]


def place_split(counts: list[int], needs_one: bool = False) -> list[int]:
    """C5.2 / CG5.2 for one tower: each seat's points from its felt count. Seats are ranked by
    count (every seat, zeros too); tied seats add the points of the places they share and split
    them, rounded down. With ``needs_one``, a seat with no felt there scores nothing."""
    n = len(counts)
    order = sorted(range(n), key=lambda s: (-counts[s], s))
    out = [0] * n
    i = 0
    while i < n:
        j = i
        while j + 1 < n and counts[order[j + 1]] == counts[order[i]]:
            j += 1
        pot = sum(PLACE_POINTS[k] for k in range(i, j + 1) if k < len(PLACE_POINTS))
        share = pot // (j - i + 1)
        for k in range(i, j + 1):
            s = order[k]
            out[s] = 0 if (needs_one and counts[s] == 0) else share
        i = j + 1
    return out


def felt_points(per_seat_counts: list[list[int]], needs_one: bool = False) -> list[list[int]]:
    """Each seat's felt points per tower (``per_seat_counts[seat][tower]``)."""
    n = len(per_seat_counts)
    towers = len(per_seat_counts[0]) if n else 0
    out = [[0] * towers for _ in range(n)]
    for t in range(towers):
        pts = place_split([per_seat_counts[s][t] for s in range(n)], needs_one)
        for s in range(n):
            out[s][t] = pts[s]
    return out


def mouse_groups(sheet, cells: list[int]) -> list[list[int]]:
    """The groups of connected mice (C5.6), each a sorted list of cells, by their first cell."""
    seen = [False] * len(cells)
    groups = []
    nbs = sheet.neighbours
    for start in range(len(cells)):
        if cells[start] != MOUSE or seen[start]:
            continue
        seen[start] = True
        stack = [start]
        group = []
        while stack:
            c = stack.pop()
            group.append(c)
            for o in nbs[c]:
                if not seen[o] and cells[o] == MOUSE:
                    seen[o] = True
                    stack.append(o)
        groups.append(sorted(group))
    return groups


def group_of(sheet, cells: list[int], cell: int) -> int:
    """The size of the mouse group holding ``cell`` (0 when it holds no mouse)."""
    if cells[cell] != MOUSE:
        return 0
    seen = [False] * len(cells)
    seen[cell] = True
    stack = [cell]
    size = 0
    while stack:
        c = stack.pop()
        size += 1
        for o in sheet.neighbours[c]:
            if not seen[o] and cells[o] == MOUSE:
                seen[o] = True
                stack.append(o)
    return size


def mouse_points(sheet, cells: list[int]) -> int:
    return sum(len(g) * len(g) for g in mouse_groups(sheet, cells))


def dish_value(sheet, cells: list[int], cell: int, mode: str = "goods") -> int:
    """What the dish in ``cell`` scores (C5.4): 2 for each good beside it (``kinds``: each
    different good)."""
    near = [cells[o] for o in sheet.neighbours[cell] if cells[o]]
    if mode == "kinds":
        return DISH_POINTS * sum(1 for g in range(1, 7) if g in near)
    return DISH_POINTS * len(near)


def dish_points(sheet, cells: list[int], mode: str = "goods") -> int:
    return sum(dish_value(sheet, cells, c, mode) for c in range(len(cells)) if cells[c] == DISHES)


def cushion_points(sheet, cells: list[int]) -> int:
    """C5.5: each cushion scores its floor."""
    fl = sheet.floor_of
    return sum(fl[c] for c in range(len(cells)) if cells[c] == CUSHION)


def butterfly_points(cells: list[int]) -> int:
    return BUTTERFLY_POINTS * sum(1 for g in cells if g == BUTTERFLY)


def sheet_parts(sheet, cells: list[int], dishes_mode: str = "goods") -> dict[str, int]:
    """The parts a sheet scores by itself (C5.3-C5.6)."""
    return {"butterfly": butterfly_points(cells), "dishes": dish_points(sheet, cells, dishes_mode),
            "cushion": cushion_points(sheet, cells), "mouse": mouse_points(sheet, cells)}


def breakdown(sheet, sheets: list[list[int]], houses: list[list], completed: list[list], options: dict) -> list[dict]:
    """C5.7 for every seat: {total, house, felt, butterfly, dishes, cushion, mouse, towers}.
    ``houses[seat]``: [[good, points, cell], ...]; ``completed[seat]``: [[tower, points, first], ...]."""
    needs_one = bool(options.get("felt_needs_one", False))
    mode = options.get("dishes", "goods")
    felt = felt_points([felt_counts(sheet, cells) for cells in sheets], needs_one)
    out = []
    for s, cells in enumerate(sheets):
        parts = {"house": sum(h[1] for h in houses[s]), "felt": sum(felt[s])}
        parts.update(sheet_parts(sheet, cells, mode))
        parts["towers"] = sum(c[1] for c in completed[s])
        row = {"total": sum(parts[k] for k in PARTS)}
        row.update((k, parts[k]) for k in PARTS)
        out.append(row)
    return out


__all__ = ["PLACE_POINTS", "BUTTERFLY_POINTS", "DISH_POINTS", "HOUSE_FACTOR", "PARTS", "felt_counts", "place_split",
           "felt_points", "mouse_groups", "group_of", "mouse_points", "dish_value", "dish_points", "cushion_points",
           "butterfly_points", "sheet_parts", "breakdown"]
