"""Game analysis (``tdream analyze``, the window's Analysis screen, Practice's hint): each seat's
chance to win at every turn, the luck of every chance outcome and the cost of every decision,
estimated by playouts (docs/FORMATS.md section 9).

A *position* is the match before one of the record's inputs (its index ``i``; ``i == len(inputs)``:
after the last). Its win chances are the mean, over playouts, of each seat's share of first place
(a tie shares it); a playout copies the position and plays it to the end with the method's policy
(``analysis.yaml``: a CPU kind in every seat) and chance outcomes drawn from ``chance_outcomes()``
with the playout's own RNG (never the match's, which a copy shares, nor a shuffled pile's order).

- **The chart**: the positions where a turn starts, and the last.
- **Luck**: a run of chance inputs (a roll, then a card) from position ``i`` to ``j``: each seat's
  chance at ``j`` minus its chance at ``i``. The playouts from ``i`` draw the run's outcomes as the
  game would, so the chance at ``i`` is the chance expected over all its outcomes.
- **A decision's cost**: every legal answer of the deciding seat is played out ``order_playouts``
  times (the cheap ordering), then the ``leaders`` best and the answer given to ``playouts``; the
  cost is the best answer's chance minus the given one's, in points. Every answer of a position
  uses the same playout seeds (common random numbers), so their difference is measured with less
  noise than either chance.

Playout ``k`` of position ``i`` is seeded by (the analysis seed, ``i``, ``k``) alone, so the figures
do not depend on how the work is cut or who runs it: one process, ``--jobs``, or a Ray cluster
(``cluster.pool_map``) give the same report, byte for byte in JSON. ``Stepper`` runs the same
work a few playouts at a time (the window's frames), ``hint`` a single position's decision.
"""
from __future__ import annotations

import functools
import hashlib
import inspect
import json
import math
import multiprocessing as mp
import os
import signal
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Iterator

from ..errors import FormatError, TdreamError
from ..rng import Rng, derive_seed
from ..yamlio import check_header, number, read_checked
from .. import __version__
from ..errors import DataError
from .cluster import check_fingerprint, code_fingerprint, connected, pool_map
from .protocol import CHANCE
from .record import Record, load_record, write_atomic
from .replay import Replay, check_data, replay_session
from .session import Seat, Session

FORMAT = "tdream-analysis"
VERSION = 1                      # of the analysis file (FORMATS.md section 9); another is refused
METHOD_FILE = Path(__file__).with_name("analysis.yaml")
SUFFIX = ".analysis.json"        # an analysis kept beside its record


# ---------------------------------------------------------------------- the method (analysis.yaml)
@dataclass(frozen=True)
class Method:
    policy: str = "random"
    playouts: int = 100
    order_playouts: int = 8
    leaders: int = 3
    block: int = 25
    sure: float = 2.0                # a mark needs a cost at least this many standard errors
    marks: tuple[tuple[str, float], ...] = (("??", 15.0), ("?", 10.0), ("?!", 5.0))   # worst first

    def mark(self, cost_points: float, se_points: float = 0.0) -> str:
        """The mark of a decision that lost ``cost_points`` (?!, ?, ??), or "": none when the cost
        is within ``sure`` standard errors of nothing (the playouts' noise, not a mistake)."""
        if cost_points < self.sure * se_points:
            return ""
        for name, at in self.marks:
            if cost_points >= at:
                return name
        return ""

    def to_json(self) -> dict:
        return {"policy": self.policy, "playouts": self.playouts, "order_playouts": self.order_playouts,
                "leaders": self.leaders, "sure": self.sure, "marks": {n: at for n, at in reversed(self.marks)}}


_METHOD: list[Method] = []


def method() -> Method:
    """The method of ``analysis.yaml``, read and checked once."""
    if not _METHOD:
        _METHOD.append(read_method(METHOD_FILE))
    return _METHOD[0]


