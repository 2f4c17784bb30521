"""Pixel art: sprites drawn by hand as text (``assets/art/sprites.yaml``) and tiles drawn by code.

Every colour is a 15-bit SFC colour and every sprite has at most 16 (a palette). The sprite file
is validated on load: problems name the file, the line and the sprite.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from ..errors import DataError
from ..yamlio import Problems, line_of, read_yaml
from .constants import (BLACK, DIM, GOLD, GREY, INK, PLAYER_COLOURS, PLAYER_DARK, WHITE,
                        rgb15)

ASSETS = Path(__file__).resolve().parents[2] / "assets"
SPRITES = ASSETS / "art" / "sprites.yaml"
SPEAKERS = ("kenta", "yuka", "joji", "marimo", "tamasaburo", "hikozaemon", "hazumi", "cosmic-will", "yuderu",
            "taxi-driver", "old-man")
COMPANIES = ("ace", "bloom", "crest", "dyna", "echo", "falcon", "gaia", "helix", "iris")
EVENTS = ("start", "card", "jackpot", "slot", "taxi", "banana", "half-salary", "island", "pinch", "lift",
          "fortune", "storm")
PILES = ("squid", "octopus", "crab", "crocodile")
# What the game needs from the sprite file, with sizes (width, height).
REQUIRED = {**{f"portrait-{s}": (32, 32) for s in SPEAKERS}, **{f"mini-{s}": (16, 16) for s in SPEAKERS},
            **{f"logo-{c}": (12, 12) for c in COMPANIES}, **{f"token-{i}": (12, 12) for i in range(1, 5)},
            **{f"icon-{e}": (12, 12) for e in EVENTS}, **{f"pile-{p}": (16, 24) for p in PILES}}


def load_sprites(path: Path = SPRITES) -> dict[str, pygame.Surface]:
    """Every sprite of the file as a surface with transparency. Raises DataError (all problems)."""
    data = read_yaml(path, DataError)
    probs = Problems(str(path), DataError)
    if not isinstance(data, dict) or data.get("format") != "tdream-art":
        probs.add(1, "format", "not a tdream-art file")
        raise DataError(probs.items)
    if data.get("version") != 1:
        probs.at(data, "version", "version", f"{data.get('version')!r} is not 1")
    sprites = data.get("sprites")
    if not isinstance(sprites, dict):
        probs.at(data, "sprites", "sprites", "missing or not a mapping")
        raise DataError(probs.items)
    out: dict[str, pygame.Surface] = {}
    for sid, spec in sprites.items():
        where = f"sprites.{sid}"
        if not isinstance(spec, dict) or set(spec) != {"palette", "rows"}:
            probs.at(sprites, sid, where, "needs exactly palette and rows")
            continue
        palette, rows = spec["palette"], spec["rows"]
        colours: dict[str, tuple[int, int, int] | None] = {}
        if not isinstance(palette, dict) or len(palette) > 16:
            probs.at(spec, "palette", where + ".palette", "a mapping of at most 16 colours")
            continue
        for ch, c in palette.items():
            if c == "none" or c is None:
                colours[str(ch)] = None
            elif (isinstance(c, list) and len(c) == 3 and all(isinstance(v, int) and 0 <= v <= 248 and v % 8 == 0
                                                              for v in c)):
                colours[str(ch)] = (c[0], c[1], c[2])
            else:
                probs.at(palette, ch, f"{where}.palette.{ch}", f"{c!r} is not a 15-bit colour [r, g, b] (multiples of 8, 0-248)")
        if not isinstance(rows, list) or not rows or not all(isinstance(r, str) for r in rows):
            probs.at(spec, "rows", where + ".rows", "a list of strings")
            continue
        width = len(rows[0])
        surf = pygame.Surface((width, len(rows)), pygame.SRCALPHA)
        surf.fill((0, 0, 0, 0))
        for y, row in enumerate(rows):
            if len(row) != width:
                probs.at(rows, y, f"{where}.rows[{y}]", f"{len(row)} wide, the first row is {width}")
                continue
            for x, ch in enumerate(row):
                if ch not in colours:
                    probs.at(rows, y, f"{where}.rows[{y}]", f"{ch!r} is not in the palette")
                    break
                c = colours[ch]
                if c is not None:
                    surf.set_at((x, y), (*c, 255))
        want = REQUIRED.get(sid)
        if want and surf.get_size() != want:
            probs.at(sprites, sid, where, f"is {surf.get_width()}x{surf.get_height()}, should be {want[0]}x{want[1]}")
        out[sid] = surf
    for sid in REQUIRED:
        if sid not in out and not any(sid in p for p in probs.items):
            probs.add(line_of(sprites), "sprites", f"{sid} is missing")
    if probs.items:
        raise DataError(probs.items)
    return out


def tint(sprite: pygame.Surface, colour) -> pygame.Surface:
    """A light sprite multiplied by a colour, each channel cut back to 15-bit."""
    s = sprite.copy()
    s.fill((*colour[:3], 255), special_flags=pygame.BLEND_RGBA_MULT)
    for y in range(s.get_height()):
        for x in range(s.get_width()):
            r, g, b, a = s.get_at((x, y))
            s.set_at((x, y), (r & 0xF8, g & 0xF8, b & 0xF8, a))
    return s


def dither(size: tuple[int, int], colour, phase: int = 0) -> pygame.Surface:
    """Half a colour over what is below, as the SFC's artists did it: every other pixel."""
    s = pygame.Surface(size, pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    for y in range(size[1]):
        for x in range((y + phase) % 2, size[0], 2):
            s.set_at((x, y), (*colour[:3], 255))
    return s


class Art:
    """All the pictures, made once at start-up."""

    def __init__(self, path: Path = SPRITES) -> None:
        self.sprites = load_sprites(path)
        self.tokens = [tint(self.sprites[f"token-{i + 1}"], PLAYER_COLOURS[i]) for i in range(4)]
        self.tiles = {name: draw(self) for name, draw in _TILES.items()}
        self.die = _die_face(0)

    def portrait(self, speaker: str, small: bool = False) -> pygame.Surface | None:
        base = speaker.split(":")[0]
        return self.sprites.get(("mini-" if small else "portrait-") + base)

    def logo(self, company: str) -> pygame.Surface:
        return self.sprites[f"logo-{company}"]

    def icon(self, event_kind: str) -> pygame.Surface | None:
        return self.sprites.get(f"icon-{event_kind}")


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


def _land(_art) -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(GRASS)
    for x, y in ((3, 4), (11, 2), (7, 9), (13, 12), (2, 13), (9, 5)):
        s.set_at((x, y), GRASS_LIGHT)
        s.set_at((x + 1, y + 1), GRASS_DARK)
    pygame.draw.line(s, GRASS_DARK, (0, 15), (15, 15))
    pygame.draw.line(s, GRASS_DARK, (15, 0), (15, 15))
    return s


def _road(_art) -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(ROAD)
    pygame.draw.rect(s, ROAD_DARK, (0, 0, 16, 16), 1)
    for x, y in ((4, 4), (10, 11), (12, 3), (3, 12)):
        s.set_at((x, y), ROAD_DARK)
    return s


def _corner(_art) -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(CORNER)
    pygame.draw.rect(s, ROAD_DARK, (0, 0, 16, 16), 1)
    return s


def _blocked(_art) -> pygame.Surface:
    s = pygame.Surface((16, 16))
    s.fill(WATER)
    for y in (3, 9, 14):
        for x in range(0, 16, 6):
            s.set_at(((x + y) % 16, y), WATER_LIGHT)
            s.set_at(((x + y + 1) % 16, y), WATER_LIGHT)
    return s


_TILES = {"land": _land, "road": _road, "corner": _corner, "blocked": _blocked}


# A ten-sided die, face up: a kite with facets (the number is drawn on it, 10 for 10, G4.1).
def _die_face(_v: int) -> pygame.Surface:
    s = pygame.Surface((32, 34), pygame.SRCALPHA)
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


__all__ = ["Art", "load_sprites", "building", "tint", "REQUIRED", "SPEAKERS", "DIM", "GREY",
           "PLAYER_DARK"]
