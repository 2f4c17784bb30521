"""Windows, text boxes and menus: the SFC's blue windows, drawn by code."""
from __future__ import annotations

import pygame

from .text import tr
from .constants import A, B, DOWN, GOLD, GREY, INK, UP, WHITE, WINDOW_BG, WINDOW_EDGE, WINDOW_SHADE, rgb15


EDGE = 3                 # a window's double edge and the dark line inside it, each side: text stays inside


def window(surface: pygame.Surface, rect, bg=WINDOW_BG) -> None:
    """A bordered window: a light double edge with rounded corners on a blue field (its text
    stands ``EDGE`` pixels in from every side)."""
    x, y, w, h = rect
    pygame.draw.rect(surface, bg, (x + 1, y + 1, w - 2, h - 2))
    pygame.draw.rect(surface, WINDOW_SHADE, (x + 2, y + h - 3, w - 4, 1))
    pygame.draw.line(surface, WINDOW_EDGE, (x + 2, y), (x + w - 3, y))
    pygame.draw.line(surface, WINDOW_EDGE, (x + 2, y + h - 1), (x + w - 3, y + h - 1))
    pygame.draw.line(surface, WINDOW_EDGE, (x, y + 2), (x, y + h - 3))
    pygame.draw.line(surface, WINDOW_EDGE, (x + w - 1, y + 2), (x + w - 1, y + h - 3))
    for cx, cy in ((x + 1, y + 1), (x + w - 2, y + 1), (x + 1, y + h - 2), (x + w - 2, y + h - 2)):
        surface.set_at((cx, cy), WINDOW_EDGE)
    pygame.draw.rect(surface, INK, (x + 2, y + 2, w - 4, h - 4), 1)