def read_method(path: Path | str) -> Method:
    data, pr, sc = read_checked(path, DataError)
    if check_header(data, pr, "tdream-analysis-method") and sc.mapping(
            data, "", ("format", "version", "policy", "playouts", "order_playouts", "leaders", "block", "sure",
                       "marks")):
        number(data, "sure", "sure", pr, 0, 10)
        counts: dict[str, float | None] = {}
        for k in ("playouts", "order_playouts", "leaders", "block"):
            v = number(data, k, k, pr, 1, 100000)
            if v is not None and v != int(v):           # a count: 2.5 playouts would be cut to 2 unsaid
                pr.at(data, k, k, f"must be a whole number, not {data[k]}")
                v = None
            counts[k] = v
        if not isinstance(data["policy"], str):
            pr.at(data, "policy", "policy", "must be a CPU kind's name")
        marks = data["marks"]
        if not isinstance(marks, dict) or not marks:
            pr.at(data, "marks", "marks", "must map each mark to the points it costs at least")
            marks = {}
        got = {str(k): number(marks, k, f"marks.{k}", pr, 0, 100) for k in marks}
        op, n = counts["order_playouts"], counts["playouts"]
        if op is not None and n is not None and op > n:
            pr.at(data, "order_playouts", "order_playouts", "must not be more than playouts")
    pr.raise_if_any()
    return Method(data["policy"], int(data["playouts"]), int(data["order_playouts"]), int(data["leaders"]),
                  int(data["block"]), float(data["sure"]), tuple(sorted(((k, float(v)) for k, v in got.items() if v is not None),
                                                   key=lambda kv: -kv[1])))


def check_policy(game, meth: Method) -> Method:
    """``meth`` if its policy is a CPU player of ``game``; else a DataError (one line), before any
    playout (a game's CPU kinds are its own: analysis.yaml is read without a game)."""
    try:
        game.split_kind(meth.policy)
    except ValueError as e:
        raise DataError([f"{METHOD_FILE}: policy: {e} in {game.name}"]) from None
    return meth


# ---------------------------------------------------------------------- a game's calibration
CALIBRATION = "calibration.yaml"       # in a game's package: its measured calibration (our data)


@dataclass(frozen=True)
class Calibration:
    """What a raw playout estimate is worth in a game: a seat's share of first place over many
    playouts by the method's policy, mapped to the chance it wins as CPU games of the game are
    played (random playouts misjudge a game of skill: in Towers a position they give 97% is won
    about two times in three). ``knots``: (raw, chance) pairs, raw rising from 0 to 1, chance never
    falling, joined by straight lines; measured by ``benchmarks/analysis_calibration.py --fit``."""

    knots: tuple[tuple[float, float], ...] = ((0.0, 0.0), (1.0, 1.0))
    digest: str = "none"

    def __call__(self, x: float) -> float:
        k = self.knots
        if x <= k[0][0]:
            return k[0][1]
        for (x0, y0), (x1, y1) in zip(k, k[1:]):
            if x <= x1:
                return y0 + (y1 - y0) * (x - x0) / (x1 - x0) if x1 > x0 else y1
        return k[-1][1]

    def spread(self, x: float, e: float) -> float:
        """A raw estimate ``x`` give or take ``e`` (its standard error), as a chance: half the
        calibrated width of ``x - e .. x + e`` (over that width, not at a point, so that a steep
        knot does not blow a small error up)."""
        return (self(min(1.0, x + e)) - self(max(0.0, x - e))) / 2

    def chances(self, means: list[float], ses: list[float]) -> tuple[list[float], list[float]]:
        """A position's raw estimates made chances that add up to 1, with their standard errors."""
        mapped = [self(x) for x in means]
        total = sum(mapped)
        if total <= 0:
            return list(means), list(ses)
        return [x / total for x in mapped], [self.spread(x, e) / total for x, e in zip(means, ses)]


IDENTITY = Calibration()
_CALIBRATIONS: dict[str, Calibration] = {}


def calibration_of(game) -> Calibration:
    """The game's calibration (its package's ``calibration.yaml``), read and checked once; none
    (raw estimates as they are) for a game without one."""
    got = _CALIBRATIONS.get(game.id)
    if got is None:
        path = Path(inspect.getfile(type(game))).parent / CALIBRATION
        got = _CALIBRATIONS[game.id] = read_calibration(path) if path.exists() else IDENTITY
    return got


def read_calibration(path: Path | str) -> Calibration:
    data, pr, sc = read_checked(path, DataError)
    knots: list[tuple[float, float]] = []
    if check_header(data, pr, "tdream-analysis-calibration") and sc.mapping(
            data, "", ("format", "version", "knots"), ("measured",)):
        raw = data["knots"]
        if not isinstance(raw, list) or len(raw) < 2:
            pr.at(data, "knots", "knots", "must list at least two [raw, chance] pairs")
        else:
            for n, pair in enumerate(raw):
                ok = (isinstance(pair, list) and len(pair) == 2
                      and all(isinstance(v, (int, float)) and not isinstance(v, bool) and 0 <= v <= 1 for v in pair))
                if not ok:
                    pr.at(raw, n, f"knots[{n}]", f"must be [raw, chance], two numbers 0 to 1, not {pair!r}")
                    continue
                if knots and (pair[0] <= knots[-1][0] or pair[1] < knots[-1][1]):
                    pr.at(raw, n, f"knots[{n}]", "raw must rise and chance never fall from the pair before")
                knots.append((float(pair[0]), float(pair[1])))
            if not pr and (knots[0][0] != 0 or knots[-1][0] != 1):
                pr.at(data, "knots", "knots", "must run from raw 0 to raw 1")
    pr.raise_if_any()
    digest = hashlib.sha256(json.dumps(knots).encode()).hexdigest()[:16]
    return Calibration(tuple(knots), digest)


