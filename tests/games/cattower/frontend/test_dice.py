"""Issue 23, 1: every die face reads at 1x, taken (greyed) or not, at each size the table draws."""
import itertools

import pygame
import pytest

from tdream.frontend.constants import GOLD, INK, LABEL, WHITE
from tdream.games.cattower.frontend import sheetview as sv
from tdream.games.cattower.frontend.table import BG

SIZES = (7, 10, 11)                  # the parent's mark; the tray and a seat's dice; the default
FACES = (WHITE, LABEL, GOLD)         # in the tray, taken (greyed), the shared die


def face(value: int, size: int, colour) -> pygame.Surface:
    s = pygame.Surface((size + 4, size + 4))
    s.fill(BG)
    sv.die(s, value, 2, 2, size, face=colour)
    return s


def pips(s: pygame.Surface) -> list[tuple[int, int]]:
    return [(x, y) for y in range(s.get_height()) for x in range(s.get_width()) if s.get_at((x, y))[:3] == INK]


def blobs(points: list[tuple[int, int]]) -> int:
    """The pips as the eye sees them: groups of ink pixels touching (diagonals too)."""
    left, count = set(points), 0
    while left:
        count += 1
        todo = [left.pop()]
        while todo:
            x, y = todo.pop()
            for dx, dy in itertools.product((-1, 0, 1), repeat=2):
                if (x + dx, y + dy) in left:
                    left.remove((x + dx, y + dy))
                    todo.append((x + dx, y + dy))
    return count


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("colour", FACES)
def test_every_face_shows_its_own_number_of_separate_pips(size, colour):
    """A 6 is six pips, never two bars: no two pips touch, so each face counts its value."""
    for value in range(1, 7):
        drawn = pips(face(value, size, colour))
        dot = 2 if size >= 9 else 1
        assert len(drawn) == value * dot * dot, (value, size)
        assert blobs(drawn) == value, (value, size)


@pytest.mark.parametrize("size", SIZES)
def test_faces_differ_pairwise_taken_or_not(size):
    """Every face differs from every other, taken or not, and a taken die from one in the tray."""
    shots = {(v, c): pygame.image.tobytes(face(v, size, c), "RGB") for v in range(1, 7) for c in (WHITE, LABEL)}
    assert len(set(shots.values())) == len(shots)
    for v in range(1, 7):                    # the pips the same place in both: the greying keeps them
        assert pips(face(v, size, WHITE)) == pips(face(v, size, LABEL))
