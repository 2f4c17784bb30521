"""The pictures of Towers' How-to-play pages (``howto.yaml``; the shell's ``scenes/learn.HowToScene``
asks ``TowersFrontend.draw_howto``): small boards drawn with the table's own tiles and towers
(``boardview``), the picks' grid, a pad. No words in them: the page's text says it, in the
language on screen; only digits, square letters and the buttons' letters, which read the same in
both. 15-bit colours, no alpha blending (the towers' ghosts and the tints are dithered).
"""
from __future__ import annotations

import pygame

from ....frontend.constants import BLACK, DIM, GOLD, GREY, INK, LABEL, PLAYER_COLOURS, RED, WHITE, rgb15
from ....frontend.widgets import big_text
from .. import board as bd
from . import boardview as bv

COLOURS = (0, 1, 2, 3)               # seat k in colour k


def board(m, surface, x: int, y: int, n: int, cell: int, towers: dict, counting: bool = True) -> bd.Geometry:
    """A small ``n`` x ``n`` board at (x, y), ``cell`` pixels a square: ``towers`` {square: (seat,
    size)}, the territory tinted as the rules claim it (T4.1, counting or not)."""
    geo = bd.geometry(n)
    owner, size = [-1] * geo.cells, [0] * geo.cells
    for sq, (o, s) in towers.items():
        owner[geo.index[sq]], size[geo.index[sq]] = o, s
    claims = bd.claims(geo, owner, counting)
    surface.blit(bv.board_picture(m.font, n, cell, owner, size, claims, COLOURS), (x, y))
    pygame.draw.rect(surface, BLACK, (x - 1, y - 1, n * cell + 2, n * cell + 2), 1)
    return geo