# ---------------------------------------------------------------------- a playout
def share(match) -> tuple[float, ...]:
    """Each seat's share of first place in a finished match (a tie shares it)."""
    res = match.result()
    first = res.ranking[0]
    out = [0.0] * len(res.scores)
    for s in first:
        out[s] = 1.0 / len(first)
    return tuple(out)


def playout(game, state, policy: str, seed: int) -> tuple[float, ...]:
    """``state`` played to its end on a copy, every seat by ``policy``, chance drawn from its
    outcomes with an RNG of ``seed``: each seat's share of first place."""
    match = state.copy()
    names = list(match.names)
    session = Session(game, match, [Seat(n, policy) for n in names], derive_seed(seed, 1))
    rng = Rng(seed)
    draw = game.program.playout_chance
    while True:
        session.run(chance=False)
        if match.awaiting() is None:
            return share(match)
        if draw is not None:
            match.apply(draw(match, rng), True)
            session.inputs += 1
            continue
        outcomes = match.chance_outcomes()
        total = 0
        for _, w in outcomes:
            total += w
        r = rng.below(total)
        for answer, w in outcomes:
            r -= w
            if r < 0:
                break
        match.apply(answer, True)
        session.inputs += 1


def playout_seed(seed: int, position: int, k: int) -> int:
    return derive_seed(derive_seed(seed, position), k)


# ---------------------------------------------------------------------- a record's positions
@dataclass
class Step:
    """One input of the record: the position before it, who gave it and what."""

    index: int
    seat: int                        # CHANCE for a chance outcome
    answer: Any
    turn: int                        # the match's progress() before it
    to_move: int


def answer_text(answer) -> str:
    """An answer as a short line: its kind and its step's values (``place f1``, ``roll 6``)."""
    try:
        step = answer.to_step()
    except (AttributeError, TypeError, ValueError):
        return str(answer)
    if isinstance(step, dict):
        parts = []
        for k, v in step.items():
            parts.append(f"{k} {v if isinstance(v, (str, int)) else json.dumps(v, separators=(',', ':'))}")
        return ", ".join(parts)
    return str(step)


@dataclass
class Decision:
    index: int                       # the position (before the answer)
    seat: int
    answers: list                    # legal_answers(seat) there, in their order
    given: int                       # the index of the answer given among them
    base: int = -1                   # the position the answers are rated from (-1: ``index``): at a
    #                                  point several seats answer in secret, where it opened, so that
    #                                  no answer is rated knowing another's sealed one

    def __post_init__(self) -> None:
        if self.base < 0:
            self.base = self.index


class Positions:
    """A record replayed: the match before each input (``states[i]``; ``states[-1]``: after the
    last), who gave each input, the turn starts, the chance runs and the decisions to rate
    (``who``: "human", a human seat's; "all", every seat's)."""

    def __init__(self, record: Record, who: str = "human") -> None:
        self.record = record
        self.who = who
        self.game = record.game
        session = replay_session(record)
        self.names = list(session.names)
        self.kinds = list(session.kinds)
        match = session.match
        self.states: list = [match.copy()]
        self.steps: list[Step] = []

        def told(seat, answer, _events, _given) -> None:
            before = self.states[-1]
            self.steps.append(Step(len(self.steps), seat, answer, before.progress(), _to_move(before)))
            self.states.append(session.match.copy())

        replay = Replay(session, record, record.items, on_input=told)
        div = replay.run()
        if div is not None:
            raise FormatError([f"{record.path}:{div.line}: the record does not replay here: {div.what}"])
        self.over = session.match.awaiting() is None
        self.turn_starts: list[int] = []
        last = None
        for i, st in enumerate(self.states):
            p = st.progress()
            if p != last:
                self.turn_starts.append(i)
                last = p
        n = len(self.steps)
        if not self.turn_starts or self.turn_starts[-1] != n:
            self.turn_starts.append(n)
        self.chance_runs: list[tuple[int, int]] = []
        i = 0
        while i < n:
            if self.steps[i].seat == CHANCE:
                j = i
                while j < n and self.steps[j].seat == CHANCE:
                    j += 1
                self.chance_runs.append((i, j))
                i = j
            else:
                i += 1
        self.decisions: list[Decision] = []
        for st in self.steps:
            if st.seat == CHANCE or not (who == "all" or self.kinds[st.seat] == "human"):
                continue
            aw = self.states[st.index].awaiting()
            if aw is None or st.seat not in (aw.seats or (aw.player,)):
                continue                  # an out-of-turn answer: no answer of the point to compare with
            base = self._opened(st.index, st.seat, aw) if aw.seats else st.index
            answers = list(self.states[base].legal_answers(st.seat))
            if len(answers) < 2:
                continue
            given = next((k for k, a in enumerate(answers) if a == st.answer), -1)
            if given < 0:
                answers.append(st.answer)
                given = len(answers) - 1
            self.decisions.append(Decision(st.index, st.seat, answers, given, base))
        marks = set(self.turn_starts)
        for i, j in self.chance_runs:
            marks.update((i, j))
        self.evaluated = sorted(marks)          # the positions played out (the chart's and luck's)

    @property
    def seats(self) -> int:
        return len(self.names)

    def _opened(self, i: int, seat: int, aw) -> int:
        """Where the point that several seats answer (``aw``, awaited before input ``i``) opened:
        before the other seats' answers to it."""
        while i > 0:
            prev = self.steps[i - 1]
            if prev.seat == CHANCE or prev.seat == seat:
                break
            was = self.states[i - 1].awaiting()
            if was is None or was.kind != aw.kind or not was.seats or prev.seat not in was.seats:
                break
            i -= 1
        return i


