"""The Towers board drawn from tiles (RULES-towers.md section 8, PRESENTATION.md's look).

A square is a paved city lot; a tower is a block in its owner's colour whose height grows with
its size (50 storeys a size), its size as a digit on a plate in the owner's colour at its foot,
and a roof of the owner's own shape (flat, peaked, stepped, a mast: colour is never the only
cue); claimed territory is the claimer's colour dithered over the lots (every other pixel, no
alpha: 15-bit colours only).

Pictures are made once and kept in this module's caches (never in a scene's state): a board
picture is keyed by everything it shows, so a frame that changes nothing costs one blit.
"""
from __future__ import annotations

from functools import lru_cache

import pygame

from ....frontend.art import dither
from ....frontend.constants import BLACK, GOLD, INK, PLAYER_COLOURS, PLAYER_DARK, RED, WHITE, rgb15
from ....frontend.draw_shapes import box, canvas, half

SEAM = rgb15(32, 40, 56)                       # between two lots
COLUMNS = "abcdefghijkl"


def square_name(n: int, i: int) -> str:
    """TG1.1: the name of square index ``i`` (row by row from a1) on an n x n board."""
    return f"{COLUMNS[i % n]}{i // n + 1}"


@lru_cache(maxsize=None)
def lot(cell: int, alt: bool) -> pygame.Surface:
    """One paved lot, ``cell`` pixels square (the board's checker: ``alt`` every other square)."""
    s = pygame.Surface((cell, cell))
    s.fill(rgb15(64, 72, 96) if alt else rgb15(56, 64, 88))
    pygame.draw.line(s, SEAM, (0, cell - 1), (cell - 1, cell - 1))
    pygame.draw.line(s, SEAM, (cell - 1, 0), (cell - 1, cell - 1))
    for fx, fy in ((3, 5), (11, 3), (17, 9), (6, 15), (14, 18), (20, 14)):
        x, y = fx * cell // 24, fy * cell // 24
        if x < cell - 2 and y < cell - 2:
            s.set_at((x, y), rgb15(88, 96, 120))          # a speck of gravel
    return s


@lru_cache(maxsize=None)
def tint(cell: int, colour: int, phase: int) -> pygame.Surface:
    """A claimed lot: the claimer's colour on every other pixel."""
    return dither((cell - 1, cell - 1), PLAYER_COLOURS[colour] if colour >= 0 else GOLD, phase)


