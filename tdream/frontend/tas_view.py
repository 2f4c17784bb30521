"""The TAS window's drawing (issue 38): the panel beside the 256x224 picture (the counters, the
luck watch, the message line), the input roll and the help overlay.

The window's canvas is the picture at the left and a panel ``PANEL_W`` pixels wide at the right,
both in SFC pixels and scaled together; nothing here changes the TAS or the machine. The roll's
geometry (``RollLayout``) is shared by the drawing and the mouse (``RollLayout.hit``), so a click
lands on the cell that was drawn there.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from .constants import (BUTTONS, DIM, GOLD, GREEN, GREY, INFO, INK, LABEL, PLAYER_COLOURS, RED, WARN, WHITE, WINDOW_BG,
                        H, W, game_time, rgb15)
from .movie import LETTERS
from .widgets import window

PANEL_W = 224                       # the panel beside the picture
CANVAS = (W + PANEL_W, H)           # the window's canvas, scaled as a whole
ROW = 9                             # a line of the small face (8 pixels) and a pixel
ROLL_Y = 86                         # the roll starts here, under the counters
PANEL_BG = rgb15(16, 16, 32)
HERE = rgb15(48, 64, 136)           # the current frame's row
CURSOR = rgb15(96, 96, 40)          # the roll cursor's row
LAG = rgb15(88, 24, 24)
FUTURE = rgb15(32, 32, 56)          # rows past the current frame (the movie's, not yet run)


@dataclass(frozen=True)
class RollLayout:
    """Where the roll's rows and cells are on the canvas, for ``pads`` shown pads."""
    pads: tuple[int, ...]               # the pads shown (0-3), in order
    top: int                            # the frame of the first row

    x0: int = W + 4                     # the frame number's column
    cells: int = W + 46                 # the first button cell
    y0: int = ROLL_Y + ROW              # the first row (a header row above it)
    rows: int = (H - ROLL_Y - 2 * ROW) // ROW    # a footer line under them

    @property
    def cell_w(self) -> int:
        return 6 if len(self.pads) <= 2 else 3

    @property
    def pad_w(self) -> int:
        return 12 * self.cell_w + 4

    def cell(self, row: int, i: int, button: int) -> tuple[int, int, int, int]:
        """The rect of the ``i``-th shown pad's ``button`` cell on ``row`` (0: the first shown)."""
        return (self.cells + i * self.pad_w + button * self.cell_w, self.y0 + row * ROW, self.cell_w - 1, ROW - 1)

    def hit(self, x: int, y: int) -> tuple[str, int, int, int] | None:
        """What canvas point (x, y) is on: ("frame", f, 0, 0) on a row's number, ("cell", f, pad,
        button) on a button cell, or None."""
        if not self.y0 <= y < self.y0 + self.rows * ROW or x < self.x0:
            return None
        frame = self.top + (y - self.y0) // ROW
        if x < self.cells - 2:
            return ("frame", frame, 0, 0)
        i, rest = divmod(x - self.cells, self.pad_w)
        button = rest // self.cell_w
        if i < len(self.pads) and button < 12:
            return ("cell", frame, self.pads[i], button)
        return None


def shown_pads(tas, top: int, rows: int) -> tuple[int, ...]:
    """The pads the roll shows: pad 1, and every pad connected on a row in view or now."""
    connected = 1 | tas.machine.buttons.connected
    for f in range(max(1, top), min(len(tas.inputs), top + rows - 1) + 1):
        connected |= tas.inputs[f - 1].connected
    return tuple(p for p in range(4) if connected >> p & 1)


def draw(surface: pygame.Surface, font, ui, picture: pygame.Surface) -> None:
    """The whole canvas: the picture, the panel, the roll (when open) and the help (when asked)."""
    surface.blit(picture, (0, 0))
    pygame.draw.rect(surface, PANEL_BG, (W, 0, PANEL_W, H))
    pygame.draw.line(surface, GREY, (W, 0), (W, H - 1))
    draw_counters(surface, font, ui)
    if ui.branches_open:
        draw_branches(surface, font, ui)
    elif ui.roll_open:
        draw_roll(surface, font, ui)
    else:
        draw_summary(surface, font, ui)
    if ui.help_open:
        draw_help(surface, font, ui)


def mode_words(ui) -> tuple[str, tuple[int, int, int]]:
    tas = ui.tas
    return ("READ-ONLY", GREEN) if tas.readonly else ("RECORDING", RED)


def speed_words(ui) -> str:
    if ui.fast_forward:
        return "FAST-FORWARD"
    if ui.paused:
        return "PAUSED"
    return f"{ui.speed}%"


