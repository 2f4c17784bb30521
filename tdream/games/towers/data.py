"""Towers' data files, validated on load (STYLE.md rule 8): ``rules.yaml`` (the rules' numbers)
and ``styles.yaml`` (the CPU levels, the nine characters' styles and their grades in Towers).
Every problem of a file is reported at once as ``file:line: key.path: what`` in one ``DataError``."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from ...errors import DataError
from ...platform.roster import CHARACTER_IDS, read_grades
from ...yamlio import (Problems, Schema, check_earlier_hashes, check_header, content_hash, join, plain_yaml, read_checked,
                       short, type_name)

HERE = Path(__file__).resolve().parent
RULES_PATH = HERE / "rules.yaml"
STYLES_PATH = HERE / "styles.yaml"
COMMENTS_PATH = HERE / "comments.yaml"
RULES_FORMAT = "tdream-towers-rules"
STYLES_FORMAT = "tdream-towers-styles"
LEVELS = ("easy", "normal", "hard")

# The weights of a style (docs/games/towers.md, "How the CPU thinks"), with their ranges.
WEIGHTS: dict[str, tuple[float, float]] = {
    "material": (0, 10),      # his tower sum (T6.2)
    "territory": (0, 20),     # an empty square he claims
    "potential": (0, 10),     # each size he could place on a square he claims
    "contest": (0, 10),       # each size of his advantage on an unclaimed square
    "safety": (0, 100),       # fear of being walled in (few liberties, no territory)
    "attack": (0, 100),       # a rival nearly walled in
    "tall": (0, 20),          # each size above 6 of the tower he places
    "stack": (0, 10),         # each size of his tallest tower
    "contact": (0, 10),       # each rival tower next to the square he places on
    "line": (0, 10),          # each own tower in a straight line through the square (a wall)
    "stray": (0, 10),         # each square of distance from the nearest tower (odd placements)
    "cutin": (0, 10),         # late in the game: each rival tower next to the square
    "keep": (0, 100),         # what a double turn is worth kept: declare when an extra move gains more
    "early": (0, 1),          # 1: declares as soon as T5.2 lets him
    "pick": (0, 9),           # his favourite secret pick (0: any)
}
LEVEL_KEYS: dict[str, tuple[float, float]] = {
    "depth": (1, 3),          # plies searched (his move, the replies)
    "width": (1, 200),        # his candidate placements searched, best first
    "reply": (0, 200),        # each reply ply's candidates
    "noise": (0, 50),         # +- points of noise on each candidate's value
    "lapse": (0, 1),          # chance of taking his second- to fourth-best candidate
    "budget": (1000, 10_000_000),   # squares evaluated at most per decision (a cap on time)
}


@dataclass(frozen=True)
class Rules:
    double_turns: int
    declare_min_size: int
    pick_split: int
    storeys_per_size: int
    size_default: int
    size_min: int
    size_max: int
    players_default: int
    players_min: int
    players_max: int


@dataclass(frozen=True)
class Level:
    name: str
    depth: int
    width: int
    reply: int
    noise: float
    lapse: float
    budget: int


class Style:
    """A style: its id and its weights (each also an attribute: ``style.tall``)."""

    # the weights of WEIGHTS, each an attribute (a test holds the two lists the same)
    material: float
    territory: float
    potential: float
    contest: float
    safety: float
    attack: float
    tall: float
    stack: float
    contact: float
    line: float
    stray: float
    cutin: float
    keep: float
    early: float
    pick: float

    def __init__(self, id: str, weights: dict) -> None:
        self.__dict__.update(weights)
        self.id = id
        self.weights = dict(weights)

    def __repr__(self) -> str:
        return f"Style({self.id!r}, {self.weights!r})"


@dataclass(frozen=True)
class Styles:
    levels: dict        # name -> Level
    styles: dict        # "cpu" and each character id -> Style
    grades: dict        # each character id -> his strength grade in Towers, A-D (a round robin's)


def _whole(sc: Schema, node, key, path, lo, hi) -> bool:
    return sc.integer(node, key, path, lo=lo, hi=hi)


def load_rules(path: Path | str | None = None) -> Rules:
    """The rules' numbers; raises DataError listing every problem."""
    path = Path(path) if path is not None else RULES_PATH
    data, pr, sc = read_checked(path, DataError)
    keys = ("format", "version", "source", "double_turns", "declare_min_size", "pick_split", "storeys_per_size",
            "board_size", "players")
    if not check_header(data, pr, RULES_FORMAT) or not sc.mapping(data, "", keys, ("provisional", "earlier_hashes",
                                                                             "rulings")):
        pr.raise_if_any()
    sc.string(data, "source", "source")
    check_earlier_hashes(data, pr)
    if "rulings" in data:               # the engine's rulings' version: hashed, so records of other rulings are refused
        _whole(sc, data, "rulings", "rulings", 1, 999)
    _whole(sc, data, "double_turns", "double_turns", 0, 9)
    _whole(sc, data, "declare_min_size", "declare_min_size", 1, 9)
    _whole(sc, data, "pick_split", "pick_split", 2, 17)
    _whole(sc, data, "storeys_per_size", "storeys_per_size", 1, 1000)
    ranges = {}
    for key, lo, hi in (("board_size", 6, 12), ("players", 2, 4)):
        node = data[key]
        if sc.mapping(node, key, ("default", "min", "max"), (), data, key):
            ok = all([_whole(sc, node, k, f"{key}.{k}", lo, hi) for k in ("default", "min", "max")])
            if ok and not node["min"] <= node["default"] <= node["max"]:
                pr.at(node, "default", f"{key}.default", f"must be between min ({node['min']}) and max ({node['max']})")
            ranges[key] = node
    if "provisional" in data and not isinstance(data["provisional"], bool):
        pr.at(data, "provisional", "provisional", "must be true or false")
    pr.raise_if_any()
    b, p = ranges["board_size"], ranges["players"]
    return Rules(data["double_turns"], data["declare_min_size"], data["pick_split"], data["storeys_per_size"],
                 b["default"], b["min"], b["max"], p["default"], p["min"], p["max"])


