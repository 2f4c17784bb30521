"""Where the table's parts sit on the 256x224 frame (PRESENTATION.md screens 3-5)."""
from __future__ import annotations

HUD_H = 32
INFO_H = 8                           # the info line under the panels
VIEW = (0, HUD_H + INFO_H, 256, 144)  # the board's viewport: 9 cells high, the whole of Times Square
BOX_Y = VIEW[1] + VIEW[3]            # the text box: three lines, the speaker's face beside them
BOX_H = 224 - BOX_Y
LINE_H = 11                          # a line of the text box (the 12-pixel font, its blank row shared)
SMALL_H = 9                          # a line of the small font under it (a prompt's own lines)
MAP = (0, HUD_H, 256, 224 - HUD_H)   # Select: the whole board, under the panels (12x12 cells at 16 pixels)
DIE_XY = (112, VIEW[1] + VIEW[3] // 2 - 24)