def draw_counters(surface: pygame.Surface, font, ui) -> None:
    tas = ui.tas
    x, right = W + 4, W + PANEL_W - 4
    mode, colour = mode_words(ui)
    font.draw(surface, "TAS", x, 2, GOLD, "small")
    font.draw(surface, mode, x + 20, 2, colour, "small")
    font.draw(surface, speed_words(ui), right, 2, WARN if ui.paused else WHITE, "small", align="right")
    font.draw(surface, f"Frame {tas.frame:,}", x, 2 + ROW, WHITE, "small")
    font.draw(surface, f"of {len(tas.inputs):,}", x + 80, 2 + ROW, LABEL, "small")
    font.draw(surface, game_time(tas.frame), right, 2 + ROW, LABEL, "small", align="right")
    font.draw(surface, f"Lag {tas.lag_count:,}", x, 2 + 2 * ROW, WHITE, "small")
    font.draw(surface, f"Rerecords {tas.rerecords:,}", x + 80, 2 + 2 * ROW, WHITE, "small")
    slot = ui.slot
    at = f"Slot {slot}" + (f" @{tas.slots[slot].frame:,}" if slot in tas.slots else " (empty)") if slot else "Slot -"
    font.draw(surface, at, x, 2 + 3 * ROW, WHITE, "small")
    font.draw(surface, f"Branches {len(tas.branches)}", x + 120, 2 + 3 * ROW, LABEL, "small")
    preview = ui.preview
    y = 2 + 4 * ROW
    if preview:                          # the game's words: "A now: 7", "2P A now: ..."
        for line in font.wrap(preview, PANEL_W - 8, "small")[:2]:
            font.draw(surface, line, x, y, INFO, "small")
            y += ROW
    else:
        font.draw(surface, "luck watch: no press decides a chance now", x, y, DIM, "small")
    y = 2 + 6 * ROW
    if ui.message:
        for line in font.wrap(ui.message, PANEL_W - 8, "small")[:2]:
            font.draw(surface, line, x, y, GOLD, "small")
            y += ROW
    font.draw(surface, f"{ui.key_words('help')}: keys   {ui.key_words('roll')}: input roll", x, 2 + 8 * ROW, DIM,
              "small")
    pygame.draw.line(surface, GREY, (W + 1, ROLL_Y - 2), (W + PANEL_W - 1, ROLL_Y - 2))


def draw_summary(surface: pygame.Surface, font, ui) -> None:
    """Under the counters with the roll closed: the slots, the markers and the file."""
    tas = ui.tas
    x = W + 4
    y = ROLL_Y
    font.draw(surface, "Slots", x, y, LABEL, "small")
    y += ROW
    for k in range(1, 10):
        s = tas.slots.get(k)
        col, row = (k - 1) % 3, (k - 1) // 3
        words = f"{k}: @{s.frame:,}" if s is not None else f"{k}: -"
        font.draw(surface, words, x + col * 72, y + row * ROW, WHITE if s is not None else DIM, "small")
    y += 3 * ROW + 3
    font.draw(surface, f"Markers {len(tas.markers)}", x, y, LABEL, "small")
    y += ROW
    for f in sorted(tas.markers)[-4:]:
        font.draw(surface, _fit(font, f"@{f:,} {tas.markers[f]}", PANEL_W - 8), x, y, WHITE, "small")
        y += ROW
    font.draw(surface, _fit(font, ui.path, PANEL_W - 8), x, H - ROW, DIM, "small")


