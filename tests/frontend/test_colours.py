"""Company tints (issue 14, 6): apart from the grass and from every player colour, for normal
sight and for protanopia, deuteranopia and tritanopia (Machado, Oliveira and Fernandes 2009,
severity 1), as CIE76 distances in CIELAB."""
import ast
from pathlib import Path

import numpy as np
import pytest

from tdream.frontend import constants
from tdream.frontend.constants import PLAYER_COLOURS, rgb15
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


# ---------------------------------------------------------------- one place for the shared colours
ROOT = Path(__file__).resolve().parents[2]
CONSTANTS = ROOT / "tdream" / "frontend" / "constants.py"


def _colour(node: ast.expr) -> tuple[int, int, int] | None:
    """The colour an expression writes out: ``rgb15(r, g, b)`` (cut to 5 bits a channel) or a
    tuple of three whole numbers; None for anything else."""
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "rgb15":
        args = node.args
        if len(args) == 3 and all(isinstance(a, ast.Constant) and isinstance(a.value, int) for a in args):
            return rgb15(*(a.value for a in args))  # type: ignore[union-attr]
    if isinstance(node, ast.Tuple) and len(node.elts) == 3 and all(
            isinstance(e, ast.Constant) and type(e.value) is int for e in node.elts):
        return tuple(e.value for e in node.elts)  # type: ignore[return-value, union-attr]
    return None


def shared_colours() -> dict[tuple[int, int, int], str]:
    """constants.py's colours by value: every colour more than one module uses lives there."""
    return {value: name for name, value in vars(constants).items()
            if name.isupper() and isinstance(value, tuple) and len(value) == 3 and all(type(c) is int for c in value)}


def named_again(path: Path, shared: dict) -> list[str]:
    """Where ``path`` names one of the shared colours' values itself (a module's or a class's
    ``NAME = rgb15(...)``), instead of importing it from constants.py."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, (ast.Assign, ast.AnnAssign)) and node.value is not None:
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            value = _colour(node.value)
            if value in shared and any(isinstance(t, ast.Name) for t in targets):
                names = ", ".join(t.id for t in targets if isinstance(t, ast.Name))
                found.append(f"{path.relative_to(ROOT)}:{node.lineno}: {names} is constants.{shared[value]}")
    return found


def test_no_module_names_a_shared_colour_again():
    shared = shared_colours()
    assert {"LABEL", "INFO", "TABLE_INFO", "WARN", "DIM"} <= set(shared.values())
    found = [hit for path in sorted((ROOT / "tdream").rglob("*.py")) if path != CONSTANTS
             for hit in named_again(path, shared)]
    assert not found, "\n".join(found)


def test_a_colour_named_again_is_found(tmp_path):
    """The check can fail: a module that defines the labels' colour under its own name."""
    path = ROOT / "tdream" / "_probe_colours.py"
    try:
        path.write_text("from .frontend.constants import rgb15\nDIM = rgb15(160, 168, 200)\nOWN = (1, 2, 3)\n")
        assert named_again(path, shared_colours()) == ["tdream/_probe_colours.py:2: DIM is constants.LABEL"]
    finally:
        path.unlink()
