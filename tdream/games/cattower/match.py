"""The CAT TOWER engine: one match as a pure, deterministic state machine (RULES-cattower.md).

A round (C2) runs through four input points:

1. ``roll`` (chance): the parent rolls players + 1 dice (C1.1, C2.1). ``chance_outcomes()`` lists
   every sorted multiset of values (ascending, in lexicographic order) with its multinomial weight
   (the number of ordered rolls that give it; they add up to 6 ** dice). The dice are kept in
   ascending order; a die is named by its value.
2. ``draft``: clockwise from the parent, each seat takes one die by its value (C2.1); the die left
   over is shared. One seat at a time, always asked (even with one value to choose).
3. ``draw``: one simultaneous point for every seat (CG2.1): a ``Drawing`` or ``Pass``. Answers are
   kept in the state and hidden from every other seat's ``view`` until all have answered; a seat
   that has answered may take his answer back (``Withdraw``, an out-of-turn answer: the seats that
   have answered are the point's ``others``) while another has still to answer (CG2.4). Once the
   last answer is in, all are carried out, clockwise from the parent: footprints spent (C3.2), the
   good drawn (C2.2), a butterfly's footprint (C3.1), a pass's footprints (C2.3), the track capped
   (CG1.3).
4. ``house``: simultaneous among the seats who drew a house that round (C5.1, CG2.1); skipped when
   nobody did.

Then completions are checked (C2.4, C4.1), and the game ends if anyone has three towers (C4.2);
otherwise the parent passes clockwise.

``legal_answers(seat)`` orders: ``draft`` by value ascending; ``draw`` by footprints spent (fewest
first), then cell (the sheet's order: tower 1 from the bottom, then tower 2, ...), then good, then
spend (own change, then shared change, ascending), with ``pass`` last; ``house`` by good (C1.2).
``check`` returns None or a reason that starts with the rule it breaks; ``apply`` raises
``IllegalAnswer`` with that reason and leaves the match unchanged.

Speed (issue 25; docs/games/cattower.md, "Speed"). This module is compiled with mypyc when
``tdream native`` has run (``Program.native_modules``), so its attributes and locals are typed.
Each seat's score is kept by part as the drawings go (``_pts``, ``_felt``, ``_feltpts``: what one
drawing adds is a few local sums, ``_draw_cell``) instead of being counted again from the sheets
every round; ``scoring.py`` keeps the whole count, which builds them (``_rescore``) and which the
tests hold them to after every answer. A match's lists are the engine's: change a match only
through ``apply`` (a copy changed by hand, as the front end's ``shown``, must not ask its scores).
The legal drawings of each pair of numbers are made once per sheet, in legal order
(``_Board.drawings``; ``drawings_by_search`` is the search they replace), and only filtered by the
empty cells and the footprints at a draw point. ``awaiting()`` is kept until the next ``apply``.
A seat's ``view`` is a read-only window on the match (``SeatView``), not a copy: the drive loop
asks for views far more often than a CPU reads one (every out-of-turn offer makes one).
"""
from __future__ import annotations

import hashlib
import json
from math import factorial
from typing import Any, ClassVar, Final

from ...errors import IllegalAnswer
from ...platform.protocol import CHANCE, Awaiting, PositionError, Result, rank_by_score
from ...rng import Rng
from . import events as ev
from . import scoring
from .answers import (
    BUTTERFLY, CUSHION, DISHES, FELT, GOOD_OF, GOODS, HOUSE, MOUSE, PASS, WITHDRAW, Draft, Drawing, House, Pass, Roll,
    Withdraw, answer_from_step, good_name,
)
from .sheet import parse_cell

VERSION: Final = 1
PHASES: Final = ("roll", "draft", "draw", "house", "over")
REASON: Final = "three towers"            # C4.2: why a match ends

# Answers, events and input points are NamedTuples; the hot paths make them with tuple.__new__
# (every field given, in order), which skips each class's generated Python __new__.
_new: Final = tuple.__new__

# A seat's score parts in ``_pts`` (scoring.PARTS' order), NPARTS to a seat.
P_HOUSE: Final = 0
P_FELT: Final = 1
P_BUTTERFLY: Final = 2
P_DISHES: Final = 3
P_CUSHION: Final = 4
P_MOUSE: Final = 5
P_TOWERS: Final = 6
NPARTS: Final = 7
_PLACES: Final[tuple[int, ...]] = scoring.PLACE_POINTS     # C5.2: what the first places pay
_DISH: Final[int] = scoring.DISH_POINTS               # C5.4
_BUTTERFLY: Final[int] = scoring.BUTTERFLY_POINTS     # C5.3
_HOUSE_FACTOR: Final[int] = scoring.HOUSE_FACTOR      # C5.1
MAX_SPEND: Final = 10           # the most footprints a drawing can spend: 5 on each number (C3.2)


def multisets(k: int, lo: int = 1, hi: int = 6):
    """Every ascending tuple of ``k`` values in lo..hi, in lexicographic order."""
    if k == 0:
        yield ()
        return
    for first in range(lo, hi + 1):
        for rest in multisets(k - 1, first, hi):
            yield (first,) + rest


def multinomial(dice: tuple[int, ...]) -> int:
    """The number of ordered rolls of ``len(dice)`` dice that sort to ``dice``."""
    out = factorial(len(dice))
    for v in range(1, 7):
        out //= factorial(dice.count(v))
    return out


_OUTCOMES: dict[int, list] = {}


def roll_outcomes(k: int) -> list[tuple[Roll, int]]:
    got = _OUTCOMES.get(k)
    if got is None:
        got = _OUTCOMES[k] = [(Roll(d), multinomial(d)) for d in multisets(k)]
    return got


# The seats clockwise from each parent, by seat count: ORDERS[n][parent].
_ORDERS: Final[list[list[tuple[int, ...]]]] = [[tuple((p + i) % n for i in range(n)) for p in range(n)] if n else []
                                               for n in range(9)]


def _order(n: int, parent: int) -> tuple[int, ...]:
    if n < len(_ORDERS) and 0 <= parent < n:
        return _ORDERS[n][parent]
    return tuple((parent + i) % n for i in range(n))


