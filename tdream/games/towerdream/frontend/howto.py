"""The pictures of Tower Dream's How-to-play pages (``howto.yaml``; the shell's
``scenes/learn.HowToScene`` asks ``TowerDreamFrontend.draw_howto``): small stretches of board
drawn with the table's own tiles, buildings, Building Marks and tokens (``pictures``,
``boardview``), the die, the card piles, the slot's reels, a pad. No words in them: the page's
text says it in the language on screen; only numbers, Land names and the buttons' letters, which
read the same in both. 15-bit colours, no alpha blending (the Company areas are dithered).
"""
from __future__ import annotations

import pygame

from ....frontend.constants import BLACK, GOLD, INK, LABEL, PLAYER_COLOURS, PLAYER_DARK, RED, WHITE, rgb15
from . import pictures
from .boardview import CELL, BoardView
from .colours import COMPANY_COLOURS
from .setpieces import draw_stack, symbol_art

CASH = rgb15(248, 216, 96)


# ---------------------------------------------------------------- pieces
def strip(m, surface, x: int, y: int, rows: list[str], houses: dict | None = None, areas: dict | None = None,
          marks: dict | None = None, lit: tuple = (), cursor=None, tokens: dict | None = None) -> None:
    """A stretch of board at (x, y), a cell a character: ``R`` Road, ``C`` a corner, ``.`` a
    Land, `` `` nothing. ``houses`` {(col, row): (seat or -1 for the Bank, Floors)}, ``areas``
    {(col, row): Company id} tinted, ``marks`` {(col, row): Company id} its Building Mark,
    ``lit`` cells framed in gold, ``cursor`` a cell framed in white, ``tokens`` {(col, row): seat}."""
    houses, areas, marks, tokens = houses or {}, areas or {}, marks or {}, tokens or {}
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            name = {"R": "road", "C": "corner", ".": "land"}.get(ch)
            if name is not None:
                surface.blit(pictures.tile(name), (x + c * CELL, y + r * CELL))
    for (c, r), cid in areas.items():
        surface.blit(BoardView._overlay(COMPANY_COLOURS[cid]), (x + c * CELL, y + r * CELL))
    for (c, r) in lit:
        pygame.draw.rect(surface, GOLD, (x + c * CELL + 1, y + r * CELL + 1, CELL - 2, CELL - 2), 1)
    for (c, r) in sorted(houses, key=lambda cr: (cr[1], cr[0])):
        seat, floors = houses[(c, r)]
        colour, dark = (PLAYER_COLOURS[seat], PLAYER_DARK[seat]) if seat >= 0 else (rgb15(168, 168, 176),
                                                                                      rgb15(96, 96, 112))
        b = pictures.building(floors, colour, dark)
        surface.blit(b, (x + c * CELL + 2, y + r * CELL + CELL - 1 - b.get_height()))
        if (c, r) in marks:
            surface.blit(pictures.logo(m.art, marks[(c, r)]), (x + c * CELL + 4, y + r * CELL + 3))
        if floors:
            label = str(floors)
            w = m.font.width(label, "small")
            pygame.draw.rect(surface, INK, (x + c * CELL + CELL - w - 1, y + r * CELL + CELL - 8, w + 1, 8))
            m.font.draw(surface, label, x + c * CELL + CELL - w, y + r * CELL + CELL - 8, GOLD if floors >= 13 else WHITE,
                        "small")
    if cursor is not None:
        c, r = cursor
        pygame.draw.rect(surface, WHITE, (x + c * CELL - 1, y + r * CELL - 1, CELL + 2, CELL + 2), 2)
    for (c, r), seat in tokens.items():
        surface.blit(m.art.tokens[seat], (x + c * CELL + 2, y + r * CELL + 2))


def arrow(surface, x: int, y: int, colour=GOLD) -> None:
    """A small arrow pointing right, its tip at (x + 8, y)."""
    pygame.draw.rect(surface, colour, (x, y - 1, 5, 3))
    pygame.draw.polygon(surface, colour, [(x + 5, y - 4), (x + 8, y), (x + 5, y + 4)])


def money(m, surface, x: int, y: int, text: str, colour=CASH) -> None:
    """A sum of money on a dark chip (the panels' popping figures)."""
    w = m.font.width(text, "small") + 4
    pygame.draw.rect(surface, INK, (x, y, w, 10))
    m.font.draw(surface, text, x + 2, y + 1, colour, "small")


