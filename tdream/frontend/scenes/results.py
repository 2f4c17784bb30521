"""Results (PRESENTATION.md screen 15), shared by every game: the ranking with each seat's score
broken down (``GameDef.score_parts``), the scores over the match, where the record is (it was
written as the match went). ``table`` is the game's table scene; its ``host`` is the match's."""
from __future__ import annotations

import pygame

from ..constants import A, GOLD, GREY, INK, PLAYER_COLOURS, START, WHITE, X, rgb15
from ...platform.protocol import places
from ..machine import Scene
from ..text import tr
from ..widgets import fit, window
from ..frontends import frontend_of
from ...platform.options import full_options


def short_path(path) -> str:
    """A file's path as a person reads it: the home folder as ~ (it is wrapped, never cut)."""
    import os
    text = str(path)
    home = os.path.expanduser("~")
    if home and home != "/" and text.startswith(home + os.sep):
        text = "~" + text[len(home):]
    return text


def record_note(m, host) -> str:
    """What the results say of the match's record: where to watch it again (Records), or why it
    was not kept; nothing for a movie's (its folder goes with it) or a match not recorded."""
    if host.warning:
        return tr("This game was not recorded ({why}).", why=host.warning)
    if host.writer is None or m.movie or host.replaying:
        return ""
    return tr("Kept: watch it again from Records.")


class ResultsScene(Scene):
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
        from ..match import MatchSetup
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

    def draw_footer(self, m, surface) -> None:
        """What the keys do, blinking once the results can be left: A to the title, X a rematch."""
        if self.age > 30 and (m.frame // 30) % 2 == 0:
            text = tr("A: to the title") if self.rematch_setup() is None else tr("X: play again   A: to the title")
            m.font.draw(surface, text, 250, 200, WHITE, "small", align="right")

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
        opts = full_options(game, host.session.options)
        where = game.variant_name(game.variant(opts)) or game.name
        font.draw(surface, tr("{board}, {k} turn(s): {why}", board=tr(where), k=match.progress(),
                              why=tr(game.words.reason(res.reason))), 128, 20, rgb15(200, 216, 248), "small",
                  align="centre")
        parts = [game.score_parts(match, p) for p in range(len(match.names))]
        labels = [tr(game.words.part(k)) for k, _ in parts[0]]
        labels.append(tr(game.words.score))
        # each column as wide as its widest label or value, laid from the right with a gap
        rows = [[f"{v:,}" for _, v in parts[p]] + [f"{res.scores[p]:,}"] for p in range(len(match.names))]
        widths = [max([font.width(labels[i], "small")] + [font.width(r[i], "small") for r in rows])
                  for i in range(len(labels))]
        right: list[int] = []
        edge = 250
        for w in reversed(widths):
            right.insert(0, edge)
            edge -= w + 8
        values_w = max(font.width(r[0], "small") for r in rows)     # a name reaches the first values (not labels)
        y = 32
        for text, r in zip(labels, right):
            font.draw(surface, text, r, y, rgb15(160, 168, 200), "small", align="right")
        y += 10
        for rank, group in places(res.ranking):
            for p in group:
                font.draw(surface, f"{rank}.", 8, y, GOLD if rank == 1 else WHITE, "small")
                surface.blit(m.art.tokens[host.colour_of[p]], (20, y - 2))
                font.draw(surface, fit(font, self.table.names[p], right[0] - values_w - 40, "small"), 34, y,
                          PLAYER_COLOURS[host.colour_of[p]], "small")
                for value, r in zip(rows[p], right):
                    font.draw(surface, value, r, y, WHITE, "small", align="right")
                y += 12
        self.draw_graph(m, surface, (16, 104, 228, 80))
        note = record_note(m, host)
        if note:
            font.draw(surface, fit(font, note, 244), 6, 189, GREY, "small")
        self.draw_footer(m, surface)

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
        m.font.draw(surface, f"{top:,}{unit}", x0 + 1, y0 - 9, rgb15(160, 168, 200), "small")
        m.font.draw(surface, tr("{score} over the game", score=tr(host.game.words.score)),
                    x0 + w - 1, y0 - 9, rgb15(160, 168, 200), "small", align="right")