def _to_move(match) -> int:
    aw = match.awaiting()
    if aw is None:
        return -1
    return aw.player if aw.player != CHANCE else getattr(match, "to_move", -1)


# ---------------------------------------------------------------------- the work
# A unit: (position, answer, first playout, end): answer -1 plays the position itself, k >= 0
# the position after the deciding seat's k-th answer.
Unit = tuple[int, int, int, int]


class Work:
    """The playouts of an analysis and what they gave: ``run(unit)`` in any process that holds the
    same positions gives the same figures."""

    def __init__(self, positions: Positions, seed: int, meth: Method) -> None:
        self.p = positions
        self.seed = seed
        self.method = meth
        self.by_index = {d.index: d for d in positions.decisions}
        self.results: dict[tuple[int, int], list[tuple[float, ...]]] = {}
        self._after: tuple = ((-1, -1), None)     # the last answer's position (a stepper asks it playout by playout)

    def state_of(self, position: int, answer: int):
        state = self.p.states[position]
        if answer < 0:
            return state
        if self._after[0] == (position, answer):
            return self._after[1]
        d = self.by_index[position]
        after = self.p.states[d.base].copy()
        after.apply(d.answers[answer], True, d.seat)
        self._after = ((position, answer), after)
        return after

    def run(self, unit: Unit) -> list[tuple[float, ...]]:
        position, answer, k0, k1 = unit
        state = self.state_of(position, answer)
        if state.awaiting() is None:
            return [share(state)] * (k1 - k0)
        game, policy, seed = self.p.game, self.method.policy, self.seed
        return [playout(game, state, policy, playout_seed(seed, position, k)) for k in range(k0, k1)]

    # -- the two phases
    def _blocks(self, position: int, answer: int, k0: int, k1: int) -> list[Unit]:
        b = self.method.block
        return [(position, answer, k, min(k1, k + b)) for k in range(k0, k1, b)]

    def first(self) -> list[Unit]:
        """The chart's and luck's positions, and every decision's answers for the cheap ordering."""
        m = self.method
        out: list[Unit] = []
        for i in self.p.evaluated:
            out += self._blocks(i, -1, 0, m.playouts)
        for d in self.p.decisions:
            for a in range(len(d.answers)):
                out += self._blocks(d.index, a, 0, m.order_playouts)
        return out

    def leaders(self, d: Decision) -> list[int]:
        """The answers played out in full: the ``leaders`` best of the cheap ordering (ties: the
        earlier answer) and the one given."""
        seat, m = d.seat, self.method
        means = [(-sum(r[seat] for r in self.results[(d.index, a)]), a) for a in range(len(d.answers))]
        best = [a for _, a in sorted(means)[: m.leaders]]
        if d.given not in best:
            best.append(d.given)
        return sorted(best)

    def means(self, d: Decision) -> dict[int, float]:
        """Each played-out answer's raw estimate for the deciding seat, over all its playouts."""
        out = {}
        for a in self.leaders(d):
            rows = self.results[(d.index, a)]
            out[a] = sum(r[d.seat] for r in rows) / len(rows)
        return out

    def second(self) -> list[Unit]:
        """The leaders' and the given answers' playouts beyond the ordering's (the first ones are theirs)."""
        m = self.method
        out: list[Unit] = []
        for d in self.p.decisions:
            for a in self.leaders(d):
                out += self._blocks(d.index, a, m.order_playouts, m.playouts)
        return out

    def second_size(self) -> int:
        """How many playouts the second phase will hold (before the first is done: its most)."""
        m = self.method
        return sum(min(len(d.answers), m.leaders + 1) for d in self.p.decisions) * (m.playouts - m.order_playouts)

    def add(self, unit: Unit, got: list[tuple[float, ...]]) -> None:
        self.results.setdefault((unit[0], unit[1]), []).extend(got)

    def total(self) -> int:
        m = self.method
        return (len(self.p.evaluated) * m.playouts + sum(len(d.answers) for d in self.p.decisions) * m.order_playouts
                + self.second_size())