def _place_split(counts: list[int], needs_one: bool) -> list[int]:
    """``scoring.place_split`` (C5.2 / CG5.2: each seat's points in one tower from the felt
    counts), here for the compiled engine; a test holds the two equal for every count."""
    n = len(counts)
    order = sorted(range(n), key=lambda s: (-counts[s], s))
    out = [0] * n
    i = 0
    while i < n:
        j = i
        ci = counts[order[i]]
        while j + 1 < n and counts[order[j + 1]] == ci:
            j += 1
        pot = 0
        for k in range(i, min(j + 1, len(_PLACES))):
            pot += _PLACES[k]
        share = pot // (j - i + 1)
        for k in range(i, j + 1):
            s = order[k]
            out[s] = 0 if (needs_one and counts[s] == 0) else share
        i = j + 1
    return out


class _Board:
    """One sheet's tables as the engine reads them (plain lists of int), and the legal drawings of
    each pair of numbers, made once (``drawings``)."""

    def __init__(self, sheet: Any) -> None:
        self.size: int = sheet.size
        self.names: list[str] = list(sheet.cells)
        self.index: dict[str, int] = dict(sheet.index_of)
        self.floor_of: list[int] = list(sheet.floor_of)
        self.tower_of: list[int] = [t - 1 for t in sheet.tower_of]             # 0-based
        self.nb: list[list[int]] = [list(x) for x in sheet.neighbours]
        self.towers: int = len(sheet.towers)
        self.tower_cells: list[list[int]] = [list(t.cells) for t in sheet.towers]
        self.first: list[int] = [t.first for t in sheet.towers]                 # C4.1: the left value
        self.later: list[int] = [t.later for t in sheet.towers]                 # and the right one
        self.by_floor: list[list[int]] = [list(x) for x in sheet.by_floor]
        self._drawings: dict[tuple[int, int, bool], list[list[list[Any]]]] = {}

    def drawings(self, o: int, s: int, no_house: bool) -> list[list[list[Any]]]:
        """``[cost][cell]``: the drawings with own die ``o`` and shared die ``s`` that spend
        ``cost`` footprints and draw in ``cell``, in legal order (good, then own change, then
        shared change); no house with ``no_house`` (CG5.1). Made as the engine always listed
        them: every change of the two numbers within 1-6 (C3.2), the good one number and the
        floor the other (C2.2), sorted by (cost, cell, good, own change, shared change)."""
        key = (o, s, no_house)
        got = self._drawings.get(key)
        if got is not None:
            return got
        items: list[tuple[int, int, int, int, int]] = []
        for a in range(1 - o, 7 - o):
            x = o + a
            for b in range(1 - s, 7 - s):
                cost = abs(a) + abs(b)
                y = s + b
                for good, floor in (((x, y), (y, x)) if x != y else ((x, y),)):
                    if good == HOUSE and no_house:
                        continue
                    for c in self.by_floor[floor]:
                        items.append((cost, c, good, a, b))
        items.sort()
        top = max([it[0] for it in items] + [MAX_SPEND])
        table: list[list[list[Any]]] = [[[] for _ in range(self.size)] for _ in range(top + 1)]
        names = self.names
        for cost, c, good, a, b in items:
            table[cost][c].append(_new(Drawing, (good, names[c], (a, b))))
        self._drawings[key] = table
        return table


_BOARDS: dict[str, _Board] = {}


def board_of(sheet: Any) -> _Board:
    """The engine's tables of ``sheet`` (made once for each sheet's data)."""
    key: str = sheet.data_hash
    got = _BOARDS.get(key)
    if got is None:
        got = _BOARDS[key] = _Board(sheet)
    return got


