"""Title (PRESENTATION.md screen 1): the logo over a night skyline, "press Start"."""
from __future__ import annotations

import pygame

from ..constants import A, GOLD, INK, START, WHITE, rgb15
from ..machine import Scene
from ..text import tr
from ..widgets import Menu, window

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


DEMO_AFTER = 900          # frames idle on the title before the demo (15 s)
DEMO_LENGTH = 3600        # frames of demo play (a minute), then back to the title


class TitleScene(Scene):
    def __init__(self) -> None:
        self.menu: Menu | None = None
        self.demos = 0

    def enter(self, m) -> None:
        self.idle = 0

    def handle(self, m, b) -> None:
        if b.any_press(0xFFF) >= 0:
            self.idle = 0
        if self.menu is None and self.idle >= DEMO_AFTER:
            self.demos += 1
            m.push(DemoScene(m.seed ^ (self.demos * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF)))
            self.idle = 0
            return
        if self.menu is None:
            if b.any_press(START | A) >= 0:
                self.menu = Menu(["Free play", "Continue", "Campaign", "Practice", "Spectate", "Records", "Options",
                                  "Quit"], cancel=True, rows=8)
                self.pad = b.any_press(START | A)
            return
        self.menu.handle(b, self.pad, m)
        if b.press(self.pad, START):
            self.menu.chosen = self.menu.index
        if self.menu.cancelled:
            self.menu = None
            return
        if self.menu.chosen is not None:
            choice = self.menu.items[self.menu.chosen]
            self.menu.chosen = None
            from .setup import SetupScene
            if choice == "Free play":
                m.push(SetupScene(spectate=False))
            elif choice == "Practice":
                m.push(SetupScene(spectate=False, practice=True))
            elif choice == "Continue":
                from .modes import ContinueScene
                m.push(ContinueScene())
            elif choice == "Campaign":
                from .modes import CampaignScene
                m.push(CampaignScene())
            elif choice == "Records":
                from .modes import RecordsScene
                m.push(RecordsScene())
            elif choice == "Spectate":
                m.push(SetupScene(spectate=True))
            elif choice == "Options":
                from .pause import OptionsScene
                m.push(OptionsScene(self.pad))
            else:
                m.quit = True

    def update(self, m) -> None:
        self.idle += 1
        m.song = "title"

    def draw(self, m, surface) -> None:
        skyline(surface, m.frame)
        # the tower in the middle, floor by floor
        for i in range(18):
            y = 200 - i * 8
            pygame.draw.rect(surface, rgb15(56, 72, 136), (112, y, 32, 8))
            pygame.draw.rect(surface, rgb15(24, 32, 80), (112, y, 32, 8), 1)
            for wx in (117, 125, 133):
                surface.set_at((wx, y + 3), rgb15(248, 232, 144) if (i + wx) % 3 else rgb15(88, 96, 160))
                surface.set_at((wx + 1, y + 3), rgb15(248, 232, 144) if (i + wx) % 3 else rgb15(88, 96, 160))
        top = 60 if self.menu is None else 26            # the menu open: the logo makes room for it
        pygame.draw.polygon(surface, GOLD, [(128, top - 14), (120, top - 4), (136, top - 4)])
        big_text(m, surface, "TOWER", 128, top, GOLD)
        big_text(m, surface, "DREAM", 128, top + 40, WHITE)
        if self.menu is None:
            m.font.draw(surface, tr("a table game of Landmarks, Companies and Towers"), 128, 148,
                        rgb15(200, 200, 232), "small", INK, align="centre")
            if (m.frame // 30) % 2 == 0:
                m.font.draw(surface, tr("PRESS START"), 128, 176, WHITE, shadow=INK, align="centre")
            m.font.draw(surface, tr("tdream  (c) the tdream authors"), 128, 214, rgb15(136, 136, 176), "small",
                        align="centre")
        else:
            self.menu.draw(m, surface, 84, 108, 88)
        if m.warning:
            window(surface, (4, 4, 248, 20))
            m.font.draw(surface, m.warning[:60], 8, 10, GOLD, "small")


class DemoScene(Scene):
    """The title's demo: four CPU characters play on a board while the title waits; any button
    (or a minute) goes back. Nothing is recorded."""

    overlay_at = (254, 32, "right")      # as on the table it shows

    def __init__(self, seed: int) -> None:
        from ...games.towerdream.ai import CHARACTER_IDS
        from ...rng import Rng
        from .setup import BOARD_ORDER
        from .table import GameSetup, TableScene
        rng = Rng(seed)
        pool = list(CHARACTER_IDS)
        rng.shuffle(pool)
        board = BOARD_ORDER[rng.below(len(BOARD_ORDER))]
        self.table = TableScene(GameSetup(board, seed, pool[:4]), demo=True)
        self.age = 0

    def enter(self, m) -> None:
        self.table.enter(m)

    def exit(self, m) -> None:
        self.table.exit(m)

    def handle(self, m, b) -> None:
        if self.age > 10 and b.any_press(0xFFF) >= 0:
            m.pop()

    def update(self, m) -> None:
        self.age += 1
        self.table.update(m)
        if self.age >= DEMO_LENGTH or self.table.done:
            m.pop()

    def draw(self, m, surface) -> None:
        self.table.draw(m, surface)
        if (self.age // 40) % 2 == 0:
            pygame.draw.rect(surface, INK, (88, 150, 80, 14))
            m.font.draw(surface, tr("DEMO PLAY"), 128, 151, GOLD, align="centre")
