"""The pieces of CAT TOWER's How-to-play pictures (``howto-pictures.yaml`` describes each picture;
``frontend/howto_paint.py`` draws it): a sheet, dice, the goods and what they score, the
footprint track, drawn with the table's own pieces (``sheetview``). No words in them: the page's
text says it, in the language on screen; only digits, signs and the buttons' letters, which read
the same in both. 15-bit colours, no alpha blending; the blinking follows the frame count
(drawing changes nothing). A good is its die face (C1.2: 1 house .. 6 mouse; 7 a tower).
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INK, LABEL, RED, WHITE
from ....frontend.howto_paint import Painter, Pictures, arrow, placed
from .. import GAME, scoring
from ..answers import GOODS
from ..queries import SeatMark
from . import sheetview as sv
from .layout import SheetLayout


def sheet_of(goods: dict) -> list[int]:
    """The sheet's cells (by index) holding ``goods`` (cell name -> good)."""
    sheet = GAME.sheet()
    cells = [0] * len(sheet.cells)
    for name, g in goods.items():
        cells[sheet.index(name)] = g
    return cells


def layout_at(x: int, top: int, cw: int = 15, ch: int = 11, stride: int = 16) -> SheetLayout:
    """A sheet drawn from (x, top): its cells ``cw`` x ``ch``, its values under it."""
    base = top + ch // 2 + 6 * ch + 1
    return SheetLayout(x, top, 5 * stride, base - top + 18, cw, ch, stride, x, base, base + 2, (0, 0, 2, 33),
                       (0, 0), (0, 0), (0, 0, 15), (0, 0), 0)


def small_sheet(m, surface, x: int, y: int, goods: dict, marks: list | None = None, near: str = "") -> None:
    """A sheet holding ``goods`` (cell name -> good), the towers' ``marks`` [status, points] under it."""
    marks_ = [SeatMark(*mk) for mk in marks] if marks else None
    sv.draw_sheet(m, surface, layout_at(x, y), GAME.sheet(), sheet_of(goods), 0, marks_, near, m.frame, cursor=-1)


def choice(m, surface, x: int, y: int, name: str, good: int) -> None:
    """A cell of the sheet drawn at (x, y) holding ``good``, its frame blinking: a drawing's choice."""
    sheet = GAME.sheet()
    c = sheet.index(name)
    cx, cy, cw, ch = layout_at(x, y).cell_rect(sheet.tower_of[c] - 1, sheet.floor_of[c])
    good_cell(m, surface, cx, cy, good, cw, ch, (cw - 6) // 2, (ch - 6) // 2)
    pygame.draw.rect(surface, WHITE if (m.frame // 12) % 2 == 0 else GOLD, (cx - 1, cy - 1, cw + 2, ch + 2), 1)


def score(m, surface, x: int, y: int, goods: dict, houses: list) -> None:
    """A sheet's running score by good (C5.7; ``houses`` [good, points, cell]) and its total."""
    cells = sheet_of(goods)
    empty = [0] * len(cells)
    seat = [list(h) for h in houses]           # the compiled scoring takes lists (the YAML gives tuples)
    row = scoring.breakdown(GAME.sheet(), [cells, empty, empty, empty], [seat, [], [], []], [[], [], [], []], {})[0]
    sv.draw_parts(m, surface, x, y, row, cols=2, col_w=40)
    pygame.draw.line(surface, LABEL, (x, y + 35), (x + 78, y + 35))
    m.font.draw(surface, str(row["total"]), x + 38, y + 42, GOLD, "main", align="centre")


def good_cell(m, surface, x: int, y: int, good: int, w: int, h: int, dx: int, dy: int, scale: int = 1) -> None:
    """A ``w`` x ``h`` cell in ``good``'s colour, its picture (``scale`` times) at (dx, dy) in it."""
    pygame.draw.rect(surface, sv.GOOD_COLOURS[good], (x, y, w, h))
    sv.icon(surface, good, x + dx, y + dy, INK, scale)


def felt_counts(m, surface, x: int, y: int, counts: list, points: list) -> None:
    """Each seat's felt in a tower (a row each) and the points it scores."""
    for seat in range(4):
        ry = y + seat * 13
        sv.token(m, surface, seat, seat, x, ry)
        for k in range(counts[seat]):
            good_cell(m, surface, x + 12 + k * 9, ry, 2, 8, 8, 1, 1)
        if not counts[seat]:
            m.font.draw(surface, "0", x + 14, ry, LABEL, "small")
        arrow(m, surface, x + 40, ry + 4, LABEL)
        m.font.draw(surface, str(points[seat]), x + 62, ry, WHITE if points[seat] else LABEL, "small", align="right")


def goods_cycle(m, surface, x: int, y: int) -> None:
    """The six goods in a row, a frame moving along them (what L/R choose)."""
    k = (m.frame // 30) % 6
    for g in range(1, 7):
        gx = x + (g - 1) * 12
        sv.icon(surface, g, gx, y)
        if g - 1 == k:
            pygame.draw.rect(surface, WHITE, (gx - 2, y - 2, 10, 10), 1)


PIECES: dict[str, Painter] = {
    "sheet": small_sheet, "choice": choice, "score": score, "good": good_cell, "felt_counts": felt_counts,
    "goods_cycle": goods_cycle, "die": placed(sv.die, 1), "icon": placed(sv.icon, 1),
    "footprints": placed(sv.footprint_track),
    "token": lambda m, surface, x, y, seat: sv.token(m, surface, seat, seat, x, y),
    "blinking_icon": lambda m, surface, x, y, good, scale=1: sv.icon(
        surface, good, x, y, RED if (m.frame // 10) % 2 == 0 else GOLD, scale)}
PICTURES = Pictures(__file__, PIECES, {name.upper(): sv.GOOD_COLOURS[g] for g, name in enumerate(GOODS, 1)})

__all__ = ["PICTURES", "PIECES"]
