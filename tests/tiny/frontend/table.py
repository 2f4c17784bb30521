"""Coin XO's table on the shell's (``tdream/frontend/table.py``): the 4x4 board and its marks, the
coin, each seat's panel, a human's cursor; its events as beats; its status pages (players, rules).
Nothing here drives the match:
the shell's table asks the drive loop what comes next and gives the answers."""
from __future__ import annotations

import pygame

from tdream.frontend.constants import A, DOWN, GOLD, INK, LABEL, LEFT, PLAYER_COLOURS, RED, RIGHT, UP, WHITE, rgb15
from tdream.frontend.scenes.status import Page, Status, seat_kind
from tdream.frontend.table import Beat, Prompt, TableScene
from tdream.frontend.text import tr, tr_in
from tdream.frontend.widgets import fit, window

from .. import threats
from ..match import Marked, Over, Place, Started, Tossed

CELL, X0, Y0 = 36, 56, 24            # the board: 4 cells of 36 pixels, from (56, 24)
BOARD, GRID, INFO = rgb15(40, 48, 96), rgb15(88, 96, 160), rgb15(200, 224, 248)


class PlacePrompt(Prompt):
    """A human's mark: the d-pad moves the cursor over the board, A places it (a square the match
    refuses stays, with the rule's reason)."""

    answer = None

    def __init__(self, match, seat: int, name: str) -> None:
        self.match, self.seat, self.name = match, seat, name
        self.age, self.cursor, self.message = 0, match.cells.index(-1), ""

    def handle(self, m, b, pad: int) -> None:
        n = self.match.n
        x, y = self.cursor % n, self.cursor // n
        for mask, dx, dy in ((LEFT, -1, 0), (RIGHT, 1, 0), (UP, 0, -1), (DOWN, 0, 1)):
            if b.repeat(pad, mask):
                x, y = max(0, min(n - 1, x + dx)), max(0, min(n - 1, y + dy))
                self.cursor, self.message = y * n + x, ""
        if b.press(pad, A):
            place = Place(self.match.square(self.cursor))
            self.message = self.match.check(place, self.seat) or ""
            self.answer = None if self.message else place
            m.sound("cancel" if self.message else "select")

    def text(self) -> str:
        return tr("{who}: place your mark.", who=self.name)

    def lines(self, m) -> list:
        here = tr("D-pad: square {square}. A: mark it.", square=self.match.square(self.cursor))
        return [(self.message, RED)] if self.message else [(here, INFO)]


def draw_players(status, m, surface, y: int) -> None:
    """Each seat: his name, who plays him, his score, marks and threats (squares where his next
    mark makes a line)."""
    t, font = status.table, m.font
    match = t.game
    for p, score in enumerate(match.scores()):
        font.draw(surface, fit(font, t.names[p], 150, "main"), 8, y, PLAYER_COLOURS[t.colour_of[p]])
        font.draw(surface, seat_kind(t, p), 248, y + 2, LABEL, "small", align="right")
        k = sum(1 for i, c in enumerate(match.cells) if c < 0 and match.line_made(i, p))
        font.draw(surface, tr("Points {score}: {marks} mark(s), {k} threat(s)", score=score,
                              marks=match.cells.count(p), k=k), 16, y + 12, WHITE, "small")
        y += 30


def draw_rules(status, m, surface, y: int) -> None:
    """The options in play, each in its set-up words, and its help line."""
    t, font = status.table, m.font
    for spec in t.gamedef.options:
        value = t.host.session.options[spec.name]
        template, fields = spec.shown(value)
        font.draw(surface, tr_in(t.gamedef.id, spec.shown_label()), 8, y, GOLD)
        font.draw(surface, tr_in(t.gamedef.id, template, **fields), 248, y, WHITE, align="right")
        for line in font.wrap(tr_in(t.gamedef.id, spec.shown_help(value)), 232, "small")[:2]:
            font.draw(surface, line, 16, y + 12, INFO, "small")
            y += 9
        y += 18


