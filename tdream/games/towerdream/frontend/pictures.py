"""Tower Dream's own pictures (FRONTEND.md "Pictures"): its sprite file and what is drawn by code.

``sprites.yaml`` (this folder, the shell's tdream-art format) holds the two Event hosts'
portraits, the Company logos, the Event icons and the card pile backs; the shell's ``Art`` loads
it through the front-end module's ``sprite_sheet()`` and keeps it in this game's namespace
(``logo``, ``icon``, ``pile`` look there). The tiles (16x16), the buildings and the d10 are drawn
here by code, each once.
"""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

import pygame

from ....frontend.art import Sheet
from ....frontend.constants import BLACK, GOLD, INK, WHITE, rgb15
from ....frontend.draw_shapes import canvas, paint
from .. import GAME

SPRITES = Path(__file__).resolve().with_name("sprites.yaml")
HOSTS = ("taxi-driver", "old-man")             # the Events' speakers (the nine are the shell's)
COMPANIES = ("ace", "bloom", "crest", "dyna", "echo", "falcon", "gaia", "helix", "iris")
EVENTS = ("start", "card", "jackpot", "slot", "taxi", "banana", "half-salary", "island", "pinch", "lift",
          "fortune", "storm")
PILES = ("squid", "octopus", "crab", "crocodile")
# What Tower Dream's screens need from its sprite file, with sizes (width, height).
SHEET = Sheet(SPRITES, {**{f"portrait-{h}": (32, 32) for h in HOSTS}, **{f"mini-{h}": (16, 16) for h in HOSTS},
                        **{f"logo-{c}": (12, 12) for c in COMPANIES}, **{f"icon-{e}": (12, 12) for e in EVENTS},
                        **{f"pile-{p}": (16, 24) for p in PILES}})


# ---------------------------------------------------------------- sprites of the file
def sprite(art, name: str) -> pygame.Surface:
    """One of this game's sprites (``logo-ace``, ``pile-crab``). Raises KeyError."""
    return art.sprite(GAME.id, name)


def logo(art, company: str) -> pygame.Surface:
    """A Company's Building Mark logo (12x12)."""
    return sprite(art, f"logo-{company}")


def icon(art, kind: str) -> pygame.Surface | None:
    """The icon of a space or Event kind (12x12), None for a kind without one."""
    return art.games[GAME.id].get(f"icon-{kind}")


def pile(art, animal: str) -> pygame.Surface:
    """The back of a card pile (16x24)."""
    return sprite(art, f"pile-{animal}")


# ---------------------------------------------------------------- tiles drawn by code (16x16)
GRASS = rgb15(72, 152, 72)
GRASS_DARK = rgb15(48, 120, 56)
ROAD_DARK = rgb15(136, 128, 120)
SPECKS = ((3, 4), (11, 2), (7, 9), (13, 12), (2, 13), (9, 5))      # the grass's tufts: light, dark below right
# Each tile and the die as shapes (the shell's draw_shapes.paint).
TILES = {
    "land": (("rect", GRASS, (0, 0, 16, 16)), ("dots", rgb15(104, 184, 88), SPECKS),
             ("dots", GRASS_DARK, tuple((x + 1, y + 1) for x, y in SPECKS)),
             ("line", GRASS_DARK, ((0, 15), (15, 15))), ("line", GRASS_DARK, ((15, 0), (15, 15)))),
    "road": (("rect", rgb15(184, 176, 160), (0, 0, 16, 16), ROAD_DARK),
             ("dots", ROAD_DARK, ((4, 4), (10, 11), (12, 3), (3, 12)))),
    "corner": (("rect", rgb15(216, 200, 152), (0, 0, 16, 16), ROAD_DARK),),
    "blocked": (("rect", rgb15(40, 96, 184), (0, 0, 16, 16)),      # water: two light pixels in rows of waves
                ("dots", rgb15(96, 152, 224), tuple(((x + y + k) % 16, y) for y in (3, 9, 14) for x in range(0, 16, 6)
                                                    for k in (0, 1)))),
}
KITE = ((16, 0), (31, 12), (16, 33), (0, 12))
DIE = (("poly", rgb15(200, 200, 216), KITE), ("poly", WHITE, ((16, 2), (28, 12), (16, 22), (3, 12))),
       ("poly", rgb15(168, 168, 192), ((3, 13), (16, 23), (16, 31))),
       ("poly", rgb15(216, 216, 232), ((29, 13), (16, 23), (16, 31))), ("outline", INK, KITE))


@lru_cache(maxsize=None)
def tile(name: str) -> pygame.Surface:
    """A 16x16 tile (``land``, ``road``, ``corner``, ``blocked``), drawn once."""
    return paint(pygame.Surface((16, 16)), TILES[name])


@lru_cache(maxsize=None)
def die() -> pygame.Surface:
    """A ten-sided die, face up: a kite with facets (the number is drawn on it, 10 for 10, G4.1)."""
    return paint(canvas(32, 34), DIE)


@lru_cache(maxsize=None)
def building(floors: int, colour, dark) -> pygame.Surface:
    """A Landmark with ``floors`` Floors (3/4 view): a house with a roof, or a block that grows a
    pixel a Floor with a row of windows every two; a Tower's windows are lit, a Grand Tower is crowned."""
    if floors == 0:
        return paint(canvas(12, 11), (("poly", dark, ((0, 5), (6, 0), (11, 5)), BLACK), ("rect", colour, (2, 5, 8, 5)),
                                      ("frame", BLACK, (1, 5, 10, 6)), ("rect", INK, (5, 7, 2, 2))))
    h = 7 + min(floors, 24)
    lit = rgb15(248, 240, 160) if floors >= 13 else WHITE
    crown = ((4, 0), (6, 0), (8, 0)) if floors >= 20 else ()       # a Grand Tower wears a crown
    return paint(canvas(12, h + 2), (("rect", dark, (1, 1, 10, h + 1)), ("rect", colour, (2, 2, 7, h - 1)),
                                     ("dots", lit, tuple((x, y) for y in range(4, h, 2) for x in (4, 7))),
                                     ("frame", BLACK, (0, 0, 12, h + 2)), ("dots", GOLD, crown)))


__all__ = ["SHEET", "sprite", "logo", "icon", "pile", "tile", "die", "building", "GRASS"]
