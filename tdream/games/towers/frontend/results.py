"""Results (PRESENTATION.md screen 15) for Towers: the final board beside the ranking, each
player's sum of sizes (T6.2) broken down by tower size, the sums over the game, the record. Each
player is marked by a small tower of his colour and roof (the board's own), not a token."""
from __future__ import annotations

from ....frontend.constants import GOLD, GREY, INK, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.scenes.results import ResultsScene, short_path
from ....frontend.text import tr
from ....platform.protocol import places
from ....frontend import widgets
from ....frontend.widgets import fit
from . import boardview as bv

DIM = rgb15(160, 168, 200)
REASONS = {"full": "the board is full", "ended": "ended after a pass", "passes": "a round of passes"}


class TowersResults(ResultsScene):
    overlay_at = (4, 212, "left")        # the timer and pads in the bottom row, inside the window, under the record

    def draw(self, m, surface) -> None:
        host = self.table.host
        match = host.match
        font = m.font
        surface.fill(INK)
        widgets.window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("RESULTS"), 128, 5, GOLD, align="centre")
        res = match.result()
        names = self.table.names                                # as the screen says them
        n = match.n
        font.draw(surface, tr("{n}x{n} board, {k} turn(s): {why}", n=n, k=match.progress(),
                              why=tr(REASONS.get(res.reason, res.reason))), 128, 18, rgb15(200, 216, 248), "small",
                  align="centre")
        cell = 104 // n                                      # the final board
        x0, y0 = 8, 30
        pic = bv.board_picture(font, n, cell, match.owner, match.size, match.claims(), host.colour_of)
        surface.blit(pic, (x0, y0))
        x, y = 122, 30
        font.draw(surface, tr("Sums (sizes 1-3/4-6/7-9)"), x, y, DIM, "small")
        y += 11
        step = 23 if len(match.names) <= 3 else 21              # four rows leave the verdict its room
        for rank, group in places(res.ranking):
            for p in group:
                colour = PLAYER_COLOURS[host.colour_of[p]]
                font.draw(surface, f"{rank}.", x, y + 2, GOLD if rank == 1 else WHITE, "small")
                t = bv.tower(5, host.colour_of[p], 16)              # his tower, never a token like a cup
                surface.blit(t, (x + 11, y + 11 - t.get_height()))
                font.draw(surface, fit(font, names[p], 84, "main"), x + 24, y, colour)
                font.draw(surface, str(res.scores[p]), 250, y, GOLD if rank == 1 else WHITE, align="right")
                parts = dict(host.game.score_parts(match, p))
                font.draw(surface, tr("= {a} + {b} + {c}", a=parts.get("towers 1-3", 0), b=parts.get("towers 4-6", 0),
                                      c=parts.get("towers 7-9", 0)), 250, y + 12, DIM, "small", align="right")
                y += step
        if len(res.ranking[0]) > 1:
            verdict = tr("A draw: equal sums (TG6.2).")
        else:
            verdict = tr("{who} wins: the higher sum of sizes (T6.2).", who=names[res.ranking[0][0]])
        for line in font.wrap(verdict, 128, "small")[:3]:
            font.draw(surface, line, x, y + 2, GOLD, "small")
            y += 9
        top = max(160, y + 10)                                  # the graph's label under the verdict
        self.draw_graph(m, surface, (16, top, 228, 186 - top))
        if host.writer is not None and not m.movie:     # a movie's records go with it
            rec = font.wrap(tr("Record: {path}", path=short_path(host.writer.path)), 244, "small")
            for i, line in enumerate(rec[-2:]):
                font.draw(surface, line, 6, 192 + i * 9, GREY, "small")
        self.draw_footer(m, surface)

    def draw_graph(self, m, surface, rect) -> None:
        """Each player's sum after every turn, one line a player (the shell's graph, named for Towers)."""
        import pygame
        x0, y0, w, h = rect
        host = self.table.host
        hist = host.history
        pygame.draw.rect(surface, rgb15(16, 24, 56), rect)
        pygame.draw.rect(surface, rgb15(88, 96, 160), rect, 1)
        top = max(max(row) for row in hist) or 1
        n = max(2, len(hist))
        for q in range(1, 4):
            yy = y0 + h - h * q // 4
            pygame.draw.line(surface, rgb15(40, 48, 96), (x0 + 1, yy), (x0 + w - 2, yy))
        for p in range(len(hist[0])):
            pts = [(x0 + 1 + (w - 3) * i // (n - 1), y0 + h - 2 - (h - 4) * row[p] // top) for i, row in enumerate(hist)]
            if len(pts) >= 2:
                pygame.draw.lines(surface, PLAYER_COLOURS[host.colour_of[p]], False, pts)
        m.font.draw(surface, str(top), x0 + 1, y0 - 9, DIM, "small")
        m.font.draw(surface, tr("Sum of sizes over the game"), x0 + w - 1, y0 - 9, DIM, "small", align="right")
