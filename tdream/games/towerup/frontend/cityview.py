"""The city drawn by code (RULES-towerup.md section 7): districts as shades of the ground, parks
green, streets between the sites, each site a lot or a tower of floors in its colour with the
roofs in the players' colours (a visible roof a cap on top, a covered one a band between floors).

``CityView(city)`` keeps the site positions and the ground picture (made once, on first draw);
``draw(surface, state, frame, colour_of, ...)`` paints any match-like ``state`` (``fl``, ``rf``:
floors and roof owners per site, bottom first): the table's shown game, or a build's preview.
Nothing here changes a game; the table keeps the view in a ``_`` attribute (a cache of drawing).
"""
from __future__ import annotations

from functools import lru_cache
from math import isqrt

import pygame

from ....frontend.constants import GOLD, INFO, INK, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.draw_shapes import box, canvas, nearest, paint
from . import colours as col
from .layout import FLOOR_H, FLOOR_W, LOTS, MAP

PARK_PATCH = tuple((dx, dy) for dy in range(-8, 9) for dx in range(-12, 13)       # a park: green dots in an
                   if dx * dx / 144 + dy * dy / 64 <= 1 and (dx + dy) % 2 == 0)    # ellipse round its lot

@lru_cache(maxsize=None)
def floor_art(c: int) -> pygame.Surface:
    """One floor (12x4): a light top row, a row of windows in the colour's own pattern, its fill, a
    dark row; the sides in ink, so that a stack reads as one building."""
    fill, light, dark, win = col.FLOOR[c]
    pattern = ((2, 3, 7, 8), (2, 4, 6, 8), (3, 4, 5, 8, 9), (2, 3, 4, 5, 6, 7, 8, 9))[c]   # black white brown grey
    return paint(pygame.Surface((FLOOR_W, FLOOR_H)), (
        ("rect", fill, (0, 0, FLOOR_W, FLOOR_H)), ("line", light, ((1, 0), (FLOOR_W - 2, 0))),
        ("line", dark, ((1, FLOOR_H - 1), (FLOOR_W - 2, FLOOR_H - 1))), ("dots", win, tuple((x, 1) for x in pattern)),
        ("line", INK, ((0, 0), (0, FLOOR_H - 1))), ("line", INK, ((FLOOR_W - 1, 0), (FLOOR_W - 1, FLOOR_H - 1)))))


@lru_cache(maxsize=None)
def roof_art(colour: int) -> pygame.Surface:
    """A visible roof (14x5): a cap in the player's colour, ink-edged."""
    return paint(canvas(14, 5), (("poly", PLAYER_COLOURS[colour], ((3, 0), (10, 0), (13, 4), (0, 4)), INK),
                                 ("line", WHITE, ((5, 1), (8, 1)))))