def at(geo, sq: str, x: int, y: int, cell: int) -> tuple[int, int]:
    """The top-left pixel of square ``sq`` on a board drawn at (x, y)."""
    i = geo.index[sq]
    return x + (i % geo.n) * cell, y + (i // geo.n) * cell


def arrow(surface, x: int, y: int, colour=GOLD) -> None:
    """A small arrow pointing right, its tip at (x + 8, y)."""
    pygame.draw.rect(surface, colour, (x, y - 1, 5, 3))
    pygame.draw.polygon(surface, colour, [(x + 5, y - 4), (x + 8, y), (x + 5, y + 4)])


def sum_row(m, surface, x: int, y: int, seat: int, text: str, win: bool) -> None:
    """A seat's tower and its sum (T6.2), a gold frame round the winner's."""
    t = bv.tower(6, seat, 20)
    surface.blit(t, (x, y + 14 - t.get_height()))
    font = m.font
    w = font.width(text)
    font.draw(surface, text, x + 16, y + 2, PLAYER_COLOURS[seat])
    if win:
        pygame.draw.rect(surface, GOLD, (x + 13, y, w + 6, 14), 1)


# ---------------------------------------------------------------- the pages' pictures
def goal(m, surface, x, y, w, h) -> None:
    """Two players' towers on a small board, and each one's sum: the higher wins (T6.2)."""
    towers = {"b2": (0, 3), "c2": (0, 5), "b3": (0, 4), "c3": (0, 2), "d4": (1, 4), "e4": (1, 3),
              "d5": (1, 2), "e3": (1, 1), "a5": (0, 1)}
    board(m, surface, x + 14, y + 2, 5, 18, towers, counting=True)
    sum_row(m, surface, x + 130, y + 26, 0, "1+3+5+4+2 = 15", True)
    sum_row(m, surface, x + 130, y + 58, 1, "4+3+2+1 = 10", False)


def picks(m, surface, x, y, w, h) -> None:
    """Each player's secret number on the 3x3 grid of the pad (TG2.1); 3 + 8 = 11, 11 or more: the
    smaller number goes first (T2.1)."""
    font = m.font
    for k, (gx, pick) in enumerate(((x + 10, 3), (x + w - 44, 8))):
        gy = y + 10
        pygame.draw.rect(surface, INK, (gx - 6, gy - 5, 46, 46))
        pygame.draw.rect(surface, PLAYER_COLOURS[k], (gx - 6, gy - 5, 46, 46), 1)
        for s in range(1, 10):
            sx, sy = gx + ((s - 1) % 3) * 13, gy + ((s - 1) // 3) * 13
            if s == pick:
                pygame.draw.rect(surface, PLAYER_COLOURS[k], (sx - 2, sy - 1, 10, 12), 1)
            font.draw(surface, str(s), sx, sy, WHITE if s == pick else GREY)
        t = bv.tower(6, k, 28)
        tx, ty = gx + 17 - t.get_width() // 2, y + 92 - t.get_height()
        surface.blit(t, (tx, ty))
        if k == 0:                                  # who goes first
            pygame.draw.rect(surface, GOLD, (tx - 4, ty - 3, t.get_width() + 8, t.get_height() + 6), 1)
    big_text(m, surface, "3 + 8 = 11", x + w // 2, y + 16, WHITE, 2)
    cx = x + w // 2
    pygame.draw.rect(surface, GOLD, (x + 60, y + 72, cx + 40 - (x + 60), 2))      # to the smaller pick
    pygame.draw.polygon(surface, GOLD, [(x + 54, y + 73), (x + 61, y + 68), (x + 61, y + 77)])


def support(m, surface, x, y, w, h) -> None:
    """T3.3's three ways a 4 may stand on the middle square: (a) an own taller tower beside it;
    (b) two of 3+ beside it, one his; (c) one beside and two at its corners, one his."""
    font = m.font
    cases = (("(a)", {"a2": (0, 5)}),
             ("(b)", {"a2": (0, 3), "c2": (1, 3)}),
             ("(c)", {"b1": (1, 3), "a3": (0, 3), "c3": (1, 4)}))
    cell = 22
    for k, (label, towers) in enumerate(cases):
        bx = x + 14 + k * 78
        by = y + 20
        font.draw(surface, label, bx + cell * 3 // 2, y + 4, GOLD, align="centre")
        geo = board(m, surface, bx, by, 3, cell, towers, counting=False)
        cx, cy = at(geo, "b2", bx, by, cell)
        bv.draw_tower(font, surface, cx, cy, cell, 4, 0, ghost=True, digit_colour=WHITE)
        bv.cursor_frame(surface, cx, cy, cell, 0, GOLD)


def territory(m, surface, x, y, w, h) -> None:
    """Ground walled off by one player's towers alone is his (tinted): blue's corner, orange's
    strip; the middle touches both and is nobody's (T4.1)."""
    towers = {"c1": (0, 2), "c2": (0, 3), "a3": (0, 2), "b3": (0, 3), "e6": (1, 2), "e5": (1, 3), "f4": (1, 3),
              "d4": (1, 1), "d3": (0, 1)}
    board(m, surface, x + (w - 90) // 2, y + 3, 6, 15, towers, counting=True)


def walled(m, surface, x, y, w, h) -> None:
    """Left: one more orange tower on the red corner would wall blue in (TG4.3's warning); right:
    it is built, and blue has nowhere left to build."""
    cell = 18
    before = {"a1": (0, 2), "a2": (0, 1), "b1": (1, 3), "b2": (1, 2), "d4": (1, 3)}
    left, right = x + 22, x + w - 22 - 5 * cell
    geo = board(m, surface, left, y + 6, 5, cell, before)
    bv.warning_mark(surface, *at(geo, "a3", left, y + 6, cell), cell)
    arrow(surface, x + w // 2 - 4, y + 6 + 5 * cell // 2)
    geo = board(m, surface, right, y + 6, 5, cell, dict(before, a3=(1, 2)))
    ax, ay = at(geo, "a3", right, y + 6, cell)
    bv.mark_frame(surface, ax, ay, cell, WHITE)
    for sq in ("a1", "a2"):                    # his towers touch no square he may build on
        sx, sy = at(geo, sq, right, y + 6, cell)
        bv.mark_frame(surface, sx, sy, cell, RED)


def double(m, surface, x, y, w, h) -> None:
    """A tower of 3 or more (T5.2), the Y button, two pips for the double turns left (T5.1), and
    two towers in a row."""
    font = m.font
    cell = 18
    geo = board(m, surface, x + 12, y + 6, 5, cell, {"b2": (0, 3), "c3": (1, 2), "c2": (0, 2), "d4": (1, 3)})
    bx, by = at(geo, "b2", x + 12, y + 6, cell)
    bv.mark_frame(surface, bx, by, cell, GOLD)
    cx, cy = x + 132, y + 40                   # the Y button
    pygame.draw.circle(surface, rgb15(40, 160, 80), (cx, cy), 13)
    pygame.draw.circle(surface, BLACK, (cx, cy), 13, 1)
    big_text(m, surface, "Y", cx + 1, cy - 12, WHITE, 2)
    for d in range(2):                         # double turns left: two gold pips
        pygame.draw.rect(surface, GOLD, (cx - 8 + d * 10, cy + 22, 7, 7))
    px = x + 166                               # two turns in a row: 1, then 2
    for k in range(2):
        t = bv.tower(3 + 2 * k, 0, 24)
        tx = px + k * 30
        surface.blit(t, (tx, y + 62 - t.get_height()))
        font.draw(surface, str(k + 1), tx + 4, y + 66, GOLD)
    arrow(surface, px + 17, y + 52)


def end(m, surface, x, y, w, h) -> None:
    """A full board: the game is over and the sums decide it (T6.1, T6.2)."""
    towers = {}
    sizes = (1, 2, 3, 2, 1, 3, 4, 2, 3, 2, 2, 3, 5, 4, 1, 1, 2, 4, 3, 2, 1, 1, 2, 1, 1)
    for i, s in enumerate(sizes):
        sq = bv.square_name(5, i)
        towers[sq] = (0 if (i % 5) < 2 or (i % 5 == 2 and i // 5 < 3) else 1, s)
    board(m, surface, x + 14, y + 2, 5, 18, towers)
    sums = [0, 0]
    for sq, (o, s) in towers.items():
        sums[o] += s
    for k in range(2):
        sum_row(m, surface, x + 130, y + 26 + k * 32, k, f"= {sums[k]}", sums[k] > sums[1 - k])


def pad(m, surface, x, y, w, h) -> None:
    """The pad: +Control Pad, A, B, X, Y, L, R, Select and Start."""
    font = m.font
    body = rgb15(200, 200, 208)
    edge = rgb15(112, 112, 128)
    cx, cy = x + w // 2, y + h // 2 + 6
    pygame.draw.rect(surface, edge, (cx - 86, cy - 40, 30, 6))        # L and R
    pygame.draw.rect(surface, edge, (cx + 56, cy - 40, 30, 6))
    font.draw(surface, "L", cx - 71, cy - 50, WHITE, "small", align="centre")
    font.draw(surface, "R", cx + 71, cy - 50, WHITE, "small", align="centre")
    for ex in (cx - 64, cx + 64):
        pygame.draw.circle(surface, body, (ex, cy), 36)
        pygame.draw.circle(surface, edge, (ex, cy), 36, 1)
    pygame.draw.rect(surface, body, (cx - 64, cy - 36, 128, 73))
    pygame.draw.line(surface, edge, (cx - 64, cy - 36), (cx + 64, cy - 36))
    pygame.draw.line(surface, edge, (cx - 64, cy + 36), (cx + 64, cy + 36))
    dx, dy = cx - 64, cy                      # the +Control Pad
    pygame.draw.rect(surface, INK, (dx - 18, dy - 6, 36, 12))
    pygame.draw.rect(surface, INK, (dx - 6, dy - 18, 12, 36))
    for sx, label in ((cx - 19, "SELECT"), (cx + 19, "START")):
        pygame.draw.rect(surface, DIM, (sx - 8, cy + 4, 16, 5))
        font.draw(surface, label, sx, cy + 12, GREY, "small", align="centre")
    bx, by = cx + 64, cy
    for (ox, oy), label, colour in (((14, 0), "A", rgb15(216, 48, 48)), ((0, 14), "B", rgb15(232, 200, 40)),
                                    ((0, -14), "X", rgb15(56, 96, 216)), ((-14, 0), "Y", rgb15(40, 160, 80))):
        pygame.draw.circle(surface, colour, (bx + ox, by + oy), 8)
        pygame.draw.circle(surface, BLACK, (bx + ox, by + oy), 8, 1)
        font.draw(surface, label, bx + ox + 1, by + oy - 5, WHITE if label != "B" else INK, align="centre")


PICTURES = {"goal": goal, "picks": picks, "support": support, "territory": territory, "walled": walled,
            "double": double, "end": end, "pad": pad}


__all__ = ["board", "PICTURES"]
