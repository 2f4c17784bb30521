"""The nine CPU characters every game shares: who they are (``characters.yaml``: name, age,
strength grade, speech colour, portrait). How each plays a game is that game's own data (its
styles), and what each says is the game's comments file.

Every problem of the file is reported as ``file:line: key.path: what`` in one DataError.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ..errors import DataError
from ..yamlio import Problems, Schema, read_yaml, short

ROSTER_FILE = Path(__file__).resolve().parent / "characters.yaml"
GRADES = ("A", "B", "C", "D")
# The nine ids of PRESENTATION.md, in its order: the file must define exactly these.
CHARACTER_IDS = ("kenta", "yuka", "joji", "marimo", "tamasaburo", "hikozaemon", "hazumi", "cosmic-will", "yuderu")


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    age: str
    grade: str
    colour: tuple[int, int, int]
    portrait: str


def load_characters(path: Path | str | None = None) -> dict[str, Character]:
    """The nine by id, in CHARACTER_IDS' order. Raises DataError naming every problem."""
    path = Path(path) if path is not None else ROSTER_FILE
    data = read_yaml(path, DataError)
    pr = Problems(str(path), DataError)
    sc = Schema(pr)
    out: dict[str, Character] = {}
    if not isinstance(data, dict) or data.get("format") != "tdream-characters" or data.get("version") != 1:
        pr.add(1, "", "not a tdream-characters file (format: tdream-characters, version: 1)")
        pr.raise_if_any()
    if sc.mapping(data, "", ("format", "version", "characters")) and sc.mapping(
            data["characters"], "characters", CHARACTER_IDS, (), data, "characters"):
        chars = data["characters"]
        for cid in CHARACTER_IDS:
            node, cp = chars[cid], f"characters.{cid}"
            if not sc.mapping(node, cp, ("name", "age", "grade", "colour", "portrait"), (), chars, cid):
                continue
            ok = sc.string(node, "name", f"{cp}.name") & sc.string(node, "age", f"{cp}.age") \
                & sc.string(node, "grade", f"{cp}.grade", choices=GRADES) \
                & sc.string(node, "portrait", f"{cp}.portrait", slug=True)
            colour = node["colour"]
            if not (isinstance(colour, list) and len(colour) == 3
                    and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)):
                pr.at(node, "colour", f"{cp}.colour", f"must be [red, green, blue] with each 0..255, not {short(colour)}")
                ok = False
            if ok:
                out[cid] = Character(cid, node["name"], node["age"], node["grade"], tuple(colour), node["portrait"])
    pr.raise_if_any()
    return out


@lru_cache(maxsize=2)
def characters() -> dict[str, Character]:
    return load_characters()


def character(cid: str) -> Character:
    """A character by id (``joji``; ``joji:hard`` is Joji too). Raises KeyError."""
    return characters()[cid.split(":")[0]]


__all__ = ["CHARACTER_IDS", "GRADES", "ROSTER_FILE", "Character", "load_characters", "characters", "character"]
