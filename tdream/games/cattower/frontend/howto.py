"""The pictures of CAT TOWER's How-to-play pages (``howto.yaml``; the shell's
``scenes/learn.HowToScene`` asks ``CatTowerFrontend.draw_howto``): a sheet, the dice tray, the
goods and what they score, the footprint track, a tower's values, a pad, drawn with the table's
own pieces (``sheetview``). No words in them: the page's text says it, in the language on
screen; only digits, signs and the buttons' letters, which read the same in both. 15-bit
colours, no alpha blending; the blinking follows the frame count (drawing changes nothing).
"""
from __future__ import annotations

from typing import NamedTuple

import pygame

from ....frontend.constants import GOLD, INK, LABEL, PLAYER_COLOURS, RED, WHITE, rgb15
from .. import GAME, scoring
from ..answers import BUTTERFLY, CUSHION, DISHES, FELT, HOUSE, MOUSE
from . import sheetview as sv
from .layout import SheetLayout

BAND = rgb15(64, 40, 24)             # the dice tray (the table's)

# a sheet half played (cell name -> good): the goal's and the drawing's pictures
MIDGAME = {"t1f1": MOUSE, "t1f2": MOUSE, "t1f3": FELT, "t2f1": MOUSE, "t2f2": DISHES, "t2f3": BUTTERFLY,
           "t3f1": CUSHION, "t3f2": HOUSE, "t3f3": FELT, "t3f4": CUSHION, "t4f1": BUTTERFLY, "t4f3": MOUSE,
           "t5f1": FELT, "t5f2": DISHES, "t5f4": CUSHION}
# two towers complete (1 first, 2 later), tower 5 one cell from the end (C4.2): the end's picture
NEAR_END = dict(MIDGAME, t1f4=FELT, t2f4=DISHES, t2f5=CUSHION, t5f3=MOUSE, t4f2=MOUSE)


class Mark(NamedTuple):
    """A seat's mark under a tower (``queries.SeatMark``'s status)."""

    status: str
    points: int = 0


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


def small_sheet(m, surface, x: int, top: int, goods: dict, marks=None, cursor: int = -1, near: str = "",
                colour: int = 0) -> SheetLayout:
    lay = layout_at(x, top)
    sv.draw_sheet(m, surface, lay, GAME.sheet(), sheet_of(goods), colour, marks, near, m.frame, cursor=cursor)
    return lay


def arrow(surface, x: int, y: int, colour=GOLD) -> None:
    """A small arrow pointing right, its tip at (x + 8, y)."""
    pygame.draw.rect(surface, colour, (x, y - 1, 5, 3))
    pygame.draw.polygon(surface, colour, [(x + 5, y - 4), (x + 8, y), (x + 5, y + 4)])


