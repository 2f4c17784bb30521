"""Where the table's parts sit on the 256x224 frame (PRESENTATION.md screens 3-5).

With the speedrun overlays on (Options: Timer, Input display), the timer stands at the end of the
info line (which then says its words more briefly, never in letters alone) and the pads' column
in a gutter of its own at the right of the board's view, which is that much narrower: they cover
no panel, no Road and no line of the text box (issue 36). The windows over the board (the die,
menus, set pieces) are centred in the view.
"""
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
GUTTER = 32                          # the input display's column at the right of the view (4 pads, 28 px wide)
TIMER_AT = (254, HUD_H + 1, "right")  # the timer: at the info line's end, the line a row taller


def info_h(settings) -> int:
    """The info line's height: two rows more while the timer stands at its end (rows 32-41)."""
    return INFO_H + 2 if settings is not None and settings.timer else INFO_H


def view_rect(settings) -> tuple[int, int, int, int]:
    """The board's viewport now: ``VIEW``, under a taller info line while the timer is on, and
    less the pads' gutter at its right while the input display is on."""
    x, y, w, h = VIEW
    grow = info_h(settings) - INFO_H
    return x, y + grow, w - (GUTTER if settings is not None and settings.input_display else 0), h - grow


def pads_at(settings) -> tuple[int, int, str]:
    """The pads' column: right-aligned at the frame's edge in the gutter, from the view's top."""
    return 254, view_rect(settings)[1] + 2, "column"


def map_rect(settings) -> tuple[int, int, int, int]:
    """Select's whole board: ``MAP`` (the view, the info line and the text box's room), clear of
    the timer and the pads while they are on."""
    if settings is not None and (settings.input_display or settings.timer):
        x, y, w, _ = view_rect(settings)
        return x, y, w, 224 - y
    return MAP


def view_centre(m) -> int:
    """The x of the view's middle, where the windows over the board are centred."""
    x, _, w, _ = view_rect(m.settings if m is not None else None)
    return x + w // 2


def die_xy(m) -> tuple[int, int]:
    """The die's top-left corner (its window around it), in the middle of the view."""
    return view_centre(m) - 16, DIE_XY[1]
