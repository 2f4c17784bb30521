"""The parts around the city (RULES-towerup.md section 7): the market's three cards, the deck, the
supply per colour (red when near empty), and each player's panel (stock per colour, roofs left,
the four tracks with their stars, chips, score). Everything is drawn from a match-like ``state``
(the table's shown game); nothing here changes it."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ....frontend.constants import GOLD, INK, LABEL, PLAYER_COLOURS, PLAYER_DARK, WHITE, rgb15
from ....frontend.draw_shapes import box, canvas, paint
from ....frontend.text import tr
from ....frontend.widgets import fit
from ..data import WILD
from ..match import TOP
from . import colours as col
from .cityview import car, swatch, wild
from .layout import CARD_H, CARD_W, CARD_X, CARD_Y, PANEL_W, PANEL_X, STRIP, SUPPLY_X


def draw_card(surface, card, x: int, y: int, lifted: bool = False, chosen: bool = False, frame: int = 0,
              band: bool = False) -> None:
    """A market card: its floor icons (a wild in four quarters), its vehicle icons, and during
    set-up a band of its bottom colour (the colour of the first floor it places, UG2.1)."""
    if lifted:
        y -= 2
    box(surface, (x, y, CARD_W, CARD_H), col.CARD, INK)
    if band:
        pygame.draw.rect(surface, col.FLOOR[card.bottom][0], (x + 1, y + CARD_H - 4, CARD_W - 2, 3))
    n = len(card.floors)
    fx = x + (CARD_W - (n * 13 - 2)) // 2
    for i, f in enumerate(card.floors):
        if f == WILD:
            wild(surface, fx + i * 13, y + 3, 11, 9)
        else:
            swatch(surface, f, fx + i * 13, y + 3, 11, 9)
    k = len(card.vehicles)
    if k:
        vx = x + (CARD_W - (k * 13 - 4)) // 2
        for i, v in enumerate(card.vehicles):
            car(surface, v, vx + i * 13, y + 15)
    if chosen:                                  # a ring two pixels wide, blinking
        pygame.draw.rect(surface, GOLD if (frame // 8) % 2 == 0 else WHITE, (x - 2, y - 2, CARD_W + 4, CARD_H + 4), 2)


def draw_strip(m, surface, state, chosen: int = -1, lifted: int = -1, note: str = "", note_colour=WHITE,
               room: int = 124) -> None:
    """The market strip: three cards (``chosen`` outlined, ``lifted`` raised), the deck count or
    ``note`` under them (``room`` pixels: the speedrun timer may stand at the line's end), the
    supply on the right."""
    pygame.draw.rect(surface, rgb15(16, 24, 56), STRIP)
    pygame.draw.line(surface, rgb15(88, 96, 160), (0, STRIP[3] - 1), (STRIP[2] - 1, STRIP[3] - 1))
    cards = state.rules.cards
    for i, cid in enumerate(state.market[:3]):
        draw_card(surface, cards[cid], CARD_X[i], CARD_Y, lifted=i == lifted, chosen=i == chosen, frame=m.frame,
                  band=state.setup == "game")
    for i in range(len(state.market), 3):
        pygame.draw.rect(surface, rgb15(40, 48, 88), (CARD_X[i], CARD_Y, CARD_W, CARD_H), 1)
    font = m.font
    text = note or tr("Deck {k}", k=len(state.deck))
    font.draw(surface, fit(font, text, room), 3, 31, note_colour if note else LABEL, "small")
    draw_supply(m, surface, state)


def draw_supply(m, surface, state) -> None:
    """Floors left per colour, 2x2; a colour at or under ``near_empty`` in red, blinking at 0."""
    font = m.font
    x0 = SUPPLY_X
    pygame.draw.rect(surface, rgb15(40, 48, 88), (x0 - 2, 1, 48, 38), 1)
    font.draw(surface, tr("Supply"), x0 + 22, 2, LABEL, "small", align="centre")
    lim = state.rules.components.near_empty
    for c in range(4):
        x = x0 + (c % 2) * 23
        y = 12 + (c // 2) * 13
        n = state.supply[c]
        low = n <= lim
        swatch(surface, c, x, y, 8, 8)
        if low:
            pygame.draw.rect(surface, col.LOW, (x - 1, y - 1, 10, 10), 1)
        if n or (m.frame // 15) % 2 == 0:
            font.draw(surface, str(n), x + 10, y, col.LOW if low else WHITE, "small")


@lru_cache(maxsize=512)
def tracks_picture(veh: tuple, stars: tuple) -> pygame.Surface:
    """The four tracks of a panel (72x22): a swatch, 16 columns of 4 pixels (filled up to the
    vehicle, which is framed in white), the star columns marked above in gold once all four have
    reached them, dim before. Made once for each position of the vehicles (a cache of pictures)."""
    pic = canvas(72, 22)
    tx, top = 7, 2
    reached = min(veh)
    for k in stars:
        star = col.STAR if reached >= k else rgb15(168, 136, 48)
        pygame.draw.line(pic, star, (tx + k * 4, top - 1), (tx + k * 4 + 2, top - 1))
        pic.set_at((tx + k * 4 + 1, top - 2), star)
    for c in range(4):
        ty = top + c * 5
        swatch(pic, c, 0, ty, 5, 5)
        pygame.draw.rect(pic, col.TRACK, (tx - 1, ty, 16 * 4 + 1, 5))
        for k in range(TOP + 1):
            cell = col.FLOOR[c][1] if k <= veh[c] else rgb15(56, 64, 104) if k not in stars else rgb15(96, 88, 72)
            pygame.draw.rect(pic, cell, (tx + k * 4, ty + 1, 3, 3))
        pygame.draw.rect(pic, WHITE, (tx + veh[c] * 4 - 1, ty, 5, 5), 1)
    return pic


def panel_rects(n: int) -> list[tuple[int, int, int, int]]:
    h = 224 // n
    return [(PANEL_X, i * h, PANEL_W, h) for i in range(n)]


def panel_layout(h: int) -> dict:
    """Where a panel's rows stand, from its top, for a panel ``h`` high (224 over the players): the
    name; the stock and the roofs left; the tracks; the chips and the score; with 3 players and 2
    (``tall``) the face with the tracks' and the cone's points, and with 2 the visible roofs. Every
    row inside the panel, clear of the one below (issue 36: with 3 players the face and the cone's
    line ran into the next panel)."""
    tall = h >= 70
    out = {"name": 1, "stock": 11, "tracks": 19 + (2 if tall else 0), "score": 42 + (2 if tall else 0), "tall": tall}
    if tall:
        out["face"] = out["score"] + 11           # 16 px: the face, two lines beside it
        if h >= 100:
            out["visible"] = out["face"] + 19
    return out


def stock_row(m, surface, x: int, y: int, width: int, stock, left: int, colour: int) -> None:
    """Floors held per colour (a swatch and the count) and, at the row's right end, the roofs left
    (a cap in his colour and the count), spread over ``width``."""
    font = m.font
    items = [font.width(str(n), "small") for n in stock]
    roofs_w = 8 + font.width(str(left), "small")
    used = sum(7 + w for w in items) + roofs_w
    gap = max(1, min(6, (width - used) // 4))
    cx = x
    for c, w in enumerate(items):
        swatch(surface, c, cx, y + 1, 6, 7)
        font.draw(surface, str(stock[c]), cx + 7, y, WHITE, "small")
        cx += 7 + w + gap
    rx = x + width - roofs_w
    paint(surface, (("poly", PLAYER_COLOURS[colour], ((2, 2), (4, 2), (6, 6), (0, 6)), INK),), (rx, y))
    font.draw(surface, str(left), x + width, y, WHITE, "small", align="right")


def draw_panel(m, surface, state, p: int, rect, colour: int, kind: str, to_move: bool, tag: str = "",
               name: str | None = None) -> None:
    """One player's panel: his name (as the screen says it, the panel's whole width); the floors
    he holds per colour and his roofs left; the four tracks (``tracks_picture``); chips and the
    score as it stands (``tag`` instead, in gold: "FINAL" and the score as it stands before his
    final turn, or the final score). A taller panel (2-3 players) adds the face, the tracks' and
    the cone's points (``panel_layout``)."""
    x, y, w, h = rect
    font = m.font
    at = panel_layout(h)
    box(surface, rect, PLAYER_DARK[colour], PLAYER_COLOURS[colour] if to_move and (m.frame // 16) % 2 == 0 else INK)
    if to_move:
        pygame.draw.rect(surface, PLAYER_COLOURS[colour], (x + 1, y + 1, w - 2, 9))
    font.draw(surface, fit(font, name if name is not None else state.names[p], w - 6), x + 3, y + at["name"],
              INK if to_move else WHITE, "small")
    stock_row(m, surface, x + 3, y + at["stock"], w - 6, state.stock[p], state.left[p], colour)
    surface.blit(tracks_picture(tuple(state.veh[p]), tuple(state.rules.tracks.stars)), (x + 3, y + at["tracks"]))
    chips = state.chips[p]
    score_parts = state.score_parts(p)
    cy = y + at["score"]
    label = tag or tr("{k} pt(s)", k=score_parts[0])
    lw = font.width(label, "small")
    tokens = [str(value) for _oid, value in chips]    # an objective chip: its value on a gold token
    if tokens and sum(font.width(t, "small") + 3 for t in tokens) > w - 10 - lw:
        tokens = [str(sum(value for _oid, value in chips))]      # no room for each: their sum on one
    cx = x + 3
    for t in tokens:
        cw = font.width(t, "small") + 2
        pygame.draw.rect(surface, GOLD, (cx, cy, cw, 9), border_radius=2)
        font.draw(surface, t, cx + 1, cy, INK, "small")
        cx += cw + 1
    font.draw(surface, label, x + w - 3, cy, GOLD if tag else WHITE, "small", align="right")
    if at["tall"]:
        yy = y + at["face"]
        face = m.art.portrait(kind.split(":")[0], small=True) if kind != "human" else None
        surface.blit(face if face is not None else m.art.tokens[colour], (x + 3, yy))     # a human: his token
        font.draw(surface, fit(font, tr("tracks {k}", k=score_parts[1]), w - 25), x + 22, yy, LABEL, "small")
        font.draw(surface, fit(font, tr("cone {k}", k=score_parts[2]), w - 25), x + 22, yy + 8, LABEL, "small")
        if "visible" in at:
            for i, line in enumerate(font.wrap(tr("{k} roof(s) visible", k=score_parts[4]), w - 4, "small")[:2]):
                font.draw(surface, line, x + 2, y + at["visible"] + i * 8, LABEL, "small")


__all__ = ["draw_card", "draw_strip", "draw_supply", "draw_panel", "panel_rects", "panel_layout", "stock_row",
           "tracks_picture"]