def die_face(m, surface, x: int, y: int, value: int) -> None:
    """The d10 at (x, y), as the table shows it."""
    surface.blit(pictures.die(), (x, y))
    m.font.draw(surface, str(value), x + 16, y + 6, INK, "main", align="centre")


# ---------------------------------------------------------------- the pages' pictures
def _goal(m, surface, x, y, w, h) -> None:
    """A small board built up: Landmarks, a Company, a Tower and a Grand Tower; the four tokens,
    the richest crowned."""
    rows = ["CRRRRRRC", "R......R", "R......R", "R......R", "CRRRRRRC"]
    bx, by = x + 8, y + 8
    strip(m, surface, bx, by, rows,
          houses={(1, 1): (0, 0), (2, 1): (0, 4), (2, 2): (0, 13), (4, 2): (1, 2), (5, 2): (1, 20), (5, 3): (1, 0),
                  (3, 3): (2, 0), (6, 1): (3, 6)},
          areas={(1, 1): "ace", (2, 1): "ace", (2, 2): "ace", (4, 2): "crest", (5, 2): "crest", (5, 3): "crest"},
          marks={(1, 1): "ace", (4, 2): "crest"}, tokens={(3, 0): 0, (7, 2): 1, (2, 4): 2, (0, 3): 3})
    wealth = (18200, 23900, 6100, 9400)          # a Wealth each, the tallest bar the winner's
    left = bx + 8 * CELL + 18
    for p, v in enumerate(wealth):
        bh = v * 60 // max(wealth)
        px = left + p * 22
        pygame.draw.rect(surface, PLAYER_DARK[p], (px, y + h - 14 - bh, 14, bh))
        pygame.draw.rect(surface, PLAYER_COLOURS[p], (px + 1, y + h - 13 - bh, 12, bh - 2))
        surface.blit(m.art.tokens[p], (px + 1, y + h - 12))
    p = wealth.index(max(wealth))
    crown = [(0, 6), (0, 1), (3, 4), (6, 0), (9, 4), (12, 1), (12, 6)]
    cx, cy = left + p * 22 + 1, y + h - 14 - 60 - 10
    pygame.draw.polygon(surface, GOLD, [(cx + a, cy + b) for a, b in crown])


def _turn(m, surface, x, y, w, h) -> None:
    """The die stopped on 4; the token walking four spaces; the Line of the space it stops on lit,
    its Lands' fee paid and a new Landmark placed there."""
    die_face(m, surface, x + 8, y + 28, 4)
    rows = ["CRRRRRRRRC", "R........R", "R........R", "R........R"]
    bx, by = x + 60, y + 14
    strip(m, surface, bx, by, rows, houses={(5, 2): (2, 3), (5, 3): (0, 0)}, lit=((5, 1), (5, 2), (5, 3)),
          cursor=(5, 1), tokens={(5, 0): 0})
    for k in range(1, 5):
        pygame.draw.circle(surface, WHITE if k < 4 else GOLD, (bx + k * CELL + 8, by + 8), 2)
    surface.blit(m.art.tokens[0], (bx + 1 * CELL + 2, by + 2))
    arrow(surface, bx + 2 * CELL + 4, by - 6)
    arrow(surface, bx + 3 * CELL + 4, by - 6)
    money(m, surface, bx + 6 * CELL + 4, by + 2 * CELL + 2, "-150G", RED)


def _fee(m, surface, x, y, w, h) -> None:
    """A Line lit: its Owner has the most properties on it (a Tower counts more); the player on
    its Road space pays him."""
    rows = ["RRRRRR", "......", "......", "......", "......"]
    bx, by = x + 8, y + 8
    strip(m, surface, bx, by, rows, houses={(2, 1): (1, 13), (2, 2): (1, 2), (2, 3): (3, 0), (2, 4): (1, 0)},
          areas={(2, 1): "echo", (2, 2): "echo"}, marks={(2, 1): "echo"}, lit=((2, 1), (2, 2), (2, 3), (2, 4)),
          tokens={(2, 0): 0})
    arrow(surface, bx + 6 * CELL + 6, y + 40)
    ox = bx + 6 * CELL + 22
    surface.blit(m.art.tokens[0], (ox, y + 14))
    money(m, surface, ox + 16, y + 16, "-1,175G", RED)
    surface.blit(m.art.tokens[1], (ox, y + 34))
    money(m, surface, ox + 16, y + 36, "+1,175G")
    surface.blit(pictures.building(13, PLAYER_COLOURS[1], PLAYER_DARK[1]), (ox + 2, y + 54))
    m.font.draw(surface, "x65G", ox + 18, y + 66, GOLD, "small")
    surface.blit(pictures.building(0, PLAYER_COLOURS[1], PLAYER_DARK[1]), (ox + 2, y + 78))
    m.font.draw(surface, "x50G", ox + 18, y + 80, WHITE, "small")