class CoinXOTable(TableScene):
    status = Status((Page("Players", draw_players), Page("Rules", draw_rules)))

    def narrate(self, m, events: list) -> None:
        n = self.names
        for e in events:
            if isinstance(e, Started):
                self.say(tr("Coin XO: {x} (X) against {o} (O). A coin before every mark.", x=n[0], o=n[1]), hold=50)
            elif isinstance(e, Tossed):
                self.add(Beat("coin", 24, player=e.player, data=(e.side,), sound="blip", cpu=self.is_cpu(e.player)))
                if e.side == "tails":
                    self.say(tr("{who} tosses tails: the turn is lost (X2.1).", who=n[e.player]), e.player, 30)
            elif isinstance(e, Marked):
                self.add(Beat("mark", 10, player=e.player, data=(e.square,), sound="build", cpu=self.is_cpu(e.player)))
                self.say(tr("{who} marks {square}.", who=n[e.player], square=e.square), e.player, 24)
            elif isinstance(e, Over):
                scores = self.game.scores()
                text = (tr("The board is full: {a} to {b}.", a=scores[0], b=scores[1]) if e.winner < 0 else
                        tr("{line} in a row: {who} wins with {score}.", line=", ".join(e.line), who=n[e.winner],
                           score=scores[e.winner]))
                self.banner(tr("GAME OVER"), text, hold=80)

    def make_prompt(self, m, kind: str, seat: int):
        return PlacePrompt(self.game, seat, self.names[seat])

    def start_beat(self, m, beat: Beat) -> None:
        if beat.kind == "mark":                       # the mark is on the board from its beat on
            self.shown.cells[self.shown.index(beat.data[0])] = beat.player

    def pilot(self, prompt, answer) -> int:
        n, target = self.game.n, self.game.index(answer.value)
        (x, y), (tx, ty) = (prompt.cursor % n, prompt.cursor // n), (target % n, target // n)
        if (x, y) == (tx, ty):
            return A
        return (RIGHT if tx > x else LEFT) if x != tx else (DOWN if ty > y else UP)

    # ---------------------------------------------------------------- drawing
    def draw_board(self, m, surface) -> None:
        shown, n = self.shown, self.shown.n
        pygame.draw.rect(surface, BOARD, (X0, Y0, CELL * n, CELL * n))
        for i, seat in enumerate(shown.cells):
            x, y = X0 + i % n * CELL, Y0 + i // n * CELL
            pygame.draw.rect(surface, GRID, (x, y, CELL, CELL), 1)
            m.font.draw(surface, shown.square(i), x + 2, y + 1, GRID, "small")
            if seat >= 0:
                self.draw_mark(surface, x, y, seat)
            if shown.over and shown.square(i) in shown.line and (m.frame // 16) % 2 == 0:
                pygame.draw.rect(surface, GOLD, (x + 1, y + 1, CELL - 2, CELL - 2), 2)
        prompt = self.prompt if self.beat is None else None
        if prompt is not None:
            x, y = X0 + prompt.cursor % n * CELL, Y0 + prompt.cursor // n * CELL
            pygame.draw.rect(surface, WHITE if (m.frame // 8) % 2 == 0 else GOLD, (x, y, CELL, CELL), 2)

    def draw_mark(self, surface, x: int, y: int, seat: int) -> None:
        colour = PLAYER_COLOURS[self.colour_of[seat]]
        if seat == 0:
            pygame.draw.line(surface, colour, (x + 9, y + 9), (x + CELL - 10, y + CELL - 10), 3)
            pygame.draw.line(surface, colour, (x + CELL - 10, y + 9), (x + 9, y + CELL - 10), 3)
        else:
            pygame.draw.circle(surface, colour, (x + CELL // 2, y + CELL // 2), 10, 3)

    def draw_hud(self, m, surface) -> None:
        """Each seat's panel (name, its mark, marks on the board, the coin while it spins); the turn."""
        font, shown = m.font, self.shown
        m.font.draw(surface, tr("Turn {turn}", turn=shown.progress() + 1), 128, 8, WHITE, "small", align="centre")
        for p, x in ((0, 2), (1, 204)):
            colour = PLAYER_COLOURS[self.colour_of[p]]
            window(surface, (x, 24, 50, 80))
            if p == shown.to_move and not shown.over:
                pygame.draw.rect(surface, colour, (x + 2, 26, 46, 76), 1)
            font.draw(surface, fit(font, self.names[p], 42), x + 5, 29, colour, "small")
            font.draw(surface, "XO"[p], x + 25, 42, colour, align="centre")
            font.draw(surface, tr("{k} mark(s)", k=shown.cells.count(p)), x + 5, 60, WHITE, "small")
            beat = self.beat
            if beat is not None and beat.kind == "coin" and beat.player == p:
                spin = beat.age < m.anim(beat.frames, beat.cpu) - 8
                w = (12, 8, 3, 8)[beat.age // 3 % 4] if spin else 12
                pygame.draw.ellipse(surface, GOLD, (x + 25 - w // 2, 76, w, 20))
                if not spin:
                    font.draw(surface, "H" if beat.data[0] == "heads" else "T", x + 25, 80, INK, align="centre")
