"""Where the table's parts sit on the 256x224 frame (RULES-cattower.md section 7, PRESENTATION.md).

Four players: four sheets in 128x88 quadrants (seat 1 top left, then clockwise: top right, bottom
right, bottom left, the draft's order) around the dice tray in a band across the middle. Two or
three players: larger sheets side by side (two halves, or three columns), the tray in a band
under them. The text box takes the bottom 32 rows.

Inside a sheet's area: a header row (the seat's name, his total); the sheet, five towers of
hexagons drawn as columns, towers 2 and 4 half a cell lower (CG1.1), under each its completion
values (C4.1: the left one circled or crossed out, the right one); the running score by good
(always); his dice, state, footprints; while he chooses, the preview of the drawing under his
cursor and what each good costs on its floor; a line under it all (``strip``).
"""
from __future__ import annotations

from typing import NamedTuple

BOX_Y = 192                          # the text box
BOX_H = 224 - BOX_Y
BAND_H = 16                          # the band with the dice tray
TRAY_X = 128                         # the tray's centre
LINE_H = 11
SMALL_H = 8


class SheetLayout(NamedTuple):
    x: int
    y: int
    w: int
    h: int
    cw: int                          # a cell's width
    ch: int                          # a cell's height
    stride: int                      # a tower column's width
    sx: int                          # the sheet's left edge (absolute)
    base: int                        # the sheet's bottom line (absolute): towers 2 and 4 end here
    marks_y: int                     # the completion values' first row (absolute)
    parts: tuple                     # the running score by good: (x, y, columns, column width)
    dice: tuple                      # (x, y) of his die (the shared one beside it)
    status: tuple                    # (right edge x, y) of his state word
    track: tuple                     # (x, y, footprints a row) of the footprint track
    costs: tuple                     # (x, y) of the cursor floor's costs, or the footprints line
    strip_y: int                     # the line under it all: the cursor's drawing, why not

    def cell_rect(self, tower_index: int, floor: int) -> tuple[int, int, int, int]:
        """The rectangle of the cell on ``floor`` (1 at the bottom) of tower ``tower_index`` (0-4):
        towers 1, 3, 5 stand half a cell higher than 2 and 4 (CG1.1)."""
        x = self.sx + tower_index * self.stride
        lift = self.ch // 2 if tower_index % 2 == 0 else 0
        y = self.base - lift - floor * self.ch
        return x, y, self.cw, self.ch


def quadrant(i: int) -> SheetLayout:
    """Four players: seat ``i``'s quadrant: 0 top left, 1 top right, 2 bottom right, 3 bottom left."""
    x = 0 if i in (0, 3) else 128
    y = 0 if i in (0, 1) else 104
    ix, iy = x + 60, y + 11
    return SheetLayout(x, y, 128, 88, 10, 7, 11, x + 3, y + 57, y + 59, (ix, iy + 13, 2, 33), (ix, iy),
                       (x + 125, iy + 1), (ix, iy + 47, 15), (ix, iy + 53), y + 79)


def column(i: int, seats: int) -> SheetLayout:
    """Two players: halves; three: columns of 85 pixels; larger cells."""
    if seats == 2:
        x = i * 128
        return SheetLayout(x, 0, 128, 176, 20, 14, 24, x + 5, 103, 105, (x + 4, 123, 4, 31), (x + 4, 142),
                           (x + 124, 143), (x + 90, 154, 8), (x + 4, 155), 166)
    x = (0, 85, 170)[i]
    w = 86 if i == 2 else 85
    return SheetLayout(x, 0, w, 176, 15, 11, 16, x + 3, 84, 86, (x + 3, 104, 2, 40), (x + 3, 138),
                       (x + w - 3, 139), (x + 3, 151, 15), (x + 3, 156), 166)


def sheet_layouts(seats: int) -> list[SheetLayout]:
    if seats == 4:
        return [quadrant(i) for i in range(4)]
    return [column(i, seats) for i in range(seats)]


def band_y(seats: int) -> int:
    """The dice tray's band: across the middle (four players) or under the sheets."""
    return 88 if seats == 4 else 176


__all__ = ["BOX_Y", "BOX_H", "BAND_H", "TRAY_X", "LINE_H", "SMALL_H", "SheetLayout", "quadrant", "column",
           "sheet_layouts", "band_y"]
