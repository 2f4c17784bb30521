"""What the front end asks CAT TOWER for previews and warnings (RULES-cattower.md section 7).

The source's player found it hard "to see how many points you have and what scores well", so:

- ``running_score(match, seat)``: the sheet's score now, by good (C5.7's parts and the total);
- ``drawing_previews(match, seat)``: at the draw point, every legal drawing of the seat with what
  it would add now, by part: the mouse group's new square, the felt places per tower, the house's
  value now (for each good it could count), dishes, cushion, butterfly and completion;
- ``footprint_costs(match, seat)``: the footprints each (good, floor) pair costs with the seat's
  two numbers (C3.2), whether he has them and how many empty cells that floor has;
- ``no_drawing(match, seat)``: when the seat has nothing but a pass (C2.2), every empty cell
  with the engine's reason for refusing its cheapest drawing (C3.2's footprints, CG5.1);
- ``felt_leads(match)``: per tower, who has the most felt and by how much (C5.2);
- ``near_end(match, seat)``: the rivals one cell from their third tower (C4.2);
- ``completion_marks(match)``: per tower, its values, whether the left one is still open, and
  each seat's mark (open, crossed out, circled left value, right value).

All are pure functions of the match (or of a seat's view of it: a view answers the same for the
seat it belongs to). Points "now" are C5.7 with the other sheets as they stand: the rivals'
drawings of the same round are not known yet.
"""
from __future__ import annotations

from typing import NamedTuple

from . import scoring
from .answers import BUTTERFLY, HOUSE, MOUSE, Drawing, Pass, good_name
from .scoring import PARTS


class Preview(NamedTuple):
    """What one drawing would add now (``adds``: points by part and ``total``)."""

    answer: Drawing
    cost: int                           # footprints spent (C3.2)
    adds: dict                          # total, house, felt, butterfly, dishes, cushion, mouse, towers
    group: int                          # a mouse: the size of its group after (C5.6); else 0
    felt: tuple[int, ...]               # the seat's felt points per tower after (C5.2)
    house: tuple[tuple[str, int], ...]  # a house: (good, 3 x count now) for each good it may count (C5.1)
    completes: int                      # the tower it completes (0: none)
    footprints: int                     # the seat's footprints after (a butterfly's gain included)


class PairCost(NamedTuple):
    """A (good, floor) pair and what it costs with the seat's numbers (C3.2)."""

    good: int
    floor: int
    cost: int                           # the fewest footprints that turn the two numbers into it
    affordable: bool                    # the seat has that many footprints
    open_cells: tuple[str, ...]         # the empty cells of that floor on his sheet
    drawable: bool                      # affordable, a cell is open, and (a house) a good is left to count


class Unreachable(NamedTuple):
    """An empty cell the seat cannot draw in this round: the fewest footprints a drawing there
    needs (C3.2) and the engine's reason for refusing the cheapest one (its rule first)."""

    cell: str
    cost: int
    reason: str


class FeltLead(NamedTuple):
    """A tower's felt (C5.2): the seats with the most there (several: tied), that count, and how
    many felt they lead the next seat by (0 when tied)."""

    tower: int
    leaders: tuple[int, ...]
    most: int
    lead: int


class NearEnd(NamedTuple):
    seat: int
    tower: int
    cell: str


class SeatMark(NamedTuple):
    """One seat's completion mark of a tower: ``open`` (left value still his to take),
    ``crossed`` (left value crossed out: the right one is left), ``first`` (left value circled),
    ``later`` (right value scored)."""

    status: str
    points: int


class TowerMark(NamedTuple):
    tower: int
    height: int
    first: int
    later: int
    first_open: bool                    # nobody has completed it: the left value is still there
    seats: tuple[SeatMark, ...]


def running_score(match, seat: int) -> dict:
    """The seat's score now by part (C5.7): total, house, felt, butterfly, dishes, cushion,
    mouse, towers."""
    return dict(match.breakdown()[seat])


def _numbers(match, seat: int) -> tuple[int, int]:
    if match.phase != "draw" or not match.own[seat]:
        raise ValueError("the seat has no numbers now (previews are for the draw point)")
    return match.own[seat], match.shared


def drawing_previews(match, seat: int, cheapest: bool = True, only: tuple[int, str] | None = None) -> list[Preview]:
    """Every legal drawing of ``seat`` at the draw point (in legal order) with what it adds now.
    ``cheapest``: only the cheapest spend of each (good, cell); ``only`` (good, cell): that
    drawing's alone (a prompt asks for the cells its cursor visits, not all of them at once).
    Raises ValueError elsewhere."""
    _numbers(match, seat)
    sheet = match.sheet
    legal = [a for a in match.legal_answers(seat) if type(a) is not Pass
             and (only is None or (a.good, a.cell) == only)]
    before = match.breakdown()
    base = before[seat]
    chosen = match.chosen(seat)
    done = match.towers_done(seat)
    cap = sheet.footprint_cap
    out: list[Preview] = []
    seen: list[tuple[int, str]] = []
    for a in legal:
        key = (a.good, a.cell)
        if cheapest:
            if key in seen:
                continue
            seen.append(key)
        c = sheet.index(a.cell)
        cells = list(match.cells[seat])
        cells[c] = a.good
        sheets = [list(x) for x in match.cells]
        sheets[seat] = cells
        houses = [list(h) for h in match.houses]
        house_values: tuple = ()
        if a.good == HOUSE:
            house_values = tuple((good_name(g), scoring.HOUSE_FACTOR * sum(1 for x in cells if x == g))
                                 for g in range(1, 7) if g not in chosen)
            best = max(v for _, v in house_values)
            houses[seat] = list(houses[seat]) + [[0, best, a.cell]]
        completed = [list(cs) for cs in match.completed]
        tw = sheet.towers[sheet.tower_of[c] - 1]
        completes = 0
        if tw.number not in done and all(cells[x] for x in tw.cells):
            completes = tw.number
            pts = tw.first if tw.number not in match.firsts else tw.later
            completed[seat] = list(completed[seat]) + [[tw.number, pts, 0]]
        after = scoring.breakdown(sheet, sheets, houses, completed, match.options)[seat]
        adds = {k: after[k] - base[k] for k in ("total",) + PARTS}
        felt = tuple(scoring.felt_points([scoring.felt_counts(sheet, s) for s in sheets],
                                         bool(match.options.get("felt_needs_one", False)))[seat])
        group = scoring.group_of(sheet, cells, c) if a.good == MOUSE else 0
        fp = match.footprints[seat] - a.cost + (1 if a.good == BUTTERFLY else 0)
        out.append(Preview(a, a.cost, adds, group, felt, house_values, completes, min(cap, fp)))
    return out


