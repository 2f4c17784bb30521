"""A game in progress: the rules of RULES.md as a deterministic state machine.

The narrow API (STYLE.md rule 3), used alike by the front end, CPU players, the scenario runner
and the record player:

- ``awaiting()``: what the game waits for, an ``Awaiting(kind, player)`` (a decision or a chance
  kind of ``answers.KINDS``), or None once the game is over;
- ``legal_answers()``: the answers it accepts now, in a fixed order;
- ``check(answer)``: None if legal, else the reason (naming the rule) as a string;
- ``apply(answer)``: carries it out and runs to the next input point; returns the events;
- ``chance_outcomes()`` / ``sample_chance()``: for a chance kind, the outcomes and their weights,
  or one drawn from the game's own seeded RNG (which lives in the state).

The state is plain data (ints, strings, lists) and serializes to JSON (``to_json``/``from_json``);
``fingerprint()`` is the sha256 of its canonical JSON. No pygame, no clock, no I/O.
"""
from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from typing import Any, Final, NamedTuple

from . import events as ev
from .answers import (
    NO_BUILD, NO_SELL, Build, ChoosePile, Claim, Draw, ForcedSale, FreeFloors, JackpotLand, Place,
    Roll, Sell, SlotStop, StartCompany, Survivor,
)
from .board import LINE, Board
from ....platform.protocol import Awaiting, PositionError, Result
from ....rng import Rng
from .ruleset import DEFAULT_OPTIONS, PILES, Card, Ruleset
from .view import SealedView

# Events and answers are NamedTuples; the hot paths make them with tuple.__new__ (all fields
# given, in order), which skips the generated Python __new__ of each class.
_new: Final = tuple.__new__

# The event classes as Final names: mypyc holds them in C variables, where ``ev.X`` looks the
# class up in two dictionaries at every event (about a fifth of an event's cost).
_Absorbed: Final = ev.Absorbed
_CardDrawn: Final = ev.CardDrawn
_CompanyGrew: Final = ev.CompanyGrew
_CompanyStarted: Final = ev.CompanyStarted
_DiceRolled: Final = ev.DiceRolled
_EventResolved: Final = ev.EventResolved
_FloorsBuilt: Final = ev.FloorsBuilt
_FloorsGained: Final = ev.FloorsGained
_FloorsLost: Final = ev.FloorsLost
_FloorsSold: Final = ev.FloorsSold
_GameOver: Final = ev.GameOver
_JackpotGrew: Final = ev.JackpotGrew
_JackpotMissed: Final = ev.JackpotMissed
_JackpotWon: Final = ev.JackpotWon
_Landed: Final = ev.Landed
_LandmarkClaimed: Final = ev.LandmarkClaimed
_LandmarkPlaced: Final = ev.LandmarkPlaced
_LandmarkSold: Final = ev.LandmarkSold
_LineFee: Final = ev.LineFee
_Merged: Final = ev.Merged
_Moved: Final = ev.Moved
_Passed: Final = ev.Passed
_Payment: Final = ev.Payment
_PileChosen: Final = ev.PileChosen
_PileShuffled: Final = ev.PileShuffled
_SlotSpun: Final = ev.SlotSpun
_TurnEnded: Final = ev.TurnEnded
_TurnOrderDrawn: Final = ev.TurnOrderDrawn
_TurnSkipped: Final = ev.TurnSkipped
_TurnStarted: Final = ev.TurnStarted
_TurnsToSkip: Final = ev.TurnsToSkip
_WentBroke: Final = ev.WentBroke

VACANT: Final = -1
BANK: Final = -2
STATE_VERSION: Final = 1


class LandInfo(NamedTuple):
    owner: int                 # a seat, BANK or VACANT
    floors: int
    company: str | None        # the Company's id, None when loose or vacant
    mark: bool                 # its Building Mark stands here




