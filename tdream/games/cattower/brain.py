"""How CAT TOWER's CPU players value a position (docs/games/cattower.md, "How the CPU thinks").

Everything here reads only what every seat sees (a match's ``view``): the sheets, footprints,
houses, completed towers, the dice taken and the shared die. Nothing reads the RNG or another
seat's pending answer (a view has none). Values are floats (CPU heuristics only: never part of
the match's state).

The model: a seat's **worth** is his score now (C5.7, felt ranked against the sheets as they are)
plus what his sheet is expected to add in the ``R`` rounds the game is reckoned to have left after
this one (``horizon``: from the cells each seat still needs for three towers, C4.2):

- mice (C5.6): ``2 * RHO_M * R`` points for each mouse of his best-placed group (its size times
  how open it is: empty cells beside it), since every later mouse that joins it adds twice its
  size;
- dishes (C5.4): each empty neighbour of a dish will be filled with chance ``q`` (the rounds left
  over the empty cells);
- houses (C5.1): the houses he may still draw (``RHO_H`` a round, one per good not chosen) score
  3 x the count their best goods will have then; drawing one now gives up that growth (patience);
- towers (C4.1): each tower's left or right value times the chance he completes it in time (its
  empty cells against ``R``) and, while the left value is open, the chance he beats every rival
  to it (their empty cells against his);
- footprints (C3.2): each is worth a few points while rounds remain, a little less each.

A decision weighs each answer by the seat's worth after it minus the rivals' (weighted towards the
strongest), so that felt places taken from rivals, left values crossed out for them and the end
of the game (C4.2: ending it while ahead; when a drawing completes his third tower the position
is valued at the score as it will stand) count. ``Outlook`` holds one decision's tables so that
each (good, cell) is valued by a few local sums instead of a whole re-count.
"""
from __future__ import annotations

from math import exp
from typing import Any, Final

from ...buildattrs import mypyc_attr
from .answers import BUTTERFLY, CUSHION, DISHES, FELT, HOUSE, MOUSE
from .scoring import place_split

# The model's constants (fitted by self-play; docs/games/cattower.md).
TAU = 1.45            # rounds a seat takes for each cell he still needs (horizon)
TAU_OFFSET = 0.9      # the round being played counts partly
TAU_CELL = 1.6        # rounds to fill one more cell of a given tower
RHO_M = 0.30          # mice a seat adds a round, later
RHO_H = 0.10          # houses a seat draws a round, later
RHO_G = (0.0, 0.0, 0.12, 0.14, 0.11, 0.14, 0.30)  # each good's share of later drawings (by good)
ETA = 0.9             # the share of rounds a seat draws something
KINDS_Q = 0.5         # dishes by kinds: the share of new neighbours that are a new kind
FP_VALUE = 7.0        # a footprint's worth with many rounds left (fitted: worth 4-5 times what it first seemed)
FP_DECAY = 0.9        # each further footprint is worth this much of the one before
FP_ROUNDS = 4.0       # below this many rounds left, footprints lose worth
ROUND_GAIN = 4.0      # what a rival's drawing of this round adds, when the game ends with it
END_BONUS = 15.0      # ending the game while ahead (times the ``end`` weight)
S_COMPLETE = 1.5      # the spread of the completion chance
S_FIRST = 1.0         # the spread of the race for the left value
STALL_ROUND = 40      # from this round on, a pass that gains nothing is not taken
NEG = -1e9

NEUTRAL = {"mouse": 1.0, "felt": 1.0, "butterfly": 1.0, "dishes": 1.0, "cushion": 1.0, "house": 1.0, "patience": 1.0,
           "towers": 1.0, "footprints": 1.0, "rival": 1.0, "greed": 0.0, "second": 0.0, "cutin": 0.0, "odd": 0.0,
           "group": 0.0, "end": 1.0}


_SIG: Final[dict[int, float]] = {}


def _sig(x: float) -> float:
    """The logistic function, on a grid of 1/256 (a cache: the CPU asks for few values)."""
    k = int(x * 256.0)
    got = _SIG.get(k)
    if got is None:
        y = k / 256.0
        got = _SIG[k] = 1.0 if y > 30 else 0.0 if y < -30 else 1.0 / (1.0 + exp(-y))
    return got


