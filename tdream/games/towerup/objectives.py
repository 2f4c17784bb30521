"""The objectives' condition primitives (RULES-towerup.md U4.3, UG6.2).

An objective in ``objectives.yaml`` is one primitive with its parameters; ``measure(obj, match,
seat)`` says how far the seat is, as (have, need), and ``met`` is ``have >= need``. A roof counts
whether covered or not, unless the primitive says visible. A tower's colour is its top floor's
(UG3.2). Every primitive reads only the match's public state (sites, roofs, vehicles, the city).
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


__all__ = ["measure", "met", "PRIMITIVE_FUNCTIONS"]
