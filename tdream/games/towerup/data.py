"""Tower Up's data: the cities, the cards, the tracks, the components, the objectives (RULES-towerup.md
sections 1 and 6) and the CPU styles, each in a YAML file of this folder but the cities, the game's
board (``boards/towerup/cities.yaml`` at the top of the repository), validated on load.

Every problem of a file is reported at once, as ``file:line: key.path: what`` in one ``DataError``.
The same checks read the test data a scenario brings inline (``city:``, ``cards:``, ``tracks:``,
FORMATS.md section 6); there each problem is a key path for ``PositionError``. A ``Rules`` bundles
what one match plays with; its ``spec`` (the shipped ids, or the inline data itself) goes into the
match's JSON state, so that ``match_from_json`` finds the same data again.
"""
from __future__ import annotations

import json
import math
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import TypeGuard

from ...datadirs import board_folder
from ...errors import DataError
from ...platform.roster import CHARACTER_IDS, read_grades
from ...yamlio import LDict, LList, content_hash, is_slug, line_of, plain_yaml, read_yaml, short, type_name

HERE = Path(__file__).resolve().parent
COLOURS = ("black", "white", "brown", "grey")          # UG1.1, in this order everywhere
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
WILD = -1                                              # a wild floor icon (UG1.3)
COLUMNS = 16                                           # UG1.4: columns 0-15
SCREEN = (256, 224)
MIN_GAP = 16                                           # px between two sites (UG1.2: drawable)
STANDARD = "standard"                                  # the city option's value: the shipped city (UG1.2)
STREET_CLEARANCE = 6                                   # px between a street and a site it does not link
FILES = ("cities.yaml", "cards.yaml", "components.yaml", "objectives.yaml", "styles.yaml")
# The condition primitives of objectives (UG6.2) and the parameters each takes.
PRIMITIVES = {
    "roofs_on_colours": ("count",),                          # your roofs on towers of N colours
    "roofs_on_distinct_towers_of_one_colour": ("count",),    # on N different towers of one colour
    "roofs_on_floor": ("floor", "count"),                    # N of your roofs on floor F (1 = first)
    "roofs_on_parks": ("count",),                            # on N different park sites
    "roofs_in_districts": ("count",),                        # in N districts ("all": every one)
    "visible_roof_on_height": ("height",),                   # a visible roof on a tower H+ high
    "roofed_neighbours": ("count",),                         # a roofed tower next to N you roofed
    "roofs_in_one_tower": ("count",),                        # N of your roofs in one tower
    "visible_roofs": ("count",),                             # N of your roofs visible at once
    "vehicles_at_least": ("column", "count"),                # N of your vehicles on column C+
}


# ---------------------------------------------------------------------------- reporting
class Report:
    """Collects problems by key path (a tuple of keys and indices)."""

    def __init__(self, prefix: tuple = ()) -> None:
        self.prefix = tuple(prefix)
        self.items: list[tuple[tuple, str]] = []

    def __call__(self, path: tuple, what: str) -> None:
        self.items.append((self.prefix + tuple(path), what))

    def __bool__(self) -> bool:
        return bool(self.items)


def line_at(data, path: tuple) -> int:
    """The line of the deepest node of ``path`` in a parsed file (0 if unknown)."""
    node, line = data, line_of(data)
    for key in path:
        if isinstance(node, dict) and key in node:
            line = line_of(node, key) or line
            node = node[key]
        elif isinstance(node, list) and isinstance(key, int) and 0 <= key < len(node):
            line = line_of(node, key) or line
            node = node[key]
        else:
            break
    return line


def file_problems(path: Path, data, report: Report) -> list[str]:
    """``file:line: key.path: what`` lines of a report on a parsed file."""
    out = []
    for keys, what in report.items:
        dotted = ".".join(map(str, keys))
        out.append(f"{path}:{line_at(data, keys)}: {dotted}: {what}" if dotted else f"{path}:{line_at(data, keys)}: {what}")
    return out


def _int(v) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


def _mapping(node, path: tuple, rep: Report, required=(), optional=()) -> bool:
    if not isinstance(node, dict):
        rep(path, f"must be a mapping, not {type_name(node)}")
        return False
    ok = True
    for k in node:
        if k not in required and k not in optional:
            rep(path + (k,), f"unknown key (allowed: {', '.join(map(str, tuple(required) + tuple(optional)))})")
    for k in required:
        if k not in node:
            rep(path + (k,), "missing")
            ok = False
    return ok


def _entries(node: dict, path: tuple, rep: Report, what: str, required=(), optional=()) -> tuple[list, bool]:
    """A mapping of ids (``what``: "a card") to mappings of ``required`` and ``optional`` keys: its
    well-formed entries as (id, mapping, key path), and whether every entry is (``rep`` told of
    each that is not)."""
    entries = []
    ok = True
    for k, spec in node.items():
        kp = path + (k,)
        if not isinstance(k, str) or not is_slug(k):
            rep(kp, f"{what} id is lower-case letters, digits and '-'")
            ok = False
        elif not _mapping(spec, kp, rep, required, optional):
            ok = False
        else:
            entries.append((k, spec, kp))
    return entries, ok


def _colour(v, path: tuple, rep: Report, wild: bool = False) -> int | None:
    if wild and v == "wild":
        return WILD
    if v not in COLOURS:
        extra = ", wild" if wild else ""
        rep(path, f"{short(v)} is not a colour ({', '.join(COLOURS)}{extra})")
        return None
    return COLOUR_INDEX[v]