def _targets() -> list[list[list[tuple[int, int, int]]]]:
    """TARGETS[x][y]: every (cost, good, floor) the numbers x and y reach (C3.2: a footprint moves
    either number by one), cheapest first."""
    out: list[list[list[tuple[int, int, int]]]] = [[[] for _ in range(7)] for _ in range(7)]
    for x in range(1, 7):
        for y in range(1, 7):
            out[x][y] = sorted((min(abs(x - g) + abs(y - f), abs(x - f) + abs(y - g)), g, f)
                               for g in range(1, 7) for f in range(1, 7))
    return out


TARGETS: Final = _targets()


def _open(frontier: int) -> float:
    """How open a mouse group is: 1 with two or more empty cells beside it."""
    return 1.0 if frontier >= 2 else 0.6 if frontier == 1 else 0.0


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Tables:
    """The sheet's static tables, as the CPU uses them (bit masks of cells)."""

    def __init__(self, sheet: Any) -> None:
        self.size: int = sheet.size
        self.cap: int = sheet.footprint_cap
        self.nb: list[list[int]] = [list(x) for x in sheet.neighbours]
        self.nbmask: list[int] = [sum(1 << o for o in sheet.neighbours[c]) for c in range(sheet.size)]
        self.floor_of: list[int] = list(sheet.floor_of)
        self.tower_of: list[int] = [t - 1 for t in sheet.tower_of]          # 0-based
        self.tower_cells: list[list[int]] = [list(t.cells) for t in sheet.towers]
        self.heights: list[int] = [t.height for t in sheet.towers]
        self.first: list[int] = [t.first for t in sheet.towers]
        self.later: list[int] = [t.later for t in sheet.towers]
        self.by_floor: list[list[int]] = [list(x) for x in sheet.by_floor]
        self.names: list[str] = list(sheet.cells)
        self.index: dict[str, int] = dict(sheet.index_of)
        self.towers: int = len(sheet.towers)


_TABLES: Final[dict[str, Tables]] = {}


def tables(sheet: Any) -> Tables:
    got = _TABLES.get(sheet.data_hash)
    if got is None:
        got = _TABLES[sheet.data_hash] = Tables(sheet)
    return got


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Sit:
    """The public position, as plain lists (a copy: the CPU may change it to look ahead)."""

    __slots__ = ("n", "cells", "fp", "chosen", "house_pts", "done", "tower_pts", "firsts", "dish_mode", "needs_one",
                 "pass_fp", "round")

    n: int
    cells: list[list[int]]
    fp: list[int]
    chosen: list[list[int]]
    house_pts: list[int]
    done: list[list[int]]              # 0-based towers
    tower_pts: list[int]
    firsts: list[int]                  # 0-based towers
    dish_mode: str
    needs_one: bool
    pass_fp: int
    round: int

    @classmethod
    def of(cls, m: Any) -> Sit:
        s = cls()
        s.n = len(m.names)
        s.cells = [list(c) for c in m.cells]
        s.fp = list(m.footprints)
        s.chosen = [[h[0] for h in hs] for hs in m.houses]
        s.house_pts = [sum(h[1] for h in hs) for hs in m.houses]
        s.done = [[c[0] - 1 for c in cs] for cs in m.completed]       # 0-based towers
        s.tower_pts = [sum(c[1] for c in cs) for cs in m.completed]
        s.firsts = [t - 1 for t in m.firsts]
        s.dish_mode = m.options.get("dishes", "goods")
        s.needs_one = bool(m.options.get("felt_needs_one", False))
        s.pass_fp = m.options.get("pass_footprints", 1)
        s.round = m.round
        return s

    def copy(self) -> Sit:
        s = Sit()
        s.n = self.n
        s.cells = [list(c) for c in self.cells]
        s.fp = list(self.fp)
        s.chosen = [list(c) for c in self.chosen]
        s.house_pts = list(self.house_pts)
        s.done = [list(d) for d in self.done]
        s.tower_pts = list(self.tower_pts)
        s.firsts = list(self.firsts)
        s.dish_mode = self.dish_mode
        s.needs_one = self.needs_one
        s.pass_fp = self.pass_fp
        s.round = self.round
        return s


