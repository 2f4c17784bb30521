"""The objectives' condition primitives (RULES-towerup.md U4.3, UG6.2).

An objective in ``objectives.yaml`` is one primitive with its parameters; ``measure(obj, match,
seat)`` says how far the seat is, as (have, need), and ``met`` is ``have >= need``. A roof counts
whether covered or not, unless the primitive says visible. A tower's colour is its top floor's
(UG3.2). Every primitive reads only the match's public state (sites, roofs, vehicles, the city).

A primitive must be one that a player can newly meet only by his own action (docs/games/towerup.md
E12: floors added to a tower keep its colour, and nobody's build adds to another's roofs or moves
another's vehicles; covering can only take away). The engine relies on it: after the first check
of every player, it checks the active player only, and only the objectives that read what his
action changed (his roofs, or his vehicles).

``measure`` is one pass over the sites per objective, its parameters read without making a dict
(the engine and the CPU players call it often); ``measure_from_scratch`` applies the primitive
functions below as they are written, and the tests hold the two to the same answers.
"""
from __future__ import annotations

from typing import Any, Callable

from ...buildattrs import mypyc_attr


def _roofs(m, p: int) -> list[tuple[int, int]]:
    """(site, floor index) of each of p's roofs, covered or not, in city order."""
    out = []
    for s, owners in enumerate(m.rf):
        for i, o in enumerate(owners):
            if o == p:
                out.append((s, i))
    return out


def _roofed_sites(m, p: int) -> list[int]:
    return [s for s, owners in enumerate(m.rf) if p in owners]


def _visible(m, p: int) -> list[int]:
    return [s for s, owners in enumerate(m.rf) if owners and owners[-1] == p]


def roofs_on_colours(m, p, count):
    return len({m.fl[s][-1] for s in _roofed_sites(m, p)}), count


def roofs_on_distinct_towers_of_one_colour(m, p, count):
    per = [0, 0, 0, 0]
    for s in _roofed_sites(m, p):
        per[m.fl[s][-1]] += 1
    return max(per), count


def roofs_on_floor(m, p, floor, count):
    return sum(1 for _s, i in _roofs(m, p) if i == floor - 1), count


def roofs_on_parks(m, p, count):
    park = m.rules.city.park
    return sum(1 for s in _roofed_sites(m, p) if park[s]), count


def roofs_in_districts(m, p, count):
    city = m.rules.city
    need = len(city.districts) if count == "all" else count
    return len({city.district[s] for s in _roofed_sites(m, p)}), need


def visible_roof_on_height(m, p, height):
    best = max((len(m.fl[s]) for s in _visible(m, p)), default=0)
    return min(best, height), height


def roofed_neighbours(m, p, count):
    roofed = _roofed_sites(m, p)
    mine = [False] * len(m.fl)
    for s in roofed:
        mine[s] = True
    adj = m.rules.city.adj
    best = max((sum(1 for t in adj[s] if mine[t]) for s in roofed), default=0)
    return min(best, count), count


def roofs_in_one_tower(m, p, count):
    best = max((owners.count(p) for owners in m.rf), default=0)
    return min(best, count), count


def visible_roofs(m, p, count):
    return len(_visible(m, p)), count


def vehicles_at_least(m, p, column, count):
    return sum(1 for v in m.veh[p] if v >= column), count


PRIMITIVE_FUNCTIONS: dict[str, Callable[..., tuple[int, int]]] = {
    "roofs_on_colours": roofs_on_colours,
    "roofs_on_distinct_towers_of_one_colour": roofs_on_distinct_towers_of_one_colour,
    "roofs_on_floor": roofs_on_floor,
    "roofs_on_parks": roofs_on_parks,
    "roofs_in_districts": roofs_in_districts,
    "visible_roof_on_height": visible_roof_on_height,
    "roofed_neighbours": roofed_neighbours,
    "roofs_in_one_tower": roofs_in_one_tower,
    "visible_roofs": visible_roofs,
    "vehicles_at_least": vehicles_at_least,
}


