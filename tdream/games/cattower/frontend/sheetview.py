"""Drawing CAT TOWER's pieces: the goods' little pictures, dice, a seat's sheet with its
completion marks (C4.1, as on paper: the left value circled or crossed out, the right one
circled), the running score by good. Pure drawing: nothing here keeps state."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ....frontend.constants import GOLD, INK, PLAYER_COLOURS, RED, WHITE, rgb15
from ....frontend.draw_shapes import box, canvas
from ..scoring import PARTS

GOOD_COLOURS = {1: rgb15(216, 136, 72), 2: rgb15(104, 200, 96), 3: rgb15(200, 120, 240), 4: rgb15(112, 200, 240),
                5: rgb15(240, 112, 128), 6: rgb15(184, 184, 200), 7: GOLD}
EMPTY = rgb15(24, 32, 72)
EDGE = rgb15(72, 88, 152)
DIM = rgb15(136, 144, 176)
GREEN = rgb15(112, 232, 120)
PART_GOOD = {"house": 1, "felt": 2, "butterfly": 3, "dishes": 4, "cushion": 5, "mouse": 6, "towers": 7}

# 6x6 pictures: 1 house, 2 felt, 3 butterfly, 4 dishes, 5 cushion, 6 mouse, 7 a tower (the towers' values)
ICONS = {
    1: ("..##..", ".####.", "######", ".#..#.", ".#..#.", ".####."),
    2: (".####.", "#.#.##", "##.#.#", "#.#.##", "##.#.#", ".####."),
    3: ("#....#", "##..##", "######", ".####.", "##..##", "#....#"),
    4: ("......", "......", "######", "#....#", ".#..#.", "..##.."),
    5: (".####.", "######", "##..##", "##..##", "######", ".####."),
    6: ("#...#.", "##.##.", ".####.", "######", ".###..", "....##"),
    7: ("#.##.#", "######", ".####.", ".#..#.", ".#..#.", ".####."),
}


def icon(surface, good: int, x: int, y: int, colour=None, scale: int = 1) -> None:
    """Good ``good``'s 6x6 picture at (x, y), in its colour (or ``colour``), ``scale`` times."""
    surface.blit(_icon(good, tuple(colour or GOOD_COLOURS[good]), scale), (x, y))


@lru_cache(maxsize=None)
def _icon(good: int, colour: tuple, scale: int) -> pygame.Surface:
    pic = canvas(6 * scale, 6 * scale)
    for j, row in enumerate(ICONS[good]):
        for i, ch in enumerate(row):
            if ch == "#":
                pic.fill(colour, (i * scale, j * scale, scale, scale))
    return pic


PIPS = {1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)), 4: ((0, 0), (2, 0), (0, 2), (2, 2)),
        5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)), 6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}


def die(surface, value: int, x: int, y: int, size: int = 11, face=WHITE, pip=INK, edge=None) -> None:
    """A die showing ``value`` (1-6) at (x, y), ``size`` pixels square. Its pips (2x2 from 9
    pixels up, else 1x1) stand on a 3x3 grid one pixel apart, so that no two ever touch: every
    face reads at 1x, a 6 as six pips rather than two bars (issue 23)."""
    pygame.draw.rect(surface, face, (x, y, size, size), border_radius=2)
    if edge is not None:
        pygame.draw.rect(surface, edge, (x - 1, y - 1, size + 2, size + 2), 1, border_radius=2)
    if not 1 <= value <= 6:
        return
    dot = 2 if size >= 9 else 1
    step = dot + 1
    off = (size - 3 * dot - 2) // 2
    for px, py in PIPS[value]:
        pygame.draw.rect(surface, pip, (x + off + px * step, y + off + py * step, dot, dot))