def _whole(node, key, path: tuple, rep: Report, lo=None, hi=None) -> int | None:
    v = node[key]
    if not _int(v):
        rep(path, f"must be a whole number, not {type_name(v)} {short(v)}")
        return None
    if (lo is not None and v < lo) or (hi is not None and v > hi):
        rep(path, f"{v} is out of range ({lo}..{hi})" if hi is not None else f"{v} is out of range (>= {lo})")
        return None
    return v


def _header(data, fmt: str, rep: Report) -> bool:
    if not isinstance(data, dict):
        rep((), f"must be a YAML mapping with format: {fmt}, not {type_name(data)}")
        return False
    if data.get("format") != fmt:
        rep(("format",), f"must be {fmt!r}, not {short(data.get('format'))}")
        return False
    v = data.get("version")
    if v != 1:
        rep(("version",), f"{short(v)}: " + ("newer than this program reads (1)" if _int(v) and v > 1 else "must be 1"))
        return False
    return True


def _provenance(data, rep: Report) -> None:
    """Our invented numbers say so (STYLE.md rule 8): ``provisional: true`` and a ``source:``."""
    if data.get("provisional") is not True:
        rep(("provisional",), "must be true: these numbers are our design (RULES-towerup.md section 1)")
    src = data.get("source")
    if not isinstance(src, str) or not src.strip():
        rep(("source",), "say where the numbers come from, as text")


# ---------------------------------------------------------------------------- the city
@dataclass(frozen=True)
class City:
    """The construction sites and streets (UG1.2). Sites are indexed in the data's order."""

    id: str
    sites: tuple[str, ...]
    at: tuple[tuple[int, int] | None, ...]
    district: tuple[int, ...]
    park: tuple[bool, ...]
    streets: tuple[tuple[int, int], ...]
    adj: tuple[tuple[int, ...], ...]            # each site's neighbours, by index
    districts: tuple[int, ...]                  # the district numbers, sorted
    players: tuple[int, ...] = (2, 3, 4)
    index: dict = field(default_factory=dict, compare=False, hash=False)

    def site(self, name: str) -> int:
        return self.index[name]


def read_city(node, path: tuple, rep: Report, cid: str = "inline", shipped: bool = False) -> City | None:
    """A city from its mapping (``sites``, ``streets``; shipped cities also ``players``,
    ``districts``, ``parks`` and every site's ``at``)."""
    req = ("sites", "streets") + (("players", "districts", "parks") if shipped else ())
    if not _mapping(node, path, rep, req, () if shipped else ("players", "districts", "parks")):
        return None
    sites_node = node["sites"]
    names: list[str] = []
    at: list = []
    district: list[int] = []
    park: list[bool] = []
    ok = True
    if not isinstance(sites_node, dict) or not sites_node:
        rep(path + ("sites",), "must be a mapping of site id to {district, park" + (", at}" if shipped else "}"))
        return None
    for sid, spec in sites_node.items():
        sp = path + ("sites", sid)
        if not isinstance(sid, str) or not is_slug(sid):
            rep(sp, "a site id is lower-case letters, digits and '-' (like s3)")
            ok = False
            continue
        if not _mapping(spec, sp, rep, ("district",) + (("at",) if shipped else ()),
                        ("park",) + (() if shipped else ("at",))):
            ok = False
            continue
        d = _whole(spec, "district", sp + ("district",), rep, lo=1, hi=99)
        p = spec.get("park", False)
        if not isinstance(p, bool):
            rep(sp + ("park",), "must be true or false")
            ok = False
        xy = None
        if "at" in spec:
            v = spec["at"]
            if not (isinstance(v, list) and len(v) == 2 and all(_int(c) for c in v)):
                rep(sp + ("at",), f"must be [x, y] in pixels, not {short(v)}")
                ok = False
            elif not (0 <= v[0] < SCREEN[0] and 0 <= v[1] < SCREEN[1]):
                rep(sp + ("at",), f"{list(v)} is off the {SCREEN[0]}x{SCREEN[1]} screen")
                ok = False
            else:
                xy = (v[0], v[1])
        if d is None:
            ok = False
            continue
        names.append(sid)
        at.append(xy)
        district.append(d)
        park.append(p is True)
    index = {n: i for i, n in enumerate(names)}
    streets: list[tuple[int, int]] = []
    st_node = node["streets"]
    if not isinstance(st_node, list):
        rep(path + ("streets",), f"must be a list of [site, site] pairs, not {type_name(st_node)}")
        return None
    seen: dict[tuple[int, int], int] = {}
    for i, pair in enumerate(st_node):
        sp = path + ("streets", i)
        if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(s, str) for s in pair)):
            rep(sp, f"a street is [site, site], not {short(pair)}")
            ok = False
            continue
        a, b = pair
        bad = [s for s in (a, b) if s not in index]
        if bad:
            if all(s in sites_node for s in bad):
                ok = False           # a site already reported
            else:
                rep(sp, f"no site {', '.join(bad)} in the city")
                ok = False
            continue
        if a == b:
            rep(sp, f"a street links two sites, not {a} with itself")
            ok = False
            continue
        key = (min(index[a], index[b]), max(index[a], index[b]))
        if key in seen:
            rep(sp, f"the street {a}-{b} is listed twice (first as item {seen[key]})")
            ok = False
            continue
        seen[key] = i
        streets.append(key)
    adj: list[list[int]] = [[] for _ in names]
    for a, b in streets:
        adj[a].append(b)
        adj[b].append(a)
    for i, n in enumerate(names):
        adj[i].sort()
        if not 1 <= len(adj[i]) <= 5:
            rep(path + ("sites", n), f"{len(adj[i])} streets; a site has 1-5 (UG1.2)")
            ok = False
    players: tuple[int, ...] = (2, 3, 4)
    if "players" in node:
        v = node["players"]
        if not (isinstance(v, list) and v and all(_int(x) and 2 <= x <= 4 for x in v)):
            rep(path + ("players",), f"must be a list of seat counts (2-4), not {short(v)}")
            ok = False
        else:
            players = tuple(v)
    dset = sorted(set(district))
    if shipped and ok:
        nd = node["districts"]
        if not _int(nd) or nd != len(dset) or dset != list(range(1, len(dset) + 1)):
            rep(path + ("districts",), f"{short(nd)} districts, but the sites name {len(dset)}: {dset} "
                                       f"(numbered 1..N)")
            ok = False
        npk = node["parks"]
        if not _int(npk) or npk != sum(park):
            rep(path + ("parks",), f"{short(npk)} park sites, but {sum(park)} sites say park: true")
            ok = False
    if not ok:
        return None
    return City(cid, tuple(names), tuple(at), tuple(district), tuple(park), tuple(streets),
                tuple(tuple(a) for a in adj), tuple(dset), players, index)


