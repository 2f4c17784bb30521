"""The CPU players' styles (``styles.yaml`` beside this file): the plain ``cpu`` weights, each
character's changes to them, what each level adds, and the characters' grades in CAT TOWER.

``load_styles(path)`` validates the whole file and raises one ``DataError`` listing every problem
as ``file:line: key.path: what`` (an unknown or missing weight, a number out of range, a character
not of the roster or missing, an unknown level or level key, a grade not A-D or missing).
"""
from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...errors import DataError
from ...platform.roster import CHARACTER_IDS, read_grades
from ...yamlio import Schema, check_earlier_hashes, check_header, number, read_checked

STYLES_PATH = Path(__file__).resolve().parent / "styles.yaml"
FORMAT = "cattower-styles"
WEIGHTS = ("mouse", "felt", "butterfly", "dishes", "cushion", "house", "patience", "towers", "footprints", "rival",
           "greed", "second", "cutin", "odd", "group", "end")
LEVELS = ("easy", "normal", "hard")
LEVEL_KEYS = ("depth", "noise", "lapse", "lapse_pool", "width")
WEIGHT_MAX = 20.0


@dataclass(frozen=True)
class Level:
    name: str
    depth: int
    noise: float
    lapse: float
    lapse_pool: int
    width: int


@dataclass(frozen=True)
class Styles:
    base: dict                       # the cpu's weights
    characters: dict                 # id -> its whole weights (the base with its changes)
    levels: dict                     # name -> Level
    grades: dict                     # id -> his strength grade in CAT TOWER, A-D (a round robin's)

    def weights(self, kind: str) -> dict:
        """The weights of ``cpu`` or a character id."""
        return self.base if kind == "cpu" else self.characters[kind]


def _present(sc: Schema, data: dict, key: str, ids: tuple) -> Iterator[tuple[str, dict]]:
    """(id, ``data[key]``) for each of ``ids`` that ``data[key]`` holds, once ``sc`` has checked it
    is a mapping of exactly those (a missing or unknown one is a problem)."""
    node = data[key]
    if sc.mapping(node, key, ids, (), data, key) or isinstance(node, dict):
        for i in ids:
            if i in node:
                yield i, node


def load_styles(path: Path | str | None = None) -> Styles:
    """Read and validate a styles file. Raises DataError listing every problem."""
    path = Path(path) if path is not None else STYLES_PATH
    data, pr, sc = read_checked(path, DataError)
    if not check_header(data, pr, FORMAT):
        pr.raise_if_any()
    if not sc.mapping(data, "", ("format", "version", "provisional", "source", "weights", "characters", "levels",
                                 "grades"), ("earlier_hashes",)):
        pr.raise_if_any()
    check_earlier_hashes(data, pr)
    if not isinstance(data["provisional"], bool):
        pr.at(data, "provisional", "provisional", "must be true or false")
    if not isinstance(data["source"], str) or not data["source"].strip():
        pr.at(data, "source", "source", "say where the numbers come from")
    base: dict = {k: 0.0 for k in WEIGHTS}
    for k, node in _present(sc, data, "weights", WEIGHTS):
        v = number(node, k, f"weights.{k}", pr, 0.0, WEIGHT_MAX)
        if v is not None:
            base[k] = v
    chars: dict = {}
    for cid, node in _present(sc, data, "characters", CHARACTER_IDS):
        spec = node[cid] or {}
        cp = f"characters.{cid}"
        w = dict(base)
        if sc.mapping(spec, cp, (), WEIGHTS, node, cid):
            for k in spec:
                if k in WEIGHTS:
                    v = number(spec, k, f"{cp}.{k}", pr, 0.0, WEIGHT_MAX)
                    if v is not None:
                        w[k] = v
        chars[cid] = w
    levels: dict = {}
    for name, node in _present(sc, data, "levels", LEVELS):
        spec = node[name]
        lp = f"levels.{name}"
        if not sc.mapping(spec, lp, LEVEL_KEYS, (), node, name):
            continue
        ok = sc.integer(spec, "depth", f"{lp}.depth", lo=1, hi=2) & sc.integer(spec, "lapse_pool", f"{lp}.lapse_pool",
                                                                                 lo=1, hi=50) \
            & sc.integer(spec, "width", f"{lp}.width", lo=1, hi=50)
        noise = number(spec, "noise", f"{lp}.noise", pr, 0.0, 100.0)
        lapse = number(spec, "lapse", f"{lp}.lapse", pr, 0.0, 1.0)
        if ok and noise is not None and lapse is not None:
            levels[name] = Level(name, spec["depth"], noise, lapse, spec["lapse_pool"], spec["width"])
    grades, _, bad = read_grades(data["grades"])
    for line, key, what in bad:
        pr.add(line, f"grades.{key}" if key else "grades", what)
    pr.raise_if_any()
    return Styles(base, chars, levels, grades)


@lru_cache(maxsize=None)
def default_styles() -> Styles:
    return load_styles()


__all__ = ["Styles", "Level", "load_styles", "default_styles", "WEIGHTS", "LEVELS", "STYLES_PATH"]
