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
"""
from __future__ import annotations

import hashlib
import json
from math import factorial

from ...errors import IllegalAnswer
from ...platform.protocol import CHANCE, Awaiting, PositionError, Result
from ...rng import Rng
from . import events as ev
from . import scoring
from .answers import (
    BUTTERFLY, GOOD_OF, GOODS, HOUSE, MOUSE, PASS, WITHDRAW, Draft, Drawing, House, Pass, Roll, Withdraw,
    answer_from_step, good_name,
)
from .sheet import parse_cell

VERSION = 1
PHASES = ("roll", "draft", "draw", "house", "over")
REASON = "three towers"            # C4.2: why a match ends


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


class CatTowerMatch:
    """One match of CAT TOWER. Build it with ``new``, ``from_position`` or ``from_json``."""

    game_id = "cattower"

    def __init__(self, sheet, names: list[str], options: dict, rng_state: int = 0) -> None:
        n = len(names)
        self.sheet = sheet
        self.names = list(names)
        self.options = dict(options)
        self.cells: list[list[int]] = [[0] * sheet.size for _ in range(n)]
        self.footprints = [0] * n
        self.houses: list[list[list]] = [[] for _ in range(n)]       # [[good, points, cell], ...]
        self.completed: list[list[list]] = [[] for _ in range(n)]    # [[tower, points, first], ...]
        self.firsts: list[int] = []                                  # towers whose left value is gone
        self.parent = 0
        self.round = 1
        self.rounds_played = 0
        self.phase = "roll"
        self.dice: list[int] = []
        self.pool: list[int] = []
        self.own = [0] * n
        self.shared = 0
        self.drafted = 0
        self.pending: list = [None] * n
        self.house_cells = [""] * n
        self.near = [""] * n                                         # OneCellFromEnd told for this cell
        self.rng = Rng(0)
        self.rng.state = rng_state
        self.reason = ""

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
        seat_of = {nm: i for i, nm in enumerate(names)}
        m = cls(sheet, names, options, 0)
        m.rng = Rng(seed)
        n = len(names)
        cap = sheet.footprint_cap

        def seats_of(key: str) -> list[tuple[int, str, object]]:
            node = position.get(key) or {}
            out = []
            if not isinstance(node, dict):
                problems.append(((key,), "must be a mapping of player to ..."))
                return out
            for name, value in node.items():
                if name not in seat_of:
                    problems.append(((key, name), f"unknown player (players: {', '.join(names)})"))
                    continue
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
        for s, name, value in seats_of("houses"):
            if not isinstance(value, list):
                problems.append((("houses", name), "must be a list of [good, points]"))
                continue
            chosen: list[int] = []
            for i, item in enumerate(value):
                path = ("houses", name, i)
                if not (isinstance(item, (list, tuple)) and len(item) == 2):
                    problems.append((path, f"must be [good, points], not {item!r}"))
                    continue
                good, pts = item
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
        for s, name, value in seats_of("completed"):
            if not isinstance(value, list):
                problems.append((("completed", name), "must be a list of towers or of [tower, points]"))
                continue
            done: list[int] = []
            for i, item in enumerate(value):
                path = ("completed", name)
                if not (isinstance(item, (list, tuple)) and len(item) == 2):
                    problems.append((path, f"must be [tower, points], not {item!r}"))
                    continue
                t, pts = item
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
        for s in range(n):
            got = m.one_cell_from_end(s)
            m.near[s] = got[1] if got else ""
        out_events.append(ev.RoundStarted(m.round, m.parent))
        return m, out_events

    # ---------------------------------------------------------------- the protocol
    def awaiting(self) -> Awaiting | None:
        phase = self.phase
        if phase == "over":
            return None
        if phase == "roll":
            return Awaiting("roll", CHANCE)
        if phase == "draft":
            p = self.drafter()
            return Awaiting("draft", p, (p,))
        seats = self.waiting()
        if phase == "draw":          # CG2.4: who has answered may take it back while others draw
            answered = tuple(s for s in self.order() if self.pending[s] is not None)
            return Awaiting(phase, seats[0], seats, answered)
        return Awaiting(phase, seats[0], seats)

    def order(self) -> list[int]:
        """The seats clockwise from the parent."""
        n = len(self.names)
        return [(self.parent + i) % n for i in range(n)]

    def drafter(self) -> int:
        return (self.parent + self.drafted) % len(self.names)

    def waiting(self) -> tuple[int, ...]:
        """The seats a simultaneous point still waits for, clockwise from the parent."""
        if self.phase == "draw":
            return tuple(s for s in self.order() if self.pending[s] is None)
        if self.phase == "house":
            return tuple(s for s in self.order() if self.house_cells[s] and self.pending[s] is None)
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
        """Every seat's score now by part (C5.7)."""
        return scoring.breakdown(self.sheet, self.cells, self.houses, self.completed, self.options)

    def scores(self) -> list[int]:
        return [row["total"] for row in self.breakdown()]

    def ranking(self, scores: list[int] | None = None) -> tuple[tuple[int, ...], ...]:
        """Seats by score, best first; equal scores share a place (CG4.1)."""
        s = scores if scores is not None else self.scores()
        groups: list[list[int]] = []
        for p in sorted(range(len(s)), key=lambda p: (-s[p], p)):
            if groups and s[groups[-1][0]] == s[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        return tuple(tuple(g) for g in groups)

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
            seat = aw.player
        if phase == "roll":
            return [a for a, _ in roll_outcomes(len(self.names) + 1)] if seat == CHANCE else []
        if phase == "draft":
            if seat != self.drafter():
                return []
            out = []
            for v in self.pool:
                if not out or out[-1].value != v:
                    out.append(Draft(v))
            return out
        if phase == "draw" and 0 <= seat < len(self.pending) and self.pending[seat] is not None:
            return [WITHDRAW]                                                   # CG2.4
        if seat not in self.waiting():
            return []
        if phase == "draw":
            return self._drawings(seat) + [PASS]
        chosen = [h[0] for h in self.houses[seat]]
        return [House(g) for g in range(1, 7) if g not in chosen]

    def _drawings(self, seat: int) -> list[Drawing]:
        o, s = self.own[seat], self.shared
        fp = self.footprints[seat]
        cells = self.cells[seat]
        by_floor = self.sheet.by_floor
        no_house = len(self.houses[seat]) >= 6
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
        names = self.sheet.cells
        return [Drawing(g, names[c], (a, b)) for _, c, g, a, b in items]

    def check(self, answer, seat: int | None = None) -> str | None:
        phase = self.phase
        if phase == "over":
            return "C4.2: the game is over"
        if seat is None:
            seat = self.awaiting().player
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

    def _check_roll(self, a: Roll) -> str | None:
        k = len(self.names) + 1
        dice = a.dice
        if not isinstance(dice, tuple) or len(dice) != k:
            return f"C1.1: players + 1 = {k} dice are rolled, not {len(dice) if isinstance(dice, tuple) else dice!r}"
        for v in dice:
            if isinstance(v, bool) or not isinstance(v, int) or not 1 <= v <= 6:
                return f"C1.1: a six-sided die shows 1-6, not {v!r}"
        return None

    def _check_drawing(self, a: Drawing, seat: int) -> str | None:
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
        c = sheet.index(cell)
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
        floor = sheet.floor_of[c]
        if not ((g == x and floor == y) or (g == y and floor == x)):
            return f"C2.2: with {x} and {y}, {who} draws good {x} on floor {y} or good {y} on floor {x}, " \
                   f"not good {g} on floor {floor}"
        if g == HOUSE and len(self.houses[seat]) >= 6:
            return f"CG5.1: {who} has chosen all six goods for houses: no more houses"
        return None

    def _name(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < len(self.names) else f"seat {seat}"

    def apply(self, answer, checked: bool = False, seat: int | None = None) -> list:
        """Carry out ``answer`` by ``seat`` (None: the seat the match waits for); the events.
        Raises IllegalAnswer (the match unchanged) when ``check`` refuses it."""
        if seat is None:
            aw = self.awaiting()
            seat = aw.player if aw is not None else CHANCE
        if not checked:
            why = self.check(answer, seat)
            if why is not None:
                raise IllegalAnswer(why)
        events: list = []
        phase = self.phase
        if phase == "roll":
            self._do_roll(answer, events)
        elif phase == "draft":
            self._do_draft(answer.value, seat, events)
        elif phase == "draw":
            if type(answer) is Withdraw:                                                # CG2.4
                self.pending[seat] = None
                events.append(ev.AnswerWithdrawn(seat, "draw"))
                return events
            self.pending[seat] = answer
            events.append(ev.AnswerGiven(seat, "draw"))
            if all(p is not None for p in self.pending):
                self._resolve_drawings(events)
        elif phase == "house":
            self.pending[seat] = answer
            events.append(ev.AnswerGiven(seat, "house"))
            if not self.waiting():
                self._resolve_houses(events)
        return events

    def _do_roll(self, a: Roll, events: list) -> None:
        dice = sorted(a.dice)
        n = len(self.names)
        self.dice = dice
        self.pool = list(dice)
        self.own = [0] * n
        self.shared = 0
        self.drafted = 0
        self.phase = "draft"
        events.append(ev.DiceRolled(self.parent, tuple(dice)))

    def _do_draft(self, value: int, seat: int, events: list) -> None:
        choices = []
        for v in self.pool:
            if not choices or choices[-1] != v:
                choices.append(v)
        self.pool.remove(value)
        self.own[seat] = value
        self.drafted += 1
        events.append(ev.DieTaken(seat, value, tuple(choices), tuple(self.pool)))
        if self.drafted == len(self.names):
            self.shared = self.pool.pop()
            events.append(ev.SharedDie(self.shared))
            self.phase = "draw"
            self.pending = [None] * len(self.names)

    def _gain(self, seat: int, n: int) -> tuple[int, int]:
        """Circle ``n`` footprints (CG1.3: gains beyond the track are lost); (gained, lost)."""
        cap = self.sheet.footprint_cap
        before = self.footprints[seat]
        after = min(cap, before + n)
        self.footprints[seat] = after
        return after - before, before + n - after

    def _resolve_drawings(self, events: list) -> None:
        sheet = self.sheet
        for s in self.order():
            a = self.pending[s]
            if type(a) is Pass:
                gained, lost = self._gain(s, self.options.get("pass_footprints", 1))       # C2.3
                events.append(ev.Passed(s, gained, lost, self.footprints[s]))
                continue
            c = sheet.index(a.cell)
            self.footprints[s] -= a.cost                                                    # C3.2
            self.cells[s][c] = a.good                                                       # C2.2
            gained = 0
            if a.good == BUTTERFLY:
                gained, _ = self._gain(s, 1)                                                # C3.1
            if a.good == HOUSE:
                self.house_cells[s] = a.cell
            group = scoring.group_of(sheet, self.cells[s], c) if a.good == MOUSE else 0
            events.append(ev.GoodDrawn(s, a.good, a.cell, a.cost, (self.own[s] + a.spend[0], self.shared + a.spend[1]),
                                       self.footprints[s], gained, group))
        self.pending = [None] * len(self.names)
        if any(self.house_cells):
            self.phase = "house"
        else:
            self._end_round(events)

    def _resolve_houses(self, events: list) -> None:
        for s in self.order():
            cell = self.house_cells[s]
            if not cell:
                continue
            g = self.pending[s].good
            count = sum(1 for x in self.cells[s] if x == g)                                 # the house counts
            points = scoring.HOUSE_FACTOR * count                                           # C5.1
            self.houses[s].append([g, points, cell])
            events.append(ev.HouseScored(s, cell, g, count, points))
        self.house_cells = [""] * len(self.names)
        self.pending = [None] * len(self.names)
        self._end_round(events)

    def _end_round(self, events: list) -> None:
        n = len(self.names)
        for tw in self.sheet.towers:                                                        # C2.4, C4.1
            newly = [s for s in range(n) if all(self.cells[s][c] for c in tw.cells)
                     and not any(c[0] == tw.number for c in self.completed[s])]
            if not newly:
                continue
            first = tw.number not in self.firsts
            points = tw.first if first else tw.later
            if first:
                self.firsts.append(tw.number)
                self.firsts.sort()
            for s in newly:
                self.completed[s].append([tw.number, points, 1 if first else 0])
                self.completed[s].sort()
                events.append(ev.TowerCompleted(s, tw.number, points, first))
            if first:
                crossed = tuple(s for s in range(n) if s not in newly)
                if crossed:
                    events.append(ev.FirstCrossedOut(tw.number, crossed))
        for s in self.order():
            got = self.one_cell_from_end(s)
            cell = got[1] if got else ""
            if cell and cell != self.near[s]:
                events.append(ev.OneCellFromEnd(s, got[0], cell))
            self.near[s] = cell
        self.rounds_played += 1
        scores = self.scores()
        events.append(ev.RoundEnded(self.round, tuple(scores)))
        if any(len(c) >= 3 for c in self.completed):                                       # C4.2
            self.phase = "over"
            self.reason = REASON
            events.append(ev.GameOver(REASON, self.ranking(scores), tuple(scores)))
            return
        self.parent = (self.parent + 1) % n                                                 # C2.4
        self.round += 1
        self.phase = "roll"
        events.append(ev.RoundStarted(self.round, self.parent))

    def one_cell_from_end(self, seat: int) -> tuple[int, str] | None:
        """(tower, cell) when ``seat`` has two towers and a third has one empty cell left, the
        first such tower; else None (C4.2: drawing it would end the game with the round)."""
        done = [c[0] for c in self.completed[seat]]
        if len(done) != 2:
            return None
        cells = self.cells[seat]
        for tw in self.sheet.towers:
            if tw.number in done:
                continue
            empty = [c for c in tw.cells if not cells[c]]
            if len(empty) == 1:
                return tw.number, self.sheet.cells[empty[0]]
        return None

    # ---------------------------------------------------------------- chance
    def chance_outcomes(self) -> list[tuple[Roll, int]]:
        if self.phase != "roll":
            return []
        return list(roll_outcomes(len(self.names) + 1))

    def sample_chance(self) -> Roll:
        """The parent's roll from the match's own RNG: each die 1-6, then sorted."""
        if self.phase != "roll":
            raise ValueError(f"no chance point now (the game awaits {self.phase})")
        return Roll(tuple(sorted(self.rng.below(6) + 1 for _ in range(len(self.names) + 1))))

    # ---------------------------------------------------------------- views, copies, JSON
    def view(self, seat: int) -> "CatTowerMatch":
        """The match as ``seat`` may know it: other seats' answers at a simultaneous point not
        yet all given are removed (CG2.1), and the RNG state scrubbed."""
        v = self.copy()
        if v.phase in ("draw", "house"):
            v.pending = [a if s == seat else None for s, a in enumerate(v.pending)]
        v.rng.state = 0
        return v

    def copy(self) -> "CatTowerMatch":
        m = CatTowerMatch.__new__(CatTowerMatch)
        m.sheet = self.sheet
        m.names = list(self.names)
        m.options = dict(self.options)
        m.cells = [list(c) for c in self.cells]
        m.footprints = list(self.footprints)
        m.houses = [[list(h) for h in hs] for hs in self.houses]
        m.completed = [[list(c) for c in cs] for cs in self.completed]
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
        m.rng = Rng(0)
        m.rng.state = self.rng.state
        m.reason = self.reason
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
    def from_json(cls, sheet, data: dict) -> "CatTowerMatch":
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


__all__ = ["CatTowerMatch", "roll_outcomes", "multisets", "multinomial", "PHASES", "REASON"]