def _cross(p, q, r, s) -> bool:
    """True when segments pq and rs cross (or touch) away from shared end points."""
    def orient(a, b, c):
        v = (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])
        return (v > 0) - (v < 0)

    def on(a, b, c):
        return min(a[0], b[0]) <= c[0] <= max(a[0], b[0]) and min(a[1], b[1]) <= c[1] <= max(a[1], b[1])
    o1, o2, o3, o4 = orient(p, q, r), orient(p, q, s), orient(r, s, p), orient(r, s, q)
    if o1 != o2 and o3 != o4 and 0 not in (o1, o2, o3, o4):
        return True
    return (o1 == 0 and on(p, q, r)) or (o2 == 0 and on(p, q, s)) or (o3 == 0 and on(r, s, p)) \
        or (o4 == 0 and on(r, s, q))


def segment_distance(p, a, b) -> float:
    """The distance in pixels from point p to segment ab."""
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L = dx * dx + dy * dy
    t = 0.0 if L == 0 else max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L))
    return math.hypot(p[0] - (ax + t * dx), p[1] - (ay + t * dy))


def drawing_problems(city: City, area: tuple[int, int, int, int]) -> list[tuple[tuple, str]]:
    """Why ``city`` cannot be drawn in ``area`` (x0, y0, x1, y1) of the 256x224 frame: a site
    outside it, two sites under 16 px apart, streets that cross, a street over a site it does not
    link. (key path, what) pairs; [] when it draws."""
    out: list[tuple[tuple, str]] = []
    x0, y0, x1, y1 = area
    at: list[tuple[int, int]] = []      # every site's position (the loop returns when one has none)
    for i, n in enumerate(city.sites):
        p = city.at[i]
        if p is None:
            out.append((("sites", n, "at"), "missing: a shipped site has a screen position"))
            continue
        if not (x0 <= p[0] <= x1 and y0 <= p[1] <= y1):
            out.append((("sites", n, "at"), f"{list(p)} is outside the map area {list(area)}"))
        at.append(p)
    if out:
        return out
    for i in range(len(city.sites)):
        for j in range(i + 1, len(city.sites)):
            d = math.dist(at[i], at[j])
            if d < MIN_GAP:
                out.append((("sites", city.sites[j], "at"), f"{d:.1f} px from {city.sites[i]}; sites are >= {MIN_GAP} apart"))
    segs = [(a, b, at[a], at[b]) for a, b in city.streets]
    for k, (a, b, p, q) in enumerate(segs):
        for m in range(k + 1, len(segs)):
            c, d, r, s = segs[m]
            if len({a, b, c, d}) < 4:
                continue
            if _cross(p, q, r, s):
                out.append((("streets", m), f"{city.sites[c]}-{city.sites[d]} crosses {city.sites[a]}-{city.sites[b]}"))
        for i in range(len(city.sites)):
            if i in (a, b):
                continue
            if segment_distance(at[i], p, q) < STREET_CLEARANCE:
                out.append((("streets", k), f"{city.sites[a]}-{city.sites[b]} passes over {city.sites[i]}"))
    return out


# ---------------------------------------------------------------------------- cards
@dataclass(frozen=True)
class Card:
    """A materials card (UG1.3): its bottom colour, floor icons (WILD for a wild) and vehicle icons."""

    id: str
    bottom: int
    floors: tuple[int, ...]
    vehicles: tuple[int, ...]

    @property
    def kind(self) -> str:
        """three, wild, two+1 or one+2 (UG1.3's four kinds), else other."""
        f, v = self.floors, self.vehicles
        if len(f) == 3 and WILD not in f and not v:
            return "three"
        if len(f) == 2 and f == (WILD, WILD) and not v:
            return "wild"
        if len(f) == 2 and WILD not in f and len(v) == 1:
            return "two+1"
        if len(f) == 1 and WILD not in f and len(v) == 2:
            return "one+2"
        return "other"


COMPOSITION = {"three": 16, "wild": 8, "two+1": 12, "one+2": 8}     # UG1.3


