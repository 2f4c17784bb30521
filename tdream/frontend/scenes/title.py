"""Title (PRESENTATION.md screen 1): the chosen game's logo over a night skyline, "press Start".

Left and right (L and R in the menu) choose the game among those the registry has front ends
for; the menu is that game's modes (its front end's ``MODES``: Free play, Continue, Campaign,
Practice, Spectate), How to play (when the game has its pages) and the shared ones (Records,
Netplay..., Options, Quit). Netplay... is a window's alone (a window's reader runs, never a movie,
a TAS or a headless run: as Options > TAS tools), so what the same pads do in a movie stays. Idle for 15 s, the chosen game's
demo plays for a minute.
"""
from __future__ import annotations

import pygame

from ...platform import registry
from ..constants import GOLD, INK, LEFT, RIGHT, START, WHITE, A, L, R, rgb15
from ..frontends import frontend_of, frontends
from ..machine import Scene
from ..text import tr
from ..widgets import Menu, big_text, skyline, window
from .netplay_menu import NetplayMenuScene

DEMO_AFTER = 900          # frames idle on the title before the demo (15 s)
DEMO_LENGTH = 3600        # frames of demo play (a minute), then back to the title
SHARED = ("Records", "Options", "Quit")
MENU_ROWS = 9             # the title's menu shows every item (a game's modes, How to play, the shared ones;
#                           Netplay... in a window: a row more, that a movie's state never has)


def netplay_here(m) -> bool:
    """The title offers Netplay... in a window's sitting alone (a window's reader runs; never a
    movie, a TAS or a headless run), as Options offers TAS tools."""
    return m.reader is not None and not m.movie


def playable() -> list[str]:
    """The registered games that have a front end, in the registry's order."""
    return list(frontends())


