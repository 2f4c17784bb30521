"""The status screen's pages (X, as in Tower Dream; the shell's paged screen): the players (sums,
towers by size, territory, double turns, walls), the board with its squares named, and the
rules in brief."""
from __future__ import annotations

import pygame

from ....frontend.constants import INFO, LABEL, PLAYER_COLOURS, RED, WARN, WHITE
from ....frontend.scenes.status import Page, Status, seat_kind
from ....frontend.screen_text import Paragraph, text_page
from ....frontend.text import tr
from ....frontend.widgets import fit
from ..data import rules
from . import boardview as bv
from .layout import name_rows



def draw_players(status, m, surface, y: int) -> None:
    """Each seat: his sum, towers and territory (T6.2, T4.1), whether he is walled in or one
    enemy tower from it and where (TG4.3; two rows where the squares need them, never cut),
    his double turns and whether T5.2 allows them now (T5.1)."""
    t, font = status.table, m.font
    match = t.game
    scores = match.scores()
    claims = match.claims()
    first, step = (11, 8) if len(t.names) > 3 else (12, 9)        # four players: rows closer, apart from the next
    for p in range(len(t.names)):
        c = PLAYER_COLOURS[t.colour_of[p]]
        font.draw(surface, fit(font, t.names[p], 150, "main"), 8, y, c)
        font.draw(surface, seat_kind(t, p), 248, y + 2, LABEL, "small", align="right")
        sizes = [s for o, s in zip(match.owner, match.size) if o == p]
        rows = [(tr("Sum {sum}: {k} tower(s), tallest {top}; territory {ground}", sum=scores[p], k=len(sizes),
                    top=max(sizes, default=0), ground=claims.count(p)), WHITE)]
        rows += [(line, wall_colour(status, match, p)) for line in font.wrap(wall_line(status, match, p), 232, "small")]
        rows.append((double_line(match, p), INFO))
        for i, (line, colour) in enumerate(rows[:4]):
            font.draw(surface, line, 16, y + first + i * step, colour, "small")
        y += 45 if len(t.names) > 3 else 52


def wall_line(status, match, p: int) -> str:
    """Whether ``p`` is walled in, one enemy tower from it (TG4.3: the squares, the first six
    and how many more), or where he can build."""
    if match.walled_in(p):
        return tr("Walled in: nowhere left to build (TG4.3).")
    found = threats(status, match, p)
    if found:
        squares = sorted({sq for sq, _ in found}, key=match.geo.index.get)
        more = len(squares) - 6
        shown = ", ".join(squares[:6]) + (tr(" and {k} more", k=more) if more > 0 else "")
        return tr("Danger: one enemy tower at {squares} walls him in (TG4.3).", squares=shown)
    return tr("Can build on {k} square(s).", k=len(match.placements(p)))


def wall_colour(status, match, p: int) -> tuple:
    return RED if match.walled_in(p) else WARN if threats(status, match, p) else LABEL


def double_line(match, p: int) -> str:
    """``p``'s double turns (T5.1) and whether T5.2 (a tower of 3 or more) allows one now."""
    status = match.declare_status(p)
    need = rules().declare_min_size
    if status.left == 0:
        return tr("Double turns: none left (T5.1).")
    if not status.tall:
        return tr("Double turns: {k} left. T5.2: no {need}+ tower yet.", k=status.left, need=need)
    if status.reason is None:
        return tr("Double turns: {k} left. T5.2: may declare now.", k=status.left)
    return tr("Double turns: {k} left. T5.2 met (a {need}+ tower).", k=status.left, need=need)


def threats(status, match, p: int) -> list:
    """TG4.3's threats against seat ``p`` (kept in the screen's cache of drawing, made again when the
    match moves)."""
    key = (status.table.host.session.inputs, match.fingerprint())
    cache = status._cache.get("threats")
    if cache is None or cache[0] != key:
        cache = status._cache["threats"] = (key, {})
    if p not in cache[1]:
        cache[1][p] = match.wall_threats(p) if not match.over else []
    return cache[1][p]


def draw_board(status, m, surface, y: int) -> None:
    """The board with its columns and rows named (TG1.1), territory tinted; the legend."""
    t, font = status.table, m.font
    match = t.game
    n = match.n
    cell = min(20, 176 // n)
    x0, y0 = 18, y + 12
    claims = match.claims()
    pic = bv.board_picture(font, n, cell, match.owner, match.size, claims, t.colour_of)
    surface.blit(pic, (x0, y0))
    for i in range(n):
        font.draw(surface, bv.COLUMNS[i], x0 + i * cell + cell // 2 - 2, y0 - 9, LABEL, "small")
        font.draw(surface, str(i + 1), x0 - 3, y0 + i * cell + (cell - 8) // 2, LABEL, "small", align="right")
    lx = x0 + n * cell + 8
    ly = y0
    for p, name in enumerate(t.names):
        colour = t.colour_of[p]
        pygame.draw.rect(surface, PLAYER_COLOURS[colour], (lx, ly + 1, 7, 7))
        for row in name_rows(font, name, 250 - lx - 10):        # a long name on two rows, never cut
            font.draw(surface, row, lx + 10, ly, PLAYER_COLOURS[colour], "small")
            ly += 9
        font.draw(surface, tr("{k} claimed", k=claims.count(p)), lx + 10, ly, WHITE, "small")
        ly += 13
    ly += 4
    for line in font.wrap(tr("Tinted: territory. Only its claimer builds there (T3.1)."), 250 - lx, "small"):
        font.draw(surface, line, lx, ly, LABEL, "small")
        ly += 9


BUILDING = (                          # Towers in brief for a new player (RULES-towers.md 3-4)
    "Your turn: build one tower on an empty square no rival claims (T3.1), or pass. Size 1 goes anywhere (T3.2).",
    "A tower of size s needs one of (T3.3): an own tower taller than s beside it; or two towers of s-1+ beside it, one "
    "yours; or one beside and two at its corners of s-1+, one yours. Beside: the four squares next to it; corners: "
    "the four diagonal ones.",
    "Territory: empty ground walled off by one player's towers alone; only he builds there (T4.1). It counts once "
    "every player has a tower (TG4.2).",
    "Whose towers touch no square he may use is walled in and can only pass (TG4.3): red corners warn you where one "
    "more enemy tower would do it.",
)
TURNS = (                             # double turns, the end, demolition (the option in play) and the keys
    "Double turns: twice a game, with a tower of 3 or more, press Y for an extra turn right after the current one, "
    "yours or a rival's (T5.1, T5.2).",
    "The end: the board is full, or after a pass the next player may end it (T6.1); once every player has passed "
    "since the last tower, it ends at once (TG6.1). The higher sum of sizes wins (T6.2).",
    Paragraph("Demolition (B menu): remove one of your towers if none is left unsupported, then build (T7.1).",
              {"demolish": "advanced"}),
    Paragraph("Corporate war (B menu): remove one of your towers; every tower left unsupported falls, again and again "
              "(T7.2).", {"demolish": "war"}),
    "Keys: A builds, B opens the turn's menu, Y declares a double turn (from any player's pad), X shows this screen, "
    "Start pauses.",
)
STATUS = Status((Page("Players", draw_players), Page("Board", draw_board),
                 Page("Building", text_page(BUILDING, 9, 238, INFO, 5, last=200)),
                 Page("Turns", text_page(TURNS, 9, 238, INFO, 5, last=200))),
                tab_step=62, foot=(213, 203), overlay_at=(4, 212, "left"))