def _company(m, surface, x, y, w, h) -> None:
    """Two loose Landmarks and one placed beside them: a Company, its Building Mark chosen (with
    its Floor price); one more beside it joins it, and its Level grows."""
    rows = ["....", "....", "...."]
    left = x + 5                          # three strips of 4 Lands and two arrows: 226 of 236 pixels
    strip(m, surface, left, y + 24, rows, houses={(1, 1): (0, 0), (2, 1): (2, 0)}, cursor=(1, 2))
    arrow(surface, left + 4 * CELL + 4, y + 48)
    mid = left + 4 * CELL + 16
    strip(m, surface, mid, y + 24, rows, houses={(1, 1): (0, 0), (2, 1): (2, 0), (1, 2): (0, 0)},
          areas={(1, 1): "gaia", (2, 1): "gaia", (1, 2): "gaia"}, marks={(1, 2): "gaia"})
    money(m, surface, mid + 2, y + 8, "Lv 3  235G")
    arrow(surface, mid + 4 * CELL + 4, y + 48)
    right = mid + 4 * CELL + 16
    strip(m, surface, right, y + 24, rows, houses={(1, 1): (0, 0), (2, 1): (2, 0), (1, 2): (0, 0), (3, 1): (1, 0)},
          areas={(1, 1): "gaia", (2, 1): "gaia", (1, 2): "gaia", (3, 1): "gaia"}, marks={(1, 2): "gaia"})
    money(m, surface, right + 2, y + 8, "Lv 4  270G")


def _merger(m, surface, x, y, w, h) -> None:
    """A Landmark between two Companies merges them: the larger survives; the smaller's Floors and
    Building Mark are sold to the Bank and its owners paid their bonuses."""
    rows = ["......", "......", "......"]
    left = x + 8
    strip(m, surface, left, y + 26, rows,
          houses={(0, 1): (0, 3), (1, 1): (0, 0), (1, 0): (1, 2), (3, 1): (2, 4), (4, 1): (3, 0)},
          areas={(0, 1): "iris", (1, 1): "iris", (1, 0): "iris", (3, 1): "bloom", (4, 1): "bloom"},
          marks={(0, 1): "iris", (3, 1): "bloom"}, cursor=(2, 1))
    arrow(surface, left + 6 * CELL + 4, y + 50)
    right = left + 6 * CELL + 18
    strip(m, surface, right, y + 26, rows,
          houses={(0, 1): (0, 3), (1, 1): (0, 0), (1, 0): (1, 2), (2, 1): (1, 0), (3, 1): (2, 0), (4, 1): (3, 0)},
          areas={(0, 1): "iris", (1, 1): "iris", (1, 0): "iris", (2, 1): "iris", (3, 1): "iris", (4, 1): "iris"},
          marks={(0, 1): "iris"})
    money(m, surface, right + 2 * CELL, y + 8, "+3,300G")
    surface.blit(m.art.tokens[2], (right + 2 * CELL - 14, y + 7))
    money(m, surface, right + 2 * CELL, y + 78, "+1,650G")
    surface.blit(m.art.tokens[3], (right + 2 * CELL - 14, y + 77))


def _build(m, surface, x, y, w, h) -> None:
    """One Land's building as it grows: a Landmark, Floors, a Tower (13: its windows lit) and a
    Grand Tower (20: crowned), each Floor bought at its Company's price, at most three a turn."""
    heights = (0, 3, 6, 13, 20)
    base = y + h - 36                     # the Lands' top; each building stands on its Land
    for k, f in enumerate(heights):
        cx = x + 24 + k * 44
        surface.blit(pictures.tile("land"), (cx - 2, base))
        b = pictures.building(f, PLAYER_COLOURS[0], PLAYER_DARK[0])
        surface.blit(b, (cx, base + CELL - 1 - b.get_height()))
        m.font.draw(surface, str(f), cx + 6, base + 20, GOLD if f >= 13 else WHITE, "small", align="centre")
        if k:
            arrow(surface, cx - 30, base + 8, LABEL)
    money(m, surface, x + 70, y + 10, "+3 x 150G")


