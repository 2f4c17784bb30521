"""Drawing pieces the games' pictures share: a transparent canvas, a box with an edge, a picture
described as a list of shapes (``paint``), a picture with every other pixel cleared (a preview),
and the nearest of some points in a direction (a cursor moving over a board).

A shape is ``(kind, colour, where)`` or, for a filled ``rect`` or ``poly``, ``(kind, colour, where,
edge)`` (its one-pixel edge in ``edge`` over it): ``rect`` (x, y, w, h) filled, ``frame`` (x, y, w, h)
its one-pixel edge, ``line`` two points, ``poly`` points filled, ``outline`` the points' one-pixel
edge, ``circle`` (centre, radius), ``dots`` points set one by one. Shapes are drawn in order, each
with pygame's own drawing (no anti-aliasing).
"""
from __future__ import annotations

from typing import Any, Sequence

import pygame

Shape = tuple[Any, ...]


def canvas(w: int, h: int) -> pygame.Surface:
    """A transparent picture ``w`` x ``h`` to draw on."""
    s = pygame.Surface((w, h), pygame.SRCALPHA)
    s.fill((0, 0, 0, 0))
    return s


def box(surface: pygame.Surface, rect, fill, edge, width: int = 1, radius: int = 0) -> None:
    """A filled rectangle with its border (``width`` pixels) in ``edge``."""
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def paint(surface: pygame.Surface, shapes: Sequence[Shape], at: tuple[int, int] = (0, 0)) -> pygame.Surface:
    """Draw ``shapes`` (see the module's docstring) on ``surface`` moved by ``at``; returns the
    surface. Raises ValueError for a kind of shape it does not know."""
    ox, oy = at
    for kind, colour, where, *edge in shapes:
        if kind in ("rect", "frame"):
            x, y, w, h = where
            pygame.draw.rect(surface, colour, (x + ox, y + oy, w, h), 1 if kind == "frame" else 0)
            if edge:
                pygame.draw.rect(surface, edge[0], (x + ox, y + oy, w, h), 1)
        elif kind == "circle":
            (x, y), r = where
            pygame.draw.circle(surface, colour, (x + ox, y + oy), r)
        else:
            points = [(x + ox, y + oy) for x, y in where]
            if kind == "line":
                pygame.draw.line(surface, colour, points[0], points[1])
            elif kind in ("poly", "outline"):
                pygame.draw.polygon(surface, colour, points, 1 if kind == "outline" else 0)
                if edge:
                    pygame.draw.polygon(surface, edge[0], points, 1)
            elif kind == "dots":
                for p in points:
                    surface.set_at(p, colour)
            else:
                raise ValueError(f"no shape {kind!r} (rect, frame, line, poly, outline, circle, dots)")
    return surface


def half(picture: pygame.Surface) -> pygame.Surface:
    """A copy of a transparent ``picture`` with every other pixel cleared, as a checkerboard (what
    would stand there: a preview, as the SFC's artists showed one without alpha)."""
    s = picture.copy()
    w, h = s.get_size()
    for y in range(h):
        for x in range((y + 1) % 2, w, 2):
            s.set_at((x, y), (0, 0, 0, 0))
    return s


def nearest(points: Sequence[tuple[int, int]], origin: tuple[int, int], dx: int, dy: int) -> int | None:
    """The index of the point nearest ``origin`` in direction (dx, dy): ahead of it, the distance
    along the direction plus twice the distance across it the least (the first of equals); None
    when no point lies ahead."""
    x0, y0 = origin
    best, best_d = None, 0
    for i, (x, y) in enumerate(points):
        along = (x - x0) * dx + (y - y0) * dy
        d = along + 2 * (abs((x - x0) * dy) + abs((y - y0) * dx))
        if along > 0 and (best is None or d < best_d):
            best, best_d = i, d
    return best


__all__ = ["canvas", "box", "paint", "half", "nearest", "Shape"]