def empties(tb: Tables, cells: list[int]) -> list[int]:
    """Empty cells in each tower."""
    return [sum(1 for c in cs if not cells[c]) for cs in tb.tower_cells]


def need(tb: Tables, cells: list[int], done: list[int]) -> int:
    """The cells a seat still needs for three towers (C4.2): his fullest towers first."""
    k = 3 - len(done)
    if k <= 0:
        return 0
    e = sorted(x for t, x in enumerate(empties(tb, cells)) if t not in done)
    return sum(e[:k])


def horizon_of(needs: list[int]) -> float:
    """The rounds the game is reckoned to have left after this one."""
    return max(0.0, TAU * min(needs) - TAU_OFFSET)


def felt_table(tb: Tables, sit: Sit) -> list[list[int]]:
    """Felt counts [seat][tower]."""
    out: list[list[int]] = []
    for cells in sit.cells:
        out.append([sum(1 for c in cs if cells[c] == FELT) for cs in tb.tower_cells])
    return out


def felt_now(tb: Tables, sit: Sit, counts: list[list[int]]) -> list[list[int]]:
    """Felt points [seat][tower] (C5.2, CG5.2)."""
    n = sit.n
    out = [[0] * tb.towers for _ in range(n)]
    for t in range(tb.towers):
        pts = place_split([counts[s][t] for s in range(n)], sit.needs_one)
        for s in range(n):
            out[s][t] = pts[s]
    return out


def house_future(chosen: list[int], counts: list[int], R: float) -> float:
    """C5.1: what the houses still to draw are reckoned to score (3 x their goods' counts then)."""
    free = [g for g in range(1, 7) if g not in chosen]
    if not free or R <= 0:
        return 0.0
    slots = min(len(free), RHO_H * R)
    proj = sorted((counts[g] + (1 if g == HOUSE else 0) + RHO_G[g] * R * 0.5 for g in free), reverse=True)
    out = 0.0
    k = 0
    while slots > 0 and k < len(proj):
        take = 1.0 if slots >= 1 else slots
        out += 3.0 * proj[k] * take
        slots -= take
        k += 1
    return out


def fp_table(cap: int, R: float) -> list[float]:
    """The worth of holding 0 .. cap + 1 footprints with ``R`` rounds left (C3.2, CG1.3)."""
    u = FP_VALUE * min(1.0, R / FP_ROUNDS)
    out = [0.0]
    for i in range(cap):
        out.append(out[-1] + u * (FP_DECAY ** i))
    out.append(out[-1])
    return out