def read_cards(node, path: tuple, rep: Report, shipped: bool = False) -> dict[str, Card] | None:
    """Cards by id, in the data's order."""
    if not isinstance(node, dict) or not node:
        rep(path, f"must be a mapping of card id to {{bottom, floors, vehicles}}, not {type_name(node)}")
        return None
    out: dict[str, Card] = {}
    entries, ok = _entries(node, path, rep, "a card", ("bottom", "floors"), ("vehicles",))
    for cid, spec, cp in entries:
        b = _colour(spec["bottom"], cp + ("bottom",), rep)
        floors: list[int] = []
        good = b is not None
        fl = spec["floors"]
        if not isinstance(fl, list) or not 1 <= len(fl) <= 3:
            rep(cp + ("floors",), f"must be a list of 1-3 floor icons, not {short(fl)}")
            good = False
        else:
            for i, v in enumerate(fl):
                c = _colour(v, cp + ("floors", i), rep, wild=True)
                good &= c is not None
                floors.append(c if c is not None else 0)
        vehicles: list[int] = []
        vl = spec.get("vehicles", [])
        if not isinstance(vl, list) or len(vl) > 2:
            rep(cp + ("vehicles",), f"must be a list of 0-2 vehicle colours, not {short(vl)}")
            good = False
        else:
            for i, v in enumerate(vl):
                c = _colour(v, cp + ("vehicles", i), rep)
                good &= c is not None
                vehicles.append(c if c is not None else 0)
        if good and b is not None:       # (good says b is not None; mypy reads it here)
            out[cid] = Card(cid, b, tuple(floors), tuple(vehicles))
        ok &= good
    if shipped and ok:
        counts = {k: 0 for k in COMPOSITION}
        per_bottom = [0, 0, 0, 0]
        for card in out.values():
            if card.kind not in counts:
                rep(path + (card.id,), "neither three coloured floors, two wilds, two floors and a vehicle, nor one "
                                       "floor and two vehicles (UG1.3)")
                ok = False
                continue
            counts[card.kind] += 1
            per_bottom[card.bottom] += 1
        if len(out) != 44:
            rep(path, f"{len(out)} cards; the game has 44 (UG1.3)")
            ok = False
        for k, want in COMPOSITION.items():
            if counts[k] != want:
                rep(path, f"{counts[k]} cards of kind {k}; UG1.3 has {want}")
                ok = False
        for i, n in enumerate(per_bottom):
            if n != 11:
                rep(path, f"{n} cards with bottom colour {COLOURS[i]}; UG1.3 has 11 of each")
                ok = False
    return out if ok else None


# ---------------------------------------------------------------------------- tracks, components
@dataclass(frozen=True)
class Tracks:
    """The value row over columns 0-15 and the star columns (UG1.4)."""

    values: tuple[int, ...]
    stars: tuple[int, ...]


def read_tracks(node, path: tuple, rep: Report) -> Tracks | None:
    if not _mapping(node, path, rep, ("values", "stars")):
        return None
    ok = True
    vals = node["values"]
    if not (isinstance(vals, list) and len(vals) == COLUMNS and all(_int(v) and 0 <= v <= 999 for v in vals)):
        rep(path + ("values",), f"must be {COLUMNS} whole numbers 0..999 (columns 0-15), not {short(vals)}")
        ok = False
    elif any(vals[i] > vals[i + 1] for i in range(COLUMNS - 1)):
        rep(path + ("values",), "must not go down from one column to the next")
        ok = False
    stars = node["stars"]
    if not (isinstance(stars, list) and all(_int(s) and 1 <= s < COLUMNS for s in stars)):
        rep(path + ("stars",), f"must be a list of columns 1..{COLUMNS - 1}, not {short(stars)}")
        ok = False
    elif list(stars) != sorted(set(stars)):
        rep(path + ("stars",), "must be columns in rising order, each once")
        ok = False
    return Tracks(tuple(vals), tuple(stars)) if ok else None


SEAT_COUNTS = (2, 3, 4)


@dataclass(frozen=True)
class Components:
    """UG1.1 and UG1.5's counts: floors of each colour in the supply and roofs a player (each by
    player count), the floors each seat after the first chooses at set-up (by player count: the
    k-th later seat's is ``later_floors[n][k - 1]``), chips an objective, objectives drawn, and
    when the supply of a colour counts as near empty."""

    supply: tuple[tuple[int, int], ...] = ((2, 30), (3, 30), (4, 30))
    roofs: tuple[tuple[int, int], ...] = ((2, 10), (3, 10), (4, 10))
    chips: tuple[int, ...] = (7, 5, 3, 3)
    draw: int = 3
    near_empty: int = 6
    later_floors: tuple[tuple[int, tuple[int, ...]], ...] = ((2, (1,)), (3, (1, 2)), (4, (1, 2, 3)))

    def supply_for(self, n: int) -> int:
        """UG1.1: floors of each colour in the supply of an ``n``-player game."""
        return dict(self.supply)[n]

    def roofs_for(self, n: int) -> int:
        """UG1.1: roofs each player has in an ``n``-player game."""
        return dict(self.roofs)[n]

    def later_for(self, n: int) -> tuple[int, ...]:
        """UG1.1: the floors the 1st, 2nd... seat after the first chooses in an ``n``-player game."""
        return dict(self.later_floors)[n]


# ---------------------------------------------------------------------------- objectives
@dataclass(frozen=True)
class Objective:
    """One objective card (UG6.2): a condition primitive and its parameters."""

    id: str
    name: str
    name_ja: str
    text: str
    primitive: str
    params: tuple[tuple[str, object], ...]

    def param(self, name: str):
        return dict(self.params)[name]