def _events(m, surface, x, y, w, h) -> None:
    """The corners' Events: the old man's four card piles, the Jackpot's stack of Floors, the
    slot machine's reels."""
    for k, animal in enumerate(("squid", "octopus", "crab", "crocodile")):
        surface.blit(pictures.pile(m.art, animal), (x + 8 + k * 20, y + 36))
    surface.blit(m.art.portrait("old-man", small=True) or pictures.pile(m.art, "squid"), (x + 38, y + 12))
    draw_stack(surface, x + 108, y + 70, 6)
    surface.blit(pictures.icon(m.art, "jackpot"), (x + 108, y + 78))
    art = symbol_art()
    for k, sym in enumerate(("seven", "seven", "seven", "bell")):
        rx = x + 144 + k * 22
        pygame.draw.rect(surface, rgb15(248, 248, 232), (rx, y + 36, 20, 22))
        pygame.draw.rect(surface, GOLD if k < 3 else INK, (rx, y + 36, 20, 22), 1)
        surface.blit(art[sym], (rx + 2, y + 39))
    m.font.draw(surface, "A A A A", x + 144 + 44, y + 62, GOLD, "small", align="centre")


def _end(m, surface, x, y, w, h) -> None:
    """The Lands covered against the end (75% of them), and a pad with its buttons."""
    cols, rows = 8, 4
    for k in range(cols * rows):
        cx, cy = x + 8 + (k % cols) * 10, y + 16 + (k // cols) * 10
        pygame.draw.rect(surface, pictures.GRASS, (cx, cy, 9, 9))
        if k < 24:
            pygame.draw.rect(surface, PLAYER_COLOURS[k % 4], (cx + 2, cy + 2, 5, 5))
    m.font.draw(surface, "24/24", x + 8 + cols * 5, y + 60, GOLD, "small", align="centre")
    pad(m, surface, x + 104, y + 12)


def pad(m, surface, x: int, y: int) -> None:
    """A pad, its buttons lettered: the d-pad, Select and Start, A B X Y, L and R."""
    body = rgb15(200, 200, 208)
    pygame.draw.rect(surface, LABEL, (x + 10, y - 4, 30, 12))
    pygame.draw.rect(surface, LABEL, (x + 86, y - 4, 30, 12))
    m.font.draw(surface, "L", x + 25, y - 3, INK, "small", align="centre")
    m.font.draw(surface, "R", x + 101, y - 3, INK, "small", align="centre")
    pygame.draw.rect(surface, body, (x, y + 6, 126, 60))
    pygame.draw.rect(surface, BLACK, (x, y + 6, 126, 60), 1)
    cx, cy = x + 22, y + 36
    pygame.draw.rect(surface, INK, (cx - 4, cy - 14, 9, 29))
    pygame.draw.rect(surface, INK, (cx - 14, cy - 4, 29, 9))
    for label, bx, by in (("SELECT", x + 46, y + 44), ("START", x + 80, y + 44)):
        pygame.draw.rect(surface, INK, (bx - 9, by, 18, 5))
        m.font.draw(surface, label, bx, by + 8, INK, "small", align="centre")
    for label, colour, dx, dy in (("X", rgb15(56, 96, 216), 0, -12), ("Y", rgb15(48, 160, 72), -12, 0),
                                  ("A", rgb15(216, 48, 48), 12, 0), ("B", rgb15(232, 192, 40), 0, 12)):
        bx, by = x + 104 + dx, y + 34 + dy
        pygame.draw.circle(surface, colour, (bx, by), 6)
        pygame.draw.circle(surface, BLACK, (bx, by), 6, 1)
        m.font.draw(surface, label, bx + 1, by - 4, WHITE, "small", align="centre")


PICTURES = {"goal": _goal, "turn": _turn, "fee": _fee, "company": _company, "merger": _merger, "build": _build,
            "events": _events, "end": _end}

__all__ = ["PICTURES", "pad", "strip"]