class TitleScene(Scene):
    def __init__(self, game: str | None = None) -> None:
        self.menu: Menu | None = None
        self.demos = 0
        self.game: str = game or ""      # the game chosen ("": the one last played, at enter)

    def enter(self, m) -> None:
        self.idle = 0
        games = playable()
        if self.game not in games:
            last = m.settings.last.get("game")
            self.game = last if last in games else registry.DEFAULT

    @property
    def front(self):
        return frontend_of(self.game)

    def items(self, m) -> list[str]:
        learn = ["How to play"] if self.front.howto() else []
        net = ["Netplay..."] if netplay_here(m) else []
        return list(self.front.MODES) + learn + list(SHARED[:1]) + net + list(SHARED[1:])

    def choose_game(self, m, step: int) -> None:
        games = playable()
        if len(games) < 2:
            return
        self.game = games[(games.index(self.game) + step) % len(games)]
        m.settings.last = {**m.settings.last, "game": self.game}
        m.settings_changed = True
        m.sound("select")
        if self.menu is not None:                       # the same item stays chosen when the other game has it
            keep = self.menu.items[self.menu.index]
            self.menu = Menu(self.items(m), cancel=True, rows=max(MENU_ROWS, len(self.items(m))))
            if keep in self.menu.items:
                self.menu.index = self.menu.items.index(keep)

    def handle(self, m, b) -> None:
        if b.any_press(0xFFF) >= 0:
            self.idle = 0
        if self.menu is None and self.idle >= DEMO_AFTER:
            self.demos += 1
            m.push(DemoScene(self.game, m.seed ^ (self.demos * 0x9E3779B97F4A7C15 & 0xFFFFFFFFFFFFFFFF)))
            self.idle = 0
            return
        if self.menu is None:
            for mask, step in ((LEFT | L, -1), (RIGHT | R, 1)):
                if b.any_press(mask) >= 0:
                    self.choose_game(m, step)
            if b.any_press(START | A) >= 0:
                self.menu = Menu(self.items(m), cancel=True, rows=max(MENU_ROWS, len(self.items(m))))
                self.pad = b.any_press(START | A)
            return
        for mask, step in ((L, -1), (R, 1)):
            if b.press(self.pad, mask):
                self.choose_game(m, step)
        self.menu.handle(b, self.pad, m)
        if b.press(self.pad, START):
            self.menu.chosen = self.menu.index
        if self.menu.cancelled:
            self.menu = None
            return
        if self.menu.chosen is not None:
            choice = self.menu.items[self.menu.chosen]
            self.menu.chosen = None
            if choice == "Continue":
                from .modes import ContinueScene  # start-up: the title's first frame needs no other scene
                m.push(ContinueScene(self.game))
            elif choice == "Records":
                from .modes import RecordsScene  # start-up: the title's first frame needs no other scene
                m.push(RecordsScene(self.game))
            elif choice == "How to play":
                from .learn import HowToScene  # start-up: the title's first frame needs no other scene
                m.push(HowToScene(self.game))
            elif choice == "Netplay...":
                m.push(NetplayMenuScene(self.pad))
            elif choice == "Options":
                from .pause import OptionsScene  # start-up: the title's first frame needs no other scene
                m.push(OptionsScene(self.pad))
            elif choice == "Quit":
                m.quit = True
            else:
                m.push(self.front.mode_scene(m, choice))

    def update(self, m) -> None:
        self.idle += 1
        m.song = "title"

    def draw(self, m, surface) -> None:
        skyline(surface, m.frame)
        top = 60 if self.menu is None else 26            # the menu open: the logo makes room for it
        if self.menu is not None and len(self.menu.items) > 9:
            top = 12                                     # ten items (Netplay... too): more room
        self.front.draw_logo(m, surface, top)
        several = len(playable()) > 1
        if self.menu is None:
            name = tr(registry.get(self.game).name)
            if several:
                m.font.draw(surface, f"<  {name}  >", 128, 144, GOLD, "main", INK, align="centre")
            m.font.draw(surface, tr(self.front.SUBTITLE), 128, 160, rgb15(200, 200, 232), "small", INK, align="centre")
            if (m.frame // 30) % 2 == 0:
                m.font.draw(surface, tr("PRESS START"), 128, 180, WHITE, shadow=INK, align="centre")
            if m.notice:                    # the compiled engine being built, or ready (tdream native --background)
                m.font.draw(surface, tr(m.notice), 128, 200, rgb15(200, 200, 232), "small", INK, align="centre")
            m.font.draw(surface, tr("tdream  (c) the tdream authors"), 128, 214, rgb15(136, 136, 176), "small",
                        align="centre")
        else:
            rows = min(self.menu.rows, len(self.menu.items))        # nine items (How to play too): a row higher
            top = 108 - 10 * max(0, rows - 8) if rows <= 9 else 86      # ten (Netplay... too): higher again
            self.menu.draw(m, surface, 84, top, 88)
            if several and m.stack and m.stack[-1] is self:      # not under Options or Records
                m.font.draw(surface, tr("L/R: another game"), 128, 214 + min(1, max(0, rows - 8)), rgb15(200, 200, 232),
                            "small", INK,
                            align="centre")
        if m.warning:                       # a damaged file's one line, wrapped (a path is long)
            lines = m.font.wrap(m.warning, 238, "small")[:3]
            window(surface, (4, 4, 248, 11 + 9 * len(lines)))
            for i, line in enumerate(lines):
                m.font.draw(surface, line, 8, 8 + 9 * i, GOLD, "small")


class DemoScene(Scene):
    """The title's demo: CPU characters play the chosen game while the title waits; any button
    (or a minute) goes back. Nothing is recorded."""

    overlay_at = (254, 32, "right")

    def __init__(self, game: str, seed: int) -> None:
        self.inner = frontend_of(game).demo_scene(seed)
        self.age = 0

    @property
    def table(self):
        return self.inner

    def enter(self, m) -> None:
        self.inner.enter(m)

    def exit(self, m) -> None:
        self.inner.exit(m)

    def handle(self, m, b) -> None:
        if self.age > 10 and b.any_press(0xFFF) >= 0:
            m.pop()

    def update(self, m) -> None:
        self.age += 1
        self.inner.update(m)
        if self.age >= DEMO_LENGTH or self.inner.done:
            m.pop()

    def draw(self, m, surface) -> None:
        self.inner.draw(m, surface)
        if (self.age // 40) % 2 == 0:        # where the table says: never over its board
            cx, y = self.inner.demo_label_at()
            pygame.draw.rect(surface, INK, (cx - 40, y - 1, 80, 13))
            m.font.draw(surface, tr("DEMO PLAY"), cx, y, GOLD, align="centre")