def read_objectives(node, path: tuple, rep: Report) -> dict[str, Objective] | None:
    if not isinstance(node, dict) or not node:
        rep(path, "must be a mapping of objective id to {name, name_ja, text, condition}")
        return None
    out: dict[str, Objective] = {}
    entries, ok = _entries(node, path, rep, "an objective", ("name", "name_ja", "text", "condition"))
    for oid, spec, op in entries:
        good = True
        for k in ("name", "name_ja", "text"):
            if not isinstance(spec[k], str) or not spec[k].strip():
                rep(op + (k,), "must be text")
                good = False
        cond = spec["condition"]
        if not isinstance(cond, dict) or len(cond) != 1:
            rep(op + ("condition",), f"one primitive, like {{visible_roofs: {{count: 4}}}} "
                                     f"(primitives: {', '.join(PRIMITIVES)})")
            ok = False
            continue
        (prim, params), = cond.items()
        cp = op + ("condition", prim)
        if prim not in PRIMITIVES:
            rep(cp, f"unknown primitive (known: {', '.join(PRIMITIVES)})")
            ok = False
            continue
        if not _mapping(params, cp, rep, PRIMITIVES[prim]):
            ok = False
            continue
        got: list[tuple[str, object]] = []      # a whole number, or count: all
        for k in PRIMITIVES[prim]:
            v = params[k]
            if prim == "roofs_in_districts" and k == "count" and v == "all":
                got.append((k, "all"))
            elif _int(v) and 1 <= v <= 99:
                got.append((k, v))
            else:
                rep(cp + (k,), f"must be a whole number 1..99{' or all' if prim == 'roofs_in_districts' else ''}, "
                               f"not {short(v)}")
                good = False
        if good:
            out[oid] = Objective(oid, spec["name"], spec["name_ja"], spec["text"], prim, tuple(got))
        ok &= good
    return out if ok else None


# ---------------------------------------------------------------------------- shipped files
@dataclass(frozen=True)
class Shipped:
    cities: dict
    area: tuple[int, int, int, int]
    cards: dict
    tracks: Tracks
    components: Components
    objectives: dict
    hash: str


#: the files that are the game's board (its cities): in ``boards/towerup/``, the rest beside this file
BOARD_FILES = ("cities.yaml",)


def data_path(name: str, folder: Path | None = None) -> Path:
    """A data file: in ``folder`` when one is given (every file), else the board's in
    ``boards/towerup/`` and the others beside this file."""
    if folder is not None:
        return folder / name
    return (board_folder("towerup") if name in BOARD_FILES else HERE) / name


def _load_file(name: str, folder: Path | None, fn, problems: list[str]):
    path = data_path(name, folder)
    try:
        data = read_yaml(path, DataError)
    except DataError as e:
        problems.extend(e.problems)
        return None
    rep = Report()
    value = fn(data, rep)
    problems.extend(file_problems(path, data, rep))
    return value


def _file_top(data, rep: Report, kind: str, keys: tuple, optional: tuple = ()) -> bool:
    """The top of a data file: ``format: tdream-towerup-<kind>``, ``version: 1``, its provenance and
    no keys but ``keys`` and ``optional``; False (told to ``rep``) when the header is wrong."""
    if not _header(data, f"tdream-towerup-{kind}", rep):
        return False
    _mapping(data, (), rep, ("format", "version", "provisional", "source") + keys, optional)
    _provenance(data, rep)
    return True


def _cities_file(data, rep):
    if not _file_top(data, rep, "cities", ("area", "cities")):
        return None
    area = data.get("area")
    if not (isinstance(area, list) and len(area) == 4 and all(_int(v) for v in area)
            and 0 <= area[0] < area[2] <= SCREEN[0] and 0 <= area[1] < area[3] <= SCREEN[1]):
        rep(("area",), f"must be [x0, y0, x1, y1] inside the {SCREEN[0]}x{SCREEN[1]} frame, not {short(area)}")
        area = None
    cities = {}
    node = data.get("cities")
    if not isinstance(node, dict) or not node:
        rep(("cities",), "must be a mapping of city id to a city")
        return None
    for cid, spec in node.items():
        if not is_slug(cid):
            rep(("cities", cid), "a city id is lower-case letters, digits and '-'")
            continue
        city = read_city(spec, ("cities", cid), rep, cid, shipped=True)
        if city is not None and area is not None:
            for keys, what in drawing_problems(city, tuple(area)):
                rep(("cities", cid) + keys, what)
            cities[cid] = city
    seats = [n for c in cities.values() for n in c.players]
    for n in (2, 3, 4):
        if seats.count(n) != 1 and cities:
            rep(("cities",), f"{seats.count(n)} cities for {n} players; exactly one is played with each count")
    return (cities, tuple(area) if area else None)


def _cards_file(data, rep):
    if not _file_top(data, rep, "cards", ("cards",)):
        return None
    if "cards" not in data:
        return None
    return read_cards(data["cards"], ("cards",), rep, shipped=True)


def _components_file(data, rep):
    if not _file_top(data, rep, "components", ("tracks", "supply", "roofs", "chips", "draw", "near_empty",
                                               "later_floors"), ("earlier_hashes",)):
        return None
    hashes = data.get("earlier_hashes", {})
    if not (isinstance(hashes, dict) and all(isinstance(k, str) and isinstance(v, str) and _HEX16.fullmatch(k)
                                             and _HEX16.fullmatch(v) for k, v in hashes.items())):
        rep(("earlier_hashes",), "a mapping of 16-hex data hashes to 16-hex data hashes")
    tracks = read_tracks(data["tracks"], ("tracks",), rep) if "tracks" in data else None
    vals = {}
    for k, lo, hi in (("draw", 1, 10), ("near_empty", 0, 99)):
        if k in data:
            vals[k] = _whole(data, k, (k,), rep, lo, hi)
    for k, lo, hi in (("supply", 1, 99), ("roofs", 1, 30)):
        if k in data:
            vals[k] = _by_seats(data, k, rep, lo, hi)
    if "later_floors" in data:
        vals["later_floors"] = _later_floors(data, rep)
    chips = data.get("chips")
    if not (isinstance(chips, list) and len(chips) == 4 and all(_int(c) and c > 0 for c in chips)) \
            or list(chips) != sorted(chips, reverse=True):
        rep(("chips",), f"must be four chip values, highest first (UG1.5: with N players the first N), "
                        f"not {short(chips)}")
        chips = None
    if tracks is None or chips is None or None in vals.values() or len(vals) != 5:
        return None
    return tracks, Components(vals["supply"], vals["roofs"], tuple(chips), vals["draw"], vals["near_empty"],
                              vals["later_floors"])


