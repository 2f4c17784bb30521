"""The shell's drawing pieces (``frontend/draw_shapes.py``): a picture described as shapes draws
the same pixels as pygame's own calls, ``half`` keeps every other pixel, ``nearest`` finds the point
a cursor moves to."""
from __future__ import annotations

import pygame
import pytest

from tdream.frontend.draw_shapes import box, canvas, half, nearest, paint

RED, INK, GOLD = (232, 72, 64), (24, 24, 40), (248, 208, 64)


def _pixels(surface: pygame.Surface) -> bytes:
    return pygame.image.tobytes(surface, "RGBA")


def test_paint_draws_what_pygame_draws_shape_by_shape_moved_by_at():
    shapes = (("rect", RED, (1, 2, 8, 5), INK), ("frame", GOLD, (0, 0, 12, 10)), ("line", INK, ((2, 9), (11, 3))),
              ("poly", GOLD, ((3, 1), (9, 4), (5, 8)), RED), ("outline", INK, ((0, 5), (6, 0), (11, 5))),
              ("circle", RED, ((6, 6), 2)), ("dots", GOLD, ((0, 0), (11, 9), (5, 5))))
    got = paint(canvas(20, 16), shapes, (3, 4))
    want = canvas(20, 16)
    pygame.draw.rect(want, RED, (4, 6, 8, 5))
    pygame.draw.rect(want, INK, (4, 6, 8, 5), 1)
    pygame.draw.rect(want, GOLD, (3, 4, 12, 10), 1)
    pygame.draw.line(want, INK, (5, 13), (14, 7))
    pygame.draw.polygon(want, GOLD, [(6, 5), (12, 8), (8, 12)])
    pygame.draw.polygon(want, RED, [(6, 5), (12, 8), (8, 12)], 1)
    pygame.draw.polygon(want, INK, [(3, 9), (9, 4), (14, 9)], 1)
    pygame.draw.circle(want, RED, (9, 10), 2)
    for p in ((3, 4), (14, 13), (8, 9)):
        want.set_at(p, GOLD)
    assert _pixels(got) == _pixels(want)


def test_paint_refuses_a_shape_it_does_not_know():
    with pytest.raises(ValueError, match="'star'"):
        paint(canvas(4, 4), (("star", RED, ((1, 1),)),))


def test_box_is_a_fill_with_its_edge_over_it():
    got, want = canvas(10, 10), canvas(10, 10)
    box(got, (1, 1, 8, 6), GOLD, INK)
    pygame.draw.rect(want, GOLD, (1, 1, 8, 6))
    pygame.draw.rect(want, INK, (1, 1, 8, 6), 1)
    assert _pixels(got) == _pixels(want)


def test_half_keeps_every_other_pixel_as_a_checkerboard():
    solid = canvas(5, 4)
    solid.fill((*RED, 255))
    ghost = half(solid)
    kept = [(x, y) for y in range(4) for x in range(5) if ghost.get_at((x, y)).a]
    assert kept == [(x, y) for y in range(4) for x in range(5) if (x + y) % 2 == 0]
    assert all(ghost.get_at(p)[:3] == RED for p in kept) and solid.get_at((1, 0)).a == 255   # a copy


def test_nearest_goes_ahead_preferring_the_point_in_line_and_the_first_of_equals():
    points = [(0, 0), (3, 0), (2, 1), (2, -1), (-4, 0), (5, 5)]
    assert nearest(points, (0, 0), 1, 0) == 1        # (3, 0) in line (3) beats the nearer (2, 1) off it (2 + 2)
    assert nearest(points, (0, 0), -1, 0) == 4
    assert nearest(points, (0, 0), 0, 1) == 2        # (2, 1): 1 along + 4 across; (5, 5): 5 + 10
    assert nearest(points, (0, 0), 0, -1) == 3
    assert nearest([(1, 1), (1, -1)], (0, 0), 1, 0) == 0      # equals: the first
    assert nearest(points, (5, 5), 1, 0) is None     # nothing lies ahead