def cursor(surface: pygame.Surface, x: int, y: int, frame: int, colour=WHITE) -> None:
    """The pointing hand: a small triangle that bobs."""
    dx = (frame // 8) % 2
    pygame.draw.polygon(surface, colour, [(x + dx, y), (x + dx + 4, y + 3), (x + dx, y + 6)])


class Menu:
    """A vertical list: up/down (with repeat), A to choose, B to cancel (if ``cancel``)."""

    def __init__(self, items: list[str], cancel: bool = True, index: int = 0, enabled: list[bool] | None = None,
                 rows: int = 8) -> None:
        self.items = items
        self.cancel = cancel
        self.index = index
        self.enabled = enabled or [True] * len(items)
        self.rows = rows
        self.first = 0
        self.chosen: int | None = None
        self.cancelled = False

    def handle(self, b, pad: int, m=None) -> None:
        n = len(self.items)
        if b.repeat(pad, UP):
            self.index = (self.index - 1) % n
        elif b.repeat(pad, DOWN):
            self.index = (self.index + 1) % n
        if b.press(pad, A) and self.enabled[self.index]:
            self.chosen = self.index
            if m is not None:
                m.sound("select")
        elif b.press(pad, B) and self.cancel:
            self.cancelled = True
            if m is not None:
                m.sound("cancel")
        if self.index < self.first:
            self.first = self.index
        elif self.index >= self.first + self.rows:
            self.first = self.index - self.rows + 1

    def draw(self, m, surface: pygame.Surface, x: int, y: int, width: int, title: str | None = None) -> None:
        font = m.font
        shown = self.items[self.first:self.first + self.rows]
        h = 12 * len(shown) + 8 + (12 if title else 0)
        window(surface, (x, y, width, h))
        ty = y + 4
        if title:
            font.draw(surface, tr(title), x + 6, ty, GOLD)
            ty += 12
        for i, label in enumerate(shown):
            k = self.first + i
            colour = WHITE if self.enabled[k] else GREY
            font.draw(surface, tr(label), x + 14, ty + i * 12, colour)
            if k == self.index:
                cursor(surface, x + 6, ty + i * 12 + 3, m.frame)
        if self.first > 0:
            font.draw(surface, "^", x + width - 10, y + 3, GOLD, "small")
        if self.first + self.rows < len(self.items):
            font.draw(surface, "v", x + width - 10, y + h - 11, GOLD, "small")


class TextBox:
    """A message typed out at the text speed; A hurries it, then A (or time) closes it."""

    def __init__(self, text: str, speaker: str | None = None, name: str | None = None, colour=WHITE,
                 hold: int = 50, wait: bool = False) -> None:
        self.text = text
        self.speaker = speaker
        self.name = name
        self.colour = colour
        self.hold = hold          # frames it stays once typed (when not ``wait``)
        self.wait = wait          # stays until A
        self.shown = 0.0
        self.held = 0
        self.done = False
        self._lines: tuple[int, list[str]] | None = None     # a cache of drawing: never state

    def layout(self, font, width: int) -> list[str]:
        if self._lines is None or self._lines[0] != width:
            self._lines = (width, font.wrap(self.text, width))
        return self._lines[1]

    def update(self, m, pad_a: bool) -> None:
        total = len(self.text)
        per = m.text_frames()
        if self.shown < total:
            before = int(self.shown)
            if pad_a or per == 0 or m.fast():
                self.shown = total
            else:
                self.shown += 1 / per
                if int(self.shown) // 3 != before // 3 and self.text[before:int(self.shown)].strip():
                    m.sound("blip")
            return
        self.held += 4 if m.fast() else 1
        if pad_a or (not self.wait and self.held >= self.hold):
            self.done = True

    def visible(self) -> int:
        return int(self.shown)


def fit(font, text: str, width: int, face: str = "small") -> str:
    """``text`` cut to ``width`` pixels, with a full stop where it was cut (names are kept whole
    where they fit: a panel is as wide as the longest name of the roster)."""
    if font.width(text, face) <= width:
        return text
    while text and font.width(text + ".", face) > width:
        text = text[:-1].rstrip()            # never "Cosmic ." for Cosmic Will
    return text + "."


# ---------------------------------------------------------------- backdrops
SKY_TOP = rgb15(16, 16, 56)
SKY_LOW = rgb15(72, 40, 112)


def skyline(surface: pygame.Surface, frame: int, seed: int = 7) -> None:
    """A night sky and city drawn by code: the same every time, windows twinkling by frame."""
    for y in range(224):
        t = y / 224
        c = tuple(int(a + (b - a) * t) & 0xF8 for a, b in zip(SKY_TOP, SKY_LOW))
        pygame.draw.line(surface, c, (0, y), (255, y))
    x = 0
    k = seed
    while x < 256:
        k = (k * 1103515245 + 12345) & 0x7FFFFFFF
        w = 12 + k % 20
        h = 30 + (k >> 8) % 90
        shade = rgb15(24, 24, 48) if (k >> 4) % 2 else rgb15(32, 32, 64)
        pygame.draw.rect(surface, shade, (x, 224 - h, w - 1, h))
        for wy in range(224 - h + 4, 220, 6):
            for wx in range(x + 2, x + w - 3, 4):
                lit = ((wx * 7 + wy * 13 + k) % 11) < 3
                blink = ((wx + wy + frame // 30) % 17) == 0
                if lit != blink:
                    surface.set_at((wx, wy), rgb15(248, 224, 120))
                    surface.set_at((wx + 1, wy), rgb15(248, 224, 120))
        x += w


def big_text(m, surface, text: str, cx: int, y: int, colour, scale: int = 3) -> None:
    """Text drawn at a whole-number scale (pixels stay square and sharp)."""
    w = m.font.width(text)
    s = pygame.Surface((w + 2, 14), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    m.font.draw(s, text, 1, 1, INK)
    m.font.draw(s, text, 0, 0, colour)
    big = pygame.transform.scale(s, (s.get_width() * scale, s.get_height() * scale))
    surface.blit(big, (cx - big.get_width() // 2, y))