def _seat_keys(node, key: str, rep) -> bool:
    """A mapping by player count has exactly the keys 2, 3 and 4."""
    if set(node) == set(SEAT_COUNTS) and all(_int(n) for n in node):
        return True
    rep((key,), f"must give every player count {', '.join(map(str, SEAT_COUNTS))} once "
                f"(like {{2: .., 3: .., 4: ..}}), not the keys {short(list(node))}")
    return False


def _by_seats(data, key: str, rep, lo: int, hi: int):
    """UG1.1: one whole number for every player count, or a mapping ``{2: .., 3: .., 4: ..}``."""
    node = data[key]
    if not isinstance(node, dict):
        v = _whole(data, key, (key,), rep, lo, hi)
        return None if v is None else tuple((n, v) for n in SEAT_COUNTS)
    if not _seat_keys(node, key, rep):
        return None
    got = [(n, _whole(node, n, (key, n), rep, lo, hi)) for n in SEAT_COUNTS]
    return None if any(v is None for _n, v in got) else tuple(got)


def _later_floors(data, rep):
    """UG1.1: by player count n, the floors of his choice each of the n - 1 seats after the first
    takes at set-up (``{2: [1], 3: [1, 2], 4: [1, 2, 3]}``), each 0..10."""
    node = data["later_floors"]
    if not isinstance(node, dict):
        rep(("later_floors",), f"must be a mapping of player count to a list of floors, one a seat after the "
                               f"first (like {{2: [1], 3: [1, 2], 4: [1, 2, 3]}}), not {type_name(node)} "
                               f"{short(node)}")
        return None
    if not _seat_keys(node, "later_floors", rep):
        return None
    out = []
    for n in SEAT_COUNTS:
        v = node[n]
        if not (isinstance(v, list) and len(v) == n - 1 and all(_int(k) and 0 <= k <= 10 for k in v)):
            rep(("later_floors", n), f"must be a list of {n - 1} whole number{'s' if n > 2 else ''} 0..10 (one a "
                                     f"seat after the first), not {short(v)}")
            return None
        out.append((n, tuple(v)))
    return tuple(out)


def _objectives_file(data, rep):
    if not _file_top(data, rep, "objectives", ("objectives",)):
        return None
    if "objectives" not in data:
        return None
    out = read_objectives(data["objectives"], ("objectives",), rep)
    if out is not None and len(out) != 10:
        rep(("objectives",), f"{len(out)} objectives; the game has ten (UG1.5)")
    return out


def load_shipped(folder: Path | None = None) -> Shipped:
    """Every data file of the game (or of ``folder``), validated: raises DataError listing every
    problem of every file."""
    problems: list[str] = []
    cities = _load_file("cities.yaml", folder, _cities_file, problems)
    cards = _load_file("cards.yaml", folder, _cards_file, problems)
    comp = _load_file("components.yaml", folder, _components_file, problems)
    objs = _load_file("objectives.yaml", folder, _objectives_file, problems)
    if comp is not None and objs is not None and comp[1].draw > len(objs):
        problems.append(f"{(folder or HERE) / 'components.yaml'}:0: draw: {comp[1].draw} objectives drawn of "
                        f"{len(objs)}")
    if problems or None in (cities, cards, comp, objs) or cities[1] is None:
        raise DataError(problems or [f"{folder or HERE}: data could not be read"])
    return Shipped(cities[0], cities[1], cards, comp[0], comp[1], objs, data_hash(folder))


_HEX16 = __import__("re").compile(r"[0-9a-f]{16}")


def _played(name: str, data):
    """What of a data file changes play: all of it but the display-only keys (the cities' area and
    where each site is drawn, the characters' grades, the earlier hashes)."""
    if not isinstance(data, dict):
        return data
    drop = {"cities.yaml": ("area",), "styles.yaml": ("grades",), "components.yaml": ("earlier_hashes",)}.get(name, ())
    out = {k: v for k, v in data.items() if k not in drop}
    if name == "cities.yaml" and isinstance(out.get("cities"), dict):
        out["cities"] = {cid: dict(city, sites={sid: {k: v for k, v in site.items() if k != "at"}
                                                  if isinstance(site, dict) else site
                                                  for sid, site in city.get("sites", {}).items()})
                         if isinstance(city, dict) and isinstance(city.get("sites"), dict) else city
                         for cid, city in out["cities"].items()}
    return out


def data_hash(folder: Path | None = None) -> str:
    """16 hex digits over what of every data file (FILES) changes play (``_played``)."""
    parts = []
    for name in FILES:
        p = data_path(name, folder)
        parts.append((name, _played(name, plain_yaml(p)) if p.exists() else None))
    return content_hash(parts)


def earlier_hashes(folder: Path | None = None) -> dict:
    """An earlier data hash -> today's, where the rules and the CPU players are the same
    (``earlier_hashes`` in components.yaml)."""
    data = plain_yaml((folder or HERE) / "components.yaml")
    return dict(data.get("earlier_hashes") or {}) if isinstance(data, dict) else {}


@lru_cache(maxsize=1)
def shipped() -> Shipped:
    """The shipped data, read once."""
    return load_shipped()


# ---------------------------------------------------------------------------- one match's data
@dataclass(frozen=True)
class Rules:
    """What one match plays with: city, cards, tracks, components, the objective catalogue, and the
    ``spec`` that names them in the match's state (shipped ids, or inline data as plain JSON)."""

    city: City
    cards: dict
    card_ids: tuple[str, ...]
    tracks: Tracks
    components: Components
    objectives: dict
    spec: dict
    spec_json: str = ""