class CatTowerMatch:
    """One match of CAT TOWER. Build it with ``new``, ``from_position`` or ``from_json``."""

    game_id: ClassVar[str] = "cattower"

    def __init__(self, sheet: Any, names: list[str], options: dict, rng_state: int = 0, blank: bool = False) -> None:
        """A match at the first roll of an empty sheet (``blank``: only the sheet, names, options
        and RNG set; ``copy`` fills in the rest)."""
        self.sheet: Any = sheet
        self._board: _Board = board_of(sheet)
        self.names: list[str] = list(names)
        self.options: dict[str, Any] = dict(options)
        self.rng: Rng = Rng(rng_state)
        self._kinds: bool = self.options.get("dishes", "goods") == "kinds"             # C5.4
        self._needs_one: bool = bool(self.options.get("felt_needs_one", False))       # CG5.2
        self._views: list[Any] = [None] * len(names)                      # each seat's SeatView, once made
        self._aw: Awaiting | None = None                                  # awaiting(), until the next apply
        self._aw_known: bool = False
        if blank:
            return
        n = len(names)
        self.cells: list[list[int]] = [[0] * sheet.size for _ in range(n)]
        self.footprints: list[int] = [0] * n
        self.houses: list[list[list[Any]]] = [[] for _ in range(n)]       # [[good, points, cell], ...]
        self.completed: list[list[list[int]]] = [[] for _ in range(n)]    # [[tower, points, first], ...]
        self.firsts: list[int] = []                                       # towers whose left value is gone
        self.parent: int = 0
        self.round: int = 1
        self.rounds_played: int = 0
        self.phase: str = "roll"
        self.dice: list[int] = []
        self.pool: list[int] = []
        self.own: list[int] = [0] * n
        self.shared: int = 0
        self.drafted: int = 0
        self.pending: list[Any] = [None] * n
        self.house_cells: list[str] = [""] * n
        self.near: list[str] = [""] * n                                   # OneCellFromEnd told for this cell
        self.reason: str = ""
        # The scores kept as the sheets fill (the module's docstring): each seat's parts, NPARTS a
        # seat; the felt in each tower and the felt points it pays, a tower count a seat.
        self._pts: list[int] = []
        self._felt: list[int] = []
        self._feltpts: list[int] = []
        self._rescore()

    def _rescore(self) -> None:
        """The kept scores counted from the sheets, houses and completed towers (``scoring``)."""
        sheet = self.sheet
        n = len(self.names)
        towers = self._board.towers
        counts = [scoring.felt_counts(sheet, cells) for cells in self.cells]
        felt = scoring.felt_points(counts, self._needs_one)
        mode = "kinds" if self._kinds else "goods"
        pts: list[int] = []
        for s in range(n):
            part = scoring.sheet_parts(sheet, self.cells[s], mode)
            pts += [sum(h[1] for h in self.houses[s]), sum(felt[s]), part["butterfly"], part["dishes"],
                    part["cushion"], part["mouse"], sum(c[1] for c in self.completed[s])]
        self._pts = pts
        self._felt = [counts[s][t] for s in range(n) for t in range(towers)]
        self._feltpts = [felt[s][t] for s in range(n) for t in range(towers)]

    # ---------------------------------------------------------------- building
    @classmethod
    def new(cls, sheet, names: list[str], options: dict, seed: int):
        """A new match waiting for the first roll; the first parent drawn at random (CG2.3)."""
        m = cls(sheet, names, options, 0)
        m.rng = Rng(seed)
        m.parent = m.rng.below(len(names))
        return m, [ev.ParentDrawn(m.parent), ev.RoundStarted(1, m.parent)]

    @classmethod
    def from_position(cls, sheet, names: list[str], options: dict, seed: int, position: dict):
        """A match at the start of a round (waiting for its roll), set up from a scenario's
        position (``scenario.CatTowerScenarios.read_position``'s JSON, seats by name). Raises
        ``PositionError`` naming every impossible part by its key path."""
        problems: list[tuple[tuple, str]] = []
        # Read from the position as given (anything, until checked): no type of their own.
        path: tuple
        t: Any
        seat_of = {nm: i for i, nm in enumerate(names)}
        m = cls(sheet, names, options, 0)
        m.rng = Rng(seed)
        n = len(names)
        cap = sheet.footprint_cap

        def seats_of(key: str, pairs: str = "", what: str = "") -> list[tuple[int, str, Any]]:
            """(seat, name, value) for each player ``position[key]`` names. With ``pairs`` ("good,
            points"), a value must be a list (``what``) of such pairs and comes as [(index, first,
            second)], a list or an item that is not one a problem."""
            node = position.get(key) or {}
            out: list[tuple[int, str, Any]] = []
            if not isinstance(node, dict):
                problems.append(((key,), "must be a mapping of player to ..."))
                return out
            for name, value in node.items():
                if name not in seat_of:
                    problems.append(((key, name), f"unknown player (players: {', '.join(names)})"))
                    continue
                if pairs:
                    if not isinstance(value, list):
                        problems.append(((key, name), f"must be {what}"))
                        continue
                    items = []
                    for i, item in enumerate(value):
                        if isinstance(item, (list, tuple)) and len(item) == 2:
                            items.append((i, item[0], item[1]))
                        else:
                            problems.append(((key, name, i), f"must be [{pairs}], not {item!r}"))
                    value = items
                out.append((seat_of[name], name, value))
            return out

        for s, name, spec in seats_of("sheets"):
            if not isinstance(spec, dict):
                problems.append((("sheets", name), "must be a mapping of cell to good"))
                continue
            for cell, good in spec.items():
                path = ("sheets", name, cell)
                where = parse_cell(cell)
                if where is None:
                    problems.append((path, f"{cell!r} is not a cell name like t3f2"))
                    continue
                if not sheet.has(cell):
                    t, f = where
                    what = f"tower {t} is {sheet.tower(t).height} cells high" if 1 <= t <= len(sheet.towers) \
                        else f"there is no tower {t} (towers 1-{len(sheet.towers)})"
                    problems.append((path, f"off the sheet: {what} (CG1.1)"))
                    continue
                if good in (None, "none"):
                    continue
                g = GOOD_OF.get(good) if isinstance(good, str) else good if isinstance(good, int) and not \
                    isinstance(good, bool) and 1 <= good <= 6 else None
                if g is None:
                    problems.append((path, f"unknown good {good!r} (goods: {', '.join(GOODS)}, or none)"))
                    continue
                m.cells[s][sheet.index(cell)] = g
        for s, name, value in seats_of("footprints"):
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                problems.append((("footprints", name), f"must be a whole number >= 0, not {value!r}"))
            elif value > cap:
                problems.append((("footprints", name), f"{value}: the track holds {cap} footprints (CG1.3)"))
            else:
                m.footprints[s] = value
        for s, name, value in seats_of("houses", "good, points", "a list of [good, points]"):
            chosen: list[int] = []
            for i, good, pts in value:
                path = ("houses", name, i)
                g = GOOD_OF.get(good) if isinstance(good, str) else good if isinstance(good, int) and not \
                    isinstance(good, bool) and 1 <= good <= 6 else None
                if g is None:
                    problems.append((path, f"unknown good {good!r} (goods: {', '.join(GOODS)})"))
                    continue
                if g in chosen:
                    problems.append((path, f"{good} is chosen twice (C5.1: a good not chosen before)"))
                    continue
                if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0 or pts % 3 or pts > 3 * sheet.size:
                    problems.append((path, f"a house scores 3 x a count of goods (C5.1), not {pts!r}"))
                    continue
                chosen.append(g)
                m.houses[s].append([g, pts, ""])
        for s in range(n):
            drawn = [sheet.cells[c] for c in range(sheet.size) if m.cells[s][c] == HOUSE]
            if len(drawn) != len(m.houses[s]):
                problems.append((("houses", names[s]) if names[s] in (position.get("houses") or {}) else
                                 ("sheets", names[s]),
                                 f"{names[s]}'s sheet has {len(drawn)} house(s) but {len(m.houses[s])} good(s) chosen "
                                 f"(C5.1: every house drawn chose one)"))
            else:
                for h, cell in zip(m.houses[s], drawn):
                    h[2] = cell
        towers = len(sheet.towers)
        for s, name, value in seats_of("completed", "tower, points", "a list of towers or of [tower, points]"):
            done: list[int] = []
            for _, t, pts in value:
                path = ("completed", name)
                if isinstance(t, bool) or not isinstance(t, int) or not 1 <= t <= towers:
                    problems.append((path, f"no tower {t!r} (towers 1-{towers})"))
                    continue
                if t in done:
                    problems.append((path, f"tower {t} is listed twice"))
                    continue
                if isinstance(pts, bool) or not isinstance(pts, int) or pts < 0:
                    problems.append((path, f"tower {t}: points must be a whole number >= 0, not {pts!r}"))
                    continue
                if any(m.cells[s][c] == 0 for c in sheet.tower(t).cells):
                    problems.append((path, f"tower {t} is not full on {name}'s sheet (C4.1: complete = every cell "
                                           f"filled)"))
                    continue
                done.append(t)
                m.completed[s].append([t, pts, 1 if pts >= sheet.tower(t).first > 0 else 0])
            m.completed[s].sort()
            if len(done) >= 3:
                problems.append((("completed", name), f"{name} has {len(done)} towers: the game would have ended "
                                                      f"(C4.2)"))
        for s in range(n):
            done = [c[0] for c in m.completed[s]]
            for tw in sheet.towers:
                if tw.number not in done and all(m.cells[s][c] for c in tw.cells):
                    problems.append((("sheets", names[s]), f"tower {tw.number} is full on {names[s]}'s sheet but not "
                                                           f"in completed (C2.4: completions are checked every round)"))
        done_any = sorted({c[0] for s in range(n) for c in m.completed[s]})
        firsts = position.get("firsts")
        if firsts is None:
            m.firsts = done_any
        elif not isinstance(firsts, list) or not all(isinstance(t, int) and not isinstance(t, bool) for t in firsts):
            problems.append((("firsts",), "must be a list of tower numbers"))
        else:
            bad = [t for t in firsts if not 1 <= t <= towers]
            if bad:
                problems.append((("firsts",), f"no tower {bad[0]} (towers 1-{towers})"))
            for t in done_any:
                if t not in firsts:
                    problems.append((("firsts",), f"tower {t} was completed, so its left value is gone (C4.1); "
                                                  f"list it"))
            m.firsts = sorted(set(t for t in firsts if 1 <= t <= towers))
        rnd = position.get("round", 1)
        if isinstance(rnd, bool) or not isinstance(rnd, int) or rnd < 1:
            problems.append((("round",), f"must be a whole number >= 1, not {rnd!r}"))
            rnd = 1
        m.round = rnd
        m.rounds_played = rnd - 1
        out_events: list = []
        parent = position.get("parent")
        if parent is None:
            m.parent = m.rng.below(n)          # CG2.3, as at the start of a game
            out_events.append(ev.ParentDrawn(m.parent))
        elif not isinstance(parent, str) or parent not in seat_of:
            problems.append((("parent",), f"unknown player {parent!r} (players: {', '.join(names)})"))
        else:
            m.parent = seat_of[parent]
        if problems:
            raise PositionError(problems)
        m._rescore()
        for s in range(n):
            got = m.one_cell_from_end(s)
            m.near[s] = got[1] if got else ""
        out_events.append(ev.RoundStarted(m.round, m.parent))
        return m, out_events

    # ---------------------------------------------------------------- the protocol
    def awaiting(self) -> Awaiting | None:
        """The input point (kept until the next ``apply``: the drive loop asks several times)."""
        if not self._aw_known:
            self._aw = self._awaiting()
            self._aw_known = True
        return self._aw

    def _awaiting(self) -> Awaiting | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "roll":
            return _new(Awaiting, ("roll", CHANCE, (), ()))
        if phase == "draft":
            p = self.drafter()
            return _new(Awaiting, ("draft", p, (p,), ()))
        seats = self.waiting()
        if phase == "draw":          # CG2.4: who has answered may take it back while others draw
            pending = self.pending
            answered = tuple([s for s in _order(len(self.names), self.parent) if pending[s] is not None])
            return _new(Awaiting, (phase, seats[0], seats, answered))
        return _new(Awaiting, (phase, seats[0], seats, ()))

    def order(self) -> list[int]:
        """The seats clockwise from the parent."""
        return list(_order(len(self.names), self.parent))

    def drafter(self) -> int:
        return (self.parent + self.drafted) % len(self.names)

    def waiting(self) -> tuple[int, ...]:
        """The seats a simultaneous point still waits for, clockwise from the parent."""
        phase = self.phase
        pending = self.pending
        if phase == "draw":
            return tuple([s for s in _order(len(self.names), self.parent) if pending[s] is None])
        if phase == "house":
            cells = self.house_cells
            return tuple([s for s in _order(len(self.names), self.parent) if cells[s] and pending[s] is None])
        return ()

    @property
    def over(self) -> bool:
        return self.phase == "over"

    @property
    def to_move(self) -> int:
        return self.drafter() if self.phase == "draft" else self.parent

    def progress(self) -> int:
        """Rounds played."""
        return self.rounds_played

    def breakdown(self) -> list[dict]:
        """Every seat's score now by part (C5.7), from the parts kept as the sheets fill
        (``scoring.breakdown`` counts the same from the sheets)."""
        pts = self._pts
        out: list[dict] = []
        for s in range(len(self.names)):
            b = s * NPARTS
            row: dict[str, int] = {"total": self._total(s)}
            for k in range(NPARTS):
                row[scoring.PARTS[k]] = pts[b + k]
            out.append(row)
        return out

    def _total(self, seat: int) -> int:
        pts = self._pts
        b = seat * NPARTS
        return pts[b] + pts[b + 1] + pts[b + 2] + pts[b + 3] + pts[b + 4] + pts[b + 5] + pts[b + 6]

    def scores(self) -> list[int]:
        return [self._total(s) for s in range(len(self.names))]

    def ranking(self, scores: list[int] | None = None) -> tuple[tuple[int, ...], ...]:
        """Seats by score, best first; equal scores share a place (CG4.1)."""
        return rank_by_score(scores if scores is not None else self.scores())

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the match is not over")
        s = self.scores()
        return Result(self.ranking(s), tuple(s), self.reason)

    # ---------------------------------------------------------------- answers
    def legal_answers(self, seat: int | None = None) -> list:
        phase = self.phase
        if phase == "over":
            return []
        if seat is None:
            aw = self.awaiting()
            assert aw is not None
            seat = aw.player
        if phase == "roll":
            return [a for a, _ in roll_outcomes(len(self.names) + 1)] if seat == CHANCE else []
        if phase == "draft":
            if seat != self.drafter():
                return []
            out: list = []
            last = 0
            for v in self.pool:
                if not out or last != v:
                    out.append(_new(Draft, (v,)))
                    last = v
            return out
        if not 0 <= seat < len(self.names):
            return []
        if phase == "draw":
            if self.pending[seat] is not None:
                return [WITHDRAW]                                               # CG2.4
            got = self._drawings(seat)
            got.append(PASS)
            return got
        if not self.house_cells[seat] or self.pending[seat] is not None:      # not among waiting()
            return []
        chosen = [h[0] for h in self.houses[seat]]
        return [House(g) for g in range(1, 7) if g not in chosen]

    def _drawings(self, seat: int) -> list:
        """The seat's drawings in legal order: the sheet's drawings of his two numbers
        (``_Board.drawings``), those he has the footprints for (C3.2) in his empty cells (CG2.2)."""
        cells = self.cells[seat]
        table = self._board.drawings(self.own[seat], self.shared, len(self.houses[seat]) >= 6)
        empty = [c for c in range(len(cells)) if cells[c] == 0]
        out: list = []
        top = min(self.footprints[seat], len(table) - 1)
        for k in range(top + 1):
            row = table[k]
            for c in empty:
                here = row[c]
                if here:
                    out.extend(here)
        return out

    def check(self, answer: Any, seat: int | None = None) -> str | None:
        phase = self.phase
        if phase == "over":
            return "C4.2: the game is over"
        if seat is None:
            aw = self.awaiting()
            assert aw is not None
            seat = aw.player
        t = type(answer)
        kind = getattr(answer, "kind", type(answer).__name__)
        if phase == "roll":
            if t is not Roll:
                return f"C2.1: the game awaits the parent's roll (chance), not {kind}"
            if seat != CHANCE:
                return f"C2.1: the roll is chance, not {self._name(seat)}'s answer"
            return self._check_roll(answer)
        if seat == CHANCE:
            return f"C2.1: the game awaits {phase}, not a chance outcome"
        if not 0 <= seat < len(self.names):
            return f"C1.1: there is no seat {seat}"
        if phase == "draft":
            if t is not Draft:
                return f"C2.1: the game awaits {self._name(self.drafter())} taking a die, not {kind}"
            p = self.drafter()
            if seat != p:
                return (f"C2.1: {self._name(p)} takes a die now (clockwise from the parent "
                        f"{self._name(self.parent)}), not {self._name(seat)}")
            v = answer.value
            if isinstance(v, bool) or not isinstance(v, int) or v not in self.pool:
                return f"C2.1: no die showing {v!r} is left (left: {', '.join(map(str, self.pool))})"
            return None
        if phase == "draw":
            if t is Withdraw:
                if self.pending[seat] is None:
                    return f"CG2.4: {self._name(seat)} has not answered this round's drawing: nothing to take back"
                return None
            if t is not Drawing and t is not Pass:
                return f"CG2.1: the game awaits the round's drawings, not {kind}"
            if self.pending[seat] is not None:
                return f"CG2.1: {self._name(seat)} has already answered this round's drawing"
            if t is Pass:
                return None
            return self._check_drawing(answer, seat)
        # house
        if t is not House:
            return f"CG2.1: the game awaits the houses' goods, not {kind}"
        if not self.house_cells[seat]:
            return f"C5.1: {self._name(seat)} drew no house this round"
        if self.pending[seat] is not None:
            return f"CG2.1: {self._name(seat)} has already chosen this house's good"
        g = answer.good
        if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= 6:
            return f"C1.2: goods are numbered 1-6, not {g!r}"
        if any(h[0] == g for h in self.houses[seat]):
            return f"C5.1: {self._name(seat)} has chosen {good_name(g)} before (a good not chosen before)"
        return None

    def _check_roll(self, a: Any) -> str | None:
        k = len(self.names) + 1
        dice = a.dice
        if not isinstance(dice, tuple) or len(dice) != k:
            return f"C1.1: players + 1 = {k} dice are rolled, not {len(dice) if isinstance(dice, tuple) else dice!r}"
        for v in dice:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                return f"C1.1: a six-sided die shows 1-6, not {v!r}"
        return None

    def _check_drawing(self, a: Any, seat: int) -> str | None:
        who = self._name(seat)
        g, cell, spend = a.good, a.cell, a.spend
        if isinstance(g, bool) or not isinstance(g, int) or not 1 <= g <= 6:
            return f"C1.2: goods are numbered 1-6, not {g!r}"
        sheet = self.sheet
        if not sheet.has(cell):
            where = parse_cell(cell)
            if where is not None and 1 <= where[0] <= len(sheet.towers):
                return f"CG2.2: tower {where[0]} is {sheet.tower(where[0]).height} floors high: no {cell}"
            return f"CG2.2: no cell {cell!r} on the sheet"
        c = self._board.index[cell]
        if self.cells[seat][c]:                                     # CG2.2 before any footprint is counted
            return f"CG2.2: {cell} is filled ({good_name(self.cells[seat][c])})"
        if not (isinstance(spend, tuple) and len(spend) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in spend)):
            return f"C3.2: spend is two whole numbers (own die, shared die), not {spend!r}"
        da, db = spend
        cost = abs(da) + abs(db)
        fp = self.footprints[seat]
        if cost > fp:
            return f"C3.2: that spends {cost} footprint{'s' if cost != 1 else ''}; {who} has {fp}"
        o, s = self.own[seat], self.shared
        x, y = o + da, s + db
        if not 1 <= x <= 6:
            return f"C3.2: the own die {o} changed by {da:+d} is {x}: numbers stay within 1-6 and never wrap"
        if not 1 <= y <= 6:
            return f"C3.2: the shared die {s} changed by {db:+d} is {y}: numbers stay within 1-6 and never wrap"
        floor = self._board.floor_of[c]
        if not ((g == x and floor == y) or (g == y and floor == x)):
            return f"C2.2: with {x} and {y}, {who} draws good {x} on floor {y} or good {y} on floor {x}, " \
                   f"not good {g} on floor {floor}"
        if g == HOUSE and len(self.houses[seat]) >= 6:
            return f"CG5.1: {who} has chosen all six goods for houses: no more houses"
        return None

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def apply(self, answer: Any, checked: bool = False, seat: int | None = None) -> list:
        """Carry out ``answer`` by ``seat`` (None: the seat the match waits for); the events.
        Raises IllegalAnswer (the match unchanged) when ``check`` refuses it."""
        if seat is None:
            aw = self.awaiting()
            seat = aw.player if aw is not None else CHANCE
        if not checked:
            why = self.check(answer, seat)
            if why is not None:
                raise IllegalAnswer(why)
        self._aw_known = False                   # the match changes: its input point with it
        events: list = []
        phase = self.phase
        if phase == "roll":
            self._do_roll(answer, events)
        elif phase == "draft":
            self._do_draft(answer.value, seat, events)
        elif phase == "draw":
            if type(answer) is Withdraw:                                                # CG2.4
                self.pending[seat] = None
                events.append(_new(ev.AnswerWithdrawn, (seat, "draw")))
                return events
            self.pending[seat] = answer
            events.append(_new(ev.AnswerGiven, (seat, "draw")))
            for p in self.pending:
                if p is None:
                    return events
            self._resolve_drawings(events)
        elif phase == "house":
            self.pending[seat] = answer
            events.append(_new(ev.AnswerGiven, (seat, "house")))
            if not self.waiting():
                self._resolve_houses(events)
        return events

    def _do_roll(self, a: Any, events: list) -> None:
        dice = sorted(a.dice)
        n = len(self.names)
        self.dice = dice
        self.pool = list(dice)
        self.own = [0] * n
        self.shared = 0
        self.drafted = 0
        self.phase = "draft"
        events.append(_new(ev.DiceRolled, (self.parent, tuple(dice))))

    def _do_draft(self, value: int, seat: int, events: list) -> None:
        choices: list[int] = []
        for v in self.pool:
            if not choices or choices[-1] != v:
                choices.append(v)
        self.pool.remove(value)
        self.own[seat] = value
        self.drafted += 1
        events.append(_new(ev.DieTaken, (seat, value, tuple(choices), tuple(self.pool))))
        if self.drafted == len(self.names):
            self.shared = self.pool.pop()
            events.append(_new(ev.SharedDie, (self.shared,)))
            self.phase = "draw"
            self.pending = [None] * len(self.names)

    def _gain(self, seat: int, n: int) -> tuple[int, int]:
        """Circle ``n`` footprints (CG1.3: gains beyond the track are lost); (gained, lost)."""
        cap: int = self.sheet.footprint_cap
        before = self.footprints[seat]
        after = min(cap, before + n)
        self.footprints[seat] = after
        return after - before, before + n - after

    def _resolve_drawings(self, events: list) -> None:
        board = self._board
        for s in _order(len(self.names), self.parent):
            a = self.pending[s]
            if type(a) is Pass:
                gained, lost = self._gain(s, self.options.get("pass_footprints", 1))       # C2.3
                events.append(_new(ev.Passed, (s, gained, lost, self.footprints[s])))
                continue
            good: int = a.good
            cell: str = a.cell
            da: int = a.spend[0]
            db: int = a.spend[1]
            cost = abs(da) + abs(db)
            c = board.index[cell]
            self.footprints[s] -= cost                                                      # C3.2
            group = self._draw_cell(s, c, good)                                             # C2.2
            gained = 0
            if good == BUTTERFLY:
                gained, _ = self._gain(s, 1)                                                # C3.1
            if good == HOUSE:
                self.house_cells[s] = cell
            events.append(_new(ev.GoodDrawn, (s, good, cell, cost, (self.own[s] + da, self.shared + db),
                                              self.footprints[s], gained, group)))
        self.pending = [None] * len(self.names)
        if any(self.house_cells):
            self.phase = "house"
        else:
            self._end_round(events)

    def _draw_cell(self, s: int, c: int, good: int) -> int:
        """Draw ``good`` in seat ``s``'s empty cell ``c`` and add what it scores to his kept parts
        (C5.2-C5.6; the house and the towers are scored when chosen and completed). The size of
        the mouse group it makes (C5.6), 0 for another good."""
        board = self._board
        cells = self.cells[s]
        nb = board.nb[c]
        pts = self._pts
        b = s * NPARTS
        group = 0
        for d in nb:                              # C5.4: the dishes beside the cell count it
            if cells[d] == DISHES:
                if self._kinds:                   # a kind not beside that dish before
                    new_kind = True
                    for o in board.nb[d]:
                        if cells[o] == good:
                            new_kind = False
                            break
                    if new_kind:
                        pts[b + P_DISHES] += _DISH
                else:
                    pts[b + P_DISHES] += _DISH
        if good == DISHES:                        # C5.4: the goods beside the new dish
            if self._kinds:
                kinds = 0
                for o in nb:
                    if cells[o] and not (kinds >> cells[o]) & 1:
                        kinds |= 1 << cells[o]
                        pts[b + P_DISHES] += _DISH
            else:
                for o in nb:
                    if cells[o]:
                        pts[b + P_DISHES] += _DISH
        elif good == MOUSE:                       # C5.6: the groups beside it join it
            seen = [False] * board.size
            group = 1
            before = 0
            for o in nb:
                if cells[o] != MOUSE or seen[o]:
                    continue
                seen[o] = True
                stack = [o]
                size = 0
                while stack:
                    x = stack.pop()
                    size += 1
                    for y in board.nb[x]:
                        if not seen[y] and cells[y] == MOUSE:
                            seen[y] = True
                            stack.append(y)
                group += size
                before += size * size
            pts[b + P_MOUSE] += group * group - before
        elif good == BUTTERFLY:                   # C5.3
            pts[b + P_BUTTERFLY] += _BUTTERFLY
        elif good == CUSHION:                     # C5.5: its floor
            pts[b + P_CUSHION] += board.floor_of[c]
        cells[c] = good
        if good == FELT:                          # C5.2: the tower's places again
            towers = board.towers
            t = board.tower_of[c]
            felt = self._felt
            felt[s * towers + t] += 1
            n = len(self.names)
            paid = _place_split([felt[q * towers + t] for q in range(n)], self._needs_one)
            feltpts = self._feltpts
            for q in range(n):
                i = q * towers + t
                pts[q * NPARTS + P_FELT] += paid[q] - feltpts[i]
                feltpts[i] = paid[q]
        return group

    def _resolve_houses(self, events: list) -> None:
        for s in _order(len(self.names), self.parent):
            cell = self.house_cells[s]
            if not cell:
                continue
            g: int = self.pending[s].good
            count = 0
            for x in self.cells[s]:                                                         # the house counts
                if x == g:
                    count += 1
            points = _HOUSE_FACTOR * count                                                  # C5.1
            self.houses[s].append([g, points, cell])
            self._pts[s * NPARTS + P_HOUSE] += points
            events.append(_new(ev.HouseScored, (s, cell, g, count, points)))
        self.house_cells = [""] * len(self.names)
        self.pending = [None] * len(self.names)
        self._end_round(events)

    def _end_round(self, events: list) -> None:
        n = len(self.names)
        board = self._board
        for t in range(board.towers):                                                      # C2.4, C4.1
            number = t + 1
            newly: list[int] = []
            for s in range(n):
                cells = self.cells[s]
                full = True
                for c in board.tower_cells[t]:
                    if not cells[c]:
                        full = False
                        break
                if full and not any(d[0] == number for d in self.completed[s]):
                    newly.append(s)
            if not newly:
                continue
            first = number not in self.firsts
            points = board.first[t] if first else board.later[t]
            if first:
                self.firsts.append(number)
                self.firsts.sort()
            for s in newly:
                self.completed[s].append([number, points, 1 if first else 0])
                self.completed[s].sort()
                self._pts[s * NPARTS + P_TOWERS] += points
                events.append(_new(ev.TowerCompleted, (s, number, points, first)))
            if first:
                crossed = tuple([s for s in range(n) if s not in newly])
                if crossed:
                    events.append(_new(ev.FirstCrossedOut, (number, crossed)))
        for s in _order(n, self.parent):
            got = self.one_cell_from_end(s)
            cell = got[1] if got else ""
            if cell and cell != self.near[s]:
                assert got is not None
                events.append(_new(ev.OneCellFromEnd, (s, got[0], cell)))
            self.near[s] = cell
        self.rounds_played += 1
        scores = self.scores()
        events.append(_new(ev.RoundEnded, (self.round, tuple(scores))))
        if any(len(c) >= 3 for c in self.completed):                                       # C4.2
            self.phase = "over"
            self.reason = REASON
            events.append(_new(ev.GameOver, (REASON, self.ranking(scores), tuple(scores))))
            return
        self.parent = (self.parent + 1) % n                                                 # C2.4
        self.round += 1
        self.phase = "roll"
        events.append(_new(ev.RoundStarted, (self.round, self.parent)))

    def one_cell_from_end(self, seat: int) -> tuple[int, str] | None:
        """(tower, cell) when ``seat`` has two towers and a third has one empty cell left, the
        first such tower; else None (C4.2: drawing it would end the game with the round)."""
        done = [c[0] for c in self.completed[seat]]
        if len(done) != 2:
            return None
        board = self._board
        cells = self.cells[seat]
        for t in range(board.towers):
            if t + 1 in done:
                continue
            empty = -1
            k = 0
            for c in board.tower_cells[t]:
                if not cells[c]:
                    k += 1
                    empty = c
            if k == 1:
                return t + 1, board.names[empty]
        return None

    # ---------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Roll, int]]:
        if self.phase != "roll":
            return []
        return list(roll_outcomes(len(self.names) + 1))

    def sample_chance(self) -> Roll:
        """The parent's roll from the match's own RNG: each die 1-6, then sorted."""
        return self.playout_chance(self.rng)

    def playout_chance(self, rng: Rng) -> Roll:
        """The parent's roll from ``rng`` (the match's own, or an analysis playout's): each die
        1-6, then sorted."""
        if self.phase != "roll":
            raise ValueError(f"no chance point now (the game awaits {self.phase})")
        dice = [rng.below(6) + 1 for _ in range(len(self.names) + 1)]
        dice.sort()
        return _new(Roll, (tuple(dice),))

    # ---------------------------------------------------------------- views, copies, JSON
    def view(self, seat: int) -> SeatView:
        """The match as ``seat`` may know it (a ``SeatView``): a read-only window on the match,
        the same object every call and always current (``GameDef.live_views``)."""
        views = self._views
        if not 0 <= seat < len(views):
            return SeatView(self, seat)
        got = views[seat]
        if got is None:
            got = views[seat] = SeatView(self, seat)
        return got

    def seen_by(self, seat: int) -> CatTowerMatch:
        """A copy of the match as ``seat`` may know it now: other seats' answers at a
        simultaneous point not yet all given are removed (CG2.1), and the RNG state scrubbed."""
        v = self._copy(0)
        if v.phase in ("draw", "house"):
            v.pending = self._seen_pending(seat)
        return v

    def _seen_pending(self, seat: int) -> list[Any]:
        if self.phase in ("draw", "house"):
            return [a if s == seat else None for s, a in enumerate(self.pending)]
        return list(self.pending)

    def copy(self) -> CatTowerMatch:
        return self._copy(self.rng.state)

    def _copy(self, rng_state: int) -> CatTowerMatch:
        m = CatTowerMatch(self.sheet, self.names, self.options, rng_state, True)
        m._kinds = self._kinds
        m._needs_one = self._needs_one
        m.cells = [list(c) for c in self.cells]
        m.footprints = list(self.footprints)
        # A house's [good, points, cell] and a completion's [tower, points, first] never change
        # once made (the engine only appends them): the copies share them.
        m.houses = [list(h) for h in self.houses]
        m.completed = [list(c) for c in self.completed]
        m.firsts = list(self.firsts)
        m.parent = self.parent
        m.round = self.round
        m.rounds_played = self.rounds_played
        m.phase = self.phase
        m.dice = list(self.dice)
        m.pool = list(self.pool)
        m.own = list(self.own)
        m.shared = self.shared
        m.drafted = self.drafted
        m.pending = list(self.pending)
        m.house_cells = list(self.house_cells)
        m.near = list(self.near)
        m.reason = self.reason
        m._views = [None] * len(self.names)
        m._aw = None
        m._aw_known = False
        m._pts = list(self._pts)
        m._felt = list(self._felt)
        m._feltpts = list(self._feltpts)
        return m

    def to_json(self) -> dict:
        return {
            "game": self.game_id, "version": VERSION, "sheet": self.sheet.data_hash,
            "names": list(self.names), "options": dict(sorted(self.options.items())),
            "sheets": [list(c) for c in self.cells], "footprints": list(self.footprints),
            "houses": [[list(h) for h in hs] for hs in self.houses],
            "completed": [[list(c) for c in cs] for cs in self.completed], "firsts": list(self.firsts),
            "parent": self.parent, "round": self.round, "rounds_played": self.rounds_played, "phase": self.phase,
            "dice": list(self.dice), "pool": list(self.pool), "own": list(self.own), "shared": self.shared,
            "drafted": self.drafted, "pending": [None if a is None else a.to_step() for a in self.pending],
            "house_cells": list(self.house_cells), "near": list(self.near), "rng": self.rng.state,
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, sheet, data: dict) -> CatTowerMatch:
        """The match of ``to_json()``. Raises ValueError for another game, version or sheet."""
        if data.get("game") != cls.game_id or data.get("version") != VERSION:
            raise ValueError(f"not a {cls.game_id} version {VERSION} state")
        if data.get("sheet") != sheet.data_hash:
            raise ValueError(f"the state is of sheet {data.get('sheet')}, not {sheet.data_hash}")
        m = cls(sheet, data["names"], data["options"], data["rng"])
        m.cells = [list(c) for c in data["sheets"]]
        m.footprints = list(data["footprints"])
        m.houses = [[list(h) for h in hs] for hs in data["houses"]]
        m.completed = [[list(c) for c in cs] for cs in data["completed"]]
        m.firsts = list(data["firsts"])
        m.parent = data["parent"]
        m.round = data["round"]
        m.rounds_played = data["rounds_played"]
        m.phase = data["phase"]
        if m.phase not in PHASES:
            raise ValueError(f"unknown phase {m.phase!r}")
        m.dice = list(data["dice"])
        m.pool = list(data["pool"])
        m.own = list(data["own"])
        m.shared = data["shared"]
        m.drafted = data["drafted"]
        kind = "house" if m.phase == "house" else "draw"
        m.pending = [None if a is None else answer_from_step(kind, a) for a in data["pending"]]
        m.house_cells = list(data["house_cells"])
        m.near = list(data["near"])
        m.reason = data["reason"]
        m._rescore()
        return m

    def canonical_json(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def fingerprint(self) -> str:
        return hashlib.sha256(self.canonical_json().encode("ascii")).hexdigest()

    # ---------------------------------------------------------------- reading the position
    def cell(self, seat: int, name: str) -> int:
        """The good in ``seat``'s cell ``name`` (0: empty)."""
        return self.cells[seat][self.sheet.index(name)]

    def towers_done(self, seat: int) -> list[int]:
        return [c[0] for c in self.completed[seat]]

    def chosen(self, seat: int) -> list[int]:
        """The goods ``seat``'s houses have counted, in the order chosen."""
        return [h[0] for h in self.houses[seat]]


def drawings_by_search(match: CatTowerMatch, seat: int) -> list:
    """The seat's legal drawings found as the engine once found them at every draw point (the
    reference ``_Board.drawings`` is held to by the tests): every change of the two numbers he
    has the footprints for (C3.2), each good and floor they make (C2.2) in his empty cells
    (CG2.2), no house once all six goods are chosen (CG5.1), sorted into legal order."""
    o, s = match.own[seat], match.shared
    fp = match.footprints[seat]
    cells = match.cells[seat]
    by_floor = match.sheet.by_floor
    no_house = len(match.houses[seat]) >= 6
    items = []
    for a in range(1 - o, 7 - o):
        ca = -a if a < 0 else a
        if ca > fp:
            continue
        x = o + a
        for b in range(1 - s, 7 - s):
            cost = ca + (-b if b < 0 else b)
            if cost > fp:
                continue
            y = s + b
            for good, floor in (((x, y), (y, x)) if x != y else ((x, y),)):
                if good == HOUSE and no_house:
                    continue
                for c in by_floor[floor]:
                    if cells[c] == 0:
                        items.append((cost, c, good, a, b))
    items.sort()
    names = match.sheet.cells
    return [Drawing(g, names[c], (a, b)) for _, c, g, a, b in items]


class SeatView:
    """A match as one seat may know it (``CatTowerMatch.view``): a read-only window on the match,
    always current, so that the drive loop fetches each seat's once (``GameDef.live_views``).

    Other seats' answers at a simultaneous point not yet all given read as None (``pending``,
    CG2.1) and the RNG as state 0; everything else is the match's own, read through the window
    as it is now (the same lists: read them, never change them). What depends on the hidden
    answers (``awaiting``, ``to_json``, another seat's ``legal_answers`` or ``check``, ...) is
    asked of ``copy()``: a match in the state the seat sees (``seen_by``), to look ahead on."""

    def __init__(self, match: CatTowerMatch, seat: int) -> None:
        self._match = match
        self._seat = seat

    def __getattr__(self, name: str) -> Any:
        if name.startswith("_"):
            raise AttributeError(name)
        return getattr(self._match, name)

    @property
    def pending(self) -> list[Any]:
        return self._match._seen_pending(self._seat)

    @property
    def rng(self) -> Rng:
        return Rng(0)

    def copy(self) -> CatTowerMatch:
        return self._match.seen_by(self._seat)

    def view(self, seat: int) -> Any:
        return self if seat == self._seat else self.copy().view(seat)

    def legal_answers(self, seat: int | None = None) -> list:
        # A seat's own answers depend on no other seat's pending answer: the match's own.
        if seat == self._seat:
            return self._match.legal_answers(seat)
        return self.copy().legal_answers(seat)

    def check(self, answer: Any, seat: int | None = None) -> str | None:
        if seat == self._seat:
            return self._match.check(answer, seat)
        return self.copy().check(answer, seat)

    def apply(self, answer: Any, checked: bool = False, seat: int | None = None) -> list:
        raise ValueError("a view is read-only: look ahead on view.copy()")

    def awaiting(self) -> Awaiting | None:
        return self.copy().awaiting()

    def waiting(self) -> tuple[int, ...]:
        return self.copy().waiting()

    def sample_chance(self) -> Roll:
        return self.copy().sample_chance()

    def to_json(self) -> dict:
        return self.copy().to_json()

    def canonical_json(self) -> str:
        return self.copy().canonical_json()

    def fingerprint(self) -> str:
        return self.copy().fingerprint()


__all__ = ["CatTowerMatch", "SeatView", "drawings_by_search", "roll_outcomes", "multisets", "multinomial", "PHASES",
           "REASON"]