def footprint_costs(match, seat: int) -> list[PairCost]:
    """Every (good, floor) pair of 1-6 x 1-6 (good first), with the fewest footprints that make
    the seat's two numbers into it (C3.2: each footprint moves one number by one, no wrap)."""
    x, y = _numbers(match, seat)
    return pair_costs(match.sheet, match.cells[seat], x, y, match.footprints[seat], len(match.houses[seat]) < 6)


def pair_costs(sheet, cells: list[int], x: int, y: int, footprints: int, house_ok: bool = True) -> list[PairCost]:
    """``footprint_costs`` for a sheet and two numbers."""
    out = []
    for good in range(1, 7):
        for floor in range(1, 7):
            cost = min(abs(x - good) + abs(y - floor), abs(x - floor) + abs(y - good))
            cells_open = tuple(sheet.cells[c] for c in sheet.by_floor[floor] if not cells[c])
            ok = cost <= footprints
            drawable = ok and bool(cells_open) and (house_ok or good != HOUSE)
            out.append(PairCost(good, floor, cost, ok, cells_open, drawable))
    return out


def no_drawing(match, seat: int) -> list[Unreachable]:
    """Why ``seat`` may only pass (C2.2) at the draw point: every empty cell of his sheet with
    the fewest footprints a drawing there needs and the engine's reason (``check``) for refusing
    the cheapest one (a good other than a house first at the same cost), in the sheet's order;
    [] when some drawing is legal. Raises ValueError away from the draw point."""
    x, y = _numbers(match, seat)
    if any(type(a) is Drawing for a in match.legal_answers(seat)):
        return []
    sheet = match.sheet
    cells = match.cells[seat]
    out = []
    for c, name in enumerate(sheet.cells):
        if cells[c]:
            continue
        floor = sheet.floor_of[c]
        options = []
        for good in range(1, 7):
            a, b = (good - x, floor - y), (floor - x, good - y)
            spend = a if abs(a[0]) + abs(a[1]) <= abs(b[0]) + abs(b[1]) else b
            options.append((abs(spend[0]) + abs(spend[1]), good == HOUSE, Drawing(good, name, spend)))
        cost, _, cheapest = min(options)
        out.append(Unreachable(name, cost, match.check(cheapest, seat) or ""))
    return out


def felt_leads(match) -> list[FeltLead]:
    """Per tower (C5.2): the seats with the most felt there (every seat when nobody has any),
    the count, and the lead over the next seat."""
    sheet = match.sheet
    counts = [scoring.felt_counts(sheet, c) for c in match.cells]
    out = []
    for t in range(len(sheet.towers)):
        here = [row[t] for row in counts]
        most = max(here)
        leaders = tuple(s for s, k in enumerate(here) if k == most)
        rest = [k for k in here if k != most]
        lead = most - max(rest) if len(leaders) == 1 and rest else 0
        out.append(FeltLead(t + 1, leaders, most, lead))
    return out


def near_end(match, seat: int | None = None) -> list[NearEnd]:
    """The seats (other than ``seat``, when given) one cell from their third tower: if one draws
    it, the game ends with that round (C4.2). A warning for the front end."""
    out = []
    for s in range(len(match.names)):
        if s == seat:
            continue
        got = match.one_cell_from_end(s)
        if got:
            out.append(NearEnd(s, got[0], got[1]))
    return out


def completion_marks(match) -> list[TowerMark]:
    """Per tower (C4.1): its values, whether its left value is still open, each seat's mark."""
    out = []
    for tw in match.sheet.towers:
        gone = tw.number in match.firsts
        marks = []
        for s in range(len(match.names)):
            mine = [c for c in match.completed[s] if c[0] == tw.number]
            if mine:
                marks.append(SeatMark("first" if mine[0][2] else "later", mine[0][1]))
            else:
                marks.append(SeatMark("crossed" if gone else "open", 0))
        out.append(TowerMark(tw.number, tw.height, tw.first, tw.later, not gone, tuple(marks)))
    return out


def felt_standing(match, seat: int) -> list[tuple[int, int]]:
    """Per tower: (the seat's felt there, the most any rival has there)."""
    sheet = match.sheet
    counts = [scoring.felt_counts(sheet, c) for c in match.cells]
    n = len(match.names)
    return [(counts[seat][t], max((counts[q][t] for q in range(n) if q != seat), default=0))
            for t in range(len(sheet.towers))]


__all__ = ["Preview", "PairCost", "Unreachable", "FeltLead", "NearEnd", "SeatMark", "TowerMark", "running_score",
           "drawing_previews", "footprint_costs", "pair_costs", "no_drawing", "felt_leads", "near_end",
           "completion_marks", "felt_standing"]
