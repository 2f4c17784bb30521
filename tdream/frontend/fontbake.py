"""Bake the bitmap font atlas (``assets/font/``) from packaged pixel fonts.

A maintainer's tool, not needed to play: the atlas PNG and its glyph table are committed.

    apt-get install fonts-spleen fonts-misaki
    python -m tdream.frontend.fontbake

Three faces: ``small`` (Spleen 5x8, the HUD's figures), ``main`` (Spleen 6x12, text box and menus),
``ja`` (Misaki Gothic 8x8, Japanese: kana, and every kanji our data and screens use). Glyphs are
1-bit: white on transparent, tinted when drawn. Licences: ``assets/font/LICENSE-*.txt``.
"""
from __future__ import annotations

import gzip
import json
import os
import struct
import sys
from pathlib import Path
from typing import AbstractSet

SPLEEN = "/usr/share/consolefonts/spleen-{}.psfu.gz"
MISAKI = "/usr/share/fonts/truetype/misaki/misaki_gothic.ttf"
ROOT = Path(__file__).resolve().parents[2]
OUT = ROOT / "assets" / "font"
ATLAS_W = 512


def read_psf2(path: str) -> tuple[int, int, dict[str, list[list[int]]]]:
    """A PSF2 console font: (width, height, {char: rows of 0/1})."""
    data = gzip.open(path).read()
    magic, _v, header, flags, count, size, height, width = struct.unpack("<8I", data[:32])
    if magic != 0x864AB572:
        raise SystemExit(f"{path}: not a PSF2 font")
    row_bytes = (width + 7) // 8
    bitmaps = []
    for g in range(count):
        raw = data[header + g * size: header + (g + 1) * size]
        rows = []
        for y in range(height):
            bits = int.from_bytes(raw[y * row_bytes:(y + 1) * row_bytes], "big")
            rows.append([(bits >> (row_bytes * 8 - 1 - x)) & 1 for x in range(width)])
        bitmaps.append(rows)
    glyphs: dict[str, list[list[int]]] = {}
    if flags & 1:                                  # a Unicode table follows the glyphs
        table = data[header + count * size:]
        g = 0
        i = 0
        while g < count and i < len(table):
            end = table.index(b"\xff", i)
            entry = table[i:end]
            text = entry.split(b"\xfe")[0].decode("utf-8", "replace")
            for ch in text:
                glyphs.setdefault(ch, bitmaps[g])
            i = end + 1
            g += 1
    else:
        for g in range(min(count, 256)):
            glyphs[chr(g)] = bitmaps[g]
    return width, height, glyphs


def japanese_chars(latin: AbstractSet[str] = frozenset()) -> str:
    """Kana, the punctuation of Japanese text, and every character of our data and screens that
    the Latin faces lack (kanji, 「」, …)."""
    chars: set[str] = set()
    for lo, hi in ((0x3000, 0x303F), (0x3041, 0x3096), (0x30A0, 0x30FF), (0xFF01, 0xFF5E)):
        chars.update(chr(c) for c in range(lo, hi + 1))
    paths = (sorted((ROOT / "tdream").rglob("*.yaml")) + sorted((ROOT / "tdream").rglob("*.py"))
             + sorted((ROOT / "assets" / "text").glob("*.yaml")))
    for path in paths:
        for ch in path.read_text(encoding="utf-8"):
            if ord(ch) >= 0x80 and ch not in latin and not ch.isspace():
                chars.add(ch)
    return "".join(sorted(chars))


def bake() -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame  # pygame: only where a surface or the window is made
    import pygame.freetype  # pygame: only where a surface or the window is made
    faces: dict[str, tuple[int, int, dict[str, list[list[int]]]]] = {}
    for name, size in (("small", "5x8"), ("main", "6x12")):
        w, h, glyphs = read_psf2(SPLEEN.format(size))
        faces[name] = (w, h, {c: g for c, g in glyphs.items() if 32 <= ord(c) < 0x2E80})
    pygame.freetype.init()
    font = pygame.freetype.Font(MISAKI, 8)
    font.antialiased = False
    font.origin = True
    ja: dict[str, list[list[int]]] = {}
    for ch in japanese_chars(set(faces["main"][2])):
        if font.get_metrics(ch)[0] is None:
            continue
        surf = pygame.Surface((8, 8))
        surf.fill((0, 0, 0))
        font.render_to(surf, (0, 7), ch, (255, 255, 255))
        ja[ch] = [[1 if surf.get_at((x, y))[0] > 127 else 0 for x in range(8)] for y in range(8)]
    faces["ja"] = (8, 8, ja)
    # pack: one shelf of rows per face
    table: dict = {"format": "tdream-font", "version": 1,
                   "source": "Spleen 5x8 and 6x12 (BSD-2-Clause), Misaki Gothic 8x8 (free licence)",
                   "faces": {}}
    placements = []
    y = 0
    for name, (w, h, glyphs) in faces.items():
        per_row = ATLAS_W // w
        chars = "".join(sorted(glyphs))
        table["faces"][name] = {"width": w, "height": h, "y": y, "per_row": per_row, "chars": chars}
        for i, ch in enumerate(chars):
            placements.append(((i % per_row) * w, y + (i // per_row) * h, glyphs[ch]))
        y += ((len(chars) + per_row - 1) // per_row) * h
    atlas = pygame.Surface((ATLAS_W, y), pygame.SRCALPHA)
    atlas.fill((0, 0, 0, 0))
    for gx, gy, rows in placements:
        for ry, row in enumerate(rows):
            for rx, bit in enumerate(row):
                if bit:
                    atlas.set_at((gx + rx, gy + ry), (255, 255, 255, 255))
    OUT.mkdir(parents=True, exist_ok=True)
    tmp = OUT / "atlas.png.tmp.png"
    pygame.image.save(atlas, str(tmp))
    os.replace(tmp, OUT / "atlas.png")
    tmp_json = OUT / "atlas.json.tmp"
    tmp_json.write_text(json.dumps(table, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    os.replace(tmp_json, OUT / "atlas.json")
    print(f"atlas {ATLAS_W}x{y}: " + ", ".join(f"{n} {len(g)} glyphs" for n, (_, _, g) in faces.items()))
    return 0


if __name__ == "__main__":
    sys.exit(bake())
