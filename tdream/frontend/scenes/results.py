"""Results (PRESENTATION.md screen 15), shared by every game: the ranking from the rows a game
gives (``Ranking``; by default each seat's score broken down by ``GameDef.score_parts``), the
scores over the match, where the record is (it was written as the match went). ``table`` is the
game's table scene; its ``host`` is the match's."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from ...errors import TdreamError
from ...platform.analysis import open_record
from ...platform.options import full_options
from ...platform.protocol import places
from ..constants import GOLD, GREY, INFO, INK, LABEL, PLAYER_COLOURS, START, WHITE, A, X, Y, rgb15
from ..frontends import frontend_of
from ..machine import Scene
from ..match import MatchSetup
from ..text import tr
from ..widgets import fit, window
from .analysis import AnalysisScene


@dataclass(frozen=True)
class Column:
    """A column of the ranking: its heading (words, right-aligned over it; "" for none), at least
    ``least`` pixels wide, the first place's cell in gold when ``best`` (a game's total), and a
    picture the game draws as (part of) its heading, ``picture(surface, right_edge, y)``."""
    heading: str = ""
    least: int = 0
    best: bool = False
    picture: Callable | None = None


@dataclass(frozen=True)
class Ranking:
    """What the results rank, as a game gives it: the columns, each seat's cells (by seat, in the
    columns' order), a line of words under each seat's name (``under``, by seat; or the game's
    ``draw_under`` where ``tall``), the verdict (one or two lines in gold) and notes under it; ``gap``
    pixels between columns (a game of many narrow ones closes them up)."""
    columns: list[Column]
    cells: list[list[str]]
    under: list[str] = field(default_factory=list)
    verdict: str = ""
    notes: tuple[str, ...] = ()
    tall: bool = False
    gap: int = 8

    def __post_init__(self) -> None:
        if self.under:
            object.__setattr__(self, "tall", True)


def record_note(m, host) -> str:
    """What the results say of the match's record: where to watch it again (Records), or why it
    was not kept; nothing for a movie's (its folder goes with it) or a match not recorded."""
    if host.warning:
        return tr("This game was not recorded ({why}).", why=host.warning)
    if host.writer is None or m.movie or host.replaying:
        return ""
    return tr("Kept: watch it again from Records.")


