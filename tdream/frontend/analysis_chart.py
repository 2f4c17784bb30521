"""An analysis's chart (``tdream analyze --png``, the Analysis screen): each player's chance to win
across the turns, in the player's colour, the costly decisions marked on the deciding player's line.

A first plain drawing: the Analysis screen's helper gives it the game's style.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path

import pygame

from .constants import PLAYER_COLOURS
from .font import Font

INK = (248, 248, 248)
GRID = (72, 72, 96)
GROUND = (16, 16, 40)


def colours_of(report: dict) -> list[tuple[int, int, int]]:
    n = len(report["record"]["names"])
    return [PLAYER_COLOURS[s % len(PLAYER_COLOURS)] for s in range(n)]


def draw_chart(surface: pygame.Surface, rect: pygame.Rect, report: dict, colours=None, font: Font | None = None) -> None:
    """The chart inside ``rect``: 0-100% up, the turns across, a line a player, marks."""
    colours = colours or colours_of(report)
    turns = report["turns"]
    pygame.draw.rect(surface, GRID, rect, 1)
    for q in (25, 50, 75):
        y = rect.bottom - 1 - (rect.height - 2) * q // 100
        pygame.draw.line(surface, GRID, (rect.left + 1, y), (rect.right - 2, y))
    if len(turns) < 2:
        return
    last = max(1, len(turns) - 1)

    def at(k: int, p: float) -> tuple[int, int]:
        return (rect.left + 1 + (rect.width - 3) * k // last, rect.bottom - 2 - round((rect.height - 3) * p))

    where = {t["input"]: k for k, t in enumerate(turns)}
    starts = [t["input"] for t in turns]
    for s, colour in enumerate(colours):
        points = [at(k, t["chances"][s]) for k, t in enumerate(turns)]
        pygame.draw.lines(surface, colour, False, points, 1)
    for d in report["decisions"]:
        if not d["mark"]:
            continue
        k = where.get(d["input"])
        if k is None:
            k = max(0, sum(1 for i in starts if i <= d["input"]) - 1)
        x, y = at(k, turns[k]["chances"][d["seat"]])
        size = {"?!": 1, "?": 2, "??": 3}.get(d["mark"], 1)
        pygame.draw.rect(surface, colours[d["seat"]], (x - size, y - size, 2 * size + 1, 2 * size + 1))
        if font is not None:
            font.draw(surface, d["mark"], x + 2, y - font.height() - 1, colours[d["seat"]])


def chart_surface(report: dict) -> pygame.Surface:
    """The chart at 256x224 with its legend: names, each one's total luck and marks."""
    surface = pygame.Surface((256, 224))
    surface.fill(GROUND)
    font = Font()
    names = report["record"]["names"]
    colours = colours_of(report)
    draw_chart(surface, pygame.Rect(8, 8, 240, 140), report, colours, font)
    y = 154
    for s, name in enumerate(names):
        marks = report["totals"]["marks"][s]
        text = (f"{name[:10]}  luck {100 * report['totals']['luck'][s]:+.0f}  lost {report['totals']['cost'][s]:.0f}"
                f"  ?! {marks.get('?!', 0)} ? {marks.get('?', 0)} ?? {marks.get('??', 0)}")
        font.draw(surface, text, 8, y, colours[s])
        y += font.height() + 2
    return surface


def save_png(report: dict, path: str | Path, scale: int = 3) -> None:
    """The chart as a PNG at ``path`` (written atomically), ``scale`` times 256x224."""
    if not pygame.get_init():
        pygame.init()
    image = chart_surface(report)
    if scale > 1:
        image = pygame.transform.scale(image, (image.get_width() * scale, image.get_height() * scale))
    path = Path(path)
    fd, tmp = tempfile.mkstemp(prefix=".chart-", suffix=".png", dir=str(path.parent or Path(".")))
    os.close(fd)
    try:
        pygame.image.save(image, tmp)
        os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise


__all__ = ["draw_chart", "chart_surface", "save_png", "colours_of"]