@lru_cache(maxsize=None)
def tower(size: int, colour: int, cell: int, ghost: bool = False) -> pygame.Surface:
    """A tower of ``size`` (1-9) in colour ``colour`` (0-3) for a square of ``cell`` pixels:
    a block as tall as its size, lit windows a floor, the owner's roof; ``ghost``: dithered
    (a preview of what would stand there)."""
    if ghost:
        return half(tower(size, colour, cell))
    bw = max(6, cell * 13 // 24)
    side = max(2, bw // 4)                     # the shaded side's width
    y0 = 3 if cell >= 16 else 2                # the roof's height
    low = max(3, cell // 8)                    # a 1's height; a 9 reaches the top of the lot
    body = low + (cell - 6 - low) * (size - 1) // 8
    s = canvas(bw + 1, body + y0 + 2)
    main, dark = PLAYER_COLOURS[colour], PLAYER_DARK[colour]
    pygame.draw.rect(s, main, (0, y0, bw, body + 1))
    pygame.draw.rect(s, dark, (bw - side, y0, side, body + 1))
    for y in range(y0 + 2, y0 + body - 1, 2):                                               # a row of windows a floor
        for x in range(2, bw - side - 1, 3):
            s.set_at((x, y), rgb15(248, 240, 160) if (x + y + size) % 5 else rgb15(24, 32, 56))     # lit or dark
    pygame.draw.rect(s, BLACK, (0, y0, bw, body + 1), 1)
    shape = colour % 4
    mid = bw // 2
    if shape == 0:                                                  # a flat roof with a ledge
        pygame.draw.rect(s, dark, (0, y0 - 1, bw, 2))
        pygame.draw.line(s, BLACK, (0, y0 - 1), (bw - 1, y0 - 1))
    elif shape == 1:                                                # a peak
        pygame.draw.polygon(s, dark, [(1, y0), (mid, 0), (bw - 2, y0)])
        pygame.draw.polygon(s, BLACK, [(1, y0), (mid, 0), (bw - 2, y0)], 1)
    elif shape == 2:                                                # a step
        box(s, (bw // 4, 1, bw - bw // 2, y0), dark, BLACK)
    else:                                                           # a mast
        pygame.draw.line(s, BLACK, (mid, 0), (mid, y0 - 1))
        s.set_at((mid, 0), RED)
    return s


def draw_tower(font, surface, x: int, y: int, cell: int, size: int, colour: int, ghost: bool = False,
               digit_colour=None, sink: int = 0) -> None:
    """A tower on the square whose top-left is (x, y): the block at the right of the lot, its
    size on a plate at the left of its foot. ``sink``: the percent of it gone below ground (falling)."""
    if cell < 14:                                   # a small picture: a coloured block and the digit
        box(surface, (x + 1, y + 1, cell - 2, cell - 2), PLAYER_DARK[colour] if not ghost else INK,
            PLAYER_COLOURS[colour])
        font.draw(surface, str(size), x + cell // 2 - 2, y + (cell - 8) // 2, WHITE, "small")
        return
    t = tower(size, colour, cell, ghost)
    bw, th = t.get_size()
    sink = th * sink // 100
    surface.blit(t, (x + cell - bw - 1, y + cell - 1 - th + sink), (0, 0, bw, th - sink))
    if sink:                                        # falling: the plate has gone with it
        return
    big = cell >= 22                                # the plate's digit in the main face, else the small one
    fw, fh = (7, 11) if big else (6, 8)
    px, py = x + 1, y + cell - fh - 2
    box(surface, (px, py, fw + 1, fh + 1), INK, PLAYER_COLOURS[colour])
    font.draw(surface, str(size), px + 2 if big else px + 1, py, digit_colour or PLAYER_COLOURS[colour],
              "main" if big else "small")


def board_picture(font, n: int, cell: int, owner, size, claims, colour_of) -> pygame.Surface:
    """The whole board as it stands (lots, territory, towers), made once per position."""
    return _board(font, n, cell, tuple(owner), tuple(size), tuple(claims), tuple(colour_of))


@lru_cache(maxsize=64)
def _board(font, n: int, cell: int, owner, size, claims, colour_of) -> pygame.Surface:
    s = pygame.Surface((cell * n, cell * n))
    for i in range(n * n):
        cx, cy = (i % n) * cell, (i // n) * cell
        s.blit(lot(cell, (i % n + i // n) % 2 == 1), (cx, cy))
        if claims[i] >= 0 and owner[i] < 0:
            s.blit(tint(cell, colour_of[claims[i]], 0), (cx, cy))
    for i in range(n * n):                           # towers after every lot: a tall one may lean over
        if owner[i] >= 0:
            draw_tower(font, s, (i % n) * cell, (i // n) * cell, cell, size[i], colour_of[owner[i]])
    return s


def cursor_frame(surface, x: int, y: int, cell: int, frame: int, colour=None) -> None:
    """The cursor: a frame around the square that blinks gold and white."""
    c = colour or (GOLD if (frame // 8) % 2 == 0 else WHITE)
    pygame.draw.rect(surface, c, (x - 1, y - 1, cell + 1, cell + 1), 2)
    pygame.draw.rect(surface, INK, (x + 1, y + 1, cell - 3, cell - 3), 1)


def mark_frame(surface, x: int, y: int, cell: int, colour) -> None:
    pygame.draw.rect(surface, colour, (x, y, cell - 1, cell - 1), 1)


def warning_mark(surface, x: int, y: int, cell: int) -> None:
    """TG4.3's warning on a square: a red corner (one more enemy tower here walls you in)."""
    k = max(4, cell // 3)
    pygame.draw.polygon(surface, RED, [(x + cell - 1 - k, y), (x + cell - 2, y), (x + cell - 2, y + k)])
    pygame.draw.line(surface, WHITE, (x + cell - 3, y + 1), (x + cell - 3, y + 2))


__all__ = ["square_name", "lot", "tint", "tower", "draw_tower", "board_picture", "cursor_frame", "mark_frame",
           "warning_mark", "COLUMNS"]