def measure_from_scratch(obj, m, p: int) -> tuple[int, int]:
    """(have, need) of objective ``obj`` for seat ``p`` in match ``m``, by its primitive function."""
    return PRIMITIVE_FUNCTIONS[obj.primitive](m, p, **dict(obj.params))


def param(obj, name: str) -> Any:
    """One parameter of an objective (``obj.params``: (name, value) pairs)."""
    for k, v in obj.params:
        if k == name:
            return v
    raise KeyError(name)


def measure(obj, m, p: int) -> tuple[int, int]:
    """(have, need) of objective ``obj`` for seat ``p`` in match ``m``: what the primitive
    functions above say, in one pass over the sites."""
    prim: str = obj.primitive
    if prim == "vehicles_at_least":
        column: int = param(obj, "column")
        have = 0
        for v in m.veh[p]:
            if v >= column:
                have += 1
        return have, param(obj, "count")
    rf: list[list[int]] = m.rf
    fl: list[list[int]] = m.fl
    if prim == "visible_roofs" or prim == "visible_roof_on_height":
        visible = 0
        best = 0
        for s in range(len(rf)):
            owners = rf[s]
            if owners and owners[-1] == p:
                visible += 1
                h = len(fl[s])
                if h > best:
                    best = h
        if prim == "visible_roofs":
            return visible, param(obj, "count")
        height: int = param(obj, "height")
        return min(best, height), height
    if prim == "roofs_on_floor":
        i: int = param(obj, "floor") - 1
        have = 0
        for owners in rf:
            if 0 <= i < len(owners) and owners[i] == p:
                have += 1
        return have, param(obj, "count")
    if prim == "roofs_in_one_tower":
        best = 0
        for owners in rf:
            k = owners.count(p)
            if k > best:
                best = k
        count: int = param(obj, "count")
        return min(best, count), count
    # the rest read the sites he has a roof on (covered or not)
    city = m.rules.city
    if prim == "roofed_neighbours":
        roofed = [p in owners for owners in rf]
        adj = city.adj
        best = 0
        for s in range(len(rf)):
            if roofed[s]:
                k = 0
                for t in adj[s]:
                    if roofed[t]:
                        k += 1
                if k > best:
                    best = k
        count = param(obj, "count")
        return min(best, count), count
    colours = 0
    per = [0, 0, 0, 0]
    parks = 0
    districts: list[int] = []
    park = city.park
    district = city.district
    for s in range(len(rf)):
        if p in rf[s]:
            c = fl[s][-1]
            colours |= 1 << c
            per[c] += 1
            if park[s]:
                parks += 1
            d: int = district[s]
            if d not in districts:
                districts.append(d)
    if prim == "roofs_on_colours":
        return bin(colours).count("1"), param(obj, "count")
    if prim == "roofs_on_distinct_towers_of_one_colour":
        return max(per), param(obj, "count")
    if prim == "roofs_on_parks":
        return parks, param(obj, "count")
    if prim == "roofs_in_districts":
        want = param(obj, "count")
        return len(districts), (len(city.districts) if want == "all" else want)
    return measure_from_scratch(obj, m, p)


def met(obj, m, p: int) -> bool:
    have, need = measure(obj, m, p)
    return have >= need



# ---------------------------------------------------------------------------- a build's effect
@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Summary:
    """What the primitives read of one seat's roofs, counted once (CPU players weigh every build
    against it with ``measure_after_build`` instead of changing the match)."""

    count_at: list[int]
    roofed: list[bool]
    visible: list[bool]
    colours: list[int]
    floors: dict[int, int]
    parks: int
    districts: int
    vis_count: int
    max_in_one: int
    max_neighbours: int

    def __init__(self, m, p: int) -> None:
        city = m.rules.city
        fl: list[list[int]] = m.fl
        rf: list[list[int]] = m.rf
        S = len(fl)
        self.count_at = [owners.count(p) for owners in rf]
        self.roofed = [c > 0 for c in self.count_at]
        self.visible = [bool(rf[s]) and rf[s][-1] == p for s in range(S)]
        self.colours = [0, 0, 0, 0]              # distinct roofed towers per colour
        self.floors = {}                          # floor index -> his roofs on it
        self.parks = 0
        self.districts = 0                        # a bit per district number
        park = city.park
        district = city.district
        for s in range(S):
            if not self.roofed[s]:
                continue
            self.colours[fl[s][-1]] += 1
            if park[s]:
                self.parks += 1
            self.districts |= 1 << district[s]
            owners = rf[s]
            for i in range(len(owners)):
                if owners[i] == p:
                    self.floors[i] = self.floors.get(i, 0) + 1
        self.vis_count = 0
        for v in self.visible:
            if v:
                self.vis_count += 1
        self.max_in_one = max(self.count_at, default=0)
        adj = city.adj
        best = 0
        for s in range(S):
            if self.roofed[s]:
                k = _roofed_around(adj[s], self.roofed, -1)
                if k > best:
                    best = k
        self.max_neighbours = best