def plain(node):
    """Parsed YAML (LDict, LList) as plain JSON data."""
    if isinstance(node, dict):
        return {str(k): plain(v) for k, v in node.items()}
    if isinstance(node, list):
        return [plain(v) for v in node]
    return node


def city_for(seats: int, chosen: str = STANDARD) -> str:
    """The city played with ``seats`` players (UG1.2): ``chosen``, a player's own city, when it is
    for that many players, else the shipped city for them."""
    own = own_cities().cities.get(chosen)
    if own is not None and seats in own.players:
        return chosen
    for cid, c in shipped().cities.items():
        if seats in c.players:
            return cid
    raise ValueError(f"no city for {seats} players")


# ---------------------------------------------------------------------------- a player's own cities
@dataclass(frozen=True)
class OwnCities:
    """The players' own city files of ``boards/towerup/`` that load (id -> City, id -> name) and
    one line for each file left out (``file:line: key.path: what``, and how many more)."""

    cities: dict
    names: dict
    left_out: tuple[str, ...]


def _own_city_file(data, rep: Report, taken: set):
    """An own city file: ``format: tdream-towerup-city``, ``version: 1``, an ``id`` of its own, a
    ``name`` (optional) and ``city:``, a city as a city of cities.yaml is (its ``players`` the
    counts it is for), drawn inside the shipped cities' area by the same checks."""
    if not _header(data, "tdream-towerup-city", rep):
        return None
    _mapping(data, (), rep, ("format", "version", "id", "city"), ("name", "source"))
    cid, name = data.get("id"), data.get("name", data.get("id"))
    if not isinstance(cid, str) or not is_slug(cid):
        rep(("id",), f"a city id is lower-case letters, digits and '-', not {short(cid)}")
    elif cid in taken or cid == STANDARD:
        rep(("id",), f"{cid!r} is taken (by a shipped city, another file or the option's {STANDARD!r})")
    if not isinstance(name, str) or not name.strip():
        rep(("name",), f"the city's name is text, not {short(name)}")
    if rep or "city" not in data:
        return None
    city = read_city(data["city"], ("city",), rep, cid, shipped=True)
    if city is None:
        return None
    for keys, what in drawing_problems(city, shipped().area):
        rep(("city",) + keys, what)
    return None if rep else (city, name)


def read_own_cities(folder: Path) -> OwnCities:
    """The own city files of ``folder`` (every ``*.yaml`` but cities.yaml), by file name: each
    that loads, and one line for each that does not (the first problem and how many more)."""
    cities: dict = {}
    names: dict = {}
    left_out = []
    for path in sorted(folder.glob("*.yaml")):
        if path.name in BOARD_FILES:
            continue
        rep = Report()
        try:
            data = read_yaml(path, DataError)
        except DataError as e:
            problems = list(e.problems)
        else:
            got = _own_city_file(data, rep, set(shipped().cities) | set(cities))
            problems = file_problems(path, data, rep)
            if got is not None and not problems:
                cities[got[0].id], names[got[0].id] = got
                continue
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        left_out.append((problems[0] if problems else f"{path}:0: not a city") + more)
    return OwnCities(cities, names, tuple(left_out))


@lru_cache(maxsize=1)
def own_cities() -> OwnCities:
    """The players' own cities of ``boards/towerup/``, read once."""
    return read_own_cities(board_folder("towerup"))


def make_rules(spec: dict) -> Rules:
    """The Rules of a spec: ``{"city": id or mapping, "cards": "standard" or mapping, "tracks":
    "standard" or mapping}`` (read once per spec). Raises ``InlineDataError`` with (key path, what)
    pairs for inline data that does not hold together."""
    key = json.dumps(spec, sort_keys=True, separators=(",", ":"))
    return _make_rules(key)


class InlineDataError(ValueError):
    def __init__(self, problems: list[tuple[tuple, str]]) -> None:
        self.problems = problems
        super().__init__("; ".join(f"{'.'.join(map(str, p))}: {w}" for p, w in problems))


@lru_cache(maxsize=64)
def _make_rules(key: str) -> Rules:
    spec = json.loads(key)
    sh = shipped()
    rep = Report()
    c = spec.get("city")
    if isinstance(c, str):
        known = {**sh.cities, **own_cities().cities}
        if c not in known:
            rep(("city",), f"unknown city {c!r} (known: {', '.join(known)})")
            city = None
        else:
            city = known[c]
    else:
        city = read_city(c, ("city",), rep)

    def standard_or_own(key: str, standard, read, what: str):
        v = spec.get(key, "standard")
        if v == "standard":
            return standard
        if isinstance(v, str):
            rep((key,), f"unknown {what.format(v=repr(v))}")
            return None
        return read(v, (key,), rep)

    cards = standard_or_own("cards", sh.cards, read_cards, "card set {v} (standard, or a mapping of cards)")
    tracks = standard_or_own("tracks", sh.tracks, read_tracks, "tracks {v} (standard, or {{values, stars}})")
    components = sh.components
    if "later_floors" in spec:                          # a scenario's own (UG1.1), by player count
        node = spec["later_floors"]
        if isinstance(node, dict):                      # JSON made the player counts strings
            node = {int(n) if isinstance(n, str) and n.isdigit() else n: v for n, v in node.items()}
        later = _later_floors({"later_floors": node}, rep)
        if later is not None:
            components = replace(components, later_floors=later)
    if rep or city is None or cards is None or tracks is None:
        raise InlineDataError(rep.items or [((), "bad data")])
    return Rules(city, cards, tuple(cards), tracks, components, sh.objectives, spec, key)


