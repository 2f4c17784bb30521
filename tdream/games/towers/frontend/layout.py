"""Where the table's parts sit on the 256x224 frame (RULES-towers.md section 8, PRESENTATION.md).

The board stands in the top-left 192x180 with its edges labelled (TG1.1: the columns' letters
above it, the rows' numbers at its left), at the largest whole number of pixels a square that
leaves room for the labels (21 for 8x8), centred; the players' panels stand in the column to its
right; the text box takes the bottom 44 rows, the whole width: a prompt's question (wrapped) and
its own small lines under it."""
from __future__ import annotations

BOARD = (0, 0, 192, 180)             # the board's area, its labels included (x, y, w, h)
PANEL_X = 192                        # the players' column
PANEL_W = 256 - PANEL_X
BOX_Y = 180                          # the text box
BOX_H = 224 - BOX_Y
LINE_H = 11                          # a line of the main font in the text box
SMALL_H = 8                          # a line of the small font
LABEL_H = 8                          # the row of column letters above the board (the small font)


def label_width(n: int) -> int:
    """Pixels the rows' numbers take at the board's left (one digit or two, and a gap)."""
    return 11 if n >= 10 else 6


def cell_size(n: int) -> int:
    """Pixels a square on an n x n board (21 for 8x8), the labels beside it."""
    return min((BOARD[2] - label_width(n)) // n, (BOARD[3] - LABEL_H) // n)


def origin(n: int) -> tuple[int, int]:
    """The top-left pixel of square a1 (the board and its labels centred in their area)."""
    c, w = cell_size(n), label_width(n)
    return BOARD[0] + w + (BOARD[2] - w - c * n) // 2, BOARD[1] + LABEL_H + (BOARD[3] - LABEL_H - c * n) // 2


def panel_height(seats: int) -> int:
    """Each player's panel: taller with fewer players (room below for the turn and the keys)."""
    return {2: 56, 3: 44}.get(seats, 38)


def name_rows(font, name: str, width: int, face: str = "small") -> list[str]:
    """A name in one row ``width`` wide, or two where it does not fit (cut after its last "・" or
    space that leaves a first row that fits, else where the row is full): never cut short."""
    if font.width(name, face) <= width:
        return [name]
    for k in range(len(name) - 1, 0, -1):
        if name[k - 1] in "・ " and font.width(name[:k].rstrip(), face) <= width:
            return [name[:k].rstrip(), name[k:].strip()]
    k = len(name)
    while k > 1 and font.width(name[:k], face) > width:
        k -= 1
    return [name[:k], name[k:]]
