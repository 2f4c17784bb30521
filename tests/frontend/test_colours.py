"""Company tints (issue 14, 6): apart from the grass and from every player colour, for normal
sight and for protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
severity 1), as CIE76 distances in CIELAB."""
import numpy as np
import pytest

from tdream.frontend.constants import PLAYER_COLOURS
from tdream.games.towerdream.frontend.colours import COMPANY_COLOURS
from tdream.games.towerdream.frontend.pictures import GRASS

SIGHT = {
    "normal": np.eye(3),
    "protanopia": np.array([[0.152286, 1.052583, -0.204868], [0.114503, 0.786281, 0.099216],
                            [-0.003882, -0.048116, 1.051998]]),
    "deuteranopia": np.array([[0.367322, 0.860646, -0.227968], [0.280085, 0.672501, 0.047413],
                              [-0.011820, 0.042940, 0.968881]]),
    "tritanopia": np.array([[1.255528, -0.076749, -0.178779], [-0.078411, 0.930809, 0.147602],
                            [0.004733, 0.691367, 0.303900]]),
}
XYZ = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
WHITE = np.array([0.95047, 1.0, 1.08883])
GRASS_APART = 15        # the dithered area from the bare grass
PLAYER_APART = 22       # the tint from a player's colour (his building stands on it)
EACH_OTHER = 30         # two Companies' tints, for normal sight (the logos and legend do the rest)


def linear(c) -> np.ndarray:
    c = np.asarray(c, float) / 255
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def lab(light: np.ndarray, sight: str) -> np.ndarray:
    t = np.clip(light @ SIGHT[sight].T, 0, 1) @ XYZ.T / WHITE
    f = np.where(t > (6 / 29) ** 3, np.cbrt(t), t / (3 * (6 / 29) ** 2) + 4 / 29)
    return np.array([116 * f[1] - 16, 500 * (f[0] - f[1]), 200 * (f[1] - f[2])])


def apart(a, b, sight: str) -> float:
    return float(np.linalg.norm(lab(a, sight) - lab(b, sight)))


@pytest.mark.parametrize("sight", SIGHT)
@pytest.mark.parametrize("company", sorted(COMPANY_COLOURS))
def test_a_company_area_stands_apart_from_the_grass_and_the_players(company, sight):
    tint = linear(COMPANY_COLOURS[company])
    grass = linear(GRASS)
    area = (tint + grass) / 2                  # every other pixel: the eye averages the light
    assert apart(area, grass, sight) >= GRASS_APART
    for p, colour in enumerate(PLAYER_COLOURS):
        assert apart(tint, linear(colour), sight) >= PLAYER_APART, f"player colour {p}"


def test_company_tints_differ_from_each_other():
    ids = sorted(COMPANY_COLOURS)
    for i, a in enumerate(ids):
        for b in ids[i + 1:]:
            assert apart(linear(COMPANY_COLOURS[a]), linear(COMPANY_COLOURS[b]), "normal") >= EACH_OTHER, (a, b)


def test_the_old_gaia_tint_would_have_failed():
    """The test can fail: the tint the issue found "nearly the grass" does."""
    old = linear((72, 176, 72))
    assert apart((old + linear(GRASS)) / 2, linear(GRASS), "normal") < GRASS_APART
