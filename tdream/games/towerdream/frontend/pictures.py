"""Tower Dream's own pictures (FRONTEND.md "Pictures"): its sprite file and what is drawn by code.

``sprites.yaml`` (this folder, the shell's tdream-art format) holds the two Event hosts'
portraits, the Company logos, the Event icons and the card pile backs; the shell's ``Art`` loads
it through the front-end module's ``sprite_sheet()`` and keeps it in this game's namespace
(``logo``, ``icon``, ``pile`` look there). The tiles (16x16), the buildings and the d10 are drawn
here by code, each once.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from ....frontend.art import Sheet
from ....frontend.constants import BLACK, GOLD, INK, WHITE, rgb15
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
GRASS_LIGHT = rgb15(104, 184, 88)
ROAD = rgb15(184, 176, 160)
ROAD_DARK = rgb15(136, 128, 120)
ROAD_LINE = rgb15(240, 232, 200)
WATER = rgb15(40, 96, 184)
WATER_LIGHT = rgb15(96, 152, 224)
CORNER = rgb15(216, 200, 152)


def _land() -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(GRASS)
    for x, y in ((3, 4), (11, 2), (7, 9), (13, 12), (2, 13), (9, 5)):
        s.set_at((x, y), GRASS_LIGHT)
        s.set_at((x + 1, y + 1), GRASS_DARK)
    pygame.draw.line(s, GRASS_DARK, (0, 15), (15, 15))
    pygame.draw.line(s, GRASS_DARK, (15, 0), (15, 15))
    return s


def _road() -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(ROAD)
    pygame.draw.rect(s, ROAD_DARK, (0, 0, 16, 16), 1)
    for x, y in ((4, 4), (10, 11), (12, 3), (3, 12)):
        s.set_at((x, y), ROAD_DARK)
    return s


def _corner() -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(CORNER)
    pygame.draw.rect(s, ROAD_DARK, (0, 0, 16, 16), 1)
    return s


def _blocked() -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(WATER)
    for y in (3, 9, 14):
        for x in range(0, 16, 6):
            s.set_at(((x + y) % 16, y), WATER_LIGHT)
            s.set_at(((x + y + 1) % 16, y), WATER_LIGHT)
    return s


_TILE_MAKERS = {"land": _land, "road": _road, "corner": _corner, "blocked": _blocked}
_MADE: dict[str, pygame.Surface] = {}


def tile(name: str) -> pygame.Surface:
    """A 16x16 tile (``land``, ``road``, ``corner``, ``blocked``), drawn once."""
    s = _MADE.get(name)
    if s is None:
        s = _MADE[name] = _TILE_MAKERS[name]()
    return s


def die() -> pygame.Surface:
    """A ten-sided die, face up: a kite with facets (the number is drawn on it, 10 for 10, G4.1)."""
    s = _MADE.get("die")
    if s is None:
        s = _MADE["die"] = pygame.Surface((32, 34), pygame.SRCALPHA)
        s.fill((0, 0, 0, 0))
        outline = [(16, 0), (31, 12), (16, 33), (0, 12)]
        pygame.draw.polygon(s, rgb15(200, 200, 216), outline)
        pygame.draw.polygon(s, WHITE, [(16, 2), (28, 12), (16, 22), (3, 12)])
        pygame.draw.polygon(s, rgb15(168, 168, 192), [(3, 13), (16, 23), (16, 31)])
        pygame.draw.polygon(s, rgb15(216, 216, 232), [(29, 13), (16, 23), (16, 31)])
        pygame.draw.polygon(s, INK, outline, 1)
    return s


def building(floors: int, colour, dark) -> pygame.Surface:
    """A Landmark with ``floors`` Floors (3/4 view): a house with a roof, or a block that grows a
    pixel a Floor with a row of windows every two; a Tower's windows are lit, a Grand Tower is crowned."""
    if floors == 0:
        s = pygame.Surface((12, 11), pygame.SRCALPHA)
        s.fill((0, 0, 0, 0))
        pygame.draw.polygon(s, dark, [(0, 5), (6, 0), (11, 5)])
        pygame.draw.polygon(s, BLACK, [(0, 5), (6, 0), (11, 5)], 1)
        pygame.draw.rect(s, colour, (2, 5, 8, 5))
        pygame.draw.rect(s, BLACK, (1, 5, 10, 6), 1)
        s.set_at((5, 7), INK)
        s.set_at((5, 8), INK)
        s.set_at((6, 7), INK)
        s.set_at((6, 8), INK)
        return s
    h = 7 + min(floors, 24)
    s = pygame.Surface((12, h + 2), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    pygame.draw.rect(s, dark, (1, 1, 10, h + 1))
    pygame.draw.rect(s, colour, (2, 2, 7, h - 1))
    lit = rgb15(248, 240, 160) if floors >= 13 else WHITE
    for y in range(4, h, 2):
        s.set_at((4, y), lit)
        s.set_at((7, y), lit)
    pygame.draw.rect(s, BLACK, (0, 0, 12, h + 2), 1)
    if floors >= 20:                      # a Grand Tower wears a crown
        for x in (3, 5, 7):
            s.set_at((x + 1, 0), GOLD)
    return s


__all__ = ["SHEET", "sprite", "logo", "icon", "pile", "tile", "die", "building", "GRASS"]