def dice_pair(m, surface, x: int, y: int, own: int, shared: int, size: int = 14) -> int:
    """His die and the shared (gold) one with a + between them; the x after them."""
    sv.die(surface, own, x, y, size)
    m.font.draw(surface, "+", x + size + 3, y + size // 2 - 5, WHITE)
    sv.die(surface, shared, x + size + 12, y, size, face=GOLD)
    return x + 2 * size + 12


# ---------------------------------------------------------------- the pictures
def goal(m, surface, x, y, w, h) -> None:
    """A sheet half played, its running score by good beside it and the total (C5.7)."""
    small_sheet(m, surface, x + 10, y + 3, MIDGAME)
    sheet = GAME.sheet()
    cells = sheet_of(MIDGAME)
    empty = [0] * len(cells)
    row = scoring.breakdown(sheet, [cells, empty, empty, empty], [[[MOUSE, 9, "t3f2"]], [], [], []],
                            [[], [], [], []], {})[0]
    sv.draw_parts(m, surface, x + 112, y + 12, row, cols=2, col_w=40)
    pygame.draw.line(surface, LABEL, (x + 112, y + 47), (x + 190, y + 47))
    m.font.draw(surface, str(row["total"]), x + 150, y + 54, GOLD, "main", align="centre")
    for i, g in enumerate((HOUSE, FELT, BUTTERFLY, DISHES, CUSHION, MOUSE)):
        gx = x + 104 + i * 20
        pygame.draw.rect(surface, sv.GOOD_COLOURS[g], (gx, y + 74, 15, 11))
        sv.icon(surface, g, gx + 5, y + 76, INK)
        m.font.draw(surface, str(g), gx + 8, y + 86, WHITE, "small", align="centre")


def roll(m, surface, x, y, w, h) -> None:
    """The parent's roll of players + 1 dice (C1.1); clockwise, each player takes one; the one
    left is everyone's shared die (C2.1)."""
    dice = (1, 3, 4, 5, 6)
    takes = (4, 6, 1, 3)                 # seats 1-4 in the draft's order
    tx = x + w // 2 - (len(dice) * 22) // 2
    pygame.draw.rect(surface, BAND, (tx - 6, y + 8, len(dice) * 22 + 8, 24))
    for i, v in enumerate(dice):
        taken = v in takes
        sv.die(surface, v, tx + i * 22, y + 12, 16, face=LABEL if taken else GOLD)
        if taken:
            seat = takes.index(v)
            pygame.draw.rect(surface, PLAYER_COLOURS[seat], (tx + i * 22, y + 29, 16, 2))
    # the seats in the draft's order, each with his die, then the shared die for all
    for seat, v in enumerate(takes):
        sx = x + 22 + seat * 44
        sv.token(m, surface, seat, seat, sx, y + 48)
        sv.die(surface, v, sx + 10, y + 46, 12)
        if seat == 0:
            sv.die(surface, 1, sx - 10, y + 49, 7, face=GOLD)          # the parent's mark
        if seat < 3:
            arrow(surface, sx + 26, y + 52, LABEL)
    shared = next(v for v in dice if v not in takes)
    sv.die(surface, shared, x + w - 40, y + 44, 16, face=GOLD)
    for seat in range(4):
        sv.token(m, surface, seat, seat, x + 28 + seat * 44, y + 74)
        m.font.draw(surface, "+", x + 40 + seat * 44, y + 74, LABEL, "small")
        sv.die(surface, shared, x + 48 + seat * 44, y + 73, 10, face=GOLD)


def draw_choice(m, surface, x, y, w, h) -> None:
    """His die 4 and the shared 2: felt (2) on floor 4, or dishes (4) on floor 2 (C2.2); the
    pass circles a footprint (C2.3)."""
    sheet = GAME.sheet()
    end = dice_pair(m, surface, x + 8, y + 30, 4, 2)
    arrow(surface, end + 6, y + 37)
    lay = small_sheet(m, surface, x + 70, y + 3, {k: v for k, v in MIDGAME.items() if k not in ("t2f4", "t4f2")})
    on = (m.frame // 12) % 2 == 0
    for name, good, floor_die, good_die in (("t2f4", FELT, 4, 2), ("t4f2", DISHES, 2, 4)):
        c = sheet.index(name)
        cx, cy, cw, ch = lay.cell_rect(sheet.tower_of[c] - 1, sheet.floor_of[c])
        pygame.draw.rect(surface, sv.GOOD_COLOURS[good], (cx, cy, cw, ch))
        sv.icon(surface, good, cx + (cw - 6) // 2, cy + (ch - 6) // 2, INK)
        pygame.draw.rect(surface, WHITE if on else GOLD, (cx - 1, cy - 1, cw + 2, ch + 2), 1)
    # the two readings: good (die) on floor (die)
    for i, (good, floor) in enumerate(((FELT, 4), (DISHES, 2))):
        ry = y + 16 + i * 30
        sv.icon(surface, good, x + 166, ry + 3, None, 2)
        m.font.draw(surface, str(good), x + 182, ry + 2, WHITE)
        m.font.draw(surface, "/", x + 192, ry + 2, LABEL)
        sv.icon(surface, 7, x + 200, ry + 3, None, 2)
        m.font.draw(surface, str(floor), x + 216, ry + 2, WHITE)
    # a pass: one footprint circled
    sv.footprint_track(surface, x + 168, y + 82, 4, 6, 6)
    m.font.draw(surface, "+1", x + 196, y + 79, sv.GREEN, "small")


def footprints(m, surface, x, y, w, h) -> None:
    """A footprint changes one number by 1 (C3.2: 2 -> 3, never 6 -> 1); a butterfly or a pass
    circles one (C3.1, C2.3); the track holds 15 (CG1.3)."""
    sv.die(surface, 2, x + 20, y + 12, 16)
    arrow(surface, x + 42, y + 20)
    pygame.draw.rect(surface, RED, (x + 54, y + 18, 5, 5))
    m.font.draw(surface, "+1", x + 62, y + 15, WHITE)
    arrow(surface, x + 80, y + 20)
    sv.die(surface, 3, x + 94, y + 12, 16)
    # never round the corner: 6 + 1 is not 1
    sv.die(surface, 6, x + 140, y + 12, 16)
    m.font.draw(surface, "+1", x + 162, y + 15, WHITE)
    arrow(surface, x + 180, y + 20, LABEL)
    sv.die(surface, 1, x + 194, y + 12, 16, face=LABEL)
    pygame.draw.line(surface, RED, (x + 138, y + 10), (x + 212, y + 30), 2)
    # the track: 15 footprints, circled ones gold, the two a drawing spends red
    sv.footprint_track(surface, x + 20, y + 48, 9, 15, 15, 2)
    m.font.draw(surface, "15", x + 84, y + 45, LABEL, "small")
    # what circles one: a butterfly drawn, a pass
    pygame.draw.rect(surface, sv.GOOD_COLOURS[BUTTERFLY], (x + 20, y + 66, 15, 11))
    sv.icon(surface, BUTTERFLY, x + 25, y + 68, INK)
    m.font.draw(surface, "+1", x + 40, y + 67, sv.GREEN)
    sv.token(m, surface, 1, 1, x + 100, y + 67)
    m.font.draw(surface, "B", x + 112, y + 67, GOLD)
    m.font.draw(surface, "+1", x + 124, y + 67, sv.GREEN)


def scores(m, surface, x, y, w, h) -> None:
    """What each good scores (C5.1-C5.6), as signs: a house 3 x a count, felt 9 and 3 a tower,
    a butterfly 3, a dish 2 a neighbour, a cushion its floor, a mouse group its size squared."""
    rows = ((HOUSE, "3 x n"), (FELT, "9 / 3"), (BUTTERFLY, "3"), (DISHES, "2 x n"), (CUSHION, "1-6"),
            (MOUSE, "n x n"))
    for i, (good, sign) in enumerate(rows):
        cx, cy = x + 12 + (i % 2) * 116, y + 8 + (i // 2) * 30
        pygame.draw.rect(surface, sv.GOOD_COLOURS[good], (cx, cy, 24, 22))
        sv.icon(surface, good, cx + 6, cy + 5, INK, 2)
        m.font.draw(surface, sign, cx + 32, cy + 6, GOLD)
        examples = {DISHES: (DISHES, MOUSE, FELT), MOUSE: (MOUSE, MOUSE, MOUSE), HOUSE: (HOUSE,)}
        if good in (DISHES, MOUSE):           # three cells: a dish beside two goods (4), three mice (9)
            for k, g in enumerate(examples[good]):
                gx = cx + 74 + k * 9
                pygame.draw.rect(surface, sv.GOOD_COLOURS[g], (gx, cy + 4 + (k % 2) * 5, 8, 8))
            m.font.draw(surface, "4" if good == DISHES else "9", cx + 104, cy + 6, WHITE, "small")


def felt(m, surface, x, y, w, h) -> None:
    """Felt in one tower (C5.2, CG5.2): four players with none share first and second (9 + 3):
    3 each, in each of the five towers, 15 before anything is drawn; with 2, 1, 0, 0: 9, 3, 0, 0."""
    for block, (counts, points) in enumerate((((0, 0, 0, 0), (3, 3, 3, 3)), ((2, 1, 0, 0), (9, 3, 0, 0)))):
        bx = x + 12 + block * 120
        sv.icon(surface, FELT, bx, y + 6, None, 2)
        m.font.draw(surface, "9 + 3", bx + 18, y + 6, GOLD)
        for seat in range(4):
            ry = y + 24 + seat * 13
            sv.token(m, surface, seat, seat, bx, ry)
            for k in range(counts[seat]):
                pygame.draw.rect(surface, sv.GOOD_COLOURS[FELT], (bx + 12 + k * 9, ry, 8, 8))
                sv.icon(surface, FELT, bx + 13 + k * 9, ry + 1, INK)
            if not counts[seat]:
                m.font.draw(surface, "0", bx + 14, ry, LABEL, "small")
            arrow(surface, bx + 40, ry + 4, LABEL)
            m.font.draw(surface, str(points[seat]), bx + 62, ry, WHITE if points[seat] else LABEL, "small",
                        align="right")
    # before anything is drawn: 3 a tower, five towers
    m.font.draw(surface, "3 x 5 = 15", x + 12, y + 80, GOLD)
    for t in range(5):
        sv.icon(surface, 7, x + 92 + t * 9, y + 81)


def towers(m, surface, x, y, w, h) -> None:
    """Towers complete: the left value to the first (circled), the right one later (the left
    struck), C4.1; a third tower ends the game with its round (C4.2): its last cell blinks."""
    marks = [Mark("first", 12), Mark("later", 5), Mark("open"), Mark("open"), Mark("open")]
    small_sheet(m, surface, x + 10, y + 3, NEAR_END, marks, near="t5f5")
    for i, (status, col) in enumerate((("first", GOLD), ("later", WHITE))):
        tx = x + 110 + i * 30
        sv.icon(surface, 7, tx, y + 10, col, 2)
    sv.icon(surface, 7, x + 170, y + 10, RED if (m.frame // 10) % 2 == 0 else GOLD, 2)
    m.font.draw(surface, "3", x + 186, y + 10, RED)
    # the values: 12 / 4, 15 / 5, 18 / 6 (3h / h, CG1.2)
    for i, (a, b) in enumerate(((12, 4), (15, 5), (18, 6))):
        ry = y + 38 + i * 16
        m.font.draw(surface, str(a), x + 126, ry, GOLD, align="right")
        m.font.draw(surface, "/", x + 132, ry, LABEL)
        m.font.draw(surface, str(b), x + 140, ry, WHITE)
    m.font.draw(surface, "A", x + 178, y + 48, GOLD)        # A, then A again: the game ends (the prompt asks)
    arrow(surface, x + 188, y + 52, LABEL)
    m.font.draw(surface, "A", x + 200, y + 48, GOLD)


def keys(m, surface, x, y, w, h) -> None:
    """A pad: the d-pad moves the cursor, L/R the good, A draws, B passes (or takes back), Y the
    points, X the status, Start the pause menu, Select a rule's text."""
    cx, cy = x + w // 2, y + 42
    for lx, label in ((cx - 76, "L"), (cx + 44, "R")):         # the shoulders
        pygame.draw.rect(surface, rgb15(152, 152, 176), (lx, cy - 36, 32, 10), border_radius=4)
        m.font.draw(surface, label, lx + 16, cy - 36, INK, "small", align="centre")
    body = (cx - 84, cy - 28, 168, 58)
    pygame.draw.rect(surface, rgb15(200, 200, 216), body, border_radius=26)
    pygame.draw.rect(surface, INK, body, 1, border_radius=26)
    dx, dy = cx - 52, cy                                          # the d-pad
    pygame.draw.rect(surface, INK, (dx - 14, dy - 5, 28, 10))
    pygame.draw.rect(surface, INK, (dx - 5, dy - 14, 10, 28))
    for px, label in ((cx - 26, "SELECT"), (cx + 8, "START")):
        pygame.draw.rect(surface, rgb15(104, 104, 128), (px, cy + 2, 18, 5), border_radius=2)
        m.font.draw(surface, label, px + 9, cy + 10, LABEL, "small", align="centre")
    for label, bx, by, colour in (("X", 52, -14, rgb15(64, 96, 216)), ("A", 66, 0, rgb15(216, 48, 48)),
                                   ("B", 52, 14, rgb15(232, 200, 40)), ("Y", 38, 0, rgb15(40, 160, 72))):
        pygame.draw.circle(surface, colour, (cx + bx, cy + by), 7)
        m.font.draw(surface, label, cx + bx + 1, cy + by - 4, WHITE if label != "B" else INK, "small",
                    align="centre")
    # what L/R choose: a good (the frame moves along them)
    k = (m.frame // 30) % 6
    for g in range(1, 7):
        gx = cx - 40 + (g - 1) * 12
        sv.icon(surface, g, gx, y + 84)
        if g - 1 == k:
            pygame.draw.rect(surface, WHITE, (gx - 2, y + 82, 10, 10), 1)
    m.font.draw(surface, "L", cx - 52, y + 83, LABEL, "small")
    m.font.draw(surface, "R", cx + 36, y + 83, LABEL, "small")


PICTURES = {"goal": goal, "roll": roll, "draw": draw_choice, "footprints": footprints, "scores": scores,
            "felt": felt, "towers": towers, "keys": keys}

__all__ = ["PICTURES"]