def draw_sheet(m, surface, lay, sheet, cells, colour: int, marks=None, near: str = "", frame: int = 0,
               costs: dict | None = None, cursor: int = -1, good: int = 0, affordable: dict | None = None,
               points: dict | None = None) -> None:
    """A seat's sheet in ``lay``: every cell (its good's picture on the good's colour, or empty),
    the completion values under each tower with this seat's marks (``marks``: SeatMark per tower),
    ``near``: the last cell of his third tower (blinks red: the game ends if he draws it, C4.2).
    While he chooses: ``costs`` (cell index -> footprints the chosen ``good`` costs there) on the
    empty cells, or ``points`` (cell index -> what drawing it there adds now, gold; only the cells
    he may draw it in), ``cursor`` a cell index."""
    font = m.font
    for tw_i, tw in enumerate(sheet.towers):
        for f, c in enumerate(tw.cells, 1):
            x, y, w, h = lay.cell_rect(tw_i, f)
            g = cells[c]
            if g:
                pygame.draw.rect(surface, GOOD_COLOURS[g], (x, y, w, h))
                k = 2 if w >= 14 and h >= 13 else 1
                icon(surface, g, x + (w - 6 * k) // 2, y + (h - 6 * k) // 2, INK, k)
            else:
                box(surface, (x, y, w, h), EMPTY, EDGE)
                if points is not None:
                    if c in points:
                        font.draw(surface, str(points[c]), x + w // 2 + 1, y + (h - 8) // 2 + 1, GOLD, "small",
                                  align="centre")
                elif costs is not None and c in costs:
                    cost = costs[c]
                    ok = affordable is None or affordable.get(c, True)
                    font.draw(surface, str(cost), x + w // 2 + 1, y + (h - 8) // 2 + 1, GREEN if cost == 0 and ok
                              else WHITE if ok else RED, "small", align="centre")
            if near and sheet.cells[c] == near and (frame // 10) % 2 == 0:
                pygame.draw.rect(surface, RED, (x - 1, y - 1, w + 2, h + 2), 1)
            if c == cursor:
                ring = WHITE if (frame // 8) % 2 == 0 else PLAYER_COLOURS[colour]
                pygame.draw.rect(surface, ring, (x - 1, y - 1, w + 2, h + 2), 1)
                pygame.draw.rect(surface, INK, (x - 2, y - 2, w + 4, h + 4), 1)
        draw_marks(m, surface, lay, tw_i, tw, marks[tw_i] if marks else None)


def draw_marks(m, surface, lay, tw_i: int, tw, mark) -> None:
    """Under a tower: its left (first) value over its right (later) one (C4.1). This seat's mark:
    ``first`` circles the left value; ``crossed`` strikes it (someone completed it first);
    ``later`` strikes the left and circles the right."""
    font = m.font
    cx = lay.sx + tw_i * lay.stride + lay.cw // 2 + 1
    y1, y2 = lay.marks_y, lay.marks_y + 8
    status = mark.status if mark is not None else "open"
    a, b = str(tw.first), str(tw.later)
    wa, wb = font.width(a, "small"), font.width(b, "small")
    font.draw(surface, a, cx, y1, GOLD if status in ("open", "first") else DIM, "small", align="centre")
    font.draw(surface, b, cx, y2, WHITE if status in ("open", "crossed", "later") else DIM, "small", align="centre")
    if status == "first":
        pygame.draw.ellipse(surface, GOLD, (cx - wa // 2 - 2, y1 - 1, wa + 3, 9), 1)
    if status in ("crossed", "later"):
        pygame.draw.line(surface, RED, (cx - wa // 2 - 1, y1 + 6), (cx + wa // 2 + 1, y1 + 1))
    if status == "later":
        pygame.draw.ellipse(surface, WHITE, (cx - wb // 2 - 2, y2 - 1, wb + 3, 9), 1)


def draw_parts(m, surface, x: int, y: int, row: dict, adds: dict | None = None, cols: int = 2, col_w: int = 33,
               colour=WHITE) -> int:
    """The running score by good (C5.7's parts, each beside its good's picture), in ``cols``
    columns; with ``adds`` (a preview), what the drawing would add beside each part that
    changes: right after its own value, a gap apart, so that it reads as that good's and never
    as the next column's (issue 23). Returns the height used."""
    font = m.font
    for i, part in enumerate(PARTS):
        cx, cy = x + (i % cols) * col_w, y + (i // cols) * 8
        icon(surface, PART_GOOD[part], cx, cy + 1)
        value = str(row.get(part, 0))
        font.draw(surface, value, cx + 7, cy, colour, "small")
        d = adds.get(part, 0) if adds else 0
        if d:
            font.draw(surface, f"{d:+d}", cx + 7 + font.width(value, "small") + 2, cy, GREEN if d > 0 else RED,
                      "small")
    return ((len(PARTS) + cols - 1) // cols) * 8


def footprint_track(surface, x: int, y: int, have: int, cap: int = 15, per_row: int = 15, spend: int = 0) -> None:
    """The footprint track (CG1.3): circled footprints filled, the rest hollow; ``spend`` of the
    circled ones (the cursor's drawing) shown in red."""
    for i in range(cap):
        px, py = x + (i % per_row) * 4, y + (i // per_row) * 4
        if i < have:
            pygame.draw.rect(surface, GOLD if i < have - spend else RED, (px, py, 3, 3))
        else:
            pygame.draw.rect(surface, EDGE, (px, py, 3, 3), 1)


def token(m, surface, colour: int, seat: int, x: int, y: int) -> None:
    """A seat's marker: its number on a chip in its colour (7x9)."""
    pygame.draw.rect(surface, PLAYER_COLOURS[colour], (x, y, 7, 9))
    m.font.draw(surface, str(seat + 1), x + 1, y + 1, INK, "small")


__all__ = ["GOOD_COLOURS", "icon", "die", "draw_sheet", "draw_marks", "draw_parts", "footprint_track", "token",
           "PART_GOOD", "DIM", "GREEN"]