def _numbers(node, path: str, table: dict, pr: Problems, sc: Schema, base: dict | None, parent, key) -> dict | None:
    if not sc.mapping(node, path, () if base is not None else tuple(table), tuple(table) if base is not None else (),
                      parent, key):
        return None
    out = dict(base or {})
    for k, v in node.items():
        if k not in table:
            continue
        lo, hi = table[k]
        if isinstance(v, bool) or not isinstance(v, (int, float)):
            pr.at(node, k, join(path, k), f"must be a number, not {type_name(v)} {short(v)}")
            continue
        if not lo <= v <= hi:
            pr.at(node, k, join(path, k), f"{v} is out of range ({lo}..{hi})")
            continue
        out[k] = v
    return out


def load_styles(path: Path | str | None = None) -> Styles:
    """The CPU levels and styles; raises DataError listing every problem."""
    path = Path(path) if path is not None else STYLES_PATH
    data, pr, sc = read_checked(path, DataError)
    if not check_header(data, pr, STYLES_FORMAT) or not sc.mapping(
            data, "", ("format", "version", "provisional", "source", "levels", "weights", "characters", "grades")):
        pr.raise_if_any()
    grades, _, bad = read_grades(data["grades"])
    for line, key, what in bad:
        pr.add(line, join("grades", key) if key else "grades", what)
    if not isinstance(data["provisional"], bool):
        pr.at(data, "provisional", "provisional", "must be true or false")
    sc.string(data, "source", "source")
    levels: dict = {}
    lnode = data["levels"]
    if sc.mapping(lnode, "levels", LEVELS, (), data, "levels"):
        for name in LEVELS:
            got = _numbers(lnode[name], f"levels.{name}", LEVEL_KEYS, pr, sc, None, lnode, name)
            if got is not None and len(got) == len(LEVEL_KEYS):
                for k in ("depth", "width", "reply", "budget"):
                    if got[k] != int(got[k]):
                        pr.at(lnode[name], k, f"levels.{name}.{k}", f"must be a whole number, not {got[k]}")
                if got["depth"] >= 2 and got["reply"] < 1:
                    pr.at(lnode[name], "reply", f"levels.{name}.reply", "must be 1 or more when depth is 2 or more")
                levels[name] = Level(name, int(got["depth"]), int(got["width"]), int(got["reply"]),
                                     float(got["noise"]), float(got["lapse"]), int(got["budget"]))
    base = _numbers(data["weights"], "weights", WEIGHTS, pr, sc, None, data, "weights")
    styles: dict = {}
    if base is not None and len(base) == len(WEIGHTS):
        if base["pick"] != int(base["pick"]):
            pr.at(data["weights"], "pick", "weights.pick", "must be a whole number 0-9")
        styles["cpu"] = Style("cpu", dict(base))
    chars = data["characters"]
    sc.mapping(chars, "characters", CHARACTER_IDS, (), data, "characters")
    if isinstance(chars, dict):
        for cid in CHARACTER_IDS:
            if cid not in chars:
                continue
            node = chars[cid]
            cp = f"characters.{cid}"
            if not sc.mapping(node, cp, ("plays", "weights"), (), chars, cid):
                continue
            sc.string(node, "plays", f"{cp}.plays")
            w = _numbers(node["weights"], f"{cp}.weights", WEIGHTS, pr, sc, base or {}, node, "weights")
            if w is not None:
                if "pick" in node["weights"] and node["weights"]["pick"] != int(node["weights"]["pick"]):
                    pr.at(node["weights"], "pick", f"{cp}.weights.pick", "must be a whole number 0-9")
                styles[cid] = Style(cid, w)
    pr.raise_if_any()
    return Styles(levels, styles, grades)


@lru_cache(maxsize=None)
def rules() -> Rules:
    return load_rules()


@lru_cache(maxsize=None)
def styles() -> Styles:
    return load_styles()


# Display-only keys of the data files, left out of the data hash: nothing that plays changes with them.
UNPLAYED = {"rules.yaml": ("earlier_hashes",), "styles.yaml": ("grades",)}


@lru_cache(maxsize=None)
def data_hash() -> str:
    """16 hex digits over what a match and the CPU players depend on in the rules and styles files
    (GameDef.data_hash): their content, less the display-only keys (``UNPLAYED``: the characters'
    grades); comments never change an outcome."""
    parts = []
    for p in (RULES_PATH, STYLES_PATH):
        data = plain_yaml(p) if p.exists() else None
        if isinstance(data, dict):
            data = {k: v for k, v in data.items() if k not in UNPLAYED.get(p.name, ())}
        parts.append((p.name, data))
    return content_hash(parts)


def earlier_hashes() -> dict:
    """An earlier data hash -> today's, where the rules and the CPU players are the same (records
    made with it verify): ``earlier_hashes`` in rules.yaml."""
    data = plain_yaml(RULES_PATH)
    return dict(data.get("earlier_hashes") or {}) if isinstance(data, dict) else {}


__all__ = ["Rules", "Level", "Style", "Styles", "WEIGHTS", "LEVEL_KEYS", "LEVELS", "load_rules", "load_styles",
           "rules", "styles", "data_hash", "earlier_hashes", "RULES_PATH", "STYLES_PATH", "COMMENTS_PATH"]
