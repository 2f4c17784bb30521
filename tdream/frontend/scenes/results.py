"""Results (PRESENTATION.md screen 15): ranking, Wealth breakdown, Wealth over time; the game
record is already saved (it was written as the game went)."""
from __future__ import annotations

import pygame

from ..constants import A, GOLD, GREY, INK, PLAYER_COLOURS, START, WHITE, rgb15
from ..machine import Scene
from ..text import tr
from ..widgets import window
from .status import wealth_parts


def short_path(path) -> str:
    """A file's path as a person reads it: the home folder as ~ (it is wrapped, never cut)."""
    import os
    text = str(path)
    home = os.path.expanduser("~")
    if home and home != "/" and text.startswith(home + os.sep):
        text = "~" + text[len(home):]
    return text


class ResultsScene(Scene):
    overlay_at = (2, 214, "left")

    def __init__(self, table) -> None:
        self.table = table

    def enter(self, m) -> None:
        self.age = 0

    def handle(self, m, b) -> None:
        if self.age > 30 and b.any_press(A | START) >= 0:
            m.pop()                          # the results
            m.pop()                          # the table: back to what started it (title, campaign, records)
            if not m.stack:
                from .title import TitleScene
                m.quit = False
                m.push(TitleScene())

    def update(self, m) -> None:
        self.age += 1
        m.song = "results"

    def draw(self, m, surface) -> None:
        game = self.table.game
        font = m.font
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("RESULTS"), 128, 6, GOLD, align="centre")
        reason = {"percent": "the Lands are covered", "broke": "a player went broke", "stalemate": "no more moves",
                  "rounds": "the round limit"}.get(game.over_reason, game.over_reason)
        font.draw(surface, tr("{board}, {k} turns: {why}", board=tr(game.board.name), k=self.table.turn_number(),
                              why=tr(reason)), 128, 20, rgb15(200, 216, 248), "small", align="centre")
        wealth = game.wealth()
        parts = wealth_parts(game)
        y = 32
        font.draw(surface, tr("Cash"), 128, y, rgb15(160, 168, 200), "small", align="right")
        font.draw(surface, tr("Property"), 172, y, rgb15(160, 168, 200), "small", align="right")
        font.draw(surface, tr("Bonus"), 210, y, rgb15(160, 168, 200), "small", align="right")
        font.draw(surface, tr("Wealth"), 250, y, rgb15(160, 168, 200), "small", align="right")
        y += 10
        for rank, group in enumerate(game.ranking(wealth), 1):
            for p in group:
                cash, props, bonus = parts[p]
                font.draw(surface, f"{rank}.", 8, y, GOLD if rank == 1 else WHITE, "small")
                surface.blit(m.art.tokens[self.table.colour_of[p]], (20, y - 2))
                font.draw(surface, game.names[p][:12], 34, y, PLAYER_COLOURS[self.table.colour_of[p]], "small")
                for value, right in ((cash, 128), (props, 172), (bonus, 210), (wealth[p], 250)):
                    font.draw(surface, f"{value:,}", right, y, WHITE, "small", align="right")
                y += 12
        self.draw_graph(m, surface, (16, 104, 228, 80))
        if self.table.writer is not None:
            lines = font.wrap(tr("Record: {path}", path=short_path(self.table.writer.path)), 244, "small")
            for i, line in enumerate(lines[-2:]):
                font.draw(surface, line, 6, 190 + i * 9, GREY, "small")
        if self.age > 30 and (m.frame // 30) % 2 == 0:
            font.draw(surface, tr("A: to the title"), 250, 212, WHITE, "small", align="right")

    def draw_graph(self, m, surface, rect) -> None:
        """Wealth after every turn, one line a player."""
        x0, y0, w, h = rect
        hist = self.table.history
        pygame.draw.rect(surface, rgb15(16, 24, 56), rect)
        pygame.draw.rect(surface, rgb15(88, 96, 160), rect, 1)
        top = max(max(row) for row in hist) or 1
        low = min(0, min(min(row) for row in hist))
        span = max(1, top - low)
        n = max(2, len(hist))
        for q in range(1, 4):
            yy = y0 + h - h * q // 4
            pygame.draw.line(surface, rgb15(40, 48, 96), (x0 + 1, yy), (x0 + w - 2, yy))
        for p in range(len(hist[0])):
            pts = [(x0 + 1 + (w - 3) * i // (n - 1), y0 + h - 2 - (h - 4) * (row[p] - low) // span)
                   for i, row in enumerate(hist)]
            if len(pts) >= 2:
                pygame.draw.lines(surface, PLAYER_COLOURS[self.table.colour_of[p]], False, pts)
        m.font.draw(surface, f"{top:,}G", x0 + 1, y0 - 9, rgb15(160, 168, 200), "small")
        m.font.draw(surface, tr("Wealth over the game"), x0 + w - 1, y0 - 9, rgb15(160, 168, 200), "small", align="right")
