"""Boards: Lands, adjacency, the Road and its Lines (RULES.md section 1).

A ``Board`` is static: built once from its data and never changed by a game. Lands are indexed
``0 .. n-1`` in board order (level, row, column); Road spaces ``0 .. m-1`` in travel order.
``build_board`` is pure: it takes the parsed data and returns the board or a list of problems.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Final

BUILTIN_EVENTS = ("start", "card", "jackpot", "slot")
LINE = "line"
VACANT: Final = -1          # a Land's owner: a seat, the Bank or nobody
BANK: Final = -2
COLUMN_LETTERS = "abcdefghijklmnopqrstuvwxyz"


@dataclass(frozen=True, slots=True)
class Space:
    """One Road space: its kind (``line`` or an Event kind), its Line, and where it is drawn."""

    index: int
    kind: str
    line: tuple[int, ...]          # Land indices of its Line, nearest the Road first; () for Events
    level: int
    ring_index: int                # index on its level's ring (G1.2)
    side: str                      # "corner", "top", "right", "bottom", "left"
    axis: str                      # "column X" / "row N" for a side space, "" for a corner


@dataclass(frozen=True, slots=True)
class Board:
    """A board (R1.1-R1.3, G1.1-G1.5)."""

    id: str
    name: str
    luck: str
    description: str
    levels: tuple[tuple[str, ...], ...]   # each level's map rows
    first_rows: tuple[int, ...]           # the row number (1-based) of each level's top row
    land_names: tuple[str, ...]
    land_pos: tuple[tuple[int, int, int], ...]   # (level, column, row) with 0-based column/row
    adjacent: tuple[tuple[int, ...], ...]        # G1.4: orthogonal neighbours, same level
    spaces: tuple[Space, ...]
    lines_of_land: tuple[tuple[int, ...], ...]   # Road spaces whose Line holds the Land

    @property
    def land_count(self) -> int:
        return len(self.land_names)

    @property
    def road_length(self) -> int:
        return len(self.spaces)

    def land_index(self, name: str) -> int:
        """The index of the Land called ``name``; raises KeyError."""
        return self.land_names.index(name)

    def space_label(self, index: int) -> str:
        space = self.spaces[index]
        if space.kind == LINE:
            return f"{index} ({space.axis})"
        return f"{index} ({space.kind})"


def ring_layout(columns: int, rows: int) -> list[tuple[str, str, int]]:
    """The ring of a ``columns`` x ``rows`` grid, by G1.2: (side, axis kind, index) per space.

    ``axis kind`` is ``"col"`` or ``"row"`` for a side space (with the 0-based column or row),
    or ``""`` for a corner.
    """
    ring: list[tuple[str, str, int]] = [("corner", "", 0)]
    ring += [("top", "col", c) for c in range(columns)]
    ring.append(("corner", "", 1))
    ring += [("right", "row", r) for r in range(rows)]
    ring.append(("corner", "", 2))
    ring += [("bottom", "col", c) for c in reversed(range(columns))]
    ring.append(("corner", "", 3))
    ring += [("left", "row", r) for r in reversed(range(rows))]
    return ring


def _line_cells(grid: list[str], side: str, idx: int) -> list[tuple[int, int]]:
    """The cells (column, row) of the Line that ends at a side space, nearest the Road first."""
    rows, columns = len(grid), len(grid[0])
    if side == "top":
        cells = [(idx, r) for r in range(rows)]
    elif side == "bottom":
        cells = [(idx, r) for r in reversed(range(rows))]
    elif side == "left":
        cells = [(c, idx) for c in range(columns)]
    else:
        cells = [(c, idx) for c in reversed(range(columns))]
    run: list[tuple[int, int]] = []
    for c, r in cells:
        if grid[r][c] == ".":
            run.append((c, r))
        elif run:
            break
    return run


def build_board(data: dict, event_kinds: set[str]) -> tuple[Board | None, list[tuple[str, str]]]:
    """Build a board from parsed data (``docs/games/towerdream.md``).

    Returns ``(board, [])`` or ``(None, problems)`` where each problem is ``(key path, message)``.
    The data's shape (keys, types) is checked by the loader first; this checks the geometry.
    """
    problems: list[tuple[str, str]] = []
    levels = data["levels"]
    grids: list[list[str]] = []
    first_rows: list[int] = []
    next_row = 0
    for li, level in enumerate(levels):
        grid = list(level["map"])
        path = f"levels.{li}.map"
        if not grid:
            problems.append((path, "a level needs at least one row"))
            grids.append(grid)
            first_rows.append(next_row)
            continue
        width = len(grid[0])
        for ri, row in enumerate(grid):
            if len(row) != width:
                problems.append((f"{path}.{ri}", f"row is {len(row)} cells wide, the first row is {width}"))
            bad = sorted(set(row) - {".", "#"})
            if bad:
                problems.append((f"{path}.{ri}", f"unknown cell {bad[0]!r} (use '.' for a Land, '#' for a blocked cell)"))
        if width > len(COLUMN_LETTERS):
            problems.append((path, f"{width} columns; at most {len(COLUMN_LETTERS)}"))
        if width == 0:
            problems.append((path, "rows are empty"))
        grids.append(grid)
        first_rows.append(next_row)
        next_row += len(grid)
    if problems:
        return None, problems

    land_names: list[str] = []
    land_pos: list[tuple[int, int, int]] = []
    index_of: dict[tuple[int, int, int], int] = {}
    for li, grid in enumerate(grids):
        for r, row in enumerate(grid):
            for c, cell in enumerate(row):
                if cell == ".":
                    index_of[(li, c, r)] = len(land_names)
                    land_names.append(f"{COLUMN_LETTERS[c]}{first_rows[li] + r + 1}")
                    land_pos.append((li, c, r))
    adjacent = []
    for (li, c, r) in land_pos:
        near = [index_of[k] for k in ((li, c, r - 1), (li, c - 1, r), (li, c + 1, r), (li, c, r + 1)) if k in index_of]
        adjacent.append(tuple(sorted(near)))

    # Each level's ring, then the travel order (one loop; two levels are stitched by the link).
    rings: list[list[tuple[int, str, tuple[int, ...], str, str]]] = []
    for li, (level, grid) in enumerate(zip(levels, grids)):
        rows, columns = len(grid), len(grid[0])
        layout = ring_layout(columns, rows)
        events = level.get("events") or {}
        clean: dict[int, str] = {}
        for key, kind in events.items():
            where = f"levels.{li}.events.{key}"
            if isinstance(key, bool) or not isinstance(key, int) or not 0 <= key < len(layout):
                problems.append((where, f"no Road space {key!r} on this level (its ring has {len(layout)}: 0-{len(layout) - 1})"))
                continue
            if not isinstance(kind, str):
                problems.append((where, f"an event kind is a name, not {kind!r}"))
            elif kind not in BUILTIN_EVENTS and kind not in event_kinds:
                problems.append((where, f"unknown event kind {kind!r} (known: {', '.join(list(BUILTIN_EVENTS) + sorted(event_kinds))})"))
            clean[key] = kind if isinstance(kind, str) else "?"
        events = clean
        ring = []
        for ri, (side, axis_kind, idx) in enumerate(layout):
            kind = events.get(ri, LINE)
            axis = ""
            if axis_kind == "col":
                axis = f"column {COLUMN_LETTERS[idx]}"
            elif axis_kind == "row":
                axis = f"row {first_rows[li] + idx + 1}"
            line: tuple[int, ...] = ()
            if kind == LINE:
                if side == "corner":
                    problems.append((f"levels.{li}.events", f"corner space {ri} has no Line, so it must be an Event"))
                else:
                    line = tuple(index_of[(li, c, r)] for c, r in _line_cells(grid, side, idx))
                    if not line:
                        problems.append((f"levels.{li}.events", f"space {ri} ({axis}) has an empty Line: make it an Event or unblock a cell"))
            ring.append((ri, kind, line, side, axis))
        rings.append(ring)
    if problems:
        return None, problems

    order: list[tuple[int, int]] = []   # (level, ring index) in travel order
    link = data.get("link")
    if len(levels) == 1:
        if link is not None:
            problems.append(("link", "a one-level board has no link"))
        order = [(0, i) for i in range(len(rings[0]))]
    elif len(levels) == 2:
        if link is None:
            problems.append(("link", "a two-level board needs link: {lower: L, upper: U}"))
        else:
            lower, upper = link["lower"], link["upper"]
            n0, n1 = len(rings[0]), len(rings[1])
            if not 0 <= lower < n0:
                problems.append(("link.lower", f"no space {lower} on the lower ring (0-{n0 - 1})"))
            elif rings[0][lower][1] != "lift":
                problems.append(("link.lower", f"space {lower} of the lower level must be a 'lift' Event"))
            if not 0 <= upper < n1:
                problems.append(("link.upper", f"no space {upper} on the upper ring (0-{n1 - 1})"))
            elif rings[1][upper][1] != "lift":
                problems.append(("link.upper", f"space {upper} of the upper level must be a 'lift' Event"))
            if not problems:
                order = [(0, i) for i in range(lower + 1)]
                order += [(1, (upper + k) % n1) for k in range(n1)]
                order += [(0, i) for i in range(lower + 1, n0)]
    else:
        problems.append(("levels", f"{len(levels)} levels; a board has one or two"))
    if problems:
        return None, problems

    spaces = []
    for gi, (li, ri) in enumerate(order):
        _, kind, line, side, axis = rings[li][ri]
        spaces.append(Space(gi, kind, line, li, ri, side, axis))
    starts = [s.index for s in spaces if s.kind == "start"]
    if len(starts) != 1:
        problems.append(("levels", f"{len(starts)} 'start' spaces; a board has exactly one"))
    elif starts[0] != 0:
        problems.append(("levels.0.events", "the 'start' space must be space 0 of the lower level (G1.2)"))
    for kind in ("card", "jackpot", "slot"):
        if not any(s.kind == kind for s in spaces):
            problems.append(("levels", f"no {kind!r} space; every board has at least one (cards and events may send players there)"))
    lines_of_land: list[list[int]] = [[] for _ in land_names]
    for s in spaces:
        for land in s.line:
            lines_of_land[land].append(s.index)
    for land, on in enumerate(lines_of_land):
        if not on:
            problems.append((f"levels.{land_pos[land][0]}.map", f"Land {land_names[land]} is on no Line, so no one could ever place on it"))
    if len(land_names) < 4:
        problems.append(("levels", f"{len(land_names)} Lands; a board needs at least 4"))
    if problems:
        return None, problems
    board = Board(
        id=data["id"], name=data["name"], luck=data["luck"], description=data.get("description", ""),
        levels=tuple(tuple(g) for g in grids), first_rows=tuple(first_rows),
        land_names=tuple(land_names), land_pos=tuple(land_pos), adjacent=tuple(adjacent),
        spaces=tuple(spaces), lines_of_land=tuple(tuple(x) for x in lines_of_land),
    )
    return board, []