# ---------------------------------------------------------------------- the figures
def _mean_se(rows: list[tuple[float, ...]], seats: int) -> tuple[list[float], list[float]]:
    n = len(rows)
    means, ses = [], []
    for s in range(seats):
        xs = [r[s] for r in rows]
        mu = sum(xs) / n
        var = sum((x - mu) ** 2 for x in xs) / (n - 1) if n > 1 else 0.0
        means.append(mu)
        ses.append(math.sqrt(var / n))
    return means, ses


def position_chances(game, rows: list[tuple[float, ...]], seats: int) -> tuple[list[float], list[float]]:
    """A position's chances (adding up to 1) and their standard errors from its playouts' rows,
    calibrated for the game (``calibration_of``)."""
    return calibration_of(game).chances(*_mean_se(rows, seats))


def _r(x: float) -> float:
    return round(x, 4)


def report_of(work: Work, seed: int) -> dict:
    """The analysis as its JSON (FORMATS.md section 9), from a finished ``Work``."""
    p, m = work.p, work.method
    seats = p.seats
    cal = calibration_of(p.game)
    chances: dict[int, tuple[list[float], list[float]]] = {}
    for i in p.evaluated:
        played = work.results[(i, -1)]
        chances[i] = (_mean_se(played, seats) if p.states[i].awaiting() is None
                      else position_chances(p.game, played, seats))
    turns = []
    for i in p.turn_starts:
        mu, se = chances[i]
        turns.append({"turn": p.states[i].progress(), "input": i, "chances": [_r(x) for x in mu],
                      "se": [_r(x) for x in se]})
    luck_total = [0.0] * seats
    luck_var = [0.0] * seats            # the playouts of two positions are independent: variances add
    luck = []
    for i, j in p.chance_runs:
        (before, se_b), (after, se_a) = chances[i], chances[j]
        gain = [a - b for a, b in zip(after, before)]
        se = [math.hypot(x, y) for x, y in zip(se_b, se_a)]
        for s in range(seats):
            luck_total[s] += gain[s]
            luck_var[s] += se[s] ** 2
        luck.append({"input": i, "turn": p.steps[i].turn, "seat": p.steps[i].to_move,
                     "outcome": "; ".join(answer_text(p.steps[k].answer) for k in range(i, j)),
                     "before": [_r(x) for x in before], "after": [_r(x) for x in after], "luck": [_r(x) for x in gain],
                     "se": [_r(x) for x in se]})
    cost_total = [0.0] * seats
    marks_count: list[dict[str, int]] = [{name: 0 for name, _ in reversed(m.marks)} for _ in range(seats)]
    decisions = []
    for d in p.decisions:
        s = d.seat
        rows = {a: work.results[(d.index, a)] for a in work.leaders(d)}
        vals = work.means(d)
        # The best answer is chosen on the first half of the playouts and measured on the other:
        # chosen and measured on the same ones, the noise would make every answer cost something.
        n = len(rows[d.given])
        half = n // 2
        chosen = {a: sum(r[s] for r in rs[:half]) for a, rs in rows.items()} if half else vals
        best = max(sorted(chosen), key=lambda a: chosen[a])
        held = slice(half, n) if half else slice(0, n)
        raw_given = sum(r[s] for r in rows[d.given][held]) / len(rows[d.given][held])
        raw_best = sum(r[s] for r in rows[best][held]) / len(rows[best][held])
        given_chance, best_chance = cal(raw_given), cal(raw_best)
        diffs = [x[s] - y[s] for x, y in zip(rows[best][held], rows[d.given][held])]
        k = len(diffs)
        mean = sum(diffs) / k
        error = math.sqrt(sum((x - mean) ** 2 for x in diffs) / (k - 1) / k) if k > 1 else 0.0
        error = cal.spread((raw_given + raw_best) / 2, error)
        cost = 100 * max(0.0, best_chance - given_chance)
        mark = m.mark(cost, 100 * error)
        if mark:
            marks_count[s][mark] += 1
        cost_total[s] += cost
        decisions.append({
            "input": d.index, "turn": p.steps[d.index].turn, "seat": s, "answer": answer_text(d.answers[d.given]),
            "legal": len(d.answers), "chance": _r(given_chance), "best": answer_text(d.answers[best]),
            "best_chance": _r(best_chance), "cost": round(cost, 2), "se": round(100 * error, 2), "mark": mark,
            "leaders": [{"answer": answer_text(d.answers[a]), "chance": _r(cal(vals[a]))}
                        for a in sorted(vals, key=lambda a: (-vals[a], a))]})
    rec = p.record
    return {
        "format": FORMAT, "version": VERSION, "program": _program(),
        "record": {"game": p.game.id, "digest": record_digest(rec), "seed": rec.setup.seed,
                   "names": p.names, "kinds": p.kinds, "inputs": len(p.steps), "finished": p.over},
        "method": dict(m.to_json(), seed=seed, decisions=p.who, calibration=cal.digest),
        "turns": turns, "luck": luck, "decisions": decisions,
        "totals": {"luck": [_r(x) for x in luck_total], "luck_se": [_r(math.sqrt(v)) for v in luck_var],
                   "cost": [round(x, 2) for x in cost_total],
                   "marks": marks_count},
    }


