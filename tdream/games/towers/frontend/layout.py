"""Where the table's parts sit on the 256x224 frame (RULES-towers.md section 8, PRESENTATION.md).

The board fills the top-left 192x192 (the 8x8 board at 24 pixels a square; other sizes at the
largest whole number of pixels that fits, centred); the players' panels stand in the column to
its right; the text box takes the bottom 32 rows, the whole width."""
from __future__ import annotations

BOARD = (0, 0, 192, 192)             # the board's area (x, y, w, h)
PANEL_X = 192                        # the players' column
PANEL_W = 256 - PANEL_X
BOX_Y = 192                          # the text box
BOX_H = 224 - BOX_Y
LINE_H = 11                          # a line of the main font in the text box
SMALL_H = 8                          # a line of the small font


def cell_size(n: int) -> int:
    """Pixels a square on an n x n board (24 for 8x8)."""
    return BOARD[3] // n


def origin(n: int) -> tuple[int, int]:
    """The top-left pixel of square a1 (the board centred in its area)."""
    c = cell_size(n)
    return BOARD[0] + (BOARD[2] - c * n) // 2, BOARD[1] + (BOARD[3] - c * n) // 2


def panel_height(seats: int) -> int:
    """Each player's panel: taller with fewer players."""
    return {2: 56, 3: 46}.get(seats, 40)
