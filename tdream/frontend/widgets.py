"""Windows, text boxes and menus: the SFC's blue windows, drawn by code."""
from __future__ import annotations

import pygame

from .constants import DOWN, GOLD, GREY, INK, UP, WHITE, WINDOW_BG, WINDOW_EDGE, WINDOW_SHADE, A, B, rgb15
from .draw_shapes import canvas
from .text import tr

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

    def height(self, title: str | None = None) -> int:
        """The window's height as ``draw`` draws it."""
        return 12 * len(self.items[self.first:self.first + self.rows]) + 8 + (12 if title else 0)

    def draw(self, m, surface: pygame.Surface, x: int, y: int, width: int, title: str | None = None) -> None:
        font = m.font
        shown = self.items[self.first:self.first + self.rows]
        h = self.height(title)
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
    """A message typed out at the text speed, a page at a time (``pages``: what the box shows at
    once; a message longer than the box goes on over pages, never loses words); A hurries a page,
    then A (or time) turns to the next page, and after the last closes it."""

    def __init__(self, text: str, speaker: str | None = None, name: str | None = None, colour=WHITE,
                 hold: int = 50, wait: bool = False, pages: list[str] | None = None) -> None:
        self.text = text
        self.pages = list(pages) if pages else [text]
        self.page = 0             # the page shown
        self.speaker = speaker
        self.name = name
        self.colour = colour
        self.hold = hold          # frames a page stays once typed (when not ``wait``)
        self.wait = wait          # stays until A
        self.shown = 0.0          # characters of the page typed so far
        self.held = 0
        self.done = False
        self._lines: tuple[int, list[str]] | None = None     # a cache of drawing: never state

    @property
    def page_text(self) -> str:
        """The text of the page shown."""
        return self.pages[self.page]

    def more(self) -> bool:
        """A page follows the one shown (the box's arrow says so)."""
        return self.page + 1 < len(self.pages)

    def typing(self) -> bool:
        """The page shown is still typing out."""
        return self.shown < len(self.pages[self.page])

    def layout(self, font, width: int) -> list[str]:
        if self._lines is None or self._lines[0] != width:
            self._lines = (width, font.wrap(self.text, width))
        return self._lines[1]

    def update(self, m, pad_a: bool) -> None:
        page = self.pages[self.page]
        total = len(page)
        per = m.text_frames()
        if self.shown < total:
            before = int(self.shown)
            if pad_a or per == 0 or m.fast():
                self.shown = total
            else:
                self.shown += 1 / per
                if int(self.shown) // 3 != before // 3 and page[before:int(self.shown)].strip():
                    m.sound("blip")
            return
        self.held += 4 if m.fast() else 1
        if pad_a or (not self.wait and self.held >= self.hold):
            if self.page + 1 < len(self.pages):
                self.page += 1
                self.shown = 0.0
                self.held = 0
            else:
                self.done = True

    def visible(self) -> int:
        """Characters of the page shown typed so far."""
        return int(self.shown)


def paginate(font, text: str, width: int, lines: int, head_w: int = 0, face: str = "main") -> list[str]:
    """``text`` in pages of at most ``lines`` lines ``width`` pixels wide (each page's first line
    ``head_w`` narrower: a speaker's name before it), cut between words (between characters in
    Japanese): every word on some page, none lost. Each page wraps again to the same lines."""
    pages: list[str] = []
    rest = text
    while True:
        wrapped = font.wrap(rest, width, face, first=width - head_w if head_w else None)
        if len(wrapped) <= lines:
            pages.append(rest)
            return pages
        cut = _offset_after(rest, wrapped[:lines])
        if cut is None or cut <= 0 or not rest[cut:].strip():
            pages.append(rest)
            return pages
        pages.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()


def _offset_after(text: str, lines: list[str]) -> int | None:
    """Where in ``text`` the wrapped ``lines`` end (None if they are not its pieces in order)."""
    pos = 0
    for line in lines:
        if line:
            while pos < len(text) and text[pos] in " \n":
                pos += 1
            if not text.startswith(line, pos):
                return None
            pos += len(line)
    return pos


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
    s = canvas(w + 2, 14)
    m.font.draw(s, text, 1, 1, INK)
    m.font.draw(s, text, 0, 0, colour)
    big = pygame.transform.scale(s, (s.get_width() * scale, s.get_height() * scale))
    surface.blit(big, (cx - big.get_width() // 2, y))