def draw_roll(surface: pygame.Surface, font, ui) -> None:
    """The input roll: a row a frame around the cursor, each shown pad's 12 buttons, lag frames
    and markers marked, the current frame's row lit, the cursor's cell boxed."""
    tas = ui.tas
    lay = ui.roll_layout()
    x0 = lay.x0
    hy = ROLL_Y
    font.draw(surface, "frame", x0, hy, LABEL, "small")
    for i, p in enumerate(lay.pads):
        cx = lay.cells + i * lay.pad_w
        if lay.cell_w >= 5:
            for b in range(12):
                font.draw(surface, LETTERS[b], cx + b * lay.cell_w, hy, PLAYER_COLOURS[p], "small")
        else:
            font.draw(surface, f"P{p + 1}", cx, hy, PLAYER_COLOURS[p], "small")
    for r in range(lay.rows):
        f = lay.top + r
        y = lay.y0 + r * ROW
        if f < 1:
            continue
        have = f <= len(tas.inputs)
        bg = HERE if f == tas.frame else CURSOR if f == ui.roll_at else FUTURE if f > tas.frame else None
        if bg is not None:
            pygame.draw.rect(surface, bg, (W + 1, y - 1, PANEL_W - 1, ROW))
        lag = f <= tas.frame and tas.lag(f)
        font.draw(surface, f"{f:6d}", x0, y, RED if lag else WHITE if have else DIM, "small")
        if lag:
            pygame.draw.rect(surface, LAG, (x0 + 31, y, 4, ROW - 2))
        if f in tas.markers:
            pygame.draw.polygon(surface, GOLD, [(x0 + 36, y), (x0 + 40, y + 3), (x0 + 36, y + 6)])
        frame = tas.inputs[f - 1] if have else None
        for i, p in enumerate(lay.pads):
            bits = frame.buttons[p] if frame is not None else 0
            on = frame is not None and frame.connected >> p & 1
            for b in range(12):
                rx, ry, rw, rh = lay.cell(r, i, b)
                if bits >> b & 1:
                    pygame.draw.rect(surface, PLAYER_COLOURS[p], (rx, ry, rw, rh))
                    if lay.cell_w >= 5:
                        font.draw(surface, LETTERS[b], rx, ry, INK, "small")
                else:
                    surface.set_at((rx + rw // 2, ry + rh // 2), GREY if on else DIM)
        if f in tas.markers and len(lay.pads) == 1:
            note = _fit(font, tas.markers[f], W + PANEL_W - 2 - (lay.cells + lay.pad_w))
            font.draw(surface, note, lay.cells + lay.pad_w, y, GOLD, "small")
    r = ui.roll_at - lay.top
    if 0 <= r < lay.rows:                  # the cursor's cell
        i = lay.pads.index(ui.roll_pad) if ui.roll_pad in lay.pads else 0
        rx, ry, rw, rh = lay.cell(r, i, ui.roll_button)
        pygame.draw.rect(surface, WHITE, (rx - 1, ry - 1, rw + 2, rh + 2), 1)
    fy = H - ROW
    if ui.note is not None:
        font.draw(surface, _fit(font, f"Note @{ui.roll_at:,}: {ui.note}_", PANEL_W - 8), x0, fy, GOLD, "small")
    else:
        note = tas.markers.get(ui.roll_at)
        button = BUTTONS[ui.roll_button].title()
        words = f"@{ui.roll_at:,} P{ui.roll_pad + 1} {button}" + (f"  * {note}" if note else "")
        font.draw(surface, _fit(font, words, PANEL_W - 8), x0, fy, LABEL, "small")


def draw_branches(surface: pygame.Surface, font, ui) -> None:
    tas = ui.tas
    x = W + 4
    font.draw(surface, f"Branches ({ui.key_words('branches')}: back, Return: restore)", x, ROLL_Y, LABEL, "small")
    if not tas.branches:
        font.draw(surface, "none yet: a load while recording keeps", x, ROLL_Y + ROW, DIM, "small")
        font.draw(surface, "the tail it cuts off as a branch", x, ROLL_Y + 2 * ROW, DIM, "small")
        return
    for k, br in enumerate(tas.branches[:(H - ROLL_Y - ROW) // ROW]):
        y = ROLL_Y + ROW * (k + 1)
        if k == ui.branch_at:
            pygame.draw.rect(surface, CURSOR, (W + 1, y - 1, PANEL_W - 1, ROW))
        words = f"{k + 1}: from {br.frame + 1:,}, {len(br.inputs):,} frames" + (f": {br.note}" if br.note else "")
        font.draw(surface, _fit(font, words, PANEL_W - 8), x, y, WHITE, "small")


def draw_help(surface: pygame.Surface, font, ui) -> None:
    """The keys, over the whole canvas."""
    lines = ui.help_lines()
    width = CANVAS[0] - 8
    h = min(H - 4, 16 + ROW * len(lines))
    window(surface, (4, 2, width, h), WINDOW_BG)
    font.draw(surface, "TAS keys (any key closes this)", 10, 6, GOLD, "small")
    for i, (keys, what) in enumerate(lines):
        y = 6 + ROW * (i + 1)
        font.draw(surface, _fit(font, keys, 118), 10, y, WHITE, "small")
        font.draw(surface, _fit(font, what, width - 132), 130, y, INFO, "small")


def _fit(font, text: str, width: int) -> str:
    """``text`` cut to ``width`` pixels of the small face (an ellipsis where cut)."""
    if font.width(text, "small") <= width:
        return text
    while text and font.width(text + "...", "small") > width:
        text = text[:-1]
    return text + "..."