def tower_rows(tb: Tables, sit: Sit, q: int, R: float, e_all: list[list[int]]) -> list[list[float] | None]:
    """For each tower of seat ``q`` not completed: its reckoned worth with 0 .. height empty
    cells (C4.1: the left value while open, by the race against the rivals' empty cells)."""
    rows: list[list[float] | None] = []
    for t in range(tb.towers):
        if t in sit.done[q]:
            rows.append(None)
            continue
        is_open = t not in sit.firsts
        vf, vl = tb.first[t], tb.later[t]
        row: list[float] = []
        for e in range(tb.heights[t] + 1):
            if e == 0:
                row.append(float(vf if is_open else vl))
                continue
            pc = _sig((R - TAU_CELL * (e - 1) - 0.5) / S_COMPLETE)
            if is_open:
                pf = 1.0
                for r in range(sit.n):
                    if r != q and t not in sit.done[r]:
                        pf *= _sig((e_all[r][t] - e + 0.4) / S_FIRST)
                row.append(pc * (vf * pf + vl * (1.0 - pf)))
            else:
                row.append(pc * vl)
        rows.append(row)
    return rows


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Seat:
    """One seat's sheet, read for the model: counts, groups, dishes, towers."""

    __slots__ = ("cells", "empty", "n_empty", "counts", "glabel", "gsize", "gfront", "gval", "best", "front_all",
                 "dishes", "dish_kinds", "e", "points")

    def __init__(self, tb: Tables, cells: list[int], mode: str) -> None:
        size = tb.size
        self.cells = cells
        empty = 0
        counts = [0] * 7
        for c in range(size):
            g = cells[c]
            counts[g] += 1
            if not g:
                empty |= 1 << c
        self.empty = empty
        self.n_empty = counts[0]
        self.counts = counts
        glabel = [-1] * size
        gsize: list[int] = []
        gfront: list[int] = []
        nbmask = tb.nbmask
        nb = tb.nb
        for start in range(size):
            if cells[start] != MOUSE or glabel[start] >= 0:
                continue
            lab = len(gsize)
            glabel[start] = lab
            stack = [start]
            s = 0
            fm = 0
            while stack:
                c = stack.pop()
                s += 1
                fm |= nbmask[c]
                for o in nb[c]:
                    if glabel[o] < 0 and cells[o] == MOUSE:
                        glabel[o] = lab
                        stack.append(o)
            gsize.append(s)
            gfront.append(fm & empty)
        self.glabel = glabel
        self.gsize = gsize
        self.gfront = gfront
        self.gval = [s * _open(f.bit_count()) for s, f in zip(gsize, gfront)]
        self.best = max(self.gval) if self.gval else 0.0
        fa = 0
        for f in gfront:
            fa |= f
        self.front_all = fa
        self.dishes = [c for c in range(size) if cells[c] == DISHES]
        kinds: dict[int, int] = {}
        if mode == "kinds":
            for d in self.dishes:
                k = 0
                for o in nb[d]:
                    if cells[o]:
                        k |= 1 << cells[o]
                kinds[d] = k
        self.dish_kinds = kinds
        self.e = [sum(1 for c in cs if not cells[c]) for cs in tb.tower_cells]

    def sheet_points(self, tb: Tables, mode: str) -> int:
        """C5.3-C5.6 (felt, houses and towers apart)."""
        cells = self.cells
        pts = 3 * self.counts[BUTTERFLY] + sum(s * s for s in self.gsize)
        fl = tb.floor_of
        for c in range(tb.size):
            if cells[c] == CUSHION:
                pts += fl[c]
        for d in self.dishes:
            if mode == "kinds":
                pts += 2 * self.dish_kinds[d].bit_count()
            else:
                pts += 2 * (tb.nbmask[d] & ~self.empty).bit_count()
        return pts


