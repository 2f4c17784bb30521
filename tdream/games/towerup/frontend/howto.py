"""The pictures of Tower Up's How-to-play pages (``howto.yaml``; the shell's ``scenes/learn.py``
shows the pages and calls ``TowerUpFrontend.draw_howto``, which draws here). Each is drawn with
the table's own pieces (a market card, floors, roofs, the tracks, a lot of the city, a chip) in
the rect the page gives (x, y, w, h: 236x104), in 15-bit colours, nothing blended. A picture's few
words go through ``tr`` (both languages) and stand inside the rect."""
from __future__ import annotations

import pygame

from ....frontend.constants import GOLD, INFO, INK, LABEL, PLAYER_COLOURS, RED, WHITE, rgb15
from ....frontend.text import tr
from ..data import WILD, shipped
from . import colours as col
from .cityview import car, floor_art, roof_art, swatch
from .hud import draw_card, tracks_picture
from .layout import FLOOR_H, FLOOR_W
from .prompts import floors_text, objective_name

STARS = (2, 4, 6, 8, 10, 12)          # UG1.4's star columns, as the shipped tracks have them


class _Card:
    """A card as ``draw_card`` reads it (floors with WILD, vehicles, its bottom colour)."""

    def __init__(self, floors, vehicles=(), bottom: int = 0) -> None:
        self.floors, self.vehicles, self.bottom = tuple(floors), tuple(vehicles), bottom


def _ground(surface, rect) -> None:
    """A patch of the city's ground, its edge in the street's dark colour."""
    pygame.draw.rect(surface, col.GROUND[0], rect)
    pygame.draw.rect(surface, col.STREET_DARK, rect, 1)


def _lot(surface, x: int, y: int, gold: bool = False) -> None:
    pygame.draw.ellipse(surface, col.LOT_EDGE, (x - 8, y - 2, 16, 6))
    pygame.draw.ellipse(surface, col.LOT, (x - 7, y - 1, 14, 4))
    if gold:
        pygame.draw.rect(surface, GOLD, (x - 10, y - 4, 20, 10), 1)


def _street(surface, a, b) -> None:
    pygame.draw.line(surface, col.STREET_DARK, (a[0], a[1] + 1), (b[0], b[1] + 1), 3)
    pygame.draw.line(surface, col.STREET, a, b, 1)


