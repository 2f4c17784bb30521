"""The nine CPU characters every game shares: who they are (``characters.yaml``: name, age,
speech colour, portrait). How each plays a game is that game's own data (its styles), how strong
each is there too (its ``grades:``, read by ``read_grades``: ``GameDef.grade``), and what each says
is the game's comments file.

Every problem of the file is reported as ``file:line: key.path: what`` in one DataError.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from importlib import import_module
from pathlib import Path

from ..errors import DataError
from ..yamlio import line_of, read_checked, short, type_name
from .protocol import CpuPlayer, GameDef

ROSTER_FILE = Path(__file__).resolve().parent / "characters.yaml"
GRADES = ("A", "B", "C", "D")
# How many of the nine get each grade when a round robin grades them (``rank_grades``): the
# cartridge's roster has three A, two B, two C and two D (PRESENTATION.md "The CPU roster").
GRADE_SHARES = (("A", 3), ("B", 2), ("C", 2), ("D", 2))
# The nine ids of PRESENTATION.md, in its order: the file must define exactly these.
CHARACTER_IDS = ("kenta", "yuka", "joji", "marimo", "tamasaburo", "hikozaemon", "hazumi", "cosmic-will", "yuderu")


@dataclass(frozen=True)
class Character:
    id: str
    name: str
    age: str
    colour: tuple[int, int, int]
    portrait: str


def load_characters(path: Path | str | None = None) -> dict[str, Character]:
    """The nine by id, in CHARACTER_IDS' order. Raises DataError naming every problem."""
    path = Path(path) if path is not None else ROSTER_FILE
    data, pr, sc = read_checked(path, DataError)
    out: dict[str, Character] = {}
    if not isinstance(data, dict) or data.get("format") != "tdream-characters" or data.get("version") != 1:
        pr.add(1, "", "not a tdream-characters file (format: tdream-characters, version: 1)")
        pr.raise_if_any()
    if sc.mapping(data, "", ("format", "version", "characters")) and sc.mapping(
            data["characters"], "characters", CHARACTER_IDS, (), data, "characters"):
        chars = data["characters"]
        for cid in CHARACTER_IDS:
            node, cp = chars[cid], f"characters.{cid}"
            if not sc.mapping(node, cp, ("name", "age", "colour", "portrait"), (), chars, cid):
                continue
            ok = sc.string(node, "name", f"{cp}.name") & sc.string(node, "age", f"{cp}.age") \
                & sc.string(node, "portrait", f"{cp}.portrait", slug=True)
            colour = node["colour"]
            if not (isinstance(colour, list) and len(colour) == 3
                    and all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 255 for c in colour)):
                pr.at(node, "colour", f"{cp}.colour", f"must be [red, green, blue] with each 0..255, not {short(colour)}")
                ok = False
            if ok:
                out[cid] = Character(cid, node["name"], node["age"], tuple(colour), node["portrait"])
    pr.raise_if_any()
    return out


@lru_cache(maxsize=2)
def characters() -> dict[str, Character]:
    return load_characters()


def character(cid: str) -> Character:
    """A character by id (``joji``; ``joji:hard`` is Joji too). Raises KeyError."""
    return characters()[cid.split(":")[0]]


def read_grades(node) -> tuple[dict[str, str], dict[str, float], list[tuple[int, str, str]]]:
    """A game's ``grades:`` mapping: how strong each of the nine is in that game, A (strongest) to
    D. Its keys: ``source`` (text: the cartridge, or the round robin that measured them: command,
    seed, date, the rule), each of the nine's grade, and optionally ``win_rates`` (each of the
    nine's win rate in that round robin, in percent).

    Returns (grade by id in CHARACTER_IDS' order, win rate by id, problems), each problem (line,
    key path below ``grades``, what), for the game to report with its file's name."""
    problems: list[tuple[int, str, str]] = []
    grades: dict[str, str] = {}
    rates: dict[str, float] = {}
    if not isinstance(node, dict):
        return grades, rates, [(line_of(node), "", f"must be a mapping (source, and the nine's grades), "
                                                     f"not {type_name(node)}")]
    allowed = ("source",) + CHARACTER_IDS + ("win_rates",)
    for k in node:
        if k not in allowed:
            problems.append((line_of(node, k), str(k), f"unknown key (allowed: source, the nine ids "
                                                       f"{', '.join(CHARACTER_IDS)}, win_rates)"))
    for k in ("source",) + CHARACTER_IDS:
        if k not in node:
            problems.append((line_of(node), k, "missing" if k == "source" else "missing (every one of the nine "
                                                                                   "has a grade)"))
    src = node.get("source")
    if "source" in node and (not isinstance(src, str) or not src.strip()):
        problems.append((line_of(node, "source"), "source", "say where the grades come from, as text"))
    for cid in CHARACTER_IDS:
        if cid in node:
            g = node[cid]
            if g in GRADES:
                grades[cid] = g
            else:
                problems.append((line_of(node, cid), cid, f"{short(g)} is not a grade ({', '.join(GRADES)})"))
    if "win_rates" in node:
        wr = node["win_rates"]
        if not isinstance(wr, dict):
            problems.append((line_of(node, "win_rates"), "win_rates", f"must be a mapping of the nine's win rates "
                                                                      f"(%), not {type_name(wr)}"))
        else:
            for k in wr:
                if k not in CHARACTER_IDS:
                    problems.append((line_of(wr, k), f"win_rates.{k}", "not one of the nine"))
            for cid in CHARACTER_IDS:
                v = wr.get(cid)
                if cid not in wr:
                    problems.append((line_of(wr), f"win_rates.{cid}", "missing"))
                elif isinstance(v, bool) or not isinstance(v, (int, float)) or not 0 <= v <= 100:
                    problems.append((line_of(wr, cid), f"win_rates.{cid}", f"{short(v)} is not a percentage (0..100)"))
                else:
                    rates[cid] = float(v)
    return grades, rates, problems


def rank_grades(win_rates: dict[str, float]) -> dict[str, str]:
    """The grades a round robin gives: by win rate, best first (a tie in CHARACTER_IDS' order),
    the first three A, the next two B, the next two C, the last two D (GRADE_SHARES)."""
    order = sorted(win_rates, key=lambda c: (-win_rates[c], CHARACTER_IDS.index(c) if c in CHARACTER_IDS else 99))
    out: dict[str, str] = {}
    for grade, n in GRADE_SHARES:
        for c in order[len(out):len(out) + n]:
            out[c] = grade
    for c in order[len(out):]:
        out[c] = GRADE_SHARES[-1][0]
    return out


__all__ = ["CHARACTER_IDS", "GRADES", "GRADE_SHARES", "ROSTER_FILE", "Character", "load_characters", "characters",
           "character", "read_grades", "rank_grades"]


class CharacterGame(GameDef):
    """A game the nine characters play, each at a level: its CPU players are ``random``, ``cpu``
    and the characters, made by its package's ``players`` module (``RandomPlayer(seed)`` and
    ``CpuPlayer(base, level, seed)``)."""

    def cpu_kinds(self) -> tuple[str, ...]:
        return ("random", "cpu") + CHARACTER_IDS

    def make_player(self, kind: str, seed: int) -> CpuPlayer:
        # imported here: the players bring the engine, which loads with the first match, not the registry
        players = import_module(".players", type(self).__module__)
        base, level = self.split_kind(kind)
        return players.RandomPlayer(seed) if base == "random" else players.CpuPlayer(base, level, seed)
