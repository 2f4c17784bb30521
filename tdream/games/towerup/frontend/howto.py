"""The pieces of Tower Up's How-to-play pictures (``howto-pictures.yaml`` describes each picture;
``frontend/howto_paint.py`` draws it): the table's own pieces (a market card, floors, roofs, the
tracks, a lot of the city, a chip), in 15-bit colours, nothing blended. A picture's few words go
through ``tr`` (both languages) and stand inside its rect."""
from __future__ import annotations

from types import SimpleNamespace

import pygame

from ....frontend.constants import GOLD, INFO, INK, LABEL, PLAYER_COLOURS, WHITE, rgb15
from ....frontend.howto_paint import Painter, Pictures, picture, placed
from ....frontend.text import tr
from ..data import WILD, shipped
from . import colours as col
from .cityview import car, floor_art, roof_art, swatch
from .hud import draw_card, tracks_picture
from .layout import FLOOR_H, FLOOR_W
from .prompts import floors_text, objective_name

STARS = (2, 4, 6, 8, 10, 12)          # UG1.4's star columns, as the shipped tracks have them


def card(m, surface, x: int, y: int, floors: tuple, vehicles: tuple = (), chosen: bool = False) -> None:
    """A market card of ``floors`` (colour indices, ``wild`` a wild one) and ``vehicles``."""
    shown = SimpleNamespace(floors=tuple(WILD if f == "wild" else f for f in floors), vehicles=vehicles, bottom=0)
    draw_card(surface, shown, x, y, chosen=chosen, frame=0)


def lot(m, surface, x: int, y: int, gold: bool = False) -> None:
    """A lot of the city centred on (x, y), framed in gold where one may build."""
    pygame.draw.ellipse(surface, col.LOT_EDGE, (x - 8, y - 2, 16, 6))
    pygame.draw.ellipse(surface, col.LOT, (x - 7, y - 1, 14, 4))
    if gold:
        pygame.draw.rect(surface, GOLD, (x - 10, y - 4, 20, 10), 1)


def street(m, surface, x: int, y: int, dx: int, dy: int) -> None:
    """A street from (x, y) to (x + dx, y + dy), its dark edge under it."""
    pygame.draw.line(surface, col.STREET_DARK, (x, y + 1), (x + dx, y + dy + 1), 3)
    pygame.draw.line(surface, col.STREET, (x, y), (x + dx, y + dy), 1)


def tower(m, surface, x: int, y: int, floors: tuple, roofs: tuple = (), scale: int = 1, new_from: int | None = None
          ) -> None:
    """A tower standing on the lot at (x, y) (its centre, the lot's middle): ``floors`` colour
    indices bottom first, ``roofs`` an owner's colour per floor (-1: none; a covered roof is a band,
    the top one a cap), ``scale`` 1 or 2; the floors from ``new_from`` up outlined (a build's)."""
    w, h = FLOOR_W * scale, FLOOR_H * scale
    fy = y + 1
    low = None
    for i, c in enumerate(floors):
        fy -= h
        surface.blit(floor_art(c) if scale == 1 else pygame.transform.scale(floor_art(c), (w, h)), (x - w // 2, fy))
        if new_from is not None and i == new_from:
            low = fy + h
        owner = roofs[i] if i < len(roofs) else -1
        if owner >= 0 and i < len(floors) - 1:
            pygame.draw.rect(surface, PLAYER_COLOURS[owner], (x - w // 2 - 1, fy, w + 2, scale))
    if len(roofs) >= len(floors) and floors and roofs[len(floors) - 1] >= 0:
        cap = roof_art(roofs[len(floors) - 1])
        cap = cap if scale == 1 else pygame.transform.scale(cap, (14 * scale, 5 * scale))
        surface.blit(cap, (x - cap.get_width() // 2, fy - cap.get_height()))
    if low is not None:
        pygame.draw.rect(surface, WHITE, (x - w // 2 - 2, fy - 1, w + 4, low - fy + 2), 1)


def chips(m, surface, x: int, y: int, values: tuple, word: str = "") -> None:
    """Objective chips in a row (each its value on a gold token), ``word`` after them."""
    for value in values:
        w = m.font.width(str(value), "small") + 4
        pygame.draw.rect(surface, GOLD, (x, y, w, 9), border_radius=3)
        m.font.draw(surface, str(value), x + 2, y, INK, "small")
        x += w + 2
    if word:
        m.font.draw(surface, tr(word), x + 3, y + 1, INFO, "small")


def words(m, surface, x: int, y: int, text: str, colour=INFO, face: str = "small", align: str = "centre",
          cost: tuple | None = None) -> None:
    """A picture's words in the language on screen (``cost``: the floors a build costs)."""
    shown = tr(text, cost=floors_text(cost)) if cost else tr(text)
    m.font.draw(surface, shown, x, y, colour, face, align=align)


def objective(m, surface, x: int, y: int, oid: str, values: tuple) -> None:
    """An objective card (its name, its text) and a game's chips for it."""
    found = shipped().objectives[oid]
    pygame.draw.rect(surface, col.CARD, (x, y, 74, 92))
    pygame.draw.rect(surface, col.CARD_EDGE, (x, y, 74, 92), 1)
    m.font.draw(surface, objective_name(found), x + 37, y + 3, INK, align="centre")
    for k, row in enumerate(m.font.wrap(tr(found.text), 68, "small")[:6]):
        m.font.draw(surface, row, x + 4, y + 18 + k * 9, rgb15(56, 48, 40), "small")
    chips(m, surface, x + 4, y + 79, values)


def value_row(m, surface, x: int, y: int, values: tuple) -> None:
    """The tracks' columns and the points each scores (UG1.4's ``values``), the star columns marked."""
    for k, v in enumerate(values):
        cx = x + k * 14
        pygame.draw.rect(surface, col.TRACK, (cx, y, 13, 20))
        pygame.draw.rect(surface, rgb15(56, 64, 104), (cx + 1, y + 10, 11, 9))
        m.font.draw(surface, str(k), cx + 7, y + 1, LABEL, "small", align="centre")
        m.font.draw(surface, str(v), cx + 7, y + 11, WHITE, "small", align="centre")
        if k in STARS:
            pygame.draw.line(surface, col.STAR, (cx + 5, y - 2), (cx + 7, y - 2))


PIECES: dict[str, Painter] = {
    "lot": lot, "street": street, "tower": tower, "chips": chips, "words": words, "objective": objective,
    "value_row": value_row, "card": card, "swatch": placed(swatch, 1), "car": placed(car, 1),
    "roof": picture(lambda m, owner: roof_art(owner)), "tracks": picture(lambda m, cols: tracks_picture(cols, STARS)),
    "track_row": picture(lambda m, cols, row: tracks_picture(cols, STARS).subsurface((7, row, 65, 5)))}
PICTURES = Pictures(__file__, PIECES, {"GROUND": col.GROUND[0], "STREET_DARK": col.STREET_DARK})

__all__ = ["PICTURES", "PIECES"]