class Game:
    """One game of Tower Dream on a board with a ruleset. Create with ``new_game`` or
    ``Game.from_position``; never mutate its attributes from outside the engine."""

    # ------------------------------------------------------------------ set-up
    def __init__(self, ruleset: Ruleset, board: Board, names: list[str], options: dict | None = None,
                 seed: int = 0, source: "Game | None" = None) -> None:
        if source is not None:        # ``copy``: the source's state and look-ups, nothing made twice
            self._copy_from(source)
            return
        opts = dict(ruleset.options)
        opts.update(options or {})
        self.ruleset = ruleset
        self.board = board
        self.options: dict[str, Any] = opts
        self.names: list[str] = list(names)
        n = len(names)
        # Annotated where mypy would infer Any (the options' values): mypyc computes on them natively.
        self.cash: list[int] = [opts["starting_cash"]] * n
        self.pos = [0] * n
        self.skip = [0] * n
        nl = board.land_count
        self.owner = [VACANT] * nl
        self.floors = [0] * nl
        self.company = [-1] * nl
        self.holdings: list[list[int]] = [[] for _ in range(n)]   # Lands owned, in board order
        self.nfloors = [0] * n
        nc = len(ruleset.companies)
        self.mark = [-1] * nc
        self.members: list[list[int]] = [[] for _ in range(nc)]
        self.covered = 0
        self.turn = 1
        self.round = 1
        self.seat = 0
        self.jackpot = 1
        self.rng = Rng(seed)
        self.piles: dict[str, list[str]] = {p: [] for p in PILES}
        self.discards: dict[str, list[str]] = {p: [] for p in PILES}
        self.phase: str = "start"
        self.player = 0            # who answers now
        self.space = -1            # the Road space landed on this turn (for build_scope)
        self.placed = -1           # the Land just placed on
        self.candidates: list[int] = []   # survivor candidates (company indices)
        self.debts: list[list] = []       # [debtor, [[creditor, amount], ...], reason]
        self.after_debt = ""
        self.effects: list[list] = []     # remaining effects [name, value]
        self.effect_source = ""           # card id or event kind, for Payment details
        self.offer = [0, 0]               # sell: [limit, percent]
        self.after_sell = "roll"
        self.pending_floors = 0
        self.pile = ""
        self.over = False
        self.over_reason = ""
        self.broke = -1
        # Static look-ups and caches of the answers now legal (not state; ``apply`` clears them).
        self._place_cache: list | None = None
        self._build_cache: list[int] | None = None
        self._fixed: list[str] = []              # canonical_json's unchanging parts, once
        # canonical_json's lists and piles, each kept with what it was written from (a
        # checkpoint a turn writes the state, and most of it is as the last one left it).
        self._written: list[_Written] = []     # made at the first canonical_json (a copy seldom needs them)
        # The Lands whose owner, floors or company were written since the last canonical_json
        # (kept only once it has been made): where _Written.ints_at looks first.
        self._touched: list[int] = []
        self._big = -1
        self._view: SealedView | None = None    # the seats' view, made when first asked
        self._counts = [0] * n                  # scratch of line_owners: no lists made a landing
        self._fees = [0] * n
        self._setup_static()

    def _setup_static(self) -> None:
        rs, b = self.ruleset, self.board
        # Each seat's input points by phase, made as they come: a str key, no tuple made a look-up.
        self._awaits: list[dict[str, Awaiting]] = [{} for _ in self.names]
        # start space -> [(distance, space)] of the Start and Jackpot spaces ahead
        self._passes: dict[int, list[tuple[int, int]]] = b.derived.setdefault("passes", {})
        self._salary: int = self.options["salary"]
        self._max_rounds: int | None = self.options["max_rounds"]
        self._seats = len(self.names)
        self._line_scope: bool = self.options["build_scope"] == "line"       # G8.1
        self._threshold: int = -(-b.land_count * self.options["end_percent"] // 100)   # G9.1: ceil
        # Everything else here follows from the ruleset and the board alone: made once per pair.
        key = (rs.id, rs.data_hash, rs.build_limit, rs.die_sides)
        d = b.derived.get(key)
        if d is None:
            d = b.derived[key] = _static_tables(rs, b)
        # The events a turn makes that follow from a seat and a place alone, made once per board
        # and seat count: making an event and freeing it again costs more than most rule steps.
        seats_key = ("events", d["die_sides"], self._seats)
        e = b.derived.get(seats_key)
        if e is None:
            e = b.derived[seats_key] = _static_events(b, d["die_sides"], self._seats)
        self._take_tables(d, e)

    def _take_tables(self, d: dict, e: dict) -> None:
        """The look-ups that follow from the ruleset and board (``d``) and from the board and seat
        count (``e``), as attributes (read natively); a copy takes its source's."""
        self._tables = d
        self._events = e
        self._sell_offer: tuple[int, int] = d["sell_offer"]
        self._build_limit: int = d["build_limit"]
        self._die_sides: int = d["die_sides"]
        self._land_count: int = d["land_count"]
        self._pile_cards: dict[str, tuple[str, ...]] = d["pile_cards"]
        self._prices: list[tuple[int, ...]] = d["prices"]
        self._company_ids: list[str] = d["company_ids"]
        self._company_index: dict[str, int] = d["company_index"]
        self._land_index: dict[str, int] = d["land_index"]
        self._names: tuple[str, ...] = d["names"]
        self._adj: tuple[tuple[int, ...], ...] = d["adj"]
        self._kinds: list[str] = d["kinds"]
        self._lines: list[tuple[int, ...]] = d["lines"]
        self._road: int = d["road"]
        self._max_floors: int = d["max_floors"]
        self._unabsorbable: int = d["unabsorbable"]
        self._cards: dict[str, Card] = d["cards"]
        self._place_of: list[Place] = d["place"]
        self._claim_of: list[Claim] = d["claim"]
        self._build_of: list[list[Build]] = d["build"]
        self._roll_of: list[Roll] = d["roll"]
        self._jackpot_of: list[JackpotLand] = d["jackpot"]
        self._forced_of: list[ForcedSale] = d["forced"]
        self._floors_of: list[FreeFloors] = d["floors"]
        self._fee_rates: list[int] = d["fee_rates"]
        self._start_of: list[StartCompany] = d["start"]
        self._survivor_of: list[Survivor] = d["survivor"]
        self._rolled_of: list[list[ev.DiceRolled]] = e["rolled"]
        self._moved_of: list[list[list[ev.Moved]]] = e["moved"]
        self._passed_of: list[list[ev.Passed]] = e["passed"]
        self._landed_of: list[list[ev.Landed]] = e["landed"]
        self._placed_of: list[list[ev.LandmarkPlaced]] = e["placed"]

    def _price(self, c: int) -> int:
        level = len(self.members[c])
        return self._prices[c][level if level <= 40 else 40]

    def _shuffle_piles(self, events: list) -> None:
        for p in PILES:
            cards = list(self._pile_cards[p])
            self.rng.shuffle(cards)
            self.piles[p] = cards
            self.discards[p] = []
            events.append(_new(_PileShuffled, (p,)))

    @classmethod
    def from_position(cls, ruleset: Ruleset, board: Board, seats: list[dict], *, options=None, seed=0,
                      round=2, to_move=0, jackpot=1, lands=None, companies=None) -> tuple["Game", list]:
        """A game set up at a given position (scenarios, practice). Raises PositionError naming
        every impossible part of the set-up by its key path.

        ``seats``: [{name, cash, at}], in turn order; ``lands``: {land: (owner seat|BANK, floors)};
        ``companies``: {company id: mark land}.
        """
        g = cls(ruleset, board, [s["name"] for s in seats], options, seed)
        problems: list[tuple[tuple, str]] = []
        for i, s in enumerate(seats):
            g.cash[i] = s.get("cash", g.options["starting_cash"])
            g.pos[i] = s.get("at", 0)
            if not 0 <= g.pos[i] < g._road:
                problems.append((("players", i, "at"), f"no Road space {g.pos[i]} on {board.id} (0-{g._road - 1})"))
            if g.cash[i] < 0:
                problems.append((("players", i, "cash"), f"negative cash {g.cash[i]}"))
        for name, (own, fl) in (lands or {}).items():
            li = g._land_index.get(name)
            if li is None:
                problems.append((("lands", name), f"no Land {name} on {board.id}"))
                continue
            g.owner[li] = own
            g.floors[li] = fl
            if own != VACANT:
                g.covered += 1
                if own >= 0:
                    _insort(g.holdings[own], li)
                    g.nfloors[own] += fl
        # Groups of Landmarks, and which Company each is.
        seen = [False] * board.land_count
        groups = []
        for li in range(board.land_count):
            if g.owner[li] != VACANT and not seen[li]:
                groups.append(g._group(li, seen))
        marks = {}
        for cid, mark in (companies or {}).items():
            ci = g._company_index.get(cid)
            if ci is None:
                problems.append((("companies", cid), f"no such Company (known: {', '.join(g._company_ids)})"))
                continue
            mi = g._land_index.get(mark)
            if mi is None:
                problems.append((("companies", cid, "mark"), f"no Land {mark} on {board.id}"))
                continue
            if g.owner[mi] == VACANT:
                problems.append((("companies", cid, "mark"), f"{mark} holds no Landmark"))
                continue
            if mi in marks:
                problems.append((("companies", cid, "mark"), f"{mark} already holds the mark of {g._company_ids[marks[mi]]}"))
                continue
            marks[mi] = ci
        for grp in groups:
            in_group = [m for m in grp if m in marks]
            if len(in_group) > 1:
                problems.append((("companies",), "two Building Marks in one group: "
                                 + ", ".join(f"{g._company_ids[marks[m]]} ({board.land_names[m]})" for m in in_group)))
                continue
            if in_group:
                ci = marks[in_group[0]]
                if len(grp) < 2:
                    problems.append((("companies", g._company_ids[ci]), "its group is one Landmark; a Company has 2 or more (R7.2)"))
                    continue
                g.mark[ci] = in_group[0]
                g.members[ci] = sorted(grp)
                for li in grp:
                    g.company[li] = ci
        for li in range(board.land_count):
            if g.floors[li] and g.company[li] < 0:
                what = "vacant" if g.owner[li] == VACANT else "loose"
                problems.append((("lands", board.land_names[li]), f"Floors on a {what} Land"))
        if problems:
            raise PositionError(problems)
        g.round = round
        g.seat = to_move
        g.jackpot = jackpot
        events: list = []
        g._shuffle_piles(events)
        g._advance(events)
        return g, events

    # ------------------------------------------------------------------ queries
    def awaiting(self) -> Awaiting | None:
        """What the game waits for now, or None when it is over."""
        if self.over:
            return None
        phase, player = self.phase, self.player
        known = self._awaits[player]
        aw = known.get(phase)
        if aw is None:
            aw = known[phase] = _awaiting(phase, player)
        return aw

    def _waiting_seat(self) -> int:
        """``awaiting().player`` without making the Awaiting (the hot path of a seat's answers)."""
        phase = self.phase
        if phase == "roll" or phase == "draw" or phase == "slot":
            return -1
        return self.player

    def progress(self) -> int:
        """Whole turns played (a game record's checkpoints are numbered by it)."""
        return self.turn - 1

    def scores(self) -> list[int]:
        """Every seat's Wealth now (R9.3): the score of the protocol."""
        return self.wealth()

    def result(self) -> Result:
        """How the game came out (R9.3, G9.3); only once it is over."""
        wealth = self.wealth()
        return Result(tuple(tuple(g) for g in self.ranking(wealth)), tuple(wealth), self.over_reason)

    def view(self, seat: int):
        """What ``seat`` may know: the game without the card piles' order and the RNG
        (``view.SealedView``); the same object every call, always current."""
        v = self._view
        if v is None:
            v = self._view = SealedView(self)
        return v

    @property
    def end_threshold(self) -> int:
        """How many Lands covered by Landmarks end the game (R9.1, G9.1: the percentage, rounded up)."""
        return self._threshold

    @property
    def to_move(self) -> int:
        """The seat whose turn it is."""
        return self.seat

    def price(self, company_id: str) -> int:
        """The current Floor price of a Company on the board (G8.2)."""
        return self._price(self._company_index[company_id])

    def company_of(self, land: str) -> str | None:
        c = self.company[self._land_index[land]]
        return None if c < 0 else self._company_ids[c]

    def companies(self) -> dict[str, dict]:
        """The Companies on the board: {id: {level, price, mark, lands, floors, top, sub}}."""
        out = {}
        for c, mark in enumerate(self.mark):
            if mark < 0:
                continue
            top, sub = self._owners(c)
            out[self._company_ids[c]] = {
                "level": len(self.members[c]), "price": self._price(c),
                "mark": self._names[mark], "lands": [self._names[x] for x in self.members[c]],
                "floors": sum(self.floors[x] for x in self.members[c]),
                "top": list(top), "sub": list(sub),
            }
        return out

    def free_marks(self) -> list[str]:
        return [self._company_ids[c] for c, m in enumerate(self.mark) if m < 0]

    def properties(self, land: int) -> int:
        """Properties on a Land (R6.2): its Landmark, its Floors and its Building Mark."""
        c = self.company[land]
        return 1 + self.floors[land] + (1 if c >= 0 and self.mark[c] == land else 0)

    def _fee_rate(self, land: int) -> int:
        """The Line Fee for each property on a Land (R6.3: more on a Tower, more on a Grand Tower)."""
        f = self.floors[land]
        return self._fee_rates[f if f < 100 else 99]

    def line_owners(self, space: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """The Line Owners of a Road space and the fee each is owed (R6.1-R6.3, G6.1)."""
        n = self._seats
        counts, fees = self._counts, self._fees
        best = self._count_line(space, counts, fees)
        if best == 0:
            return (), ()
        owners: list[int] = []
        owed: list[int] = []
        for p in range(n):
            if counts[p] == best:
                owners.append(p)
                owed.append(fees[p])
        return tuple(owners), tuple(owed)

    def _count_line(self, space: int, counts: list[int], fees: list[int]) -> int:
        """Each seat's properties on a space's Line and the fee they earn (R6.2, R6.3), into
        ``counts`` and ``fees``; returns the highest count (0: nobody owns anything there)."""
        for q in range(len(counts)):
            counts[q] = 0
            fees[q] = 0
        owner, floors, company, mark, rates = self.owner, self.floors, self.company, self.mark, self._fee_rates
        for land in self._lines[space]:
            o = owner[land]
            if o >= 0:
                f = floors[land]           # properties (R6.2) and the fee rate (R6.3), inlined
                c = company[land]
                k = 1 + f + (1 if c >= 0 and mark[c] == land else 0)
                counts[o] = counts[o] + k
                fees[o] = fees[o] + k * rates[f if f < 100 else 99]
        best = 0
        for q in range(len(counts)):
            if counts[q] > best:
                best = counts[q]
        return best

    def all_line_owners(self) -> list[tuple[tuple[int, ...], tuple[int, ...]]]:
        """``line_owners`` of every Road space, by space (Event spaces: ``((), ())``)."""
        kinds = self._kinds
        none: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        return [self.line_owners(s) if kinds[s] == LINE else none for s in range(self._road)]

    def fee_outlook(self) -> tuple[list[float], list[float], list[list[int]]]:
        """Line Fees to expect from where everyone stands (R6.1-R6.3), for CPU players and hints.

        Returns ``(next_move, long_run, pay)``: ``next_move[q]``, the fees seat ``q`` expects
        from the other seats' next moves, each die face alike (G4.1); ``long_run[q]``, the fees
        ``q`` collects per move of every other seat, averaged over the whole Road; ``pay[r][d-1]``,
        what seat ``r`` owes in all if he rolls ``d``. Reads the board only; changes nothing.
        """
        n: int = self._seats
        road: int = self._road
        sides: int = self._die_sides
        kinds = self._kinds
        counts: list[int] = [0] * n
        fees: list[int] = [0] * n
        # Per Road space: the owners' fees, flattened: owed[s * n + q] (0 when q is no owner).
        owed: list[int] = [0] * (road * n)
        is_owner: list[bool] = [False] * (road * n)
        long_run: list[float] = [0.0] * n
        # Each owned Land's properties and what they earn, once (a Land lies on two Lines).
        owner: list[int] = self.owner
        lines: list[tuple[int, ...]] = self._lines
        props: list[int] = [0] * self._land_count
        earn: list[int] = [0] * self._land_count
        for land in range(self._land_count):
            if owner[land] >= 0:
                props[land] = self.properties(land)
                earn[land] = props[land] * self._fee_rate(land)
        for s in range(road):
            if kinds[s] != LINE:
                continue
            for q in range(n):
                counts[q] = 0
                fees[q] = 0
            for land in lines[s]:
                o = owner[land]
                if o >= 0:
                    counts[o] = counts[o] + props[land]
                    fees[o] = fees[o] + earn[land]
            best = 0
            for q in range(n):
                if counts[q] > best:
                    best = counts[q]
            if best == 0:
                continue
            tied = 0
            for q in range(n):
                if counts[q] == best:
                    tied += 1
            base = s * n
            for q in range(n):
                if counts[q] == best:
                    owed[base + q] = fees[q]
                    is_owner[base + q] = True
                    long_run[q] = long_run[q] + fees[q] * (n - tied) / road
        next_move: list[float] = [0.0] * n
        pay: list[list[int]] = [[0] * sides for _ in range(n)]
        for r in range(n):
            pos = self.pos[r]
            row = pay[r]
            for d in range(1, sides + 1):
                base = ((pos + d) % road) * n
                for q in range(n):
                    if q != r and is_owner[base + q]:
                        amount = owed[base + q]
                        next_move[q] = next_move[q] + amount / sides
                        row[d - 1] = row[d - 1] + amount
        return next_move, long_run, pay

    def _owners(self, c: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Top and Sub Owners of a Company (R7.9, G7.4): ``sub`` is () when Top is tied."""
        n = self._seats
        counts = [0] * n                # a seat with a Land in the Company counts 1 or more
        owner, floors, mark = self.owner, self.floors, self.mark[c]
        for land in self.members[c]:
            o = owner[land]
            if o >= 0:
                counts[o] = counts[o] + 1 + floors[land] + (1 if land == mark else 0)
        first = second = 0
        for k in counts:
            if k > first:
                first, second = k, first
            elif first > k > second:
                second = k
        if first == 0:
            return (), ()
        top: list[int] = []
        sub: list[int] = []
        for p in range(n):
            if counts[p] == first:
                top.append(p)
            elif second > 0 and counts[p] == second:
                sub.append(p)
        if len(top) > 1:
            return tuple(top), ()
        return tuple(top), tuple(sub)

    def owner_bonuses(self, c: int) -> dict[int, tuple[int, str]]:
        """What each Owner of Company ``c`` collects now (R7.9, G7.4, G0): {seat: (amount, role)}."""
        top, sub = self._owners(c)
        full = self.ruleset.bonus_base + self.ruleset.bonus_multiplier * self._price(c)
        half = full // 2
        out: dict[int, tuple[int, str]] = {}
        if len(top) > 1:
            share = (full + half) // len(top)
            for p in top:
                out[p] = (share, "bonus_top")
        else:
            for p in top:
                out[p] = (full, "bonus_top")
            for p in sub:
                out[p] = (half // len(sub), "bonus_sub")
        return out

    def wealth(self) -> list[int]:
        """Every player's Wealth as R9.3 counts it now (G9.4)."""
        total = list(self.cash)
        owner, floors, company, mark = self.owner, self.floors, self.company, self.mark
        for p, lands in enumerate(self.holdings):
            for land in lands:
                c = company[land]
                if c >= 0:
                    total[p] = total[p] + (1 + floors[land] + (1 if mark[c] == land else 0)) * self._price(c)
        for c, m in enumerate(mark):
            if m >= 0:
                for p, (amount, _) in self.owner_bonuses(c).items():
                    total[p] = total[p] + amount
        return total

    def ranking(self, wealth: list[int] | None = None) -> list[list[int]]:
        """Seats grouped by rank, richest first; equal Wealth shares a rank (G9.3)."""
        w = wealth if wealth is not None else self.wealth()
        groups: list[list[int]] = []
        for p in sorted(range(len(w)), key=lambda p: (-w[p], p)):
            if groups and w[groups[-1][0]] == w[p]:
                groups[-1].append(p)
            else:
                groups.append([p])
        return groups

    # ------------------------------------------------------------------ legal answers
    def legal_answers(self, seat: int | None = None) -> Sequence | LazyAnswers:
        """Every answer accepted now, in a fixed order (none first for optional decisions);
        for ``seat``, none unless it is the seat the game waits for.

        A sequence (``len``, indexing, iteration, ``in``); ``sell`` and ``build`` answers are
        made on demand, so picking one at random costs little however many there are."""
        if self.over:
            return []
        if seat is not None and seat != self._waiting_seat():
            return []
        phase = self.phase
        if phase == "roll":
            return self._roll_of[1:]
        if phase == "sell":
            return self._sell_answers()
        if phase == "place":
            return self._place_answers()
        if phase == "build":
            return self._build_answers()
        if phase == "company":
            start_of = self._start_of
            return [start_of[c] for c, m in enumerate(self.mark) if m < 0]
        if phase == "survivor":
            survivor_of = self._survivor_of
            return [survivor_of[c] for c in self.candidates]
        if phase == "pile":
            return [ChoosePile(p) for p in PILES]
        if phase == "draw":
            return [Draw(c) for c in self.ruleset.pile_cards(self.pile)]
        if phase == "slot":
            return [SlotStop(s) for s, _ in self._slot_outcomes()]
        if phase == "jackpot":
            return [self._jackpot_of[x] for x in self._company_lands(self.player)]
        if phase == "floors":
            return [self._floors_of[x] for x in self._company_lands(self.player)]
        if phase == "forced_sale":
            return [self._forced_of[x] for x in self._sale_items(self.player)]
        raise AssertionError(f"no answers in phase {phase}")

    def _sell_answers(self) -> "SellAnswers":
        p = self.player
        limit = self.offer[0]
        floors, company, names = self.floors, self.company, self._names
        avail = [(names[x], floors[x]) for x in self.holdings[p] if floors[x] > 0 and company[x] >= 0]
        return SellAnswers(avail, limit)

    def _big_companies(self) -> int:
        """How many Companies have reached the Level that cannot be absorbed (R7.10).
        Kept up to date by ``_join`` (the only way a Company grows); -1 means not yet counted."""
        if self._big < 0:
            lim = self._unabsorbable
            self._big = sum(1 for m in self.members if len(m) >= lim)
        return self._big

    def _vacant_legal(self, land: int) -> bool:
        """R7.10: a Land next to two or more Companies of Level 13+ takes no Landmark."""
        seen = -1
        company, members, lim = self.company, self.members, self._unabsorbable
        for n in self._adj[land]:
            c = company[n]
            if c >= 0 and c != seen and len(members[c]) >= lim:
                if seen >= 0:
                    return False
                seen = c
        return True

    def _place_answers(self) -> list:
        """Vacant Lands of the Line (R7.1, R7.10) and Bank Landmarks to claim (R7.3), in Line order."""
        out = self._place_cache
        if out is not None:
            return out
        out = []
        owner, place_of, claim_of = self.owner, self._place_of, self._claim_of
        check = self._big_companies() >= 2
        for land in self._lines[self.space]:
            o = owner[land]
            if o == VACANT:
                if not check or self._vacant_legal(land):
                    out.append(place_of[land])
            elif o == BANK:
                out.append(claim_of[land])
        self._place_cache = out
        return out

    def _buildable(self, p: int) -> list[int]:
        """The Lands that ``p`` may build on now and the most Floors on each (R8.1, R8.2, G8.1),
        flat: [land, most, land, most, ...] (no tuple a Land)."""
        out = self._build_cache
        if out is not None:
            return out
        cash = self.cash[p]
        cap, lim = self._max_floors, self._build_limit
        prices, members = self._prices, self.members
        nc = len(members)
        # most[c]: Floors the cash buys in Company c, at most the limit; most[-1] (loose) is 0.
        most = [0] * (nc + 1)
        for c in range(nc):
            level = len(members[c])
            if level:
                m = cash // prices[c][level if level <= 40 else 40]
                most[c] = m if m < lim else lim
        out = []
        floors, company = self.floors, self.company
        scope = self._line_scope
        line = self._lines[self.space] if scope else ()
        for x in self.holdings[p]:
            m = most[company[x]]
            if m:
                room = cap - floors[x]
                if room < m:
                    m = room
                if m > 0 and (not scope or x in line):
                    out.append(x)
                    out.append(m)
        self._build_cache = out
        return out

    def _build_answers(self) -> "BuildAnswers":
        return BuildAnswers(self._buildable(self.player), self._build_of)

    def _company_lands(self, p: int) -> list[int]:
        return [x for x in self.holdings[p] if self.company[x] >= 0]

    def _sale_items(self, p: int) -> list[int]:
        """Lands from which a forced sale may take an item (R6.4): Floors first, then Landmarks."""
        with_floors = [x for x in self.holdings[p] if self.floors[x] > 0]
        return with_floors if with_floors else list(self.holdings[p])

    def _slot_outcomes(self) -> list[tuple[tuple[str, ...], int]]:
        from itertools import product
        weights = []
        for strip in self.ruleset.slot.reels:
            w: dict[str, int] = {}
            for s in strip:
                w[s] = w.get(s, 0) + 1
            weights.append(sorted(w.items(), key=lambda kv: self.ruleset.slot.symbols.index(kv[0])))
        out = []
        for combo in product(*weights):
            weight = 1
            for _, n in combo:
                weight *= n
            out.append((tuple(s for s, _ in combo), weight))
        return out

    def chance_outcomes(self) -> list[tuple[object, int]]:
        """For a chance kind: [(answer, weight)], weights whole numbers (their sum is the total)."""
        phase = self.phase
        if phase == "roll":
            return [(Roll(v), 1) for v in range(1, self.ruleset.die_sides + 1)]
        if phase == "draw":
            # G5.1: any card still in the pile, as often as it is there (the shuffle already put
            # one on top, which ``sample_chance`` reveals: the same odds)
            pile = self.piles[self.pile]
            return [(Draw(c), pile.count(c)) for c in self.ruleset.pile_cards(self.pile) if c in pile]
        if phase == "slot":
            return [(SlotStop(s), w) for s, w in self._slot_outcomes()]
        raise ValueError(f"the game awaits a decision ({phase}), not chance")

    def sample_chance(self):
        """Draw the awaited chance outcome from the game's RNG (which it advances)."""
        phase = self.phase
        if phase == "roll":
            face: int = self.rng.below(self._die_sides)     # typed: the RNG is another module's
            return self._roll_of[1 + face]
        if phase == "draw":
            return Draw(self.piles[self.pile][-1])   # G5.1: the top card of the shuffled pile
        if phase == "slot":
            return SlotStop(tuple(strip[self.rng.below(len(strip))] for strip in self.ruleset.slot.reels))
        raise ValueError(f"the game awaits a decision ({phase}), not chance")

    # ------------------------------------------------------------------ checking
    def check(self, answer, seat: int | None = None) -> str | None:
        """None if ``answer`` (by ``seat``: the seat the game waits for, if None) is legal now;
        otherwise why not, naming the rule."""
        if self.over:
            return "the game is over"
        phase = self.phase
        if seat is not None and seat != self._waiting_seat():
            aw = self.awaiting()
            if aw.player < 0:
                return f"the game awaits a chance outcome ({phase}), not a decision"
            who = self.names[seat] if 0 <= seat < len(self.names) else str(seat)
            return f"the game awaits {phase} from {self.names[aw.player]}, not from {who}"
        kind = getattr(answer, "kind", None)
        if kind != phase:
            return f"the game awaits {phase}, not {kind}"
        # Direct calls, as in ``apply`` (a name made and looked up at every answer cost more
        # than most checks themselves: replay verify checks every input of a record).
        if phase == "roll":
            return self._check_roll(answer)
        if phase == "place":
            return self._check_place(answer)
        if phase == "build":
            return self._check_build(answer)
        if phase == "sell":
            return self._check_sell(answer)
        if phase == "company":
            return self._check_company(answer)
        if phase == "survivor":
            return self._check_survivor(answer)
        if phase == "pile":
            return self._check_pile(answer)
        if phase == "draw":
            return self._check_draw(answer)
        if phase == "slot":
            return self._check_slot(answer)
        if phase == "jackpot":
            return self._check_jackpot(answer)
        if phase == "floors":
            return self._check_floors(answer)
        if phase == "forced_sale":
            return self._check_forced_sale(answer)
        return f"no check for {phase}"   # pragma: no cover

    def _land(self, name: str) -> int:
        li = self._land_index.get(name)
        if li is None:
            raise _Refused(f"G1.1: no Land {name} on {self.board.id}")
        return li

    def _check_roll(self, a) -> str | None:
        if not isinstance(a, Roll) or isinstance(a.value, bool) or not isinstance(a.value, int) \
                or not 1 <= a.value <= self.ruleset.die_sides:
            return f"G4.1: the die shows 1-{self.ruleset.die_sides}, not {a.value!r}"
        return None

    def _check_sell(self, a) -> str | None:
        if not isinstance(a, Sell):
            return "not a sell answer"
        limit = self.offer[0]
        total = 0
        seen = set()
        for land, n in a.items:
            try:
                x = self._land(land)
            except _Refused as e:
                return str(e)
            if x in seen:
                return f"R3.1: {land} is named twice"
            seen.add(x)
            if isinstance(n, bool) or not isinstance(n, int) or n < 1:
                return f"R3.1: sell at least 1 Floor of {land}, not {n!r}"
            if self.owner[x] != self.player:
                return f"R3.1: {land} is not {self.names[self.player]}'s"
            if self.floors[x] < n:
                return f"R3.1: {land} has {self.floors[x]} Floors, not {n}"
            total += n
        if total > limit:
            rule = "R3.1" if self.after_sell == "roll" else "the card's offer"
            return f"{rule}: at most {limit} Floors may be sold, not {total}"
        return None

    def _check_place(self, a) -> str | None:
        try:
            x = self._land(a.land)
        except _Refused as e:
            return str(e)
        if x not in self._lines[self.space]:
            return f"R7.1: {a.land} is not on the Line of space {self.board.space_label(self.space)}"
        if isinstance(a, Claim):
            if self.owner[x] != BANK:
                return f"R7.3: {a.land} holds no Bank-owned Landmark to claim"
            return None
        if not isinstance(a, Place):
            return "not a place answer"
        if self.owner[x] == BANK:
            return f"R7.1: {a.land} holds the Bank's Landmark (claim it with {{claim: {a.land}}}, R7.3)"
        if self.owner[x] != VACANT:
            return f"R7.1: {a.land} is not vacant"
        if not self._vacant_legal(x):
            return f"R7.10: {a.land} is next to two Companies of Level {self._unabsorbable} or more"
        return None

    def _check_company(self, a) -> str | None:
        c = self._company_index.get(a.company)
        if c is None:
            return f"G8.2: no Company {a.company!r} (known: {', '.join(self._company_ids)})"
        if self.mark[c] >= 0:
            return f"R7.4: the Building Mark of {a.company} is in use"
        return None

    def _check_survivor(self, a) -> str | None:
        c = self._company_index.get(a.company)
        if c is None or c not in self.candidates:
            names = ", ".join(self._company_ids[x] for x in self.candidates)
            return f"R7.7: {a.company} cannot survive this merge (tied: {names})"
        return None

    def _check_build(self, a) -> str | None:
        if a.land is None:
            return None
        try:
            x = self._land(a.land)
        except _Refused as e:
            return str(e)
        n = a.floors
        p = self.player
        if isinstance(n, bool) or not isinstance(n, int) or not 1 <= n <= self.ruleset.build_limit:
            return f"R8.1: build 1-{self.ruleset.build_limit} Floors, not {n!r}"
        if self.owner[x] != p:
            return f"R8.1: {a.land} is not {self.names[p]}'s Land"
        c = self.company[x]
        if c < 0:
            return f"R8.2: {a.land} is loose; nothing is built on loose Land"
        if self.options["build_scope"] == "line" and x not in self._lines[self.space]:
            return f"G8.1: build_scope is line and {a.land} is not on the Line landed on"
        if self.floors[x] + n > self._max_floors:
            return f"R8.2: {a.land} has {self.floors[x]} Floors; no building past {self._max_floors}"
        cost = n * self._price(c)
        if cost > self.cash[p]:
            return f"R8.1: {n} Floors cost {cost}G and {self.names[p]} has {self.cash[p]}G"
        return None

    def _check_pile(self, a) -> str | None:
        if a.pile not in PILES:
            return f"R5.2: no pile {a.pile!r} (squid, octopus, crab, crocodile)"
        return None

    def _check_draw(self, a) -> str | None:
        card = self._cards.get(a.card)
        if card is None:
            return f"G5.1: no card {a.card!r}"
        if card.pile != self.pile:
            return f"R5.2: {a.card} is a {card.pile} card; the player chose {self.pile}"
        return None

    def _check_slot(self, a) -> str | None:
        reels = self.ruleset.slot.reels
        if len(a.symbols) != len(reels):
            return f"R5.4: the slot machine has {len(reels)} wheels, not {len(a.symbols)}"
        for i, (s, strip) in enumerate(zip(a.symbols, reels)):
            if s not in strip:
                return f"G5.3: wheel {i + 1} has no {s!r} (symbols: {', '.join(self.ruleset.slot.symbols)})"
        return None

    def _check_company_land(self, land: str, rule: str) -> str | None:
        try:
            x = self._land(land)
        except _Refused as e:
            return str(e)
        if self.owner[x] != self.player or self.company[x] < 0:
            return f"{rule}: {land} is not one of {self.names[self.player]}'s Company Lands"
        return None

    def _check_jackpot(self, a) -> str | None:
        return self._check_company_land(a.land, "G5.2")

    def _check_floors(self, a) -> str | None:
        return self._check_company_land(a.land, "the card")

    def _check_forced_sale(self, a) -> str | None:
        try:
            x = self._land(a.land)
        except _Refused as e:
            return str(e)
        p = self.player
        if self.owner[x] != p:
            return f"R6.4: {a.land} is not {self.names[p]}'s"
        if self.floors[x] == 0 and self.nfloors[p] > 0:
            return f"R6.4: Floors are sold first, and {a.land} has none"
        return None

    # ------------------------------------------------------------------ applying
    def apply(self, answer, checked: bool = False, seat: int | None = None) -> list:
        """Carry out ``answer`` (by ``seat``, the seat the game waits for if None) and run to
        the next input point; return the events.

        Raises ``IllegalAnswer`` (naming the rule) if ``check`` refuses it; the game is then as
        it was. ``checked=True`` skips the check for an answer taken from ``legal_answers``.
        """
        if not checked:
            reason = self.check(answer, seat)
            if reason is not None:
                from ....errors import IllegalAnswer
                raise IllegalAnswer(reason)
        events: list = []
        self._place_cache = self._build_cache = None
        phase = self.phase
        # Direct calls (not a table of bound methods): the compiled engine calls them natively.
        if phase == "roll":
            self._do_roll(answer, events)
        elif phase == "place":
            self._do_place(answer, events)
        elif phase == "build":
            self._do_build(answer, events)
        elif phase == "sell":
            self._do_sell(answer, events)
        elif phase == "company":
            self._do_company(answer, events)
        elif phase == "survivor":
            self._do_survivor(answer, events)
        elif phase == "pile":
            self._do_pile(answer, events)
        elif phase == "draw":
            self._do_draw(answer, events)
        elif phase == "slot":
            self._do_slot(answer, events)
        elif phase == "jackpot":
            self._do_jackpot(answer, events)
        elif phase == "floors":
            self._do_floors(answer, events)
        elif phase == "forced_sale":
            self._do_forced_sale(answer, events)
        else:
            raise RuntimeError(f"apply in phase {phase!r}, which awaits no answer")
        self._advance(events)
        return events

    # Each _do_<phase> carries out an answer and sets the next phase.
    def _do_sell(self, a: Sell, events: list) -> None:
        p = self.player
        pct = self.offer[1]
        reason = "sell" if self.after_sell == "roll" else "offer"
        items: tuple[tuple[str, int], ...] = a.items
        for land, n in items:
            x = self._land_index[land]
            each = self._price(self.company[x]) * pct // 100   # G0: item by item
            self.floors[x] = self.floors[x] - n
            self._touch(x)
            self.nfloors[p] = self.nfloors[p] - n
            events.append(_new(_FloorsSold, (p, land, n, reason)))
            self._pay(BANK, p, each * n, reason, land, events)
        self.phase = self.after_sell

    def _do_roll(self, a: Roll, events: list) -> None:
        p = self.seat
        v: int = a.value
        rolled = self._rolled_of[p]
        events.append(rolled[v] if 0 < v < len(rolled) else _new(_DiceRolled, (p, v)))
        self._move(p, v, events)
        self.phase = "land"

    def _do_place(self, a, events: list) -> None:
        p = self.seat
        land: str = a.land
        x = self._land_index[land]
        if isinstance(a, Claim):
            # R7.3, G7.1, G7.5: the Land and all on it change hands; nothing is placed.
            self.owner[x] = p
            self._touch(x)
            _insort(self.holdings[p], x)
            self.nfloors[p] = self.nfloors[p] + self.floors[x]
            events.append(_new(_LandmarkClaimed, (p, land)))
            self.phase = "build_check"
            return
        self.owner[x] = p
        self._touch(x)
        _insort(self.holdings[p], x)
        self.covered += 1
        self.placed = x
        events.append(self._placed_of[p][x])
        company = self.company
        touched: list[int] = []
        loose = False
        for n in self._adj[x]:
            c = company[n]
            if c >= 0:
                if c not in touched:
                    touched.append(c)
            elif self.owner[n] != VACANT:
                loose = True
        if not touched:
            if loose and self.round >= 2 and -1 in self.mark:   # R7.4, R7.5, G7.5
                self.phase = "company"
            else:
                self.phase = "build_check"
            return
        if len(touched) == 1:
            self._join(touched[0], x, events)
            events.append(_new(_CompanyGrew, (self._company_ids[touched[0]], land, len(self.members[touched[0]]))))
            self.phase = "build_check"
            return
        # R7.7: the survivor has the highest Level, then the most Floors, then the placer's choice.
        members, floors = self.members, self.floors
        best = max(len(members[c]) for c in touched)
        tied = [c for c in touched if len(members[c]) == best]
        if len(tied) > 1:
            fl = {c: sum(floors[m] for m in members[c]) for c in tied}
            most = max(fl.values())
            tied = [c for c in tied if fl[c] == most]
        tied.sort()
        self.candidates = tied
        if len(tied) > 1:
            self.phase = "survivor"
            return
        self._merge(tied[0], events)

    def _do_company(self, a: StartCompany, events: list) -> None:
        c = self._company_index[a.company]
        x = self.placed
        self.mark[c] = x
        self.members[c] = []
        self._join(c, x, events)
        events.append(_new(_CompanyStarted, (self.seat, a.company, self._names[x], len(self.members[c]))))
        self.phase = "build_check"

    def _do_survivor(self, a: Survivor, events: list) -> None:
        self._merge(self._company_index[a.company], events)

    def _do_build(self, a: Build, events: list) -> None:
        if a.land is not None:
            p = self.seat
            x = self._land_index[a.land]
            c = self.company[x]
            self.floors[x] = self.floors[x] + a.floors
            self._touch(x)
            self.nfloors[p] = self.nfloors[p] + a.floors
            self._pay(p, BANK, a.floors * self._price(c), "build", a.land, events)
            events.append(_new(_FloorsBuilt, (p, a.land, a.floors, self.floors[x])))
        self.phase = "end"

    def _do_pile(self, a: ChoosePile, events: list) -> None:
        self.pile = a.pile
        events.append(_new(_PileChosen, (self.seat, a.pile)))
        self.phase = "draw"

    def _do_draw(self, a: Draw, events: list) -> None:
        pile, discard = self.piles[self.pile], self.discards[self.pile]
        if pile and pile[-1] == a.card:
            pile.pop()
        elif a.card in pile:
            pile.remove(a.card)
        else:
            discard.remove(a.card)      # forced from the discard: it goes back on top of it
        discard.append(a.card)
        if not pile:                    # G5.1: an empty pile is reshuffled from its discard
            pile.extend(discard)
            discard.clear()
            self.rng.shuffle(pile)
            events.append(_new(_PileShuffled, (self.pile,)))
        card = self._cards[a.card]
        events.append(_new(_CardDrawn, (self.seat, self.pile, a.card)))
        self._start_effects(card.effects, a.card)

    def _do_slot(self, a: SlotStop, events: list) -> None:
        first = a.symbols[0]
        matched = 1
        for s in a.symbols[1:]:
            if s != first:
                break
            matched += 1
        events.append(_new(_SlotSpun, (self.seat, tuple(a.symbols), matched)))
        self._start_effects(self.ruleset.slot.prizes[first][matched], "slot")

    def _gift_floors(self, land: str, n: int) -> int:
        """Free Floors on one of the mover's Company Lands (R5.3, G5.2, a card); returns the total."""
        x = self._land_index[land]
        self.floors[x] = self.floors[x] + n
        self._touch(x)
        self.nfloors[self.seat] = self.nfloors[self.seat] + n
        return self.floors[x]

    def _do_jackpot(self, a: JackpotLand, events: list) -> None:
        n = self.jackpot
        self._gift_floors(a.land, n)
        events.append(_new(_JackpotWon, (self.seat, a.land, n)))
        self.jackpot = 1
        events.append(_new(_JackpotGrew, (1,)))
        self.phase = "end"

    def _do_floors(self, a: FreeFloors, events: list) -> None:
        total = self._gift_floors(a.land, self.pending_floors)
        events.append(_new(_FloorsGained, (self.seat, a.land, self.pending_floors, total)))
        self.phase = "effects"

    def _do_forced_sale(self, a: ForcedSale, events: list) -> None:
        p = self.player
        x = self._land_index[a.land]
        c = self.company[x]
        each = self._price(c) * self.ruleset.forced_percent // 100 if c >= 0 else 0   # G6.2, G9.4
        if self.floors[x] > 0:
            self.floors[x] = self.floors[x] - 1
            self._touch(x)
            self.nfloors[p] = self.nfloors[p] - 1
            events.append(_new(_FloorsSold, (p, a.land, 1, "forced_sale")))
            self._pay(BANK, p, each, "forced_sale", a.land, events)
        else:
            items = self.properties(x)      # the Landmark and its Building Mark (G6.2)
            self.owner[x] = BANK
            self._touch(x)
            self.holdings[p].remove(x)
            events.append(_new(_LandmarkSold, (p, a.land)))
            self._pay(BANK, p, each * items, "forced_sale", a.land, events)
        self.phase = "debt"

    # ------------------------------------------------------------------ mechanics
    def _pay(self, payer: int, payee: int, amount: int, reason: str, detail: str, events: list) -> None:
        if amount <= 0:
            return
        cash = self.cash
        if payer >= 0:
            cash[payer] = cash[payer] - amount      # not ``-=``: mypyc adds list items generically
        if payee >= 0:
            cash[payee] = cash[payee] + amount
        events.append(_new(_Payment, (payer, payee, amount, reason, detail)))

    def _group(self, start: int, seen: list[bool]) -> list[int]:
        """The connected group of Landmarks holding ``start`` (marks ``seen``)."""
        owner, adj = self.owner, self._adj
        seen[start] = True
        stack, out = [start], []
        while stack:
            x = stack.pop()
            out.append(x)
            for n in adj[x]:
                if not seen[n] and owner[n] != VACANT:
                    seen[n] = True
                    stack.append(n)
        return out

    def _join(self, c: int, x: int, events: list) -> None:
        """Land ``x`` joins Company ``c`` with every loose group it touches (G7.2)."""
        company, owner, adj, members = self.company, self.owner, self._adj, self.members[c]
        stack = [x]
        company[x] = c
        self._touch(x)
        members.append(x)
        while stack:
            y = stack.pop()
            for n in adj[y]:
                if company[n] < 0 and owner[n] != VACANT:
                    company[n] = c
                    self._touch(n)
                    members.append(n)
                    stack.append(n)
        members.sort()
        self._big = -1

    def _merge(self, survivor: int, events: list) -> None:
        """R7.7, R7.8, G7.3: absorb every other Company next to the placed Land into ``survivor``."""
        x = self.placed
        company = self.company
        absorbed = []
        for n in self._adj[x]:
            c = company[n]
            if c >= 0 and c != survivor and c not in absorbed:
                absorbed.append(c)
        floors, members = self.floors, self.members
        absorbed.sort(key=lambda c: (-len(members[c]), -sum(floors[m] for m in members[c]), c))
        ids = self._company_ids
        for c in absorbed:
            price = self._price(c)
            top, sub = self._owners(c)            # counted before the merge (G7.3)
            bonuses = self.owner_bonuses(c)
            events.append(_new(_Absorbed, (ids[c], ids[survivor], len(members[c]), price, top, sub)))
            mark = self.mark[c]
            for m in members[c]:
                o = self.owner[m]
                items = floors[m] + (1 if m == mark else 0)
                if floors[m] and o >= 0:
                    self.nfloors[o] = self.nfloors[o] - floors[m]
                    events.append(_new(_FloorsSold, (o, self._names[m], floors[m], "merge_sale")))
                if items and o >= 0:
                    self._pay(BANK, o, items * price, "merge_sale", ids[c], events)
                floors[m] = 0
                self._touch(m)
            for p in sorted(bonuses):
                amount, role = bonuses[p]
                self._pay(BANK, p, amount, role, ids[c], events)
            self.mark[c] = -1                      # free for reuse (G7.3)
            for m in members[c]:
                company[m] = survivor
                self._touch(m)
            members[survivor].extend(members[c])
            members[c] = []
        company[x] = -1
        self._touch(x)
        self._join(survivor, x, events)
        events.append(_new(_Merged, (ids[survivor], tuple(ids[c] for c in absorbed), self._names[x],
                                len(members[survivor]))))
        self.phase = "build_check"

    def _move(self, p: int, steps: int, events: list) -> None:
        """Move ``p`` clockwise ``steps`` spaces (R4.1, R4.2, G4.2, R5.3); backward if negative."""
        start = self.pos[p]
        road = self._road
        if steps > 0:
            kinds = self._kinds
            passes = self._passes.get(start)
            if passes is None:      # the Start and Jackpot spaces ahead, by distance 1..road
                passes = self._passes[start] = [(k, (start + k) % road) for k in range(1, road + 1)
                                                if kinds[(start + k) % road] in ("start", "jackpot")]
            # Passed: the spaces at distance 1 .. steps-1 (G4.2), whole laps first.
            laps = (steps - 1) // road
            rest = (steps - 1) % road
            passed = self._passed_of[p]
            for lap in range(laps + 1):
                for k, s in passes:
                    if lap == laps and k > rest:
                        break
                    events.append(passed[s])
                    if kinds[s] == "start":
                        self._pay(BANK, p, self._salary, "salary", "", events)
                    else:
                        self.jackpot += 1
                        events.append(_new(_JackpotGrew, (self.jackpot,)))
        end = (start + steps) % road
        self.pos[p] = end
        moved = self._moved_of[p][start]     # by a roll (a card may move further, or back)
        events.append(moved[steps] if 0 < steps < len(moved) else _new(_Moved, (p, start, end, steps)))

    def _debt(self, debtor: int, creditors: list[list[int]], reason: str, detail: str) -> None:
        self.debts.append([debtor, creditors, reason, detail])

    # ------------------------------------------------------------------ the loop
    def _advance(self, events: list) -> None:
        """Run internal phases until the game awaits input or is over."""
        while not self.over:
            phase = self.phase
            if phase == "end":
                self._end_turn(events)
            elif phase == "start":
                self._start_turn(events)
            elif phase == "land":
                self._land_on(events)
            elif phase == "build_check":
                self._build_check(events)
            elif phase == "place_check":
                self._place_check(events)
            elif phase == "effects":
                self._run_effect(events)
            elif phase == "debt":
                self._settle(events)
            else:
                return

    def _build_check(self, events: list) -> None:
        self.player = self.seat
        self._build_cache = None
        self.phase = "build" if self._buildable(self.seat) else "end"

    def _place_check(self, events: list) -> None:
        self.player = self.seat
        self._place_cache = None
        self.phase = "place" if self._place_answers() else "build_check"

    def _start_turn(self, events: list) -> None:
        p = self.seat
        self.player = p
        self.space = -1
        if self.skip[p] > 0:
            self.skip[p] = self.skip[p] - 1
            events.append(_new(_TurnSkipped, (p, self.skip[p])))
            self.phase = "end"
            return
        events.append(_new(_TurnStarted, (p, self.turn, self.round)))
        if self.nfloors[p] > 0:
            self.offer = list(self._sell_offer)
            self.after_sell = "roll"
            self.phase = "sell"
        else:
            self.phase = "roll"

    def _land_on(self, events: list) -> None:
        p = self.seat
        s = self.pos[p]
        kind = self._kinds[s]
        self.space = s
        events.append(self._landed_of[p][s])
        if kind == LINE:
            owners, amounts = self.line_owners(s)
            if owners and (len(owners) > 1 or owners[0] != p):
                events.append(_new(_LineFee, (p, s, owners, amounts)))
                creditors = [[o, a] for o, a in zip(owners, amounts) if o != p]
                self._debt(p, creditors, "fee", "")
                self.after_debt = "place_check"
                self.phase = "debt"
            else:
                self.phase = "place_check"
            return
        self.space = -1
        if kind == "start":                       # G5.4
            self._pay(BANK, p, self._salary, "salary", "", events)
            self.phase = "end"
        elif kind == "card":
            self.player = p
            self.phase = "pile"
        elif kind == "jackpot":                   # R5.3, G5.2
            if self._company_lands(p):
                self.player = p
                self.phase = "jackpot"
            else:
                events.append(_new(_JackpotMissed, (p,)))
                self.phase = "end"
        elif kind == "slot":
            self.phase = "slot"
        else:
            ek = self.ruleset.event_kinds[kind]
            events.append(_new(_EventResolved, (p, kind)))
            self._start_effects(ek.effects, kind)

    def _start_effects(self, effects, source: str) -> None:
        """Carry out ``effects`` (docs/games/towerdream.md) of a card, Event kind or slot prize, in order."""
        self.effects = [[k, v] for k, v in effects]
        self.effect_source = source
        self.phase = "effects"

    def _run_effect(self, events: list) -> None:
        """Carry out the next effect primitive (docs/games/towerdream.md) of a card, Event or slot prize."""
        p = self.seat
        if not self.effects:
            self.phase = "end"
            return
        name, value = self.effects.pop(0)
        src = self.effect_source
        reason = "card" if src in self._cards else "slot" if src == "slot" else "event"
        others = [(p + k) % len(self.names) for k in range(1, len(self.names))]
        if name == "gain":
            self._pay(BANK, p, value, reason, src, events)
        elif name == "pay":
            self._debt(p, [[BANK, value]], reason, src)
        elif name == "collect_each":
            for q in others:
                self._debt(q, [[p, value]], reason, src)
        elif name == "pay_each":
            self._debt(p, [[q, value] for q in others], reason, src)
        elif name == "salary":
            self._pay(BANK, p, self.options["salary"] * value // 100, reason, src, events)
        elif name == "pay_percent":
            amount = self.cash[p] * value // 100
            if amount:
                self._debt(p, [[BANK, amount]], reason, src)
        elif name in ("pay_per_property", "collect_per_property"):
            props = sum(self.properties(x) for x in self.holdings[p])
            if name == "collect_per_property":
                self._pay(BANK, p, value * props, reason, src, events)
            elif props:
                self._debt(p, [[BANK, value * props]], reason, src)
        elif name == "free_floors":
            if self._company_lands(p):
                self.pending_floors = value
                self.player = p
                self.phase = "floors"
                return
        elif name == "lose_floors":
            if self.nfloors[p]:
                x = max(self.holdings[p], key=lambda y: (self.floors[y], -y))
                n = min(value, self.floors[x])
                self.floors[x] = self.floors[x] - n
                self._touch(x)
                self.nfloors[p] = self.nfloors[p] - n
                events.append(_new(_FloorsLost, (p, self._names[x], n)))
        elif name == "sell_offer":
            if self.nfloors[p]:
                self.offer = [value["floors"], value["percent"]]
                self.after_sell = "effects"
                self.player = p
                self.phase = "sell"
                return
        elif name == "jackpot_add":
            self.jackpot += value
            events.append(_new(_JackpotGrew, (self.jackpot,)))
        elif name == "skip_turns":
            self.skip[p] = self.skip[p] + value
            events.append(_new(_TurnsToSkip, (p, self.skip[p])))
        elif name == "move":
            self._move(p, value, events)
            self.phase = "land"
            return
        elif name == "move_to":
            kinds, road, here = self._kinds, self._road, self.pos[p]
            d = next(k for k in range(1, road + 1) if kinds[(here + k) % road] == value)
            self._move(p, d, events)
            self.phase = "land"
            return
        elif name == "roll_again":
            self.phase = "roll"
            return
        if self.debts:
            self.after_debt = "effects"
            self.phase = "debt"

    def _settle(self, events: list) -> None:
        """Pay the first debt, or ask the debtor to sell (R6.4), or end the game (R6.5, G6.3)."""
        while self.debts:
            debt = self.debts[0]        # [debtor, [[creditor, amount], ...], reason, detail], typed
            debtor: int = debt[0]
            creditors: list[list[int]] = debt[1]
            reason: str = debt[2]
            detail: str = debt[3]
            total = 0
            for c in creditors:
                total += c[1]
            if self.cash[debtor] >= total:
                for c in creditors:
                    self._pay(debtor, c[0], c[1], reason, detail, events)
                self.debts.pop(0)
                continue
            if self.holdings[debtor]:
                self.player = debtor
                self.phase = "forced_sale"
                return
            # Broke: all his cash, shared equally among the players he owes (remainder to the Bank).
            cash = self.cash[debtor]
            players = [cr for cr, _ in creditors if cr >= 0]
            if players:
                share = cash // len(players)
                for cr in players:
                    self._pay(debtor, cr, share, "broke", detail, events)
            left = self.cash[debtor]
            self._pay(debtor, BANK, left, "broke", detail, events)
            self.broke = debtor
            self.debts = []
            events.append(_new(_WentBroke, (debtor,)))
            self._finish("broke", events)
            return
        self.phase = self.after_debt

    def _end_turn(self, events: list) -> None:
        p = self.seat
        events.append(_new(_TurnEnded, (p, self.turn)))
        self.turn += 1
        self.space = -1
        reason = ""
        if self.covered >= self._threshold:
            reason = "percent"                            # R9.1, G9.1
        elif self._stalemate():
            reason = "stalemate"                          # G9.2
        elif self._max_rounds is not None and p == self._seats - 1 and self.round >= self._max_rounds:
            reason = "rounds"
        if reason:
            self._finish(reason, events)
            return
        p += 1
        if p == self._seats:
            p = 0
            self.round += 1
        self.seat = p
        self.phase = "start"

    def _stalemate(self) -> bool:
        """G9.2: no vacant Land anywhere can legally take a Landmark."""
        if self._big_companies() < 2:
            return self.covered >= self._land_count
        return not any(o == VACANT and self._vacant_legal(x) for x, o in enumerate(self.owner))

    def _finish(self, reason: str, events: list) -> None:
        self.over = True
        self.over_reason = reason
        self.phase = "over"
        wealth = self.wealth()
        events.append(_new(_GameOver, (reason, tuple(wealth), tuple(tuple(g) for g in self.ranking(wealth)))))

    # ------------------------------------------------------------------ serialization
    def to_json(self) -> dict:
        """The whole state as plain JSON data (``from_json`` takes it back)."""
        return {
            "version": STATE_VERSION, "ruleset": self.ruleset.id, "board": self.board.id,
            "options": self.options, "names": self.names,
            "cash": self.cash, "pos": self.pos, "skip": self.skip,
            "owner": self.owner, "floors": self.floors, "company": self.company,
            "mark": self.mark,
            "turn": self.turn, "round": self.round, "seat": self.seat, "jackpot": self.jackpot,
            "rng": self.rng.state, "piles": self.piles, "discards": self.discards,
            "phase": self.phase, "player": self.player, "space": self.space, "placed": self.placed,
            "candidates": self.candidates, "debts": self.debts, "after_debt": self.after_debt,
            "effects": self.effects, "effect_source": self.effect_source, "offer": self.offer,
            "after_sell": self.after_sell, "pending_floors": self.pending_floors, "pile": self.pile,
            "over": self.over, "over_reason": self.over_reason, "broke": self.broke,
        }

    def copy(self) -> "Game":
        """An independent game in the same state, for looking ahead ("what if I answered this?").

        Applying decisions to the copy never touches this game. CPU players and previews apply
        only decisions and outcomes they choose themselves (a die value, say); they never call
        ``sample_chance`` or ``chance_outcomes`` on a copy, which would show the hidden card order.
        """
        return Game(self.ruleset, self.board, self.names, None, 0, self)

    def _touch(self, x: int) -> None:
        """Land ``x``'s owner, floors or company were written: named for canonical_json (once it
        has been made; ``_Written.ints_at``)."""
        if self._written:
            self._touched.append(x)

    def _copy_from(self, g: "Game") -> None:
        """This game as an independent copy of ``g`` (``copy``; the CPUs look ahead on thousands a
        decision): its state copied, its read-only look-ups (the ruleset's and board's tables, the
        input points by phase, canonical_json's unchanging parts) shared, its caches of the answers
        now legal, of the view and of canonical_json's lists empty. tests/games/towerdream/engine/
        test_caches.py holds every attribute to the source's."""
        self.ruleset, self.board, self.options, self.names = g.ruleset, g.board, dict(g.options), list(g.names)
        self.cash, self.pos, self.skip = list(g.cash), list(g.pos), list(g.skip)
        self.owner, self.floors, self.company = list(g.owner), list(g.floors), list(g.company)
        self.holdings = [list(h) for h in g.holdings]
        self.nfloors = list(g.nfloors)
        self.mark = list(g.mark)
        self.members = [list(m) for m in g.members]
        self.covered, self.turn, self.round, self.seat, self.jackpot = g.covered, g.turn, g.round, g.seat, g.jackpot
        self.rng = Rng(0)
        self.rng.state = g.rng.state
        self.piles = {k: list(v) for k, v in g.piles.items()}
        self.discards = {k: list(v) for k, v in g.discards.items()}
        self.phase, self.player, self.space, self.placed = g.phase, g.player, g.space, g.placed
        self.candidates = list(g.candidates)
        self.debts = [[d[0], [list(c) for c in d[1]], d[2], d[3]] for d in g.debts]
        self.after_debt = g.after_debt
        self.effects = [list(e) for e in g.effects]
        self.effect_source = g.effect_source
        self.offer = list(g.offer)
        self.after_sell, self.pending_floors, self.pile = g.after_sell, g.pending_floors, g.pile
        self.over, self.over_reason, self.broke = g.over, g.over_reason, g.broke
        self._place_cache = self._build_cache = None
        self._fixed = g._fixed
        self._written = []
        self._touched = []
        self._big = g._big
        self._view = None
        self._counts = [0] * len(g.names)
        self._fees = [0] * len(g.names)
        self._awaits, self._passes, self._salary = g._awaits, g._passes, g._salary
        self._max_rounds, self._seats, self._line_scope = g._max_rounds, g._seats, g._line_scope
        self._threshold = g._threshold
        self._take_tables(g._tables, g._events)

    def cash_of(self, seat: int) -> int:
        return self.cash[seat]

    def position_of(self, seat: int) -> int:
        """The Road space a seat stands on."""
        return self.pos[seat]

    def land(self, name: str) -> LandInfo:
        """A Land by its G1.1 name: its owner (a seat, BANK or VACANT), Floors, Company and mark."""
        x = self._land_index[name]
        c = self.company[x]
        return LandInfo(self.owner[x], self.floors[x], self._company_ids[c] if c >= 0 else None,
                        c >= 0 and self.mark[c] == x)

    def lands_of(self, seat: int) -> tuple[str, ...]:
        """The Lands a seat owns, in board order."""
        return tuple(self._names[x] for x in self.holdings[seat])

    def level(self, company_id: str) -> int:
        """A Company's Level (R7.2): 0 when it is not on the board."""
        return len(self.members[self._company_index[company_id]])

    def wealth_parts(self) -> list[tuple[int, int, int]]:
        """Per seat: (cash, properties, Owner Bonuses), which add up to R9.3 Wealth."""
        wealth = self.wealth()
        bonus = [0] * len(self.names)
        for c, mark in enumerate(self.mark):
            if mark >= 0:
                for seat, (amount, _) in self.owner_bonuses(c).items():
                    bonus[seat] += amount
        return [(self.cash[p], wealth[p] - self.cash[p] - bonus[p], bonus[p]) for p in range(len(self.names))]

    def land_index(self, name: str) -> int:
        """The index of a Land (its place in ``owner``, ``floors``, ``company``) by its G1.1 name."""
        return self._land_index[name]

    def land_name(self, x: int) -> str:
        return self._names[x]

    def company_index(self, company_id: str) -> int:
        return self._company_index[company_id]

    def company_id(self, c: int) -> str:
        return self._company_ids[c]

    def price_of(self, c: int) -> int:
        """The current Floor price of Company ``c`` (by index)."""
        return self._price(c)

    def owners_of(self, c: int) -> tuple[tuple[int, ...], tuple[int, ...]]:
        """Top and Sub Owners of Company ``c`` (by index; R7.9, G7.4)."""
        return self._owners(c)

    @classmethod
    def from_json(cls, ruleset: Ruleset, board: Board, data: dict) -> "Game":
        if data.get("version") != STATE_VERSION:
            raise ValueError(f"state version {data.get('version')!r}; this program reads {STATE_VERSION}")
        g = cls(ruleset, board, data["names"], data["options"])
        for key in ("cash", "pos", "skip", "owner", "floors", "company", "mark", "turn", "round",
                    "seat", "jackpot", "phase", "player", "space", "placed", "candidates", "after_debt",
                    "effect_source", "after_sell", "pending_floors", "pile", "over", "over_reason", "broke"):
            v = data[key]
            setattr(g, key, list(v) if isinstance(v, list) else v)
        g.members = [[] for _ in g.mark]         # each Company's Lands, from the company list
        for x, c in enumerate(g.company):
            if c >= 0:
                g.members[c].append(x)
        g.piles = {k: list(v) for k, v in data["piles"].items()}
        g.discards = {k: list(v) for k, v in data["discards"].items()}
        g.debts = [[d[0], [list(c) for c in d[1]], d[2], d[3]] for d in data["debts"]]
        g.effects = [list(e) for e in data["effects"]]
        g.offer = list(data["offer"])
        g.rng.state = data["rng"]
        g.holdings = [[] for _ in g.names]
        g.nfloors = [0] * len(g.names)
        g.covered = 0
        for x, o in enumerate(g.owner):
            if o != VACANT:
                g.covered += 1
            if o >= 0:
                g.holdings[o].append(x)
                g.nfloors[o] += g.floors[x]
        return g

    def canonical_json(self, kinds: list[str] | None = None) -> str:
        """The state as canonical JSON: sorted keys, no spaces, ASCII (what ``fingerprint`` hashes).

        The same text as ``json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))``,
        written field by field (a test holds the two equal): a checkpoint a turn makes this the
        hot path of ``replay verify``. ``kinds``: what sits in each seat, for the fingerprints of
        records made before seats left the state (version 1: they held them, as ``kinds``)."""
        fixed = self._fixed
        if not fixed:      # the parts a game never changes, with the keys about them, made once
            fixed = self._fixed = [
                ',"board":' + _json_str(self.board.id) + ',"broke":',
                ',"names":' + _json_strs(self.names) + ',"offer":',
                ',"options":' + _ENCODE(self.options) + ',"over":',
                ',"ruleset":' + _json_str(self.ruleset.id) + ',"seat":',
                ',"version":' + str(STATE_VERSION) + "}",
            ]
        kinds_part = "" if kinds is None else ',"kinds":' + _json_strs(kinds)
        # (_str_text and _int_text called by their names: a compiled build calls them directly,
        # where a local alias of either would be a call through Python)
        w = self._written
        if not w:
            w = self._written = [_Written() for _ in range(11)]
        touched = self._touched
        if len(touched) > _TOUCHED_MOST:        # (a merge): each Land list compared and, if changed, written whole
            touched = []
        self._touched = []
        return "".join([
            '{"after_debt":', _str_text(self.after_debt), ',"after_sell":', _str_text(self.after_sell),
            fixed[0], _int_text(self.broke),
            ',"candidates":', w[9].ints(self.candidates), ',"cash":', w[5].ints(self.cash),
            ',"company":[', w[0].ints_at(self.company, touched),
            '],"debts":', (_ENCODE(self.debts if kinds is None else _v1_debts(self.debts))
                          if self.debts else "[]"),
            ',"discards":', w[1].piles(self.discards), ',"effect_source":', _str_text(self.effect_source),
            ',"effects":', _ENCODE(self.effects) if self.effects else "[]",
            ',"floors":[', w[2].ints_at(self.floors, touched), '],"jackpot":', _int_text(self.jackpot),
            kinds_part, ',"mark":', w[6].ints(self.mark),
            fixed[1], w[10].ints(self.offer),
            fixed[2], "true" if self.over else "false",
            ',"over_reason":', _str_text(self.over_reason), ',"owner":[', w[3].ints_at(self.owner, touched),
            '],"pending_floors":', _int_text(self.pending_floors), ',"phase":', _str_text(self.phase),
            ',"pile":', _str_text(self.pile), ',"piles":', w[4].piles(self.piles),
            ',"placed":', _int_text(self.placed), ',"player":', _int_text(self.player), ',"pos":', w[7].ints(self.pos),
            ',"rng":', str(self.rng.state), ',"round":', _int_text(self.round),
            fixed[3], _int_text(self.seat), ',"skip":', w[8].ints(self.skip), ',"space":', _int_text(self.space),
            ',"turn":', _int_text(self.turn), fixed[4],
        ])

    def part_hashes(self) -> str:
        """Six hex digits of each part of the state (``parts.PARTS``): which parts differ."""
        from ..parts import part_hashes
        return part_hashes(self)

    def fingerprint(self, kinds: list[str] | None = None) -> str:
        """sha256 of the canonical JSON of the state (STYLE.md rule 2); with ``kinds``, as the
        program made it while the seats were part of the state (version-1 records)."""
        return hashlib.sha256(self.canonical_json(kinds).encode()).hexdigest()


# One encoder, made once: json.dumps would build a new one on every call.
_ENCODE: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode
_json_str: Final = json.encoder.encode_basestring_ascii     # a str as JSON text, as _ENCODE writes it
_INT_TEXT: Final = [str(i) for i in range(-2, 256)]          # the ints a state is mostly made of


_AWAITING: Final[dict[tuple[str, int], Awaiting]] = {}   # (phase, player) -> its Awaiting (a pure cache)


def _awaiting(phase: str, player: int) -> Awaiting:
    """The input point of a phase and player: made once a program (each game's ``awaiting`` keeps
    its own, per seat), as the constructor of a NamedTuple runs Python."""
    key = (phase, player)
    aw = _AWAITING.get(key)
    if aw is None:
        if phase in ("roll", "draw", "slot"):
            aw = Awaiting(phase, -1, (), ())
        else:
            aw = Awaiting(phase, player, (player,), ())
        _AWAITING[key] = aw
    return aw


def _insort(xs: list[int], x: int) -> None:
    """``bisect.insort`` (after any equal item) on a short list of ints: compiled, where the
    library's is a call through Python."""
    i = len(xs)
    while i > 0 and xs[i - 1] > x:
        i -= 1
    xs.insert(i, x)


def _v1_debts(debts: list) -> list:
    """Debts as version 1 wrote them: the Bank as a creditor was -1 then (events.BANK)."""
    return [[d, [[-1 if c == BANK else c, a] for c, a in creditors], r, detail]
            for d, creditors, r, detail in debts]


def _int_text(x: int) -> str:
    return _INT_TEXT[x + 2] if -2 <= x < 254 else str(x)


def _json_ints(xs: list[int]) -> str:
    if not xs:
        return "[]"
    t = _INT_TEXT
    return "[" + ",".join([t[x + 2] if -2 <= x < 254 else str(x) for x in xs]) + "]"


_STR_TEXT: dict[str, str] = {}     # str -> its JSON text: card ids, names and kinds recur (a pure cache)


def _str_text(x: str) -> str:
    """A str as JSON text, as _json_str writes it, kept (a state's phases and kinds recur)."""
    t = _STR_TEXT.get(x)
    if t is None:
        t = _json_str(x)
        if len(_STR_TEXT) < 10_000:
            _STR_TEXT[x] = t
    return t


def _json_strs(xs: list[str]) -> str:
    if not xs:
        return "[]"
    return "[" + ",".join([_str_text(x) for x in xs]) + "]"


def _json_piles(piles: dict[str, list[str]]) -> str:
    return "{" + ",".join([_json_str(k) + ":" + _json_strs(piles[k]) for k in sorted(piles)]) + "}"


_TOUCHED_MOST: Final = 24   # more Lands written than this between two canonical_json: no hint (each list written whole)
_RUN: Final = 16     # the elements of a run of _Written.ints_at: short enough to join again cheaply


class _Written:
    """One part of the state's JSON text with a copy of the value it was written from: written
    again only where the value has changed. The value itself is compared, not a flag the engine
    would have to raise at every change, so no change can be missed. A short list (the seats',
    the Companies') is written whole when it differs; a board's Land list (``ints_at``) keeps each
    element's text and each run's of ``_RUN`` elements, so that a changed Land costs its run."""

    def __init__(self) -> None:
        self.piles_seen: dict[str, list[str]] | None = None
        self.ints_seen: list[int] = []
        self.runs: list[str] = []              # ints_at: each run's text
        self.elems: list[str] = []             # ints_at: each element's text
        self.text = "[]"                       # the text of the empty list ints_seen starts as (ints_at: no brackets)

    def ints(self, xs: list[int]) -> str:
        """A short list's text: kept while the list is the same (compared at C speed: the usual
        case for most parts), else written whole."""
        if xs != self.ints_seen:
            self.ints_seen = list(xs)
            self.text = _json_ints(xs)
        return self.text

    def ints_at(self, xs: list[int], touched: list[int]) -> str:
        """``ints`` for a list of a board's Lands whose elements that may have changed since the
        last call are known (``touched``, the engine's hint: Game._touched), without its brackets
        (the caller's keys hold them). It keeps each element's text and each run's (``_RUN``
        elements): those at ``touched`` are written again, then their runs' texts and the whole
        joined again (a join costs by its items: a board's 90, against one run's 16 and the runs'
        six); the whole list is then compared with its copy, so a change the hint missed is found
        and every element written again (the text is always the value's)."""
        seen = self.ints_seen
        elems = self.elems
        if len(elems) != len(xs) or not elems:
            return self._all(xs)
        if not touched:
            return self.text if xs == seen else self._all(xs)
        dirty: list[int] = []
        for i in touched:
            v = xs[i]
            if seen[i] != v:
                seen[i] = v
                elems[i] = _int_text(v)
                k = i // _RUN
                if k not in dirty:
                    dirty.append(k)
        if xs != seen:             # a change at a Land the hint does not name
            return self._all(xs)
        if dirty:
            runs = self.runs
            for k in dirty:
                runs[k] = ",".join(elems[k * _RUN:(k + 1) * _RUN])
            self.text = ",".join(runs)
        return self.text

    def _all(self, xs: list[int]) -> str:
        """``ints_at``'s text written from scratch, each element's and each run's kept."""
        self.ints_seen = list(xs)
        elems = self.elems = [_int_text(x) for x in xs]
        self.runs = [",".join(elems[k:k + _RUN]) for k in range(0, len(elems), _RUN)]
        self.text = ",".join(self.runs)
        return self.text

    def piles(self, piles: dict[str, list[str]]) -> str:
        if self.piles_seen != piles:
            self.text = _json_piles(piles)
            self.piles_seen = {k: list(v) for k, v in piles.items()}
        return self.text


def _static_tables(rs: Ruleset, b: Board) -> dict:
    """Look-up tables and answer objects that follow from a ruleset and a board (not state):
    shared by every game on the pair, read-only."""
    names = b.land_names
    return {
        "sell_offer": (rs.sell_limit, rs.sell_percent),
        "build_limit": rs.build_limit, "die_sides": rs.die_sides, "land_count": b.land_count,
        "pile_cards": {p: tuple(rs.pile_cards(p)) for p in PILES},
        "prices": [c.prices for c in rs.companies],
        "company_ids": [c.id for c in rs.companies],
        "company_index": {c.id: i for i, c in enumerate(rs.companies)},
        "land_index": {n: i for i, n in enumerate(names)},
        "names": names, "adj": b.adjacent,
        "kinds": [s.kind for s in b.spaces], "lines": [s.line for s in b.spaces], "road": len(b.spaces),
        "max_floors": rs.max_floors, "unabsorbable": rs.unabsorbable_level,
        "cards": {c.id: c for c in rs.cards},
        "place": [Place(n) for n in names],
        "claim": [Claim(n) for n in names],
        "build": [[Build(n, k) for k in range(rs.build_limit + 1)] for n in names],
        "roll": [Roll(v) for v in range(rs.die_sides + 1)],
        "jackpot": [JackpotLand(n) for n in names],
        "forced": [ForcedSale(n) for n in names],
        "floors": [FreeFloors(n) for n in names],
        "start": [StartCompany(c.id) for c in rs.companies],
        "survivor": [Survivor(c.id) for c in rs.companies],
        "fee_rates": [rs.fee_grand_tower if f >= rs.grand_tower_floors else rs.fee_tower
                      if f >= rs.tower_floors else rs.fee_base for f in range(100)],
    }


def _static_events(b: Board, sides: int, seats: int) -> dict:
    """The events that follow from a seat and a place on the board alone (rolling, moving by a
    roll, passing, landing, placing a Landmark), by seat: values shared by every game on the
    board with as many seats, read-only."""
    kinds = [s.kind for s in b.spaces]
    road = len(kinds)
    return {
        "rolled": [[_new(_DiceRolled, (p, v)) for v in range(sides + 1)] for p in range(seats)],
        "moved": [[[_new(_Moved, (p, s, (s + d) % road, d)) for d in range(sides + 1)] for s in range(road)]
                  for p in range(seats)],
        "passed": [[_new(_Passed, (p, s, kinds[s])) for s in range(road)] for p in range(seats)],
        "landed": [[_new(_Landed, (p, s, kinds[s])) for s in range(road)] for p in range(seats)],
        "placed": [[_new(_LandmarkPlaced, (p, n)) for n in b.land_names] for p in range(seats)],
    }


class _Refused(Exception):
    pass


class LazyAnswers:
    """Answers made on demand: a read-only ``Sequence`` (registered as one) over ``__len__`` and
    ``_item``. Not derived from ``Sequence``, so that mypyc compiles it and its subclasses as
    native classes: made and indexed without Python calls (a random player takes one answer)."""

    def __len__(self) -> int:
        raise NotImplementedError

    def _item(self, index: int) -> object:
        raise NotImplementedError

    def __getitem__(self, index: int | slice) -> object:
        if isinstance(index, int):
            return self._item(index)
        return [self._item(i) for i in range(*index.indices(len(self)))]

    def __iter__(self) -> Iterator:
        for i in range(len(self)):
            yield self._item(i)

    def __reversed__(self) -> Iterator:
        for i in range(len(self) - 1, -1, -1):
            yield self._item(i)

    def __contains__(self, value: object) -> bool:
        for a in self:
            if a is value or a == value:
                return True
        return False

    def index(self, value: object) -> int:
        for i, a in enumerate(self):
            if a is value or a == value:
                return i
        raise ValueError(f"{value!r} is not a legal answer")

    def count(self, value: object) -> int:
        return sum(1 for a in self if a is value or a == value)


Sequence.register(LazyAnswers)


class SellAnswers(LazyAnswers):
    """The legal ``sell`` answers, without building them all: none first, then every choice of
    up to ``limit`` Floors over the Lands (in board order), depth first. Indexing unranks."""

    def __init__(self, avail: list[tuple[str, int]], limit: int) -> None:
        self.avail = avail
        self.limit = limit
        caps: list[int] = []
        for _, f in avail:
            caps.append(f if f < limit else limit)
        n = len(caps)
        # table[i * w + l]: answers that choose only from Lands i.. with at most l Floors (none
        # excluded); one flat list, allocated once
        w = limit + 1
        table = [0] * ((n + 1) * w)
        if limit == 3:                  # the Sell phase (R3.1): unrolled
            a1 = a2 = a3 = 0
            for i in range(n - 1, -1, -1):
                c = caps[i]
                if c == 1:
                    a1, a2, a3 = a1 + 1, a2 + 1 + a1, a3 + 1 + a2
                elif c == 2:
                    a1, a2, a3 = a1 + 1, a2 + 2 + a1, a3 + 2 + a2 + a1
                else:
                    a1, a2, a3 = a1 + 1, a2 + 2 + a1, a3 + 3 + a2 + a1
                table[4 * i + 1] = a1
                table[4 * i + 2] = a2
                table[4 * i + 3] = a3
        else:
            for i in range(n - 1, -1, -1):
                row, nxt = i * w, (i + 1) * w
                c = caps[i]
                for left in range(1, w):
                    total = table[nxt + left]
                    for k in range(1, min(c, left) + 1):
                        total += 1 + table[nxt + left - k]
                    table[row + left] = total
        self.caps = caps
        self.table = table

    def __len__(self) -> int:
        return 1 + self.table[self.limit]

    def _item(self, index: int) -> Sell:
        table, limit = self.table, self.limit
        w = limit + 1
        size = 1 + table[limit]
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if index == 0:
            return NO_SELL
        r = index - 1
        caps, avail = self.caps, self.avail
        chosen: list[tuple[str, int]] = []
        i, left = 0, limit
        while True:
            j = i
            while True:
                block = table[j * w + left] - table[(j + 1) * w + left]
                if r < block:
                    break
                r -= block
                j += 1
            cap = caps[j]
            k = 1
            while k <= cap and k <= left:
                size = 1 + table[(j + 1) * w + left - k]
                if r < size:
                    chosen.append((avail[j][0], k))
                    break
                r -= size
                k += 1
            if r == 0:
                return _new(Sell, (tuple(chosen),))
            r -= 1
            i, left = j + 1, left - k


class BuildAnswers(LazyAnswers):
    """The legal ``build`` answers: none first, then (Land, 1..most) for each buildable Land."""

    def __init__(self, lands: list[int], table: list[list[Build]]) -> None:
        self.lands = lands            # [Land index, most Floors, Land index, most Floors, ...]
        self.table = table            # table[land][k] is Build(land name, k)
        size = 1
        for i in range(1, len(lands), 2):
            size += lands[i]
        self.size = size

    def __len__(self) -> int:
        return self.size

    def _item(self, index: int) -> Build:
        size = self.size
        if index < 0:
            index += size
        if not 0 <= index < size:
            raise IndexError(index)
        if index == 0:
            return NO_BUILD
        index -= 1
        lands = self.lands
        for i in range(0, len(lands), 2):
            most = lands[i + 1]
            if index < most:
                return self.table[lands[i]][index + 1]
            index -= most
        raise IndexError(index)   # pragma: no cover


def new_game(ruleset: Ruleset, board: Board, names: list[str], *, seed: int = 0,
             options: dict | None = None) -> tuple[Game, list]:
    """A new game (R2.1, R2.2): seats shuffled into a random turn order, piles shuffled (G5.1).

    ``names`` are the seats' names (who sits in each, a person or a CPU, is no part of the rules:
    the platform's session keeps it). Returns the game, waiting for its first input, and the
    set-up events.
    """
    opts = dict(ruleset.options)
    opts.update(options or {})
    if not 2 <= len(names) <= 4 or len(names) != opts["players"]:
        raise ValueError(f"{len(names)} seats; options.players is {opts['players']} (2-4, G2.1)")
    game = Game(ruleset, board, names, options, seed)
    order = list(range(len(names)))
    game.rng.shuffle(order)
    game.names = [names[i] for i in order]
    events: list = [_new(_TurnOrderDrawn, (tuple(game.names),))]
    game._shuffle_piles(events)
    game._advance(events)
    return game, events


__all__ = ["Awaiting", "Game", "new_game", "VACANT", "BANK", "DEFAULT_OPTIONS"]
