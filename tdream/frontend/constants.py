"""The machine the front end imitates: one place for its numbers (STYLE.md rule 10)."""
from __future__ import annotations

from typing import Final

W: Final = 256                 # the SFC framebuffer, in pixels
H: Final = 224
FPS: Final = 60.0988           # NTSC SFC logic frames a second
FRAME_S: Final = 1.0 / FPS

# The pad: 12 buttons (FORMATS.md section 4 order), one bit each.
BUTTONS: Final = ("up", "down", "left", "right", "a", "b", "x", "y", "l", "r", "start", "select")
BIT: Final = {name: 1 << i for i, name in enumerate(BUTTONS)}
UP, DOWN, LEFT, RIGHT, A, B, X, Y, L, R, START, SELECT = (1 << i for i in range(12))
PADS: Final = 4

# Held-button repeat, in frames (Pyxel's btnp(hold, repeat)).
REPEAT_HOLD: Final = 18
REPEAT_EVERY: Final = 5


def rgb15(r: int, g: int, b: int) -> tuple[int, int, int]:
    """A colour the SFC can show: each channel cut to 5 bits (a multiple of 8)."""
    return (r & 0xF8, g & 0xF8, b & 0xF8)


BLACK: Final = rgb15(0, 0, 0)
WHITE: Final = rgb15(248, 248, 248)
INK: Final = rgb15(24, 24, 40)
GREY: Final = rgb15(136, 136, 152)
DIM: Final = rgb15(88, 88, 104)
RED: Final = rgb15(232, 72, 64)
GREEN: Final = rgb15(96, 216, 112)
GOLD: Final = rgb15(248, 208, 64)
SKY: Final = rgb15(48, 80, 160)
WINDOW_BG: Final = rgb15(24, 40, 112)       # text boxes and menus: the SFC's blue window
WINDOW_EDGE: Final = rgb15(200, 216, 248)
WINDOW_SHADE: Final = rgb15(16, 24, 72)
# The words' colours beside WHITE (each defined here once: tests/frontend/test_colours.py holds it)
LABEL: Final = rgb15(160, 168, 200)         # headings, labels, notes and hints: quieter than WHITE
INFO: Final = WINDOW_EDGE                   # a screen's information line (a subtitle, what a choice does)
TABLE_INFO: Final = rgb15(200, 224, 248)    # the same on a table: its text box's prompts and panels
WARN: Final = rgb15(248, 168, 96)           # a warning: what a choice costs or risks

# Player colours: Okabe-Ito hues, distinct for the common colour blindnesses; each seat also has
# its own token shape and letter, so colour is never the only cue.
PLAYER_COLOURS: Final = (rgb15(88, 168, 240), rgb15(240, 160, 32), rgb15(32, 176, 128), rgb15(232, 120, 176))
PLAYER_DARK: Final = (rgb15(32, 72, 144), rgb15(144, 88, 0), rgb15(0, 96, 64), rgb15(144, 48, 104))
PLAYER_MARKS: Final = ("1", "2", "3", "4")

# Text and animation speeds (frames), by setting; they change how long things take, never what.
TEXT_SPEEDS: Final = {"slow": 2, "normal": 1, "fast": 0.5, "instant": 0}    # frames a character
ANIM_SPEEDS: Final = {"slow": 1.5, "normal": 1.0, "fast": 0.5}


def game_time(frames: int) -> str:
    """In-game time of ``frames`` logic frames: h:mm:ss.ff (hundredths)."""
    hundredths = int(frames * 100 / FPS)
    s, ff = divmod(hundredths, 100)
    m, s = divmod(s, 60)
    h, m = divmod(m, 60)
    return f"{h}:{m:02}:{s:02}.{ff:02}"