class ResultsScene(Scene):
    """The results: what a game ranks comes from ``ranking`` (data: columns, each seat's cells, a
    line under each name, the verdict, notes); a game overrides ``subtitle`` and ``ranking`` for
    its own words and, only for a drawing truly its own, ``draw_aside`` (beside the ranking),
    ``draw_mark`` (a seat's mark) and ``draw_under`` (under a seat's name)."""
    overlay_at = (2, 214, "left")        # the bottom line is the speedrun overlays': pads left, timer right
    timer_at = (254, 213, "right")

    def __init__(self, table) -> None:
        self.table = table

    def enter(self, m) -> None:
        self.age = 0

    def handle(self, m, b) -> None:
        if self.age <= 30:
            return
        if self.rematch_setup() is not None and b.any_press(X) >= 0:
            self.rematch(m)
        elif self.analysable() and b.any_press(Y) >= 0:
            self.analyse(m)
        elif b.any_press(A | START) >= 0:
            m.pop()                          # the results
            m.pop()                          # the table: back to what started it (title, campaign, records)
            if not m.stack:
                m.quit = False
                m.home()

    def rematch_setup(self):
        """The same game again with the same seats and options, on the sitting's next seed: a
        ``MatchSetup``, or None where a rematch means nothing (a record watched, a demo, a
        scenario's position, a campaign stage)."""
        t = self.table
        host, s = t.host, t.setup
        if host.replaying or host.demo or s.scenario is not None or s.mode in ("campaign", "demo"):
            return None
        seats = host.session.seats
        kinds = [seat.kind for seat in seats]
        profiles = [seat.name for seat in seats if seat.human and not seat.name.startswith("Player ")]
        names = [seat.name for seat in seats if seat.human]
        profiles = [n if n in profiles else None for n in names]
        return MatchSetup(s.game, 0, kinds, dict(host.session.options), mode=s.mode, profiles=profiles,
                          colours={seat.name: seat.colour for seat in seats},
                          pads=[host.pad_of[i] for i, seat in enumerate(seats) if seat.human])

    def rematch(self, m) -> None:
        """X: the same seats play again (a new match of the sitting: its next seed)."""
        setup = self.rematch_setup()
        setup.seed = m.match_seed
        m.match_started()
        m.sound("select")
        m.pop()                              # the results
        m.replace(frontend_of(setup.gamedef.id).table_scene(setup))

    def analysable(self) -> bool:
        """The game wrote a record (or is one watched): Y opens its analysis (issue 40)."""
        host = self.table.host
        if host.demo:
            return False
        if host.replaying:
            return True
        w = host.writer
        return w is not None and not getattr(w, "failed", False) and not host.warning

    def analyse(self, m) -> None:
        """Y: the Analysis screen of this game's record, over the results (B comes back here)."""
        host = self.table.host
        try:
            record = host.watched() if host.replaying else open_record(host.writer.path)
        except (TdreamError, OSError):
            return
        m.sound("select")
        m.push(AnalysisScene(record))

    def draw_footer(self, m, surface) -> None:
        """What the keys do, blinking once the results can be left: A to the title, X a rematch;
        between the blinks, Y the analysis (a game that wrote a record)."""
        if self.age > 30 and (m.frame // 30) % 2 == 0:
            text = tr("A: to the title") if self.rematch_setup() is None else tr("X: play again   A: to the title")
            m.font.draw(surface, text, 250, 200, WHITE, "small", align="right")
        elif self.age > 30 and self.analysable():
            m.font.draw(surface, "Y: analysis", 250, 200, WHITE, "small", align="right")

    def update(self, m) -> None:
        self.age += 1
        m.song = "results"

    def subtitle(self, m) -> str:
        """The line under the title: where it was played, how long, why it ended."""
        host = self.table.host
        match, game = host.match, host.game
        where = game.variant_name(game.variant(full_options(game, host.session.options))) or game.name
        return tr("{board}, {k} turn(s): {why}", board=tr(where), k=match.progress(),
                  why=tr(game.words.reason(match.result().reason)))

    def ranking(self, m) -> Ranking:
        """Each seat's score broken down (``GameDef.score_parts``, named by the game's words)."""
        host = self.table.host
        match, game = host.match, host.game
        scores = match.result().scores
        parts = [game.score_parts(match, p) for p in range(len(match.names))]
        columns = [Column(tr(game.words.part(k))) for k, _ in parts[0]] + [Column(tr(game.words.score))]
        return Ranking(columns, [[f"{v:,}" for _, v in parts[p]] + [f"{scores[p]:,}"] for p in range(len(parts))])

    def draw_aside(self, m, surface) -> tuple[int, int]:
        """A game's drawing beside the ranking (none here): the ranking's left edge, and how far
        down the drawing reaches (the graph starts under both)."""
        return 8, 0

    def draw_mark(self, m, surface, p: int, x: int, y: int) -> None:
        """Seat ``p``'s mark before his name (his token)."""
        surface.blit(m.art.tokens[self.table.host.colour_of[p]], (x, y - 2))

    def draw_under(self, m, surface, p: int, x: int, y: int, right: list[int]) -> None:
        """A game's own drawing on the line under seat ``p``'s name (a tall ranking's); ``right``
        holds the columns' right edges."""

    def draw(self, m, surface) -> None:
        host = self.table.host
        font = m.font
        surface.fill(INK)
        window(surface, (0, 0, 256, 224))
        font.draw(surface, tr("RESULTS"), 128, 6, GOLD, align="centre")
        font.draw(surface, fit(font, self.subtitle(m), 244), 128, 20, INFO, "small", align="centre")
        left, low = self.draw_aside(m, surface)
        y = self.draw_ranking(m, surface, self.ranking(m), left, 32)
        top = min(160, max(104, low + 10, y + 14))             # the graph under all of it
        self.draw_graph(m, surface, (16, top, 228, 184 - top))
        note = record_note(m, host)
        if note:
            font.draw(surface, fit(font, note, 244), 6, 189, GREY, "small")
        self.draw_footer(m, surface)

    def draw_ranking(self, m, surface, r: Ranking, left: int, y: int) -> int:
        """The headings at ``y``, then the seats in their places from ``left`` to 250: place,
        mark, name, each column right-aligned (each as wide as its widest heading or cell, 8
        apart by default), the line under a name, then the verdict and the notes; where it ends."""
        host = self.table.host
        font = m.font
        res = host.match.result()
        widths = [max([col.least, font.width(col.heading, "small")] + [font.width(c[i], "small") for c in r.cells])
                  for i, col in enumerate(r.columns)]
        right: list[int] = []
        edge = 250
        for w in reversed(widths):
            right.insert(0, edge)
            edge -= w + r.gap
        for col, x in zip(r.columns, right):
            font.draw(surface, col.heading, x, y, LABEL, "small", align="right")
            if col.picture is not None:
                col.picture(surface, x, y)
        # a name reaches the first column's cells (a heading stands on its own row)
        values_w = max([r.columns[0].least] + [font.width(c[0], "small") for c in r.cells])
        name_x = left + 26
        y += 10
        for rank, group in places(res.ranking):
            for p in group:
                font.draw(surface, f"{rank}.", left, y, GOLD if rank == 1 else WHITE, "small")
                self.draw_mark(m, surface, p, left + 12, y)
                font.draw(surface, fit(font, self.table.names[p], right[0] - values_w - 6 - name_x, "small"), name_x,
                          y, PLAYER_COLOURS[host.colour_of[p]], "small")
                for col, value, x in zip(r.columns, r.cells[p], right):
                    font.draw(surface, value, x, y, GOLD if col.best and rank == 1 else WHITE, "small", align="right")
                if r.tall:
                    if r.under:
                        font.draw(surface, r.under[p], name_x, y + 9, LABEL, "small")
                    self.draw_under(m, surface, p, name_x, y + 9, right)
                y += 20 if r.tall else 12
        face, step = "main", 12                              # the verdict: two lines at most, else small
        lines = font.wrap(r.verdict, 250 - left) if r.verdict else []
        if len(lines) > 2:
            face, step = "small", 9
            lines = font.wrap(r.verdict, 250 - left, face)
        for line in lines:
            font.draw(surface, line, (left + 250) // 2, y + 2, GOLD, face, align="centre")
            y += step
        for note in r.notes:
            for line in font.wrap(note, 250 - left, "small"):
                font.draw(surface, line, left, y + 2, LABEL, "small")
                y += 9
        return y

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
        unit = host.game.words.unit
        m.font.draw(surface, f"{top:,}{unit}", x0 + 1, y0 - 9, LABEL, "small")
        m.font.draw(surface, tr("{score} over the game", score=tr(host.game.words.score)),
                    x0 + w - 1, y0 - 9, LABEL, "small", align="right")
