"""Results (PRESENTATION.md screen 15), shared by every game: the ranking with each seat's score
broken down (``GameDef.score_parts``), the scores over the match, where the record is (it was
written as the match went). ``table`` is the game's table scene; its ``host`` is the match's."""
from __future__ import annotations

import pygame

from ..constants import A, GOLD, GREY, INK, PLAYER_COLOURS, START, WHITE, rgb15
from ..machine import Scene
from ..text import tr
from ..widgets import fit, window


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
                m.quit = False
                m.home()

    def update(self, m) -> None:
        self.age += 1
        m.song = "results"

    def draw(self, m, surface) -> None:
        host = self.table.host
        match, game = host.match, host.game
        font = m.font
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("RESULTS"), 128, 6, GOLD, align="centre")
        res = match.result()
        opts = game.full_options(dict(getattr(match, "options", {}), **host.setup.options))
        where = game.variant_name(game.variant(opts)) or game.name
        font.draw(surface, tr("{board}, {k} turns: {why}", board=tr(where), k=match.progress(),
                              why=tr(game.reason_text(res.reason))), 128, 20, rgb15(200, 216, 248), "small",
                  align="centre")
        parts = [game.score_parts(match, p) for p in range(len(match.names))]
        labels = [tr(getattr(game, "part_labels", {}).get(k, k.replace("_", " ").capitalize())) for k, _ in parts[0]]
        labels.append(tr(getattr(game, "score_label", "Score")))
        # each column as wide as its widest label or value, laid from the right with a gap
        rows = [[f"{v:,}" for _, v in parts[p]] + [f"{res.scores[p]:,}"] for p in range(len(match.names))]
        widths = [max([font.width(labels[i], "small")] + [font.width(r[i], "small") for r in rows])
                  for i in range(len(labels))]
        right, edge = [], 250
        for w in reversed(widths):
            right.insert(0, edge)
            edge -= w + 8
        y = 32
        for text, r in zip(labels, right):
            font.draw(surface, text, r, y, rgb15(160, 168, 200), "small", align="right")
        y += 10
        for rank, group in enumerate(res.ranking, 1):
            for p in group:
                font.draw(surface, f"{rank}.", 8, y, GOLD if rank == 1 else WHITE, "small")
                surface.blit(m.art.tokens[host.colour_of[p]], (20, y - 2))
                font.draw(surface, fit(font, match.names[p], right[0] - widths[0] - 38, "small"), 34, y,
                          PLAYER_COLOURS[host.colour_of[p]], "small")
                for value, r in zip(rows[p], right):
                    font.draw(surface, value, r, y, WHITE, "small", align="right")
                y += 12
        self.draw_graph(m, surface, (16, 104, 228, 80))
        if host.writer is not None:
            lines = font.wrap(tr("Record: {path}", path=short_path(host.writer.path)), 244, "small")
            for i, line in enumerate(lines[-2:]):
                font.draw(surface, line, 6, 190 + i * 9, GREY, "small")
        if self.age > 30 and (m.frame // 30) % 2 == 0:
            font.draw(surface, tr("A: to the title"), 250, 212, WHITE, "small", align="right")

    def draw_graph(self, m, surface, rect) -> None:
        """The scores after every turn, one line a player."""
        x0, y0, w, h = rect
        host = self.table.host
        hist = host.history
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
                pygame.draw.lines(surface, PLAYER_COLOURS[host.colour_of[p]], False, pts)
        unit = getattr(host.game, "score_unit", "")
        m.font.draw(surface, f"{top:,}{unit}", x0 + 1, y0 - 9, rgb15(160, 168, 200), "small")
        m.font.draw(surface, tr("{score} over the game", score=tr(getattr(host.game, "score_label", "Score"))),
                    x0 + w - 1, y0 - 9, rgb15(160, 168, 200), "small", align="right")