def _program() -> str:
    return f"tdream {__version__}"


def record_digest(record: Record) -> str:
    """16 hex digits of the record's text (an analysis belongs to one record)."""
    return hashlib.sha256("\n".join(record.lines).encode()).hexdigest()[:16]


def dumps(report: dict) -> str:
    return json.dumps(report, ensure_ascii=False, indent=1) + "\n"


# ---------------------------------------------------------------------- running it
class Analysis:
    """One record's analysis: ``run`` (here, ``jobs`` processes or a Ray cluster) or ``stepper``."""

    def __init__(self, record: Record, seed: int = 0, who: str = "human", meth: Method | None = None) -> None:
        self.record = record
        self.seed = seed
        self.who = who
        self.method = check_policy(record.game, meth or method())
        self.positions = Positions(record, who)
        self.work = Work(self.positions, seed, self.method)

    def run(self, jobs: int = 1, cluster: str | None = None,
            progress: Callable[[int, int], None] | None = None) -> dict:
        # from nothing: an earlier run's or stepper's playouts are not counted twice
        work = self.work = Work(self.positions, self.seed, self.method)
        if cluster is not None:            # one connection for both phases (a local cluster starts once)
            with connected(cluster):
                return self._run(work, jobs, cluster, progress)
        return self._run(work, jobs, cluster, progress)

    def _run(self, work: Work, jobs: int, cluster: str | None, progress) -> dict:
        total = work.total()
        done = 0
        for phase in (1, 2):
            units = work.first() if phase == 1 else work.second()
            if phase == 2:
                total = done + sum(u[3] - u[2] for u in units)
            for unit, got in zip(units, self._map(units, jobs, cluster)):
                work.add(unit, got)
                done += len(got)
                if progress is not None:
                    progress(done, max(total, done))
        return report_of(work, self.seed)

    def _map(self, units: list[Unit], jobs: int, cluster: str | None) -> Iterable[list]:
        if cluster is None and jobs <= 1:
            return (self.work.run(u) for u in units)
        args = ("\n".join(self.record.lines) + "\n", self.record.path, self.seed, self.who, self.method)
        chunk = max(1, min(32, len(units) // (max(jobs, 1) * 8) or 1))
        if cluster is not None:
            return _checked(pool_map(cluster, jobs if jobs >= 1 else None, _init_worker, args, _run_remote,
                                     units, len(units)), check_fingerprint)
        return _local_pool(jobs, args, units, chunk)

    def stepper(self) -> "Stepper":
        work = self.work = Work(self.positions, self.seed, self.method)    # from nothing, as run
        return Stepper(work, functools.partial(report_of, work, self.seed))   # a savestate pickles it


def _checked(outs, check) -> Iterator[list]:
    for theirs, got in outs:
        check(theirs)
        yield got


def _local_pool(jobs: int, args: tuple, units: list[Unit], chunk: int) -> Iterator[list]:
    ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=args) as pool:
        yield from pool.imap(_run_unit, units, chunksize=chunk)


_WORKER: dict = {}


def _init_worker(text: str, name: str, seed: int, who: str, meth: Method) -> None:
    # A worker ends when its pool ends it (SIGTERM), whatever its parent handled: forked from a
    # process with a window open, it would keep SDL's handler, which only queues a quit event.
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    with tempfile.TemporaryDirectory(prefix="tdream-analysis-") as tmp:
        path = os.path.join(tmp, Path(name).name or "record.tdr")
        Path(path).write_text(text, encoding="utf-8")
        record = load_record(path)
    record.path = name
    _WORKER["work"] = Work(Positions(record, who), seed, meth)


def _run_unit(unit: Unit) -> list:
    return _WORKER["work"].run(unit)


def _run_remote(unit: Unit) -> tuple:
    return code_fingerprint(), _run_unit(unit)


class Stepper:
    """The same work a few playouts at a time (a window's frames): ``step(n)`` runs ``n`` more
    playouts (whole units' worth, at least one); ``fraction`` is how far it is; ``report`` once
    ``done``. It holds no clock: how much is done depends only on the calls."""

    def __init__(self, work: Work, make_report: Callable[[], dict]) -> None:
        self.work = work
        self._make = make_report
        self._units = work.first()
        self._phase = 1
        self._at = 0
        self._k = 0                      # playouts done in the current unit
        self.done_playouts = 0
        self.total = work.total()
        self.report: dict | None = None

    @property
    def done(self) -> bool:
        return self.report is not None

    @property
    def fraction(self) -> float:
        return 1.0 if self.report is not None else min(0.999, self.done_playouts / max(1, self.total))

    def step(self, playouts: int) -> bool:
        """Run up to ``playouts`` playouts; True once the report is ready."""
        work = self.work
        while playouts > 0 and self.report is None:
            if self._at >= len(self._units):
                if self._phase == 1:
                    self._phase = 2
                    self._units = work.second()
                    self._at = 0
                    self.total = self.done_playouts + sum(u[3] - u[2] for u in self._units)
                    continue
                self.report = self._make()
                break
            pos, ans, k0, k1 = self._units[self._at]
            k = k0 + self._k
            got = work.run((pos, ans, k, k + 1))
            work.add((pos, ans, k, k + 1), got)
            self._k += 1
            self.done_playouts += 1
            playouts -= 1
            if k + 1 >= k1:
                self._at += 1
                self._k = 0
        return self.report is not None


# ---------------------------------------------------------------------- a hint (Practice)
class Hint:
    """The current decision of ``seat`` in ``match`` rated as an analysis rates one: every legal
    answer's cheap ordering, then the leaders to the method's playouts. ``stepper.report``:
    {"answers": [{"index", "answer", "chance"}...], best first}; no answers when ``seat`` has none
    to give (not awaited, or the match over)."""

    def __init__(self, game, match, seat: int, seed: int = 0, meth: Method | None = None) -> None:
        self.method = check_policy(game, meth or method())
        p = Positions.__new__(Positions)
        p.game, p.states, p.steps, p.decisions, p.who = game, [match.copy()], [], [], "human"
        p.names, p.evaluated, p.turn_starts, p.chance_runs = list(match.names), [], [], []
        answers = list(match.legal_answers(seat))
        p.decisions = [Decision(0, seat, answers, 0)] if answers else []    # none: nothing to play out
        self.answers = answers
        self.seat = seat
        self.work = Work(p, seed, self.method)
        self.stepper = Stepper(self.work, self._report)

    def _report(self) -> dict:
        if not self.work.p.decisions:
            return {"answers": []}
        cal = calibration_of(self.work.p.game)
        vals = {a: cal(x) for a, x in self.work.means(self.work.p.decisions[0]).items()}
        return {"answers": [{"index": a, "answer": answer_text(self.answers[a]), "chance": _r(vals[a])}
                            for a in sorted(vals, key=lambda a: (-vals[a], a))]}


# ---------------------------------------------------------------------- files
def kept_path(record_path: str | Path) -> Path:
    return Path(str(record_path) + SUFFIX)


def read_report(path: str | Path) -> dict:
    """An analysis file; FormatError (one line) when it is not one or of another version."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise FormatError([f"{path}: cannot read it ({e.strerror or e})"]) from None
    except UnicodeDecodeError:
        raise FormatError([f"{path}: not an analysis file (not UTF-8 text)"]) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise FormatError([f"{path}:{e.lineno}: not an analysis file ({e.msg})"]) from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise FormatError([f"{path}:1: not an analysis file (no format: {FORMAT})"])
    if data.get("version") != VERSION:
        raise FormatError([f"{path}:1: an analysis of version {data.get('version')!r}; this tdream reads version "
                           f"{VERSION}"])
    for key, kind in (("record", dict), ("method", dict), ("turns", list), ("luck", list), ("decisions", list),
                      ("totals", dict)):
        if not isinstance(data.get(key), kind):
            raise FormatError([f"{path}:1: a damaged analysis file ({key} missing or not a {kind.__name__})"])
    bad = _damaged(data)
    if bad is not None:
        raise FormatError([f"{path}:1: a damaged analysis file ({bad} missing or not what it should be)"])
    return data


# What a reader of an analysis counts on (FORMATS.md section 9), by part and key: a type, or
# "seats" (a number per seat), "seat" (an index of one), "names" (a text per seat), "marks" (a
# count of each mark per seat), "num" (a number); "?" before one: a key a file of version 1 may
# lack (luck's standard errors came later).
_SHAPE: dict[str, dict[str, Any]] = {
    "record": {"game": str, "digest": str, "names": "names", "kinds": "names", "inputs": int, "finished": bool},
    "method": {"policy": str, "playouts": int, "order_playouts": int, "leaders": int, "seed": int, "decisions": str},
    "turns": {"turn": int, "input": int, "chances": "seats", "se": "seats"},
    "luck": {"input": int, "turn": int, "seat": int, "outcome": str, "before": "seats", "after": "seats",
             "luck": "seats", "se": "?seats"},
    "decisions": {"input": int, "turn": int, "seat": "seat", "answer": str, "legal": int, "chance": "num",
                  "best": str, "best_chance": "num", "cost": "num", "se": "num", "mark": str, "leaders": list},
    "totals": {"luck": "seats", "luck_se": "?seats", "cost": "seats", "marks": "marks"},
}


def _damaged(data: dict) -> str | None:
    """The first part of an analysis that is not of its shape (``turns[3].chances``), or None."""
    names = data["record"].get("names")
    if not isinstance(names, list) or not names or not all(isinstance(x, str) for x in names):
        return "record.names"
    n = len(names)

    def num(v) -> bool:
        return isinstance(v, (int, float)) and not isinstance(v, bool)

    def fits(v, kind) -> bool:
        if kind == "seats":
            return isinstance(v, list) and len(v) == n and all(num(x) for x in v)
        if kind == "names":
            return isinstance(v, list) and len(v) == n and all(isinstance(x, str) for x in v)
        if kind == "marks":
            return isinstance(v, list) and len(v) == n and all(
                isinstance(x, dict) and all(isinstance(c, int) for c in x.values()) for x in v)
        if kind == "seat":
            return isinstance(v, int) and not isinstance(v, bool) and 0 <= v < n
        if kind == "num":
            return num(v)
        return isinstance(v, kind) and not (kind is int and isinstance(v, bool))

    if not data["turns"]:
        return "turns"
    for part, keys in _SHAPE.items():
        whole = isinstance(data[part], dict)
        for k, item in enumerate([data[part]] if whole else data[part]):
            where = part if whole else f"{part}[{k}]"
            if not isinstance(item, dict):
                return where
            for key, kind in keys.items():
                if isinstance(kind, str) and kind.startswith("?"):
                    if key not in item:
                        continue
                    kind = kind[1:]
                if key not in item or not fits(item[key], kind):
                    return f"{where}.{key}"
    return None


def kept_for(record: Record, seed: int, who: str, meth: Method | None = None) -> dict | None:
    """The analysis kept beside ``record`` if it is of this record, seed and method; None if there
    is none (or it is of another record, seed or method); FormatError if it is damaged or of another
    version."""
    path = kept_path(record.path)
    if not path.exists():
        return None
    try:
        data = read_report(path)
    except FormatError as e:
        raise FormatError([f"{e.problems[0]} (kept beside {record.path}: `tdream analyze --again` analyses "
                           f"it anew)"]) from None
    meth = meth or method()
    want = dict(meth.to_json(), seed=seed, decisions=who, calibration=calibration_of(record.game).digest)
    if data["record"].get("digest") != record_digest(record) or data["method"] != want:
        return None
    return data


def keep(record: Record, report: dict) -> Path:
    path = kept_path(record.path)
    write_atomic(path, dumps(report))
    return path


def open_record(path: str | Path, force: bool = False) -> Record:
    """A record to analyse: read and checked (its game's data, unless ``force``); FormatError otherwise."""
    record = load_record(path)
    check_data(record, force)
    if not any(True for _ in record.items):
        raise FormatError([f"{record.path}: no inputs to analyse"])
    return record


__all__ = ["FORMAT", "VERSION", "SUFFIX", "Method", "method", "read_method", "playout", "share", "Positions",
           "Work", "Analysis", "Stepper", "Hint", "report_of", "dumps", "read_report", "kept_for", "keep",
           "kept_path", "open_record", "record_digest", "answer_text", "TdreamError"]
