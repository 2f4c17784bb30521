"""Pixel art: sprites drawn by hand as text in tdream-art files, and small helpers to tint and dither.

The shell's file (``assets/art/sprites.yaml``) holds what every game shows: the characters'
portraits (32x32 and 16x16) and the four player tokens. A game's front-end module may name a
file of its own (``sprite_sheet()``: a ``Sheet`` in its folder, the same format); ``Art`` loads
the shell's and every registered game's at start-up, each game's in its own namespace
(``Art.sprite(game, name)``); a portrait may be any file's (a game's own speakers).

Every colour is a 15-bit SFC colour and every sprite has at most 16 (a palette). A sprite file
is validated on load: problems name the file, the line and the sprite.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Mapping

import pygame

from ..datadirs import assets_root
from ..errors import DataError
from ..platform.roster import CHARACTER_IDS
from ..yamlio import Problems, line_of, read_yaml
from .constants import DIM, GREY, PLAYER_COLOURS, PLAYER_DARK
from .draw_shapes import canvas
from .frontends import frontends

ASSETS = assets_root()
SPRITES = ASSETS / "art" / "sprites.yaml"
# What the shell needs from its sprite file, with sizes (width, height).
REQUIRED = {**{f"portrait-{c}": (32, 32) for c in CHARACTER_IDS}, **{f"mini-{c}": (16, 16) for c in CHARACTER_IDS},
            **{f"token-{i}": (12, 12) for i in range(1, 5)}}
FACES = ("portrait-", "mini-")      # a portrait's sprites: one file draws each


@dataclass(frozen=True)
class Sheet:
    """A game's own sprites: its tdream-art file and the sprites its screens need, with sizes
    (width, height). Portraits (``portrait-<id>``, ``mini-<id>``) are found by ``Art.portrait``."""
    path: Path
    sizes: Mapping[str, tuple[int, int]] = field(default_factory=dict)


def load_sprites(path: Path = SPRITES, required: Mapping[str, tuple[int, int]] | None = None,
                 taken: Mapping[str, Path] | None = None) -> dict[str, pygame.Surface]:
    """Every sprite of the file as a surface with transparency; ``required`` (the shell's
    REQUIRED by default) names the sprites it must have and their sizes, ``taken`` the portraits
    other files draw already (it may not draw them again). Raises DataError (all problems)."""
    required = REQUIRED if required is None else required
    taken = taken or {}
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
        if sid in taken:
            probs.at(sprites, sid, where, f"{taken[sid]} draws it already (a portrait has one file)")
            continue
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
        surf = canvas(width, len(rows))
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
        want = required.get(sid)
        if want and surf.get_size() != want:
            probs.at(sprites, sid, where, f"is {surf.get_width()}x{surf.get_height()}, should be {want[0]}x{want[1]}")
        out[sid] = surf
    for sid in required:
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
    s = canvas(*size)
    for y in range(size[1]):
        for x in range((y + phase) % 2, size[0], 2):
            s.set_at((x, y), (*colour[:3], 255))
    return s


def game_sheets() -> dict[str, Sheet]:
    """Each game's own sprite file (its front end's ``sprite_sheet()``), by game id; games without
    sprites of their own (the default) are left out."""
    sheets = {gid: front.sprite_sheet() for gid, front in frontends().items()}
    return {gid: sheet for gid, sheet in sheets.items() if sheet is not None}


class Art:
    """All the pictures, made once at start-up: the shell's sprites and every game's."""

    def __init__(self, path: Path = SPRITES, sheets: Mapping[str, Sheet] | None = None) -> None:
        self.sprites = load_sprites(path)
        self._faces = {k: v for k, v in self.sprites.items() if k.startswith(FACES)}
        taken = dict.fromkeys(self._faces, path)
        self.games: dict[str, dict[str, pygame.Surface]] = {}
        for gid, sheet in (game_sheets() if sheets is None else sheets).items():
            own = self.games[gid] = load_sprites(sheet.path, sheet.sizes, taken)
            for k, v in own.items():
                if k.startswith(FACES):
                    self._faces[k], taken[k] = v, sheet.path
        self.tokens = [tint(self.sprites[f"token-{i + 1}"], PLAYER_COLOURS[i]) for i in range(4)]

    def portrait(self, speaker: str, small: bool = False) -> pygame.Surface | None:
        """A speaker's face (``kind:level`` ids too), from whichever file draws it: 32x32, or
        16x16 ``small``; None if none does."""
        base = speaker.split(":")[0]
        return self._faces.get(("mini-" if small else "portrait-") + base)

    def sprite(self, game: str, name: str) -> pygame.Surface:
        """A sprite of a game's own file. Raises KeyError naming the game and the sprite."""
        sheet = self.games.get(game, {})
        if name not in sheet:
            raise KeyError(f"{game} has no sprite {name!r}")
        return sheet[name]


__all__ = ["Art", "Sheet", "load_sprites", "game_sheets", "tint", "dither", "REQUIRED", "DIM", "GREY",
           "PLAYER_DARK"]