def worth(tb: Tables, sit: Sit, q: int, R: float, w: dict[str, float], seat: Seat, felt_pts: int,
          rows: list[list[float] | None]) -> float:
    """Seat ``q``'s reckoned final score (see the module's docstring), by weights ``w``."""
    mode = sit.dish_mode
    cells = seat.cells
    fl = tb.floor_of
    cushion = sum(fl[c] for c in range(tb.size) if cells[c] == CUSHION)
    mouse_now = sum(s * s for s in seat.gsize)
    if mode == "kinds":
        dish_now = sum(2 * seat.dish_kinds[d].bit_count() for d in seat.dishes)
    else:
        dish_now = sum(2 * (tb.nbmask[d] & ~seat.empty).bit_count() for d in seat.dishes)
    out = (w["house"] * sit.house_pts[q] + w["felt"] * felt_pts + w["butterfly"] * 3 * seat.counts[BUTTERFLY]
           + w["cushion"] * cushion + w["mouse"] * mouse_now + w["dishes"] * dish_now + sit.tower_pts[q])
    if R > 0:
        q_fill = min(1.0, R * ETA / max(1, seat.n_empty))
        out += w["mouse"] * 2 * RHO_M * R * seat.best
        fut = sum((tb.nbmask[d] & seat.empty).bit_count() for d in seat.dishes)
        out += w["dishes"] * 2 * q_fill * fut * (KINDS_Q if mode == "kinds" else 1.0)
        out += w["house"] * w["patience"] * house_future(sit.chosen[q], seat.counts, R)
        out += w["footprints"] * fp_table(tb.cap, R)[min(sit.fp[q], tb.cap)]
    for t, row in enumerate(rows):
        if row is not None:
            out += w["towers"] * row[seat.e[t]]
    return out


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Outlook:
    """One seat's decision: the rivals' worth, and tables to value each (good, cell) quickly.

    ``value(good, cell, cost)``: the seat's worth after that drawing minus the rivals' (weighted);
    ``pass_value()``; ``best(x, y)``: the best drawing (or pass) with the numbers x and y;
    ``house_choice()``: the good a house drawn now should count."""

    def __init__(self, tb: Tables, sit: Sit, p: int, w: dict[str, float], R: float | None = None) -> None:
        self.tb, self.sit, self.p, self.w = tb, sit, p, w
        self.round = sit.round
        n = sit.n
        mode = sit.dish_mode
        self.mode = mode
        seats = [Seat(tb, sit.cells[q], mode) for q in range(n)]
        self.seats = seats
        e_all = [s.e for s in seats]
        needs = [need(tb, sit.cells[q], sit.done[q]) for q in range(n)]
        self.needs = needs
        self.R = R = horizon_of(needs) if R is None else R
        counts = felt_table(tb, sit)
        self.felt_counts = counts
        fnow = felt_now(tb, sit, counts)
        self.fnow = fnow
        me = seats[p]
        self.me = me
        # Rivals: worth now (neutral weights), and how much each counts.
        rivals = [q for q in range(n) if q != p]
        self.rivals = rivals
        rows_all = [tower_rows(tb, sit, q, R, e_all) for q in range(n)]
        self.rows = rows_all[p]
        rw = {q: worth(tb, sit, q, R, NEUTRAL, seats[q], sum(fnow[q]), rows_all[q]) for q in rivals}
        self.rival_worth = rw
        lead = max(rw.values()) if rw else 0.0
        omega: dict[int, float] = {}
        for q in rivals:
            omega[q] = (0.5 / len(rivals)) + (0.5 if rw[q] == lead and q == min(r for r in rivals if rw[r] == lead)
                                              else 0.0)
        self.omega = omega
        self.rho = w["rival"]
        self.base = worth(tb, sit, p, R, w, me, sum(fnow[p]), self.rows)
        self.rival_base = sum(omega[q] * rw[q] for q in rivals)
        # Slopes of worth against the rounds left (for drawings that bring the end nearer).
        if R > 0:
            rows_up = [tower_rows(tb, sit, q, R + 1, e_all) for q in range(n)]
            up_me = worth(tb, sit, p, R + 1, w, me, sum(fnow[p]), rows_up[p])
            up_riv = sum(omega[q] * worth(tb, sit, q, R + 1, NEUTRAL, seats[q], sum(fnow[q]), rows_up[q])
                         for q in rivals)
            self.slope = (up_me - self.base) - self.rho * (up_riv - self.rival_base)
        else:
            self.slope = 0.0
        # Rounds left when a drawing fills a cell of tower t.
        others = min((needs[q] for q in rivals), default=99)
        self.dR: list[float] = []
        for t in range(tb.towers):
            if t in sit.done[p] or me.e[t] == 0:
                self.dR.append(0.0)
                continue
            cells = list(sit.cells[p])
            for c in tb.tower_cells[t]:
                if not cells[c]:
                    cells[c] = 9
                    break
            mine = need(tb, cells, sit.done[p])
            self.dR.append(horizon_of([mine, others]) - R)
        # Felt: one more of mine in tower t.
        self.felt_me: list[int] = []
        self.felt_riv: list[float] = []
        self.second: list[int] = []
        for t in range(tb.towers):
            col = [counts[q][t] for q in range(n)]
            col[p] += 1
            pts = place_split(col, sit.needs_one)
            self.felt_me.append(pts[p] - fnow[p][t])
            self.felt_riv.append(sum(omega[q] * (pts[q] - fnow[q][t]) for q in rivals))
            self.second.append(_second(col, p) - _second([counts[q][t] for q in range(n)], p))
        # Houses.
        chosen = sit.chosen[p]
        self.q_fill = min(1.0, R * ETA / max(1, me.n_empty)) if R > 0 else 0.0
        hf0 = house_future(chosen, me.counts, R) if R > 0 else 0.0
        self.dhf = [0.0] * 7
        for g in range(2, 7):
            c2 = list(me.counts)
            c2[g] += 1
            c2[0] -= 1
            self.dhf[g] = (house_future(chosen, c2, R) - hf0) if R > 0 else 0.0
        self.house_ok = len(chosen) < 6
        self.house_delta = NEG
        self.house_good = 0
        if self.house_ok:
            c2 = list(me.counts)
            c2[HOUSE] += 1
            c2[0] -= 1
            best = NEG
            for g in range(1, 7):
                if g in chosen:
                    continue
                v = w["house"] * 3 * c2[g]
                if R > 0:
                    v += w["house"] * w["patience"] * (house_future(chosen + [g], c2, R) - hf0)
                if v > best:
                    best, self.house_good, self.house_imm = v, g, 3 * c2[g]
            self.house_delta = best
        # Towers: the worth of one more cell in tower t; the rivals' loss when it completes first.
        self.tower_d: list[float] = []
        self.tower_riv: list[float] = []
        self.cutin: list[float] = []
        for t in range(tb.towers):
            row = self.rows[t]
            if row is None or me.e[t] == 0:
                self.tower_d.append(0.0)
                self.tower_riv.append(0.0)
                self.cutin.append(0.0)
                continue
            e = me.e[t]
            self.tower_d.append(w["towers"] * (row[e - 1] - row[e]))
            riv = 0.0
            close = 0.0
            if e == 1 and t not in sit.firsts:
                for q in rivals:
                    rq = rows_all[q][t]
                    if rq is None:
                        continue
                    eq = e_all[q][t]
                    later = tb.later[t] * _sig((R - TAU_CELL * (eq - 1) - 0.5) / S_COMPLETE) if eq else 0.0
                    riv += omega[q] * (later - rq[eq])
                    if eq <= 2:
                        close = max(close, 2.0)
            elif t not in sit.firsts:
                for q in rivals:
                    if rows_all[q][t] is not None and e_all[q][t] <= 2 and e - 1 <= e_all[q][t]:
                        close = max(close, 0.5)
            self.tower_riv.append(riv)
            self.cutin.append(w["cutin"] * close)
        # Mice: what a non-mouse in cell c costs the best group's growth.
        self.mf = w["mouse"] * 2 * RHO_M * R
        # Footprints.
        self.fpv = fp_table(tb.cap, R)
        self.fp = sit.fp[p]
        self.pass_fp = sit.pass_fp
        self._memo: dict[int, float] = {}
        self._best: dict[tuple[int, int], float] = {}
        self._fpd: list[list[float]] | None = None
        self._floor_best: list[list[float]] | None = None

    # ------------------------------------------------------------------ one drawing
    def fp_delta(self, good: int, cost: int) -> float:
        fp = self.fp
        cap = self.tb.cap
        after = fp - cost + (1 if good == BUTTERFLY else 0)
        after = min(cap, after)
        return self.w["footprints"] * (self.fpv[after] - self.fpv[min(fp, cap)])

    def pass_value(self, stall: bool = False) -> float:
        """A pass (C2.3). When it gains nothing (the track full, or no footprints for a pass) late
        in a long game, it is not worth waiting on: a stall where every seat passes would never
        end (C4.2 ends the game only with a third tower)."""
        cap = self.tb.cap
        after = min(cap, self.fp + self.pass_fp)
        if stall and after == min(self.fp, cap) and self.round >= STALL_ROUND:
            return NEG / 2
        return self.base - self.rho * self.rival_base + self.w["footprints"] * (self.fpv[after] - self.fpv[min(self.fp,
                                                                                                                cap)])

    def goods_value(self, good: int, c: int) -> float:
        """The value of drawing ``good`` in cell ``c`` (footprints apart): worth after minus the
        rivals' (absolute, comparable with ``pass_value``)."""
        key = good * 64 + c
        got = self._memo.get(key)
        if got is not None:
            return got
        tb, w, me, sit, p = self.tb, self.w, self.me, self.sit, self.p
        t = tb.tower_of[c]
        terminal = (t not in sit.done[p] and me.e[t] == 1 and len(sit.done[p]) == 2)
        if terminal:
            v = self._terminal(good, c)
            self._memo[key] = v
            return v
        d = 0.0
        riv = 0.0
        bit = 1 << c
        nbm = tb.nbmask[c]
        if good == MOUSE:
            labs: list[int] = []
            for o in tb.nb[c]:
                lab = me.glabel[o]
                if lab >= 0 and lab not in labs:
                    labs.append(lab)
            s_new = 1
            fm = nbm & me.empty
            old_sq = 0
            for lab in labs:
                s = me.gsize[lab]
                s_new += s
                old_sq += s * s
                fm |= me.gfront[lab]
            fm &= ~bit
            d += w["mouse"] * (s_new * s_new - old_sq)
            best = s_new * _open(fm.bit_count())
            for lab in range(len(me.gsize)):
                if lab in labs:
                    continue
                f = me.gfront[lab]
                v = me.gsize[lab] * _open((f & ~bit).bit_count()) if f & bit else me.gval[lab]
                if v > best:
                    best = v
            d += self.mf * (best - me.best)
            if w["group"]:
                if labs:
                    if any(me.gsize[lab] == max(me.gsize) for lab in labs):
                        d += w["group"]
                elif me.gsize:
                    d -= w["group"]
        else:
            if me.front_all & bit:
                best = 0.0
                for lab in range(len(me.gsize)):
                    f = me.gfront[lab]
                    v = me.gsize[lab] * _open((f & ~bit).bit_count()) if f & bit else me.gval[lab]
                    if v > best:
                        best = v
                d += self.mf * (best - me.best)
            if good == BUTTERFLY:
                d += w["butterfly"] * 3
            elif good == CUSHION:
                d += w["cushion"] * tb.floor_of[c]
            elif good == FELT:
                d += w["felt"] * self.felt_me[t] + w["second"] * self.second[t]
                riv += self.felt_riv[t]
            elif good == DISHES:
                filled = nbm & ~me.empty
                empty_n = (nbm & me.empty).bit_count()
                if self.mode == "kinds":
                    k = 0
                    cells = me.cells
                    for o in tb.nb[c]:
                        if cells[o]:
                            k |= 1 << cells[o]
                    d += w["dishes"] * (2 * k.bit_count() + 2 * self.q_fill * KINDS_Q * empty_n)
                else:
                    d += w["dishes"] * (2 * filled.bit_count() + 2 * self.q_fill * empty_n)
                d += w["odd"] * empty_n
            elif good == HOUSE:
                d += self.house_delta
        if good != HOUSE:
            d += w["house"] * w["patience"] * self.dhf[good]
        # Dishes beside the cell count it (C5.4).
        if me.dishes:
            for dc in me.dishes:
                if nbm & (1 << dc):
                    if self.mode == "kinds":
                        gain = 2 if not (me.dish_kinds[dc] >> good) & 1 else 0
                        d += w["dishes"] * (gain - 2 * self.q_fill * KINDS_Q)
                    else:
                        d += w["dishes"] * 2 * (1 - self.q_fill)
                    d += w["odd"] * 0.5
        # Towers (C4.1) and the end coming nearer (C4.2).
        d += self.tower_d[t] + self.cutin[t]
        riv += self.tower_riv[t]
        dR = self.dR[t]
        v = self.base + d - self.rho * (self.rival_base + riv)
        if dR:
            v += dR * self.slope * 0.5
        self._memo[key] = v
        return v

    def _terminal(self, good: int, c: int) -> float:
        """The drawing completes this seat's third tower: the game ends with the round (C4.2).
        The score as it will stand against the rivals' scores now and this round's drawing."""
        tb, sit, p = self.tb, self.sit, self.p
        cells = list(sit.cells[p])
        cells[c] = good
        me2 = Seat(tb, cells, self.mode)
        t = tb.tower_of[c]
        counts = [list(r) for r in self.felt_counts]
        if good == FELT:
            counts[p][t] += 1
        fpts = felt_now(tb, sit, counts)
        tower = tb.first[t] if t not in sit.firsts else tb.later[t]
        house = sit.house_pts[p] + (self.house_imm if good == HOUSE and self.house_ok else 0)
        mine = me2.sheet_points(tb, self.mode) + sum(fpts[p]) + house + sit.tower_pts[p] + tower
        theirs: list[float] = []
        for q in self.rivals:
            sq = self.seats[q]
            theirs.append(sq.sheet_points(tb, self.mode) + sum(fpts[q]) + sit.house_pts[q] + sit.tower_pts[q]
                          + ROUND_GAIN)
        lead = mine - max(theirs) + ROUND_GAIN if theirs else mine
        v = mine - self.rho * sum(self.omega[q] * x for q, x in zip(self.rivals, theirs))
        v += self.w["end"] * END_BONUS * (1.0 if lead > 0 else -1.0)
        return v

    def value(self, good: int, c: int, cost: int) -> float:
        return self.goods_value(good, c) + self.fp_delta(good, cost)

    # ------------------------------------------------------------------ numbers
    def floor_best(self) -> list[list[float]]:
        """``[good][floor]``: the best value of that good on that floor, footprints apart (NEG:
        no empty cell there, or no house allowed)."""
        if self._floor_best is not None:
            return self._floor_best
        tb, me = self.tb, self.me
        out = [[NEG] * 7 for _ in range(7)]
        for g in range(1, 7):
            if g == HOUSE and not self.house_ok:
                continue
            row = out[g]
            for f in range(1, 7):
                best = NEG
                for c in tb.by_floor[f]:
                    if me.empty >> c & 1:
                        v = self.goods_value(g, c)
                        if v > best:
                            best = v
                row[f] = best
        self._floor_best = out
        return out

    def best(self, x: int, y: int) -> float:
        """The best value reachable with the numbers x and y (C3.2: footprints change either by
        one a footprint), or a pass."""
        key = (x, y) if x <= y else (y, x)                 # footprints change either number alike
        got = self._best.get(key)
        if got is not None:
            return got
        fb = self.floor_best()
        fp = self.fp
        fpd = self._fpd
        if fpd is None:
            fpd = self._fpd = [[self.fp_delta(g, k) for k in range(fp + 1)] for g in range(7)]
        out = self.pass_value()
        for cost, g, f in TARGETS[x][y]:
            if cost > fp:
                break
            v = fb[g][f]
            if v > NEG:
                v += fpd[g][cost]
                if v > out:
                    out = v
        self._best[key] = out
        return out

    def house_choice(self) -> int:
        """C5.1 at the house point (the house already on the sheet): the good to count."""
        sit, p, w, me = self.sit, self.p, self.w, self.me
        chosen = sit.chosen[p]
        R = self.R
        hf = house_future
        best, good = NEG, 0
        for g in range(1, 7):
            if g in chosen:
                continue
            v = w["house"] * 3 * me.counts[g]
            if R > 0:
                v += w["house"] * w["patience"] * hf(chosen + [g], me.counts, R)
            if v > best:
                best, good = v, g
        return good