def swatch(surface, c: int, x: int, y: int, w: int = 7, h: int = 7) -> None:
    """A floor colour's square (supply, stock, tracks), ink-edged, with its window pattern."""
    fill, light, dark, win = col.FLOOR[c]
    box(surface, (x, y, w, h), fill, INK)
    if w >= 6 and h >= 5:
        marks = ((2, 4), (1, 2, 4, 5), (3,), (1, 2, 3, 4, 5))[c]
        for dx in marks:
            if 1 <= dx < w - 1:
                surface.set_at((x + dx, y + h // 2), win)


def car(surface, c: int, x: int, y: int) -> None:
    """A vehicle icon (11x7) in a floor colour."""
    fill, light, dark, _ = col.FLOOR[c]
    box(surface, (x, y + 2, 11, 4), fill, INK)
    pygame.draw.rect(surface, INK, (x + 2, y, 7, 3))              # the cab: open into the body below
    pygame.draw.rect(surface, fill, (x + 3, y + 1, 5, 2))
    pygame.draw.line(surface, light, (x + 4, y + 1), (x + 6, y + 1))
    pygame.draw.rect(surface, INK, (x + 2, y + 5, 2, 2))
    pygame.draw.rect(surface, INK, (x + 7, y + 5, 2, 2))


def wild(surface, x: int, y: int, w: int = 10, h: int = 7) -> None:
    """A wild floor: the four colours in quarters."""
    pygame.draw.rect(surface, INK, (x, y, w, h))
    hw, hh = (w - 2) // 2, (h - 2) // 2
    for i, (dx, dy) in enumerate(((0, 0), (1, 0), (0, 1), (1, 1))):
        pygame.draw.rect(surface, col.FLOOR[i][0], (x + 1 + dx * hw, y + 1 + dy * hh, hw if dx == 0 else w - 2 - hw,
                                                    hh if dy == 0 else h - 2 - hh))


def site_positions(city) -> list[tuple[int, int]]:
    """Where each site's lot is drawn: its data's ``at``, or for a city without positions (a
    scenario's test city) or with one outside ``LOTS`` a grid over the map (every lot in LOTS)."""
    x0, y0, x1, y1 = LOTS
    if all(p is not None and x0 <= p[0] <= x1 and y0 <= p[1] <= y1 for p in city.at):
        return [(x, y) for x, y in city.at]
    n = len(city.sites)
    cols = isqrt(max(n - 1, 0)) + 1                 # the fewest columns of a square grid
    rows = -(-n // cols)
    left, top, width, height = x0 + 10, y0 + 6, x1 - x0 - 20, y1 - y0 - 10
    return [(left + ((i % cols) * width // (cols - 1) if cols > 1 else width // 2),
             top + ((i // cols) * height // (rows - 1) if rows > 1 else height // 2)) for i in range(n)]


class CityView:
    def __init__(self, city) -> None:
        self.city = city
        self.xy = site_positions(city)
        self.order = sorted(range(len(self.xy)), key=lambda s: (self.xy[s][1], self.xy[s][0]))
        self._ground: pygame.Surface | None = None

    # ---------------------------------------------------------------- the ground (made once)
    def ground(self) -> pygame.Surface:
        if self._ground is None:
            self._ground = self._make_ground()
        return self._ground

    def _make_ground(self) -> pygame.Surface:
        """Districts as shades in 4-pixel blocks (each block the district of its nearest site),
        a dotted line where two meet, parks as green patches, and the streets."""
        x0, y0, w, h = MAP
        g = pygame.Surface((w, h))
        g.fill(col.GROUND[0])
        city, xy = self.city, self.xy
        block = 4
        cells: dict = {}
        for by in range(0, h, block):
            for bx in range(0, w, block):
                px, py = x0 + bx + 2, y0 + by + 2
                near = min(range(len(xy)), key=lambda s: ((xy[s][0] - px) ** 2 + (xy[s][1] - py) ** 2, s))
                d = city.district[near]
                cells[bx, by] = d
                shade = col.GROUND[min(d - 1, len(col.GROUND) - 1)]
                pygame.draw.rect(g, shade, (bx, by, block, block))
        for (bx, by), d in cells.items():           # borders: a dot every other pixel where districts meet
            right, below = cells.get((bx + block, by)), cells.get((bx, by + block))
            if right is not None and right != d:
                for yy in range(by, by + block, 2):
                    g.set_at((bx + block - 1, yy), col.BORDER)
            if below is not None and below != d:
                for xx in range(bx, bx + block, 2):
                    g.set_at((xx, by + block - 1), col.BORDER)
        for s, (x, y) in enumerate(xy):
            if city.park[s]:                        # (a pixel off the ground is left out)
                paint(g, (("dots", col.PARK, PARK_PATCH),), (x - x0, y - y0 + 1))
        for a, b in city.streets:
            (ax, ay), (bx_, by_) = xy[a], xy[b]
            pygame.draw.line(g, col.STREET_DARK, (ax - x0, ay - y0 + 1), (bx_ - x0, by_ - y0 + 1), 3)
            pygame.draw.line(g, col.STREET, (ax - x0, ay - y0), (bx_ - x0, by_ - y0), 1)
        for s, (x, y) in enumerate(xy):             # each site's lot
            pygame.draw.ellipse(g, col.LOT_EDGE, (x - x0 - 8, y - y0 - 2, 16, 6))
            pygame.draw.ellipse(g, col.LOT, (x - x0 - 7, y - y0 - 1, 14, 4))
        for s, (x, y) in enumerate(xy):
            if city.park[s]:                        # a tree beside the lot
                tx, ty = x - x0 + 9, y - y0 - 3
                pygame.draw.circle(g, col.TREE, (tx, ty), 3)
                pygame.draw.line(g, rgb15(88, 56, 24), (tx, ty + 3), (tx, ty + 5))
        return g

    # ---------------------------------------------------------------- one frame
    def pitch(self, s: int, height: int) -> int:
        """Pixels a floor of site ``s`` takes: FLOOR_H, less for a tower that would rise into the
        market strip (the top row's tallest)."""
        if height <= 0:
            return FLOOR_H
        base = self.xy[s][1] + 1
        room = base - (MAP[1] + 7)
        return max(1, min(FLOOR_H, room // height))

    def top(self, state, s: int) -> int:
        """The y of the top of site ``s``'s tower (its lot when empty)."""
        h = len(state.fl[s])
        return self.xy[s][1] + 1 - self.pitch(s, h) * h - (5 if h and state.rf[s][-1] >= 0 else 0)

    def draw(self, surface, state, frame: int, colour_of, legal=(), cursor: int = -1, new: dict | None = None,
             marks: dict | None = None, labels: bool = False, focus=(), font=None) -> None:
        """The map: ground, lots, towers; ``legal`` sites outlined in gold (blinking), ``cursor``
        in white with a bobbing arrow, ``new``: {site: first new floor} drawn blinking (a
        preview), ``marks``: {site: colour} a "!" above (roofs open to cover), ``focus``: sites
        outlined (an action's neighbours), ``labels``: each site's name and height (Select)."""
        surface.blit(self.ground(), MAP[:2])
        blink = (frame // 12) % 2 == 0
        fl, rf = state.fl, state.rf
        legal = set(legal)
        for s in self.order:
            x, y = self.xy[s]
            h = len(fl[s])
            if s in legal:
                pygame.draw.rect(surface, GOLD if blink else rgb15(168, 120, 24), (x - 10, y - 4, 20, 10), 1)
            elif s in focus:
                pygame.draw.rect(surface, INFO, (x - 10, y - 4, 20, 10), 1)
            if not h:
                continue
            pitch = self.pitch(s, h)
            for i in range(h):                        # floor i's top at y + 1 - pitch * (i + 1)
                fy = y + 1 - pitch * (i + 1)
                surface.blit(floor_art(fl[s][i]), (x - 6, fy), (0, 0, FLOOR_W, pitch))
                owner = rf[s][i]
                if owner >= 0 and i < h - 1:          # a covered roof: a band between floors
                    pygame.draw.line(surface, PLAYER_COLOURS[colour_of[owner]], (x - 7, fy), (x + 6, fy))
            top = y + 1 - pitch * h
            if rf[s][h - 1] >= 0:
                surface.blit(roof_art(colour_of[rf[s][h - 1]]), (x - 7, top - 5))
            first_new = (new or {}).get(s, h)
            if 0 <= first_new < h and blink:          # a preview's new floors, outlined, blinking
                pygame.draw.rect(surface, WHITE, (x - 8, top - 1, 16, pitch * (h - first_new) + 2), 1)
        for s, colour in (marks or {}).items():
            x, _ = self.xy[s]
            t = self.top(state, s)
            pygame.draw.rect(surface, colour, (x + 8, t - 1, 3, 6))
            pygame.draw.rect(surface, colour, (x + 8, t + 6, 3, 2))
        if cursor >= 0:
            x, y = self.xy[cursor]
            pygame.draw.rect(surface, WHITE, (x - 10, y - 4, 20, 10), 1)
            d = (frame // 8) % 2
            t = self.top(state, cursor) - 3 - d
            if t - 5 >= MAP[1] + 1:                   # a bobbing arrow over the tower
                shape = ((x - 3, t - 5), (x + 3, t - 5), (x, t - 1))
            elif x - 17 >= MAP[0]:                    # no room under the strip: beside the lot
                shape = ((x - 17 + d, y - 3), (x - 17 + d, y + 3), (x - 13 + d, y))
            else:                                     # ... on its right at the city's left edge
                shape = ((x + 17 - d, y - 3), (x + 17 - d, y + 3), (x + 13 - d, y))
            paint(surface, (("poly", WHITE, shape, INK),))
        if labels and font is not None:
            placed: list = []
            for s in self.order:
                h = len(fl[s])
                text = self.city.sites[s] + (f":{h}" if h else "")
                lx, ly = self.label_at(s, font.width(text, "small"), placed)
                font.draw(surface, text, lx, ly, WHITE if h else rgb15(200, 200, 208), "small", INK)

    def label_at(self, s: int, w: int, placed: list) -> tuple[int, int]:
        """Where site ``s``'s label (``w`` pixels wide) goes: under its lot, else (at the city's
        right edge, where it would meet a neighbour's) a line lower or beside the lot, inside the
        city and clear of the labels ``placed`` before it (to which it is added)."""
        x, y = self.xy[s]
        x0, y0, mw, mh = MAP
        tries = ((x - 7, y + 3), (x + 7 - w, y + 3), (x - w // 2, y + 10), (x - 9 - w, y - 5), (x + 9, y - 5))
        spots = [(max(x0 + 1, min(x0 + mw - 2 - w, lx)), ly) for lx, ly in tries if y0 <= ly and ly + 8 <= y0 + mh]
        spots = spots or [(max(x0 + 1, min(x0 + mw - 2 - w, x - 7)), min(y + 3, y0 + mh - 8))]

        def clear(lx, ly) -> bool:
            return all(lx + w <= px or px + pw <= lx or ly + 8 <= py + 2 or py + 8 <= ly + 2 for px, py, pw in placed)
        lx, ly = next((spot for spot in spots if clear(*spot)), spots[0])
        placed.append((lx, ly, w))
        return lx, ly

    def nearest(self, candidates: list[int], s: int, dx: int, dy: int) -> int:
        """The candidate site nearest in direction (dx, dy) from site ``s`` (``s`` when none)."""
        i = nearest([self.xy[t] for t in candidates], self.xy[s], dx, dy)
        return s if i is None else candidates[i]


__all__ = ["CityView", "floor_art", "roof_art", "swatch", "car", "wild", "site_positions"]
