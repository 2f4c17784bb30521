"""The nine characters in Tower Dream: who they are (the platform's ``characters.yaml``) with how
each plays this game (``roster.yaml``: his strategy and weights) and how strong he is in it (its
``grades:``, the cartridge's).

Every problem in the file is reported as ``file:line: key.path: what`` in one DataError.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from ....errors import DataError
from ....yamlio import Problems, Schema, check_header, is_slug, join, number, read_checked

ROSTER_PATH = Path(__file__).resolve().parent.parent / "data" / "roster.yaml"
from ....platform.roster import CHARACTER_IDS, GRADES, characters, read_grades

DIFFICULTIES = ("easy", "normal", "hard")
PILE_IDS = ("squid", "octopus", "crab", "crocodile")


@dataclass(frozen=True)
class Weights:
    rival: float = 1.0
    fee: float = 1.0
    liquidity: float = 1.0
    cash: float = 0.0
    tower: float = 0.0
    grand: float = 0.0
    tall: float = 0.0
    merge: float = 0.0
    sub: float = 0.0
    cutin: float = 0.0
    stray: float = 0.0
    build: float = 0.0
    reserve: float = 0.0
    blunder: float = 0.0
    piles: dict = field(default_factory=lambda: {p: 0.0 for p in PILE_IDS})


WEIGHT_NAMES = tuple(f for f in Weights.__dataclass_fields__ if f != "piles")


@dataclass(frozen=True)
class Profile:
    id: str
    name: str
    age: str
    grade: str
    strategy: str
    colour: tuple[int, int, int]
    portrait: str
    weights: Weights


def _weights(node, path: str, pr: Problems, base: dict, parent, key) -> dict | None:
    sc = Schema(pr)
    if not sc.mapping(node, path, (), WEIGHT_NAMES + ("piles",), parent, key):
        return None
    out = dict(base)
    for k in node:
        if k == "piles":
            piles = node[k]
            if sc.mapping(piles, join(path, k), (), PILE_IDS, node, k):
                merged = dict(base.get("piles", {p: 0.0 for p in PILE_IDS}))
                for p in piles:
                    v = number(piles, p, join(join(path, k), p), pr, -10_000, 10_000)
                    if v is not None:
                        merged[p] = v
                out["piles"] = merged
            continue
        if k not in WEIGHT_NAMES:
            continue                      # reported by the mapping check
        hi = 1.0 if k == "blunder" else 100_000
        v = number(node, k, join(path, k), pr, 0, hi)
        if v is not None:
            out[k] = v
    return out


def load_roster(path: Path | str | None = None) -> dict[str, Profile]:
    """The roster by character id, in the file's order. Raises DataError listing every problem."""
    path = Path(path) if path is not None else ROSTER_PATH
    data, pr, sc = read_checked(path, DataError)
    out: dict[str, Profile] = {}
    if not check_header(data, pr, "tdream-roster") or not sc.mapping(data, "", ("format", "version", "grades",
                                                                               "weights", "characters")):
        pr.raise_if_any()
    grades, _, bad = read_grades(data["grades"])
    for line, key, what in bad:
        pr.add(line, join("grades", key) if key else "grades", what)
    defaults = {f: getattr(Weights(), f) for f in WEIGHT_NAMES}
    defaults["piles"] = {p: 0.0 for p in PILE_IDS}
    base = _weights(data["weights"], "weights", pr, defaults, data, "weights")
    if base is not None:
        missing = [f for f in WEIGHT_NAMES if f not in data["weights"]]
        if missing:
            pr.at(data, "weights", "weights", f"must list every weight (missing: {', '.join(missing)})")
    chars = data["characters"]
    people = characters()
    if sc.mapping(chars, "characters", (), tuple(chars) if isinstance(chars, dict) else (), data, "characters"):
        for cid, node in chars.items():
            cp = f"characters.{cid}"
            if not is_slug(cid):
                pr.at(chars, cid, cp, "a character id is lower-case letters, digits and '-'")
                continue
            if cid not in CHARACTER_IDS:
                pr.at(chars, cid, cp, f"not a roster character (the nine: {', '.join(CHARACTER_IDS)})")
                continue
            if not sc.mapping(node, cp, ("strategy", "weights"), (), chars, cid):
                continue
            ok = sc.string(node, "strategy", f"{cp}.strategy")
            w = _weights(node["weights"], f"{cp}.weights", pr, base or defaults, node, "weights")
            if ok and w is not None and cid in grades:
                who = people[cid]          # who he is: the platform's (characters.yaml)
                out[cid] = Profile(cid, who.name, who.age, grades[cid], node["strategy"], who.colour, who.portrait,
                                   Weights(**w))
        for cid in CHARACTER_IDS:
            if cid not in chars:
                pr.at(data, "characters", f"characters.{cid}", "missing (the roster has nine characters)")
    pr.raise_if_any()
    return out


@lru_cache(maxsize=4)
def roster() -> dict[str, Profile]:
    """The shipped roster, read once."""
    return load_roster()
