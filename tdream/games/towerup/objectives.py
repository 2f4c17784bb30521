"""The objectives' condition primitives (RULES-towerup.md U4.3, UG6.2).

An objective in ``objectives.yaml`` is one primitive with its parameters; ``measure(obj, match,
seat)`` says how far the seat is, as (have, need), and ``met`` is ``have >= need``. A roof counts
whether covered or not, unless the primitive says visible. A tower's colour is its top floor's
(UG3.2). Every primitive reads only the match's public state (sites, roofs, vehicles, the city).

A primitive must be one that a player can newly meet only by his own action (docs/games/towerup.md
E12: floors added to a tower keep its colour, and nobody's build adds to another's roofs or moves
another's vehicles; covering can only take away). The engine relies on it: after the first check
of every player, it checks the active player only.
"""
from __future__ import annotations


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


PRIMITIVE_FUNCTIONS = {
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


def measure(obj, m, p: int) -> tuple[int, int]:
    """(have, need) of objective ``obj`` for seat ``p`` in match ``m``."""
    return PRIMITIVE_FUNCTIONS[obj.primitive](m, p, **dict(obj.params))


def met(obj, m, p: int) -> bool:
    have, need = measure(obj, m, p)
    return have >= need




# ---------------------------------------------------------------------------- a build's effect
class Summary:
    """What the primitives read of one seat's roofs, counted once (CPU players weigh every build
    against it with ``measure_after_build`` instead of changing the match)."""

    __slots__ = ("count_at", "roofed", "visible", "colours", "floors", "parks", "districts", "vis_count",
                 "max_in_one", "max_neighbours")

    def __init__(self, m, p: int) -> None:
        city = m.rules.city
        S = len(m.fl)
        self.count_at = [owners.count(p) for owners in m.rf]
        self.roofed = [c > 0 for c in self.count_at]
        self.visible = [bool(m.rf[s]) and m.rf[s][-1] == p for s in range(S)]
        self.colours = [0, 0, 0, 0]              # distinct roofed towers per colour
        self.floors: dict[int, int] = {}          # floor index -> his roofs on it
        self.parks = 0
        self.districts = 0                        # a bit per district number
        for s in range(S):
            if not self.roofed[s]:
                continue
            self.colours[m.fl[s][-1]] += 1
            self.parks += city.park[s]
            self.districts |= 1 << city.district[s]
            for i, o in enumerate(m.rf[s]):
                if o == p:
                    self.floors[i] = self.floors.get(i, 0) + 1
        self.vis_count = sum(self.visible)
        self.max_in_one = max(self.count_at, default=0)
        adj = city.adj
        self.max_neighbours = max((sum(1 for t in adj[s] if self.roofed[t]) for s in range(S) if self.roofed[s]),
                                  default=0)


def measure_after_build(obj, m, p: int, sm: Summary, s: int, c: int, nb, r: int, newv) -> tuple[int, int]:
    """(have, need) of ``obj`` for p after his build on empty site ``s`` (base colour ``c``,
    neighbour towers ``nb``, roof on ``r``, vehicles then ``newv``), without changing the match."""
    prim = obj.primitive
    par = dict(obj.params)
    city = m.rules.city
    colour_r = c if r == s else m.fl[r][-1]
    new_tower = not sm.roofed[r]              # s is never roofed before (it is empty)
    if prim == "roofs_on_colours":
        have = sum(1 for k in range(4) if sm.colours[k] or (k == colour_r and new_tower))
        return have, par["count"]
    if prim == "roofs_on_distinct_towers_of_one_colour":
        return max(sm.colours[k] + (k == colour_r and new_tower) for k in range(4)), par["count"]
    if prim == "roofs_on_floor":
        fi = 0 if r == s else len(m.fl[r])
        return sm.floors.get(par["floor"] - 1, 0) + (fi == par["floor"] - 1), par["count"]
    if prim == "roofs_on_parks":
        return sm.parks + (bool(city.park[r]) and new_tower), par["count"]
    if prim == "roofs_in_districts":
        need = len(city.districts) if par["count"] == "all" else par["count"]
        bits = sm.districts | (1 << city.district[r])
        return bin(bits).count("1"), need
    if prim == "visible_roof_on_height":
        best = 0
        for t in range(len(m.fl)):
            if sm.visible[t] and t not in nb:
                best = max(best, len(m.fl[t]))
        best = max(best, 1 if r == s else len(m.fl[r]) + 1)
        return min(best, par["height"]), par["height"]
    if prim == "roofed_neighbours":
        adj = city.adj
        roofed = sm.roofed
        best = sm.max_neighbours

        def around(x: int) -> int:
            return sum(1 for t in adj[x] if roofed[t] or t == r)
        best = max(best, around(r))
        for t in adj[r]:
            if roofed[t]:
                best = max(best, around(t))
        return min(best, par["count"]), par["count"]
    if prim == "roofs_in_one_tower":
        return min(max(sm.max_in_one, sm.count_at[r] + 1), par["count"]), par["count"]
    if prim == "visible_roofs":
        lost = sum(1 for t in nb if sm.visible[t])
        return sm.vis_count - lost + 1, par["count"]
    if prim == "vehicles_at_least":
        return sum(1 for x in newv if x >= par["column"]), par["count"]
    raise KeyError(prim)


__all__ = ["measure", "met", "PRIMITIVE_FUNCTIONS", "Summary", "measure_after_build"]
