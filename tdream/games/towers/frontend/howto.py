"""The pieces of Towers' How-to-play pictures (``howto-pictures.yaml`` describes each picture;
``frontend/howto_paint.py`` draws it): small boards drawn with the table's own tiles and towers
(``boardview``), marks on their squares, the picks' grid, a full board's sums. No words in them:
the page's text says it, in the language on screen; only digits, square letters and the buttons'
letters, which read the same in both. 15-bit colours, no alpha blending (the towers' ghosts and
the tints are dithered).
"""
from __future__ import annotations

import pygame

from ....frontend.constants import BLACK, GOLD, GREY, INK, PLAYER_COLOURS, WHITE
from ....frontend.howto_paint import Painter, Pictures, placed
from .. import board as bd
from . import boardview as bv


def board(m, surface, x: int, y: int, n: int, cell: int, towers: dict, counting: bool = True) -> None:
    """A small ``n`` x ``n`` board at (x, y), ``cell`` pixels a square: ``towers`` {square: (seat,
    size)}, the territory tinted as the rules claim it (T4.1, counting or not)."""
    geo = bd.geometry(n)
    owner, size = [-1] * geo.cells, [0] * geo.cells
    for sq, (o, s) in towers.items():
        owner[geo.index[sq]], size[geo.index[sq]] = o, s
    claims = bd.claims(geo, owner, counting)
    surface.blit(bv.board_picture(m.font, n, cell, owner, size, claims, (0, 1, 2, 3)), (x, y))    # seat k: colour k
    pygame.draw.rect(surface, BLACK, (x - 1, y - 1, n * cell + 2, n * cell + 2), 1)


def on_square(draw):
    """A mark drawn on square ``sq`` of an ``n`` x ``n`` board drawn at (x, y)."""
    def piece(m, surface, x: int, y: int, n: int, cell: int, sq: str, *args, **kwargs) -> None:
        i = bd.geometry(n).index[sq]
        draw(m, surface, x + (i % n) * cell, y + (i // n) * cell, cell, *args, **kwargs)
    return piece


def ghost(m, surface, x: int, y: int, cell: int, size: int, seat: int) -> None:
    """A tower about to be built, under the cursor."""
    bv.draw_tower(m.font, surface, x, y, cell, size, seat, ghost=True, digit_colour=WHITE)
    bv.cursor_frame(surface, x, y, cell, 0, GOLD)


def tower(m, surface, x: int, y: int, size: int, seat: int, cell: int) -> None:
    """A tower standing on y."""
    t = bv.tower(size, seat, cell)
    surface.blit(t, (x, y - t.get_height()))


def sum_row(m, surface, x: int, y: int, seat: int, text: str, win: bool) -> None:
    """A seat's tower and its sum (T6.2), a gold frame round the winner's."""
    tower(m, surface, x, y + 14, 6, seat, 20)
    w = m.font.width(text)
    m.font.draw(surface, text, x + 16, y + 2, PLAYER_COLOURS[seat])
    if win:
        pygame.draw.rect(surface, GOLD, (x + 13, y, w + 6, 14), 1)


def pick_grid(m, surface, x: int, y: int, seat: int, pick: int, first: bool) -> None:
    """A player's secret number on the 3x3 grid of the pad (TG2.1), his tower under it (framed in
    gold: he goes first)."""
    gy = y + 10
    pygame.draw.rect(surface, INK, (x - 6, gy - 5, 46, 46))
    pygame.draw.rect(surface, PLAYER_COLOURS[seat], (x - 6, gy - 5, 46, 46), 1)
    for s in range(1, 10):
        sx, sy = x + ((s - 1) % 3) * 13, gy + ((s - 1) // 3) * 13
        if s == pick:
            pygame.draw.rect(surface, PLAYER_COLOURS[seat], (sx - 2, sy - 1, 10, 12), 1)
        m.font.draw(surface, str(s), sx, sy, WHITE if s == pick else GREY)
    t = bv.tower(6, seat, 28)
    tx, ty = x + 17 - t.get_width() // 2, y + 92 - t.get_height()
    surface.blit(t, (tx, ty))
    if first:
        pygame.draw.rect(surface, GOLD, (tx - 4, ty - 3, t.get_width() + 8, t.get_height() + 6), 1)


def full_board(m, surface, x: int, y: int, sizes: list) -> None:
    """A full 5x5 board (towers of ``sizes``, the left two and a half columns blue) and each
    one's sum beside it, the winner's framed (T6.1, T6.2)."""
    towers = {}
    for i, s in enumerate(sizes):
        towers[bv.square_name(5, i)] = (0 if (i % 5) < 2 or (i % 5 == 2 and i // 5 < 3) else 1, s)
    board(m, surface, x, y, 5, 18, towers)
    sums = [0, 0]
    for o, s in towers.values():
        sums[o] += s
    for k in range(2):
        sum_row(m, surface, x + 116, y + 24 + k * 32, k, f"= {sums[k]}", sums[k] > sums[1 - k])


PIECES: dict[str, Painter] = {
    "board": board, "ghost": on_square(ghost), "tower": tower, "sum_row": sum_row, "pick_grid": pick_grid,
    "full_board": full_board, "frame": on_square(placed(bv.mark_frame)), "warning": on_square(placed(bv.warning_mark))}
PICTURES = Pictures(__file__, PIECES)

__all__ = ["board", "PICTURES", "PIECES"]
