"""The pieces of Tower Dream's How-to-play pictures (``howto-pictures.yaml`` describes each picture;
``frontend/howto_paint.py`` draws it): small stretches of board drawn with the table's own tiles,
buildings, Building Marks and tokens (``pictures``, ``boardview``), the die, the card piles, the
slot's reels. No words in them: the page's text says it in the language on screen; only numbers,
Land names and the buttons' letters, which read the same in both. 15-bit colours, no alpha
blending (the Company areas are dithered).
"""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INK, PLAYER_COLOURS, PLAYER_DARK, WHITE, rgb15
from ....frontend.howto_paint import Painter, Pictures, picture, placed
from . import pictures
from .boardview import CELL, BoardView
from .colours import COMPANY_COLOURS
from .setpieces import draw_stack, symbol_art

CASH = rgb15(248, 216, 96)
TILES = {"R": "road", "C": "corner", ".": "land"}


def strip(m, surface, x: int, y: int, rows: tuple[str, ...], houses: tuple = (), areas: dict | None = None,
          lit: tuple = (), cursor: tuple | None = None, tokens: tuple = ()) -> None:
    """A stretch of board at (x, y), a cell a character: ``R`` Road, ``C`` a corner, ``.`` a
    Land, `` `` nothing. ``houses`` [col, row, seat (-1 the Bank), Floors, its Building Mark's
    Company (optional)], ``areas`` {Company id: its [col, row] cells} tinted, ``lit`` cells framed
    in gold, ``cursor`` a cell framed in white, ``tokens`` [col, row, seat]."""
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in TILES:
                surface.blit(pictures.tile(TILES[ch]), (x + c * CELL, y + r * CELL))
    for cid, cells in (areas or {}).items():
        for c, r in cells:
            surface.blit(BoardView._overlay(COMPANY_COLOURS[cid]), (x + c * CELL, y + r * CELL))
    for c, r in lit:
        pygame.draw.rect(surface, GOLD, (x + c * CELL + 1, y + r * CELL + 1, CELL - 2, CELL - 2), 1)
    for c, r, seat, floors, *mark in sorted(houses, key=lambda h: (h[1], h[0])):
        colour, dark = (PLAYER_COLOURS[seat], PLAYER_DARK[seat]) if seat >= 0 else (rgb15(168, 168, 176),
                                                                                      rgb15(96, 96, 112))
        b = pictures.building(floors, colour, dark)
        surface.blit(b, (x + c * CELL + 2, y + r * CELL + CELL - 1 - b.get_height()))
        if mark:
            surface.blit(pictures.logo(m.art, mark[0]), (x + c * CELL + 4, y + r * CELL + 3))
        if floors:
            label = str(floors)
            w = m.font.width(label, "small")
            pygame.draw.rect(surface, INK, (x + c * CELL + CELL - w - 1, y + r * CELL + CELL - 8, w + 1, 8))
            m.font.draw(surface, label, x + c * CELL + CELL - w, y + r * CELL + CELL - 8,
                        GOLD if floors >= 13 else WHITE, "small")
    if cursor is not None:
        c, r = cursor
        pygame.draw.rect(surface, WHITE, (x + c * CELL - 1, y + r * CELL - 1, CELL + 2, CELL + 2), 2)
    for c, r, seat in tokens:
        surface.blit(m.art.tokens[seat], (x + c * CELL + 2, y + r * CELL + 2))


def money(m, surface, x: int, y: int, text: str, colour=CASH) -> None:
    """A sum of money on a dark chip (the panels' popping figures)."""
    w = m.font.width(text, "small") + 4
    pygame.draw.rect(surface, INK, (x, y, w, 10))
    m.font.draw(surface, text, x + 2, y + 1, colour, "small")


def die_face(m, surface, x: int, y: int, value: int) -> None:
    """The d10 at (x, y), as the table shows it."""
    surface.blit(pictures.die(), (x, y))
    m.font.draw(surface, str(value), x + 16, y + 6, INK, "main", align="centre")


def wealth(m, surface, x: int, y: int, values: list) -> None:
    """A Wealth bar each standing on y, a seat's token under it, the tallest crowned."""
    for p, v in enumerate(values):
        bh = v * 60 // max(values)
        px = x + p * 22
        pygame.draw.rect(surface, PLAYER_DARK[p], (px, y - bh, 14, bh))
        pygame.draw.rect(surface, PLAYER_COLOURS[p], (px + 1, y + 1 - bh, 12, bh - 2))
        surface.blit(m.art.tokens[p], (px + 1, y + 2))
    cx = x + values.index(max(values)) * 22 + 1
    crown = [(0, 6), (0, 1), (3, 4), (6, 0), (9, 4), (12, 1), (12, 6)]
    pygame.draw.polygon(surface, GOLD, [(cx + a, y - 70 + b) for a, b in crown])


def land(m, surface, x: int, y: int, floors: int) -> None:
    """A Land with a building of ``floors`` standing on it, the count under it."""
    surface.blit(pictures.tile("land"), (x, y))
    b = pictures.building(floors, PLAYER_COLOURS[0], PLAYER_DARK[0])
    surface.blit(b, (x + 2, y + CELL - 1 - b.get_height()))
    m.font.draw(surface, str(floors), x + 8, y + 20, GOLD if floors >= 13 else WHITE, "small", align="centre")


def reel(m, surface, x: int, y: int, symbol: str, edge) -> None:
    """One of the slot machine's reels stopped on ``symbol``."""
    pygame.draw.rect(surface, rgb15(248, 248, 232), (x, y, 20, 22))
    pygame.draw.rect(surface, edge, (x, y, 20, 22), 1)
    surface.blit(symbol_art()[symbol], (x + 2, y + 3))


def covered(m, surface, x: int, y: int, cols: int, rows: int, built: int) -> None:
    """The Lands in a grid, ``built`` of them covered (the players' colours in turn)."""
    for k in range(cols * rows):
        cx, cy = x + (k % cols) * 10, y + (k // cols) * 10
        pygame.draw.rect(surface, pictures.GRASS, (cx, cy, 9, 9))
        if k < built:
            pygame.draw.rect(surface, PLAYER_COLOURS[k % 4], (cx + 2, cy + 2, 5, 5))


PIECES: dict[str, Painter] = {
    "strip": strip, "money": money, "die": die_face, "wealth": wealth, "land": land, "reel": reel, "covered": covered,
    "stack": placed(draw_stack), "token": picture(lambda m, seat: m.art.tokens[seat]),
    "building": picture(lambda m, floors, seat: pictures.building(floors, PLAYER_COLOURS[seat], PLAYER_DARK[seat])),
    "pile": picture(lambda m, animal: pictures.pile(m.art, animal)),
    "icon": picture(lambda m, kind: pictures.icon(m.art, kind)),
    "portrait": picture(lambda m, who: m.art.portrait(who, small=True) or pictures.pile(m.art, "squid"))}
PICTURES = Pictures(__file__, PIECES)

__all__ = ["PICTURES", "PIECES", "strip"]