# ---------------------------------------------------------------------------- CPU styles
WEIGHT_NAMES = ("track", "focus", "height", "extra", "objective", "cone", "exposure", "hoard", "build", "others",
                "odd", "cover", "rival", "tempo", "noise", "blunder")


@dataclass(frozen=True)
class Style:
    """How a CPU player weighs a move (docs/games/towerup.md "The CPU")."""

    id: str
    weights: tuple[tuple[str, float], ...]

    def __getattr__(self, name: str):
        for k, v in object.__getattribute__(self, "weights"):
            if k == name:
                return v
        raise AttributeError(name)


@dataclass(frozen=True)
class Styles:
    base: Style
    characters: dict
    levels: dict          # level -> {"depth": int, "width": int, "noise": float, "blunder": float, "reply_with": tuple[int, ...]}
    grades: dict          # id -> his strength grade in Tower Up, A-D (a round robin's)


LEVEL_KEYS = ("depth", "width", "noise", "blunder")
LEVEL_OPTIONAL = ("reply_with",)    # the player counts in which rivals answer his own next turn too (none: never)


def _player_counts(node, key, path: tuple, rep: Report):
    """A list of player counts (2, 3, 4), each at most once; a tuple, or None after a report."""
    v = node[key]
    if not (isinstance(v, list) and all(_int(n) and n in SEAT_COUNTS for n in v) and len(set(v)) == len(v)):
        rep(path, f"must be a list of player counts ({', '.join(map(str, SEAT_COUNTS))}), each at most once, "
                  f"not {short(v)}")
        return None
    return tuple(sorted(v))


def read_styles(path: Path | None = None) -> Styles:
    """``styles.yaml``: the base weights, each character's changes, what each level does, and the
    characters' grades. Raises DataError listing every problem."""
    path = path or HERE / "styles.yaml"
    data = read_yaml(path, DataError)
    rep = Report()
    out = None
    if _header(data, "tdream-towerup-styles", rep) and _mapping(
            data, (), rep, ("format", "version", "weights", "levels", "characters", "grades")):
        base_node = data["weights"]
        base: dict[str, float] = {}
        if _mapping(base_node, ("weights",), rep, WEIGHT_NAMES):
            for k in WEIGHT_NAMES:
                v = _number(base_node, k, ("weights", k), rep)
                if v is not None:
                    base[k] = v
        levels = {}
        lv = data["levels"]
        if _mapping(lv, ("levels",), rep, ("easy", "normal", "hard")):
            for name in ("easy", "normal", "hard"):
                node = lv[name]
                lp = ("levels", name)
                if not _mapping(node, lp, rep, LEVEL_KEYS, LEVEL_OPTIONAL):
                    continue
                d = _whole(node, "depth", lp + ("depth",), rep, 0, 2)
                width = _whole(node, "width", lp + ("width",), rep, 1, 64)
                nz = _number(node, "noise", lp + ("noise",), rep)
                bl = _number(node, "blunder", lp + ("blunder",), rep, hi=1.0)
                ru = _player_counts(node, "reply_with", lp + ("reply_with",), rep) if "reply_with" in node else ()
                if None not in (d, width, nz, bl, ru):
                    levels[name] = {"depth": d, "width": width, "noise": nz, "blunder": bl, "reply_with": ru}
        chars = {}
        cn = data["characters"]
        if _mapping(cn, ("characters",), rep, CHARACTER_IDS):
            for cid in CHARACTER_IDS:
                node = cn[cid]
                cp = ("characters", cid)
                if not _mapping(node, cp, rep, ("plays",), ("weights",)):
                    continue
                if not isinstance(node["plays"], str) or not node["plays"].strip():
                    rep(cp + ("plays",), "say how he plays, as text")
                w = dict(base)
                wn = node.get("weights") or {}
                if _mapping(wn, cp + ("weights",), rep, (), WEIGHT_NAMES):
                    for k in wn:
                        if k in WEIGHT_NAMES:
                            v = _number(wn, k, cp + ("weights", k), rep)
                            if v is not None:
                                w[k] = v
                chars[cid] = Style(cid, tuple((k, w.get(k, 0.0)) for k in WEIGHT_NAMES))
        grades, _, bad = read_grades(data["grades"])
        for _, key, what in bad:
            rep(("grades",) + tuple(key.split(".")) if key else ("grades",), what)
        if not rep:
            out = Styles(Style("cpu", tuple((k, base[k]) for k in WEIGHT_NAMES)), chars, levels, grades)
    if rep or out is None:
        raise DataError(file_problems(path, data, rep) or [f"{path}:0: styles could not be read"])
    return out


def _number(node, key, path: tuple, rep: Report, lo: float = -1000.0, hi: float = 1000.0):
    v = node[key]
    if isinstance(v, bool) or not isinstance(v, (int, float)):
        rep(path, f"must be a number, not {type_name(v)} {short(v)}")
        return None
    if not lo <= v <= hi:
        rep(path, f"{v} is out of range ({lo}..{hi})")
        return None
    return float(v)


@lru_cache(maxsize=1)
def styles() -> Styles:
    return read_styles()


__all__ = ["COLOURS", "COLOUR_INDEX", "WILD", "SEAT_COUNTS",
           "City", "Card", "Tracks", "Components", "Objective", "Rules",
           "Report", "read_city", "read_cards", "read_tracks", "read_objectives", "load_shipped", "shipped",
           "make_rules", "InlineDataError", "drawing_problems", "city_for", "STANDARD", "OwnCities", "own_cities",
           "read_own_cities", "plain", "styles", "read_styles",
           "Style", "Styles", "WEIGHT_NAMES", "data_hash", "earlier_hashes", "LDict", "LList"]