def _tower(surface, x: int, y: int, floors, roofs=(), scale: int = 1, new_from: int | None = None) -> int:
    """A tower standing on the lot at (x, y) (its centre, the lot's middle): ``floors`` colour
    indices bottom first, ``roofs`` an owner's colour per floor (-1: none; a covered roof is a band,
    the top one a cap), ``scale`` 1 or 2; the floors from ``new_from`` up outlined (a build's). The
    y of its top."""
    w, h = FLOOR_W * scale, FLOOR_H * scale
    fy = y + 1
    low = None
    for i, c in enumerate(floors):
        fy -= h
        art = floor_art(c) if scale == 1 else pygame.transform.scale(floor_art(c), (w, h))
        surface.blit(art, (x - w // 2, fy))
        if new_from is not None and i == new_from:
            low = fy + h
        owner = roofs[i] if i < len(roofs) else -1
        if owner >= 0 and i < len(floors) - 1:
            pygame.draw.rect(surface, PLAYER_COLOURS[owner], (x - w // 2 - 1, fy, w + 2, scale))
    top = fy
    owner = roofs[len(floors) - 1] if len(roofs) >= len(floors) and floors else -1
    if owner >= 0:
        cap = roof_art(owner) if scale == 1 else pygame.transform.scale(roof_art(owner), (14 * scale, 5 * scale))
        surface.blit(cap, (x - cap.get_width() // 2, fy - cap.get_height()))
        top = fy - cap.get_height()
    if low is not None:
        pygame.draw.rect(surface, WHITE, (x - w // 2 - 2, fy - 1, w + 4, low - fy + 2), 1)
    return top


def _arrow(surface, x: int, y: int, colour=GOLD) -> None:
    """A right-pointing arrow, 12 px long, its tip at (x + 11, y)."""
    pygame.draw.rect(surface, colour, (x, y - 1, 7, 3))
    pygame.draw.polygon(surface, colour, [(x + 7, y - 4), (x + 11, y), (x + 7, y + 4)])


def _chip(m, surface, x: int, y: int, value: int) -> int:
    """An objective chip: its value on a gold token; returns its width."""
    w = m.font.width(str(value), "small") + 4
    pygame.draw.rect(surface, GOLD, (x, y, w, 9), border_radius=3)
    m.font.draw(surface, str(value), x + 2, y, INK, "small")
    return w


def _cone(surface, x: int, y: int) -> None:
    """The cone (U5.3): an orange cone with a white band, 9x11, its foot's middle at (x, y)."""
    pygame.draw.polygon(surface, rgb15(240, 120, 40), [(x - 1, y - 10), (x + 1, y - 10), (x + 5, y - 1), (x - 5, y - 1)])
    pygame.draw.line(surface, WHITE, (x - 3, y - 6), (x + 3, y - 6))
    pygame.draw.rect(surface, INK, (x - 6, y - 1, 13, 2))


def _label(m, surface, text: str, cx: int, y: int, width: int, colour=INFO) -> None:
    """A picture's words, centred on ``cx`` (``width``: the room they have; a test holds every
    picture's words inside its rect in both languages)."""
    m.font.draw(surface, text, cx, y, colour, "small", align="centre")


# ---------------------------------------------------------------- the pictures
def goal(m, surface, x: int, y: int, w: int, h: int) -> None:
    """A tower with your roof on top (and a covered one), your four vehicles on their tracks, the
    cone and chips: what scores."""
    rect = (x, y, w, h)
    _ground(surface, (x + 2, y + 2, 64, h - 16))
    _lot(surface, x + 34, y + h - 30)
    _tower(surface, x + 34, y + h - 30, (2, 3, 3, 3), (-1, 1, -1, 0), scale=2)
    _label(m, surface, tr("your roofs"), x + 34, y + h - 12, 66)
    pic = pygame.transform.scale(tracks_picture((3, 6, 2, 4), STARS), (144, 44))
    surface.blit(pic, (x + 84, y + 2))
    _label(m, surface, tr("your four vehicles"), x + 156, y + 48, 150)
    _cone(surface, x + 104, y + 80)
    m.font.draw(surface, tr("the cone"), x + 114, y + 71, INFO, "small")
    cx = x + 176
    for v in (7, 3):
        cx += _chip(m, surface, cx, y + 70, v) + 2
    m.font.draw(surface, tr("chips"), cx + 3, y + 71, INFO, "small")
    _label(m, surface, tr("they score"), x + 156, y + h - 12, 150, GOLD)


def turn(m, surface, x: int, y: int, w: int, h: int) -> None:
    """The market's three cards, or a build on a gold site of the city."""
    rect = (x, y, w, h)
    pygame.draw.rect(surface, rgb15(16, 24, 56), (x + 2, y + 2, 128, 34))
    cards = (_Card((0, 1, 2)), _Card((WILD, WILD)), _Card((3, 1), (2,)))
    for i, card in enumerate(cards):
        draw_card(surface, card, x + 5 + i * 42, y + 5, chosen=i == 0, frame=0)
    _label(m, surface, tr("take a card"), x + 66, y + 40, 128)
    m.font.draw(surface, tr("or"), x + 143, y + 44, GOLD, align="centre")
    _ground(surface, (x + 156, y + 2, 78, h - 16))
    sites = ((x + 170, y + 20), (x + 214, y + 16), (x + 190, y + 44), (x + 222, y + 58), (x + 168, y + 70))
    for a, b in ((0, 1), (0, 2), (1, 2), (2, 3), (2, 4), (1, 3)):
        _street(surface, sites[a], sites[b])
    for i, (sx, sy) in enumerate(sites):
        _lot(surface, sx, sy, gold=i in (1, 3, 4))
    _tower(surface, *sites[0], (3, 3), (-1, 0))
    _tower(surface, *sites[2], (1,), (1,))
    _label(m, surface, tr("build: a gold site"), x + 190, y + h - 12, 90)


def take(m, surface, x: int, y: int, w: int, h: int) -> None:
    """A card and what it gives: its floors into your stock (ten at most), a car moving its
    vehicle a column; a wild card's floors of any colour left."""
    rect = (x, y, w, h)
    font = m.font
    draw_card(surface, _Card((0, 1), (2,)), x + 6, y + 6)
    _arrow(surface, x + 52, y + 19)
    for i, c in enumerate((0, 1)):
        swatch(surface, c, x + 70 + i * 30, y + 6, 9, 9)
        font.draw(surface, "+1", x + 81 + i * 30, y + 7, WHITE, "small")
    font.draw(surface, tr("(10 at most)"), x + 134, y + 7, RED, "small")
    car(surface, 2, x + 70, y + 22)
    row = tracks_picture((0, 0, 3, 0), STARS).subsurface((7, 12, 65, 5))
    surface.blit(pygame.transform.scale(row, (130, 10)), (x + 86, y + 21))
    font.draw(surface, "+1", x + 220, y + 22, WHITE, "small")
    _label(m, surface, tr("floors to your stock; a car: +1 column"), x + 118, y + 38, 232)
    draw_card(surface, _Card((WILD, WILD)), x + 6, y + 54)
    _arrow(surface, x + 52, y + 67)
    for c in range(4):
        swatch(surface, c, x + 70 + c * 12, y + 63, 9, 9)
    font.draw(surface, "?", x + 120, y + 64, GOLD, "small")
    _label(m, surface, tr("a wild: any colour in the supply"), x + 118, y + 86, 232)


def build(m, surface, x: int, y: int, w: int, h: int) -> None:
    """Before and after a build: a brown base between a grey and a white tower, a floor of its
    own colour on each."""
    rect = (x, y, w, h)
    for ox, after in ((0, False), (124, True)):
        _ground(surface, (x + ox + 2, y + 2, 108, h - 26))
        a, b, c = (x + ox + 22, y + 60), (x + ox + 56, y + 66), (x + ox + 90, y + 60)
        _street(surface, a, b)
        _street(surface, b, c)
        for s in (a, b, c):
            _lot(surface, *s, gold=s == b and not after)
        _tower(surface, *a, (3, 3) + ((3,) if after else ()), scale=2, new_from=2 if after else None)
        _tower(surface, *c, (1,) + ((1,) if after else ()), scale=2, new_from=1 if after else None)
        if after:
            _tower(surface, *b, (2,), scale=2, new_from=0)
    _arrow(surface, x + 112, y + 40)
    _label(m, surface, tr("Costs {cost}.", cost=floors_text([0, 1, 1, 1])), x + 118, y + h - 20, 232)
    _label(m, surface, tr("the base: a colour no neighbour shows"), x + 118, y + h - 11, 232, LABEL)


def roof(m, surface, x: int, y: int, w: int, h: int) -> None:
    """The roof on the grey tower, three floors high: the grey vehicle moves three columns; all four
    vehicles past a new star: an extra turn."""
    rect = (x, y, w, h)
    font = m.font
    _ground(surface, (x + 2, y + 2, 80, h - 4))
    a, b = (x + 30, y + 78), (x + 64, y + 86)
    _street(surface, a, b)
    _lot(surface, *a)
    _lot(surface, *b)
    _tower(surface, *a, (3, 3, 3), (-1, -1, 0), scale=2)
    _tower(surface, *b, (2,), scale=2)
    font.draw(surface, "3", x + 8, y + 58, WHITE, "small")
    pygame.draw.line(surface, WHITE, (x + 14, y + 50), (x + 14, y + 78))
    _label(m, surface, tr("3 high: grey +3 columns"), x + 162, y + 2, 146)
    for k, col_ in enumerate((2, 5)):
        row = tracks_picture((0, 0, 0, col_), STARS).subsurface((7, 17, 65, 5))
        swatch(surface, 3, x + 92, y + 14 + k * 16, 9, 9)
        surface.blit(pygame.transform.scale(row, (130, 10)), (x + 104, y + 14 + k * 16))
    font.draw(surface, "+3", x + 234, y + 41, GOLD, "small", align="right")
    surface.blit(tracks_picture((4, 5, 4, 6), STARS), (x + 92, y + 52))
    font.draw(surface, tr("EXTRA TURN!"), x + 170, y + 58, GOLD)
    _label(m, surface, tr("all four past a new star"), x + 162, y + 80, 146)


def objectives(m, surface, x: int, y: int, w: int, h: int) -> None:
    """Three objective cards of a game with their chips (a four-player game's 7, 5, 3, 3)."""
    rect = (x, y, w, h)
    cat = shipped().objectives
    font = m.font
    for i, oid in enumerate(("rainbow", "skyline", "fleet")):
        cx = x + 2 + i * 78
        pygame.draw.rect(surface, col.CARD, (cx, y + 2, 74, h - 4))
        pygame.draw.rect(surface, col.CARD_EDGE, (cx, y + 2, 74, h - 4), 1)
        font.draw(surface, objective_name(cat[oid]), cx + 37, y + 5, INK, align="centre")
        for k, line in enumerate(font.wrap(tr(cat[oid].text), 68, "small")[:6]):
            font.draw(surface, line, cx + 4, y + 20 + k * 9, rgb15(56, 48, 40), "small")
        tx = cx + 4
        for v in (7, 5, 3, 3):
            tx += _chip(m, surface, tx, y + h - 15, v) + 2


def end(m, surface, x: int, y: int, w: int, h: int) -> None:
    """The three ways the end begins (a last roof, a colour out, a full city) and the value row the
    vehicles and the cone score on, the cone on the column of four visible roofs."""
    rect = (x, y, w, h)
    font = m.font
    # a last roof
    surface.blit(pygame.transform.scale(roof_art(0), (28, 10)), (x + 26, y + 8))
    font.draw(surface, "0", x + 58, y + 9, RED, "small")
    _label(m, surface, tr("a last roof"), x + 40, y + 22, 76)
    # a colour out
    swatch(surface, 1, x + 106, y + 6, 12, 12)
    font.draw(surface, "0", x + 122, y + 9, RED, "small")
    _label(m, surface, tr("a colour out"), x + 118, y + 22, 76)
    # a full city: every lot built
    _ground(surface, (x + 166, y + 2, 60, 20))
    for k, floors in enumerate(((1, 2), (3,), (0, 2, 2), (2, 1))):
        _tower(surface, x + 174 + k * 14, y + 18, floors, (-1,) * (len(floors) - 1) + (k % 4,))
    _label(m, surface, tr("a full city"), x + 196, y + 22, 76)
    # the value row (UG1.4) and the cone on column 4
    values = (0, 1, 2, 3, 4, 6, 8, 10, 12, 14, 17, 20, 23, 26, 30, 35)
    top = y + 46
    for k, v in enumerate(values):
        cx = x + 5 + k * 14
        pygame.draw.rect(surface, col.TRACK, (cx, top, 13, 20))
        pygame.draw.rect(surface, rgb15(56, 64, 104), (cx + 1, top + 10, 11, 9))
        font.draw(surface, str(k), cx + 7, top + 1, LABEL, "small", align="centre")
        font.draw(surface, str(v), cx + 7, top + 11, WHITE, "small", align="centre")
        if k in STARS:
            pygame.draw.line(surface, col.STAR, (cx + 5, top - 2), (cx + 7, top - 2))
    _cone(surface, x + 5 + 4 * 14 + 7, top - 3)
    _label(m, surface, tr("column: points (vehicles and the cone)"), x + 118, top + 24, 232)
    _label(m, surface, tr("4 visible roofs: the cone scores 4"), x + 118, top + 34, 232, GOLD)


PICTURES = {"goal": goal, "turn": turn, "take": take, "build": build, "roof": roof, "objectives": objectives,
            "end": end}


__all__ = ["PICTURES"]