def _second(col: list[int], p: int) -> int:
    """1 when seat ``p`` stands exactly second in a tower's felt (someone above, nobody level)."""
    mine = col[p]
    above = sum(1 for x in col if x > mine)
    level = sum(1 for x in col if x == mine) - 1
    return 1 if above == 1 and level == 0 and mine > 0 else 0


def after_drawing(tb: Tables, sit: Sit, p: int, good: int, c: int, cost: int, house_good: int) -> Sit:
    """The position at the next round's start if seat ``p`` draws ``good`` in ``c`` (or passes,
    ``good`` 0) and the rivals' drawings are not known: footprints, the house counted, the
    completion checked (C4.1)."""
    s = sit.copy()
    s.round += 1
    cap = tb.cap
    if good == 0:
        s.fp[p] = min(cap, s.fp[p] + s.pass_fp)
        return s
    s.fp[p] -= cost
    s.cells[p][c] = good
    if good == BUTTERFLY:
        s.fp[p] = min(cap, s.fp[p] + 1)
    if good == HOUSE and house_good:
        s.chosen[p].append(house_good)
        s.house_pts[p] += 3 * sum(1 for x in s.cells[p] if x == house_good)
    t = tb.tower_of[c]
    if t not in s.done[p] and all(s.cells[p][x] for x in tb.tower_cells[t]):
        s.done[p].append(t)
        s.tower_pts[p] += tb.first[t] if t not in s.firsts else tb.later[t]
        if t not in s.firsts:
            s.firsts.append(t)
    return s


__all__ = ["Tables", "tables", "Sit", "Seat", "Outlook", "worth", "horizon_of", "need", "house_future",
           "after_drawing", "NEUTRAL", "NEG", "TARGETS"]
