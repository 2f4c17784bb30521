"""The bitmap font: an atlas baked from pixel fonts (``fontbake.py``), drawn 1:1, no anti-aliasing.

Faces: ``main`` (6x12, text and menus), ``small`` (5x8, figures), and ``ja`` (8x8) for the
Japanese characters the other two lack. Glyphs are white; each colour gets its tinted atlas once.
"""
from __future__ import annotations

import json
from pathlib import Path

import pygame

from ..datadirs import assets_root
from ..errors import DataError

ASSETS = assets_root()


class Font:
    def __init__(self, folder: Path | None = None) -> None:
        folder = folder or ASSETS / "font"
        try:
            table = json.loads((folder / "atlas.json").read_text(encoding="utf-8"))
            self.atlas = pygame.image.load(str(folder / "atlas.png"))
        except (OSError, ValueError, pygame.error) as e:
            raise DataError([f"{folder}:0: the font atlas cannot be read ({e})"]) from None
        self.faces: dict[str, dict] = {}
        for name, face in table["faces"].items():
            w, h, y0, per = face["width"], face["height"], face["y"], face["per_row"]
            glyphs = {ch: pygame.Rect((i % per) * w, y0 + (i // per) * h, w, h) for i, ch in enumerate(face["chars"])}
            self.faces[name] = {"w": w, "h": h, "glyphs": glyphs}
        # each face's characters drawn with the Japanese face's advance (none of them ASCII: text
        # that is all ASCII is measured by its length, the faces being monospaced)
        ja = self.faces.get("ja", {"glyphs": {}})
        self._wide = {name: frozenset(ja["glyphs"]) - frozenset(f["glyphs"]) for name, f in self.faces.items()}
        self._ascii_narrow = all(not any(ch.isascii() for ch in wide) for wide in self._wide.values())
        self.tinted: dict[tuple[int, int, int], pygame.Surface] = {}
        self.cache: dict[tuple, pygame.Surface] = {}     # text drawn before: one blit, not one a glyph
        self._wraps: dict[tuple, list[str]] = {}          # text wrapped before (text boxes wrap every frame)

    def _sheet(self, colour) -> pygame.Surface:
        key = tuple(colour[:3])
        sheet = self.tinted.get(key)
        if sheet is None:
            sheet = self.atlas.copy()          # white glyphs: the minimum with the colour is the colour, exactly
            sheet.fill((*key, 255), special_flags=pygame.BLEND_RGBA_MIN)
            self.tinted[key] = sheet
        return sheet

    def _glyph(self, face: str, ch: str) -> tuple[pygame.Rect | None, int, int]:
        """The glyph's atlas rect, its advance and its y offset (Japanese sits mid-line)."""
        f = self.faces[face]
        r = f["glyphs"].get(ch)
        if r is not None:
            return r, f["w"], 0
        ja = self.faces["ja"]
        r = ja["glyphs"].get(ch)
        if r is not None:
            return r, ja["w"], max(0, (f["h"] - ja["h"]) // 2)
        return f["glyphs"].get("?"), f["w"], 0

    def height(self, face: str = "main") -> int:
        return self.faces[face]["h"]

    def width(self, text: str, face: str = "main") -> int:
        """``text``'s width in pixels: a glyph's advance each (its face's, or the Japanese face's for
        a character only that one has; a missing one is drawn as "?"), without a glyph looked up."""
        w = self.faces[face]["w"]
        if self._ascii_narrow and text.isascii():
            return len(text) * w
        wide = self._wide[face]
        extra = self.faces["ja"]["w"] - w
        return len(text) * w + extra * sum(1 for ch in text if ch in wide)

    def draw(self, surface: pygame.Surface, text: str, x: int, y: int, colour=(248, 248, 248),
             face: str = "main", shadow=None, align: str = "left") -> int:
        """Draw ``text`` with its top-left at (x, y) (``align`` right/centre moves it); returns its width."""
        img = self._image(text, face, colour)
        width = img.get_width()
        if align == "right":
            x -= width
        elif align == "centre":
            x -= width // 2
        if shadow is not None:
            self.draw(surface, text, x + 1, y + 1, shadow, face)
        surface.blit(img, (x, y))
        return width

    def draw_prefix(self, surface: pygame.Surface, text: str, count: int, x: int, y: int, colour=(248, 248, 248),
                    face: str = "main") -> None:
        """The first ``count`` characters of ``text`` (text typing out): the whole line is made
        once and cut, so a line typing out costs no new picture a frame."""
        if count >= len(text):
            self.draw(surface, text, x, y, colour, face)
            return
        img = self._image(text, face, colour)
        surface.blit(img, (x, y), (0, 0, self.width(text[:count], face), img.get_height()))

    def _image(self, text: str, face: str, colour) -> pygame.Surface:
        """The picture of ``text``, made once and kept (up to 2,048 of them)."""
        key = (text, face, tuple(colour[:3]))
        img = self.cache.get(key)
        if img is None:
            img = self._render(text, face, key[2])
            if len(self.cache) > 2048:
                self.cache.clear()
            self.cache[key] = img
        return img

    def _render(self, text: str, face: str, colour) -> pygame.Surface:
        img = pygame.Surface((max(1, self.width(text, face)), self.faces[face]["h"]), pygame.SRCALPHA)
        img.fill((0, 0, 0, 0))
        sheet = self._sheet(colour)
        x = 0
        for ch in text:
            r, adv, dy = self._glyph(face, ch)
            if r is not None and ch != " ":
                img.blit(sheet, (x, dy), r)
            x += adv
        return img

    def _fitted_tokens(self, para: str, width: int, face: str) -> list[str]:
        out: list[str] = []
        for word in _tokens(para):
            if len(word) > 1 and self.width(word.rstrip(), face) > width:
                out.extend(_split_long(self, word, width, face))
            else:
                out.append(word)
        return out

    def wrap(self, text: str, width: int, face: str = "main", first: int | None = None) -> list[str]:
        """Lines of at most ``width`` pixels (the first of at most ``first``, when the line starts
        after something else, a speaker's name): at spaces for words, anywhere for Japanese."""
        key = (text, width, face, first)
        known = self._wraps.get(key)
        if known is not None:
            return known
        if len(self._wraps) > 512:
            self._wraps.clear()
        lines: list[str] = self._wraps.setdefault(key, [])
        for para in text.split("\n"):
            line = ""
            for word in self._fitted_tokens(para, width, face):
                trial = line + word
                room = first if first is not None and not lines else width
                if self.width(trial.rstrip(), face) <= room or (not line and (lines or first is None)):
                    line = trial
                elif not line:               # not even one word after the name: start below it
                    lines.append("")
                    line = word.lstrip()
                else:
                    lines.append(line.rstrip())
                    line = word.lstrip()
            lines.append(line.rstrip())
        return lines


def _split_long(font, word: str, width: int, face: str) -> list[str]:
    """A word wider than a whole line (a file path) in pieces that fit, broken after a ``/`` or
    ``-`` where one is near, else anywhere; the last piece keeps the word's trailing space."""
    pieces: list[str] = []
    rest = word
    while font.width(rest.rstrip(), face) > width:
        cut = 1
        while cut < len(rest) and font.width(rest[:cut + 1], face) <= width:
            cut += 1
        soft = max(rest.rfind("/", 0, cut), rest.rfind("-", 0, cut))
        if soft >= cut // 2:
            cut = soft + 1
        pieces.append(rest[:cut])
        rest = rest[cut:]
    return pieces + [rest] if rest else pieces


def _tokens(text: str) -> list[str]:
    """Words with their trailing space; each wide (Japanese) character on its own."""
    out: list[str] = []
    word = ""
    for ch in text:
        if ord(ch) >= 0x2E80:
            if word:
                out.append(word)
                word = ""
            out.append(ch)
        else:
            word += ch
            if ch == " ":
                out.append(word)
                word = ""
    if word:
        out.append(word)
    return out