def _roofed_around(adj_x: tuple[int, ...], roofed: list[bool], r: int) -> int:
    """Neighbours of a site that are roofed (or are ``r``, the site about to be)."""
    k = 0
    for t in adj_x:
        if roofed[t] or t == r:
            k += 1
    return k


def measure_after_build(obj, m, p: int, sm: Summary, s: int, c: int, nb: list[int], r: int,
                        newv: list[int]) -> tuple[int, int]:
    """(have, need) of ``obj`` for p after his build on empty site ``s`` (base colour ``c``,
    neighbour towers ``nb``, roof on ``r``, vehicles then ``newv``), without changing the match."""
    prim: str = obj.primitive
    city = m.rules.city
    fl: list[list[int]] = m.fl
    colour_r = c if r == s else fl[r][-1]
    new_tower = not sm.roofed[r]              # s is never roofed before (it is empty)
    if prim == "roofs_on_colours":
        have = 0
        for k in range(4):
            if sm.colours[k] or (k == colour_r and new_tower):
                have += 1
        return have, param(obj, "count")
    if prim == "roofs_on_distinct_towers_of_one_colour":
        best = 0
        for k in range(4):
            x = sm.colours[k] + (1 if k == colour_r and new_tower else 0)
            if x > best:
                best = x
        return best, param(obj, "count")
    if prim == "roofs_on_floor":
        fi = 0 if r == s else len(fl[r])
        floor: int = param(obj, "floor")
        return sm.floors.get(floor - 1, 0) + (1 if fi == floor - 1 else 0), param(obj, "count")
    if prim == "roofs_on_parks":
        return sm.parks + (1 if city.park[r] and new_tower else 0), param(obj, "count")
    if prim == "roofs_in_districts":
        want = param(obj, "count")
        need = len(city.districts) if want == "all" else want
        bits = sm.districts | (1 << city.district[r])
        return bin(bits).count("1"), need
    if prim == "visible_roof_on_height":
        best = 0
        for t in range(len(fl)):
            if sm.visible[t] and t not in nb:
                h = len(fl[t])
                if h > best:
                    best = h
        h = 1 if r == s else len(fl[r]) + 1
        if h > best:
            best = h
        height: int = param(obj, "height")
        return min(best, height), height
    if prim == "roofed_neighbours":
        adj = city.adj
        roofed = sm.roofed
        best = sm.max_neighbours
        k = _roofed_around(adj[r], roofed, r)
        if k > best:
            best = k
        for t in adj[r]:
            if roofed[t]:
                k = _roofed_around(adj[t], roofed, r)
                if k > best:
                    best = k
        count: int = param(obj, "count")
        return min(best, count), count
    if prim == "roofs_in_one_tower":
        count = param(obj, "count")
        return min(max(sm.max_in_one, sm.count_at[r] + 1), count), count
    if prim == "visible_roofs":
        lost = 0
        for t in nb:
            if sm.visible[t]:
                lost += 1
        return sm.vis_count - lost + 1, param(obj, "count")
    if prim == "vehicles_at_least":
        column: int = param(obj, "column")
        have = 0
        for x in newv:
            if x >= column:
                have += 1
        return have, param(obj, "count")
    raise KeyError(prim)


__all__ = ["measure", "measure_from_scratch", "met", "param", "PRIMITIVE_FUNCTIONS", "Summary",
           "measure_after_build"]
