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
``fingerprint()`` is the sha256 of its canonical JSON (``state_text`` writes it). No pygame, no
clock, no I/O. What follows from the ruleset and the board alone is one frozen value, ``Tables``;
a Land's owner, Floors and Company are written through one door (``_set_owner``, ``_set_floors``,
``_set_company``), which keeps what follows from them with them.
"""
from __future__ import annotations

import hashlib
from collections.abc import Sequence
from itertools import product
from typing import Any, Final, NamedTuple

from ....errors import IllegalAnswer
from ....platform.protocol import Awaiting, Result, rank_by_score
from ....rng import Rng
from ..parts import part_hashes
from . import events as ev
from .answer_lists import BuildAnswers, LazyAnswers, SellAnswers, build_answers, sell_answers
from .answers import (Build, ChoosePile, Claim, Draw, ForcedSale, FreeFloors, JackpotLand, Place, Roll, Sell, SlotStop,
                      StartCompany, Survivor)
from .board import BANK, LINE, VACANT, Board
from .position import read_position
from .ruleset import DEFAULT_OPTIONS, PILES, Ruleset
from .state_text import NAMED_MOST, STATE_VERSION, Fields, StateText, new_text, read_state, state_json
from .tables import Tables, awaiting_of, tables_for
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
        self._big = 0                     # Companies of the Level that cannot be absorbed (R7.10)
        self._setup(opts)

    def _setup(self, opts: dict) -> None:
        """What is not state: the tables, the options as the rules read them, the caches."""
        self.tables = tables_for(self.ruleset, self.board, len(self.names))
        self._salary: int = opts["salary"]
        self._max_rounds: int | None = opts["max_rounds"]
        self._seats = len(self.names)
        self._line_scope: bool = opts["build_scope"] == "line"       # G8.1
        self._threshold: int = -(-self.tables.land_count * opts["end_percent"] // 100)   # G9.1: ceil
        # The answers now legal, found at a phase's check (``apply`` forgets them).
        self._place_cache: list | None = None
        self._build_cache: list[int] | None = None
        self._text: StateText | None = None      # canonical_json's, made at its first call
        self._lands_written: list[int] = []      # the Lands written since (its hint: ``_set_owner``)
        self._view: SealedView | None = None     # the seats' view, made when first asked
        self._counts = [0] * self._seats         # scratch of line_owners: no lists made a landing
        self._fees = [0] * self._seats

    def _price(self, c: int) -> int:
        level = len(self.members[c])
        return self.tables.prices[c][level if level <= 40 else 40]

    def _shuffle_piles(self, events: list) -> None:
        for p in PILES:
            cards = list(self.tables.pile_cards[p])
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
        g.cash, g.pos, g.owner, g.floors, g.company, g.mark = read_position(
            ruleset, board, seats, g.options["starting_cash"], lands or {}, companies or {})
        g._derive()
        g.round = round
        g.seat = to_move
        g.jackpot = jackpot
        events: list = []
        g._shuffle_piles(events)
        g._advance(events)
        return g, events

    def _derive(self) -> None:
        """What follows from the Lands' owners, Floors and Companies, made from them: for a game
        set up or read whole (``from_position``, ``from_json``); the Lands' door keeps it after."""
        n = len(self.names)
        self.holdings = [[] for _ in range(n)]
        self.nfloors = [0] * n
        self.members = [[] for _ in self.mark]
        self.covered = 0
        for x, o in enumerate(self.owner):
            if o != VACANT:
                self.covered += 1
            if o >= 0:
                self.holdings[o].append(x)
                self.nfloors[o] += self.floors[x]
            c = self.company[x]
            if c >= 0:
                self.members[c].append(x)
        lim = self.tables.unabsorbable
        self._big = len([m for m in self.members if len(m) >= lim])

    # ------------------------------------------------------------------ queries
    def awaiting(self) -> Awaiting | None:
        """What the game waits for now, or None when it is over."""
        if self.over:
            return None
        phase, player = self.phase, self.player
        aw = self.tables.awaits[player].get(phase)
        return aw if aw is not None else awaiting_of(phase, player)

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
        return Result(rank_by_score(wealth), tuple(wealth), self.over_reason)

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
        return self._price(self.tables.company_index[company_id])

    def companies(self) -> dict[str, dict]:
        """The Companies on the board: {id: {level, price, mark, lands, floors, top, sub}}."""
        out = {}
        for c, mark in enumerate(self.mark):
            if mark < 0:
                continue
            top, sub = self._owners(c)
            out[self.tables.company_ids[c]] = {
                "level": len(self.members[c]), "price": self._price(c),
                "mark": self.tables.names[mark], "lands": [self.tables.names[x] for x in self.members[c]],
                "floors": sum(self.floors[x] for x in self.members[c]),
                "top": list(top), "sub": list(sub),
            }
        return out

    def properties(self, land: int) -> int:
        """Properties on a Land (R6.2): its Landmark, its Floors and its Building Mark."""
        c = self.company[land]
        return 1 + self.floors[land] + (1 if c >= 0 and self.mark[c] == land else 0)

    def _fee_rate(self, land: int) -> int:
        """The Line Fee for each property on a Land (R6.3: more on a Tower, more on a Grand Tower)."""
        f = self.floors[land]
        return self.tables.fee_rates[f if f < 100 else 99]

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
        owner, floors, company, mark, rates = self.owner, self.floors, self.company, self.mark, self.tables.fee_rates
        for land in self.tables.lines[space]:
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
        kinds = self.tables.kinds
        none: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
        return [self.line_owners(s) if kinds[s] == LINE else none for s in range(self.tables.road)]

    def fee_outlook(self) -> tuple[list[float], list[float], list[list[int]]]:
        """Line Fees to expect from where everyone stands (R6.1-R6.3), for CPU players and hints.

        Returns ``(next_move, long_run, pay)``: ``next_move[q]``, the fees seat ``q`` expects
        from the other seats' next moves, each die face alike (G4.1); ``long_run[q]``, the fees
        ``q`` collects per move of every other seat, averaged over the whole Road; ``pay[r][d-1]``,
        what seat ``r`` owes in all if he rolls ``d``. Reads the board only; changes nothing.
        """
        n: int = self._seats
        road: int = self.tables.road
        sides: int = self.tables.die_sides
        kinds = self.tables.kinds
        counts: list[int] = [0] * n
        fees: list[int] = [0] * n
        # Per Road space: the owners' fees, flattened: owed[s * n + q] (0 when q is no owner).
        owed: list[int] = [0] * (road * n)
        is_owner: list[bool] = [False] * (road * n)
        long_run: list[float] = [0.0] * n
        # Each owned Land's properties and what they earn, once (a Land lies on two Lines).
        owner: list[int] = self.owner
        lines: list[tuple[int, ...]] = self.tables.lines
        props: list[int] = [0] * self.tables.land_count
        earn: list[int] = [0] * self.tables.land_count
        for land in range(self.tables.land_count):
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
        return [list(g) for g in rank_by_score(wealth if wealth is not None else self.wealth())]

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
            return self.tables.roll[1:]
        if phase == "sell":
            return self._sell_answers()
        if phase == "place":
            return self._place_answers()
        if phase == "build":
            return self._build_answers()
        if phase == "company":
            start_of = self.tables.start
            return [start_of[c] for c, m in enumerate(self.mark) if m < 0]
        if phase == "survivor":
            survivor_of = self.tables.survivor
            return [survivor_of[c] for c in self.candidates]
        if phase == "pile":
            return [ChoosePile(p) for p in PILES]
        if phase == "draw":
            return [Draw(c) for c in self.ruleset.pile_cards(self.pile)]
        if phase == "slot":
            return [SlotStop(s) for s, _ in self._slot_outcomes()]
        if phase == "jackpot":
            return [self.tables.jackpot[x] for x in self._company_lands(self.player)]
        if phase == "floors":
            return [self.tables.floors[x] for x in self._company_lands(self.player)]
        if phase == "forced_sale":
            return [self.tables.forced[x] for x in self._sale_items(self.player)]
        raise AssertionError(f"no answers in phase {phase}")

    def _sell_answers(self) -> "SellAnswers":
        p = self.player
        limit = self.offer[0]
        floors, company, names = self.floors, self.company, self.tables.names
        avail = [(names[x], floors[x]) for x in self.holdings[p] if floors[x] > 0 and company[x] >= 0]
        return sell_answers(avail, limit)

    def _big_companies(self) -> int:
        """How many Companies have reached the Level that cannot be absorbed (R7.10)."""
        return self._big

    def _vacant_legal(self, land: int) -> bool:
        """R7.10: a Land next to two or more Companies of Level 13+ takes no Landmark."""
        seen = -1
        company, members, lim = self.company, self.members, self.tables.unabsorbable
        for n in self.tables.adj[land]:
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
        owner, place_of, claim_of = self.owner, self.tables.place, self.tables.claim
        check = self._big_companies() >= 2
        for land in self.tables.lines[self.space]:
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
        cap, lim = self.tables.max_floors, self.tables.build_limit
        prices, members = self.tables.prices, self.members
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
        line = self.tables.lines[self.space] if scope else ()
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
        return build_answers(self._buildable(self.player), self.tables.build)

    def _company_lands(self, p: int) -> list[int]:
        return [x for x in self.holdings[p] if self.company[x] >= 0]

    def _sale_items(self, p: int) -> list[int]:
        """Lands from which a forced sale may take an item (R6.4): Floors first, then Landmarks."""
        with_floors = [x for x in self.holdings[p] if self.floors[x] > 0]
        return with_floors if with_floors else list(self.holdings[p])

    def _slot_outcomes(self) -> list[tuple[tuple[str, ...], int]]:
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
        if self.phase == "draw":
            return Draw(self.piles[self.pile][-1])   # G5.1: the top card of the shuffled pile
        return self.playout_chance(self.rng)

    def playout_chance(self, rng: Rng):
        """An analysis playout's chance outcome from ``rng``: the die and the reels as
        ``sample_chance`` draws them, a card as ``chance_outcomes`` weighs it (any card still in
        the pile, as often as it is there, G5.1: the shuffled pile's order is the match's secret,
        not the playout's)."""
        phase = self.phase
        if phase == "roll":
            face: int = rng.below(self.tables.die_sides)
            return self.tables.roll[1 + face]
        if phase == "draw":
            pile = self.piles[self.pile]
            return Draw(pile[rng.below(len(pile))])
        if phase == "slot":
            return SlotStop(tuple(strip[rng.below(len(strip))] for strip in self.ruleset.slot.reels))
        raise ValueError(f"the game awaits a decision ({phase}), not chance")

    # ------------------------------------------------------------------ checking
    def check(self, answer, seat: int | None = None) -> str | None:
        """None if ``answer`` (by ``seat``: the seat the game waits for, if None) is legal now;
        otherwise why not, naming the rule."""
        if self.over:
            return "the game is over"
        phase = self.phase
        if seat is not None and seat != (waiting := self._waiting_seat()):
            if waiting < 0:
                return f"the game awaits a chance outcome ({phase}), not a decision"
            who = self.names[seat] if 0 <= seat < len(self.names) else str(seat)
            return f"the game awaits {phase} from {self.names[waiting]}, not from {who}"
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
        li = self.tables.land_index.get(name)
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
        if x not in self.tables.lines[self.space]:
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
            return f"R7.10: {a.land} is next to two Companies of Level {self.tables.unabsorbable} or more"
        return None

    def _check_company(self, a) -> str | None:
        c = self.tables.company_index.get(a.company)
        if c is None:
            return f"G8.2: no Company {a.company!r} (known: {', '.join(self.tables.company_ids)})"
        if self.mark[c] >= 0:
            return f"R7.4: the Building Mark of {a.company} is in use"
        return None

    def _check_survivor(self, a) -> str | None:
        c = self.tables.company_index.get(a.company)
        if c is None or c not in self.candidates:
            names = ", ".join(self.tables.company_ids[x] for x in self.candidates)
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
        if self.options["build_scope"] == "line" and x not in self.tables.lines[self.space]:
            return f"G8.1: build_scope is line and {a.land} is not on the Line landed on"
        if self.floors[x] + n > self.tables.max_floors:
            return f"R8.2: {a.land} has {self.floors[x]} Floors; no building past {self.tables.max_floors}"
        cost = n * self._price(c)
        if cost > self.cash[p]:
            return f"R8.1: {n} Floors cost {cost}G and {self.names[p]} has {self.cash[p]}G"
        return None

    def _check_pile(self, a) -> str | None:
        if a.pile not in PILES:
            return f"R5.2: no pile {a.pile!r} (squid, octopus, crab, crocodile)"
        return None

    def _check_draw(self, a) -> str | None:
        card = self.tables.cards.get(a.card)
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
            x = self.tables.land_index[land]
            each = self._price(self.company[x]) * pct // 100   # G0: item by item
            self._set_floors(x, self.floors[x] - n)
            events.append(_new(_FloorsSold, (p, land, n, reason)))
            self._pay(BANK, p, each * n, reason, land, events)
        self.phase = self.after_sell

    def _do_roll(self, a: Roll, events: list) -> None:
        p = self.seat
        v: int = a.value
        rolled = self.tables.rolled[p]
        events.append(rolled[v] if 0 < v < len(rolled) else _new(_DiceRolled, (p, v)))
        self._move(p, v, events)
        self.phase = "land"

    def _do_place(self, a, events: list) -> None:
        p = self.seat
        land: str = a.land
        x = self.tables.land_index[land]
        if isinstance(a, Claim):
            # R7.3, G7.1, G7.5: the Land and all on it change hands; nothing is placed.
            self._set_owner(x, p)
            events.append(_new(_LandmarkClaimed, (p, land)))
            self.phase = "build_check"
            return
        self._set_owner(x, p)
        self.placed = x
        events.append(self.tables.placed[p][x])
        company = self.company
        touched: list[int] = []
        loose = False
        for n in self.tables.adj[x]:
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
            events.append(_new(_CompanyGrew, (self.tables.company_ids[touched[0]], land, len(self.members[touched[0]]))))
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
        c = self.tables.company_index[a.company]
        x = self.placed
        self.mark[c] = x
        self._join(c, x, events)
        events.append(_new(_CompanyStarted, (self.seat, a.company, self.tables.names[x], len(self.members[c]))))
        self.phase = "build_check"

    def _do_survivor(self, a: Survivor, events: list) -> None:
        self._merge(self.tables.company_index[a.company], events)

    def _do_build(self, a: Build, events: list) -> None:
        if a.land is not None:
            p = self.seat
            x = self.tables.land_index[a.land]
            c = self.company[x]
            self._set_floors(x, self.floors[x] + a.floors)
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
        card = self.tables.cards[a.card]
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
        x = self.tables.land_index[land]
        self._set_floors(x, self.floors[x] + n)
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
        x = self.tables.land_index[a.land]
        c = self.company[x]
        each = self._price(c) * self.ruleset.forced_percent // 100 if c >= 0 else 0   # G6.2, G9.4
        if self.floors[x] > 0:
            self._set_floors(x, self.floors[x] - 1)
            events.append(_new(_FloorsSold, (p, a.land, 1, "forced_sale")))
            self._pay(BANK, p, each, "forced_sale", a.land, events)
        else:
            items = self.properties(x)      # the Landmark and its Building Mark (G6.2)
            self._set_owner(x, BANK)
            events.append(_new(_LandmarkSold, (p, a.land)))
            self._pay(BANK, p, each * items, "forced_sale", a.land, events)
        self.phase = "debt"

    # ------------------------------------------------------------------ the Lands' one door
    # A Land's owner, Floors and Company are written here and nowhere else (a test reads the
    # rules for any other write): each keeps what follows from them with it (the seats' Lands and
    # Floors, the Lands covered, each Company's Lands and how many are too big to absorb) and names
    # the Land to the state's text (``state_text``: where it looks first).
    def _set_owner(self, x: int, o: int) -> None:
        """Land ``x``'s Landmark is ``o``'s now (a seat, BANK or VACANT), with its Floors."""
        old = self.owner[x]
        self.owner[x] = o
        f = self.floors[x]
        if old >= 0:
            self.holdings[old].remove(x)
            self.nfloors[old] = self.nfloors[old] - f
        if o >= 0:
            _insort(self.holdings[o], x)
            self.nfloors[o] = self.nfloors[o] + f
        if (old == VACANT) != (o == VACANT):
            self.covered += 1 if old == VACANT else -1
        w = self._lands_written
        if len(w) <= NAMED_MOST:       # past it the text compares every Land: no need to name more
            w.append(x)

    def _set_floors(self, x: int, n: int) -> None:
        """Land ``x`` holds ``n`` Floors."""
        o = self.owner[x]
        if o >= 0:
            self.nfloors[o] = self.nfloors[o] + n - self.floors[x]
        self.floors[x] = n
        w = self._lands_written
        if len(w) <= NAMED_MOST:       # past it the text compares every Land: no need to name more
            w.append(x)

    def _set_company(self, x: int, c: int) -> None:
        """Land ``x`` belongs to Company ``c`` (-1: none)."""
        old = self.company[x]
        self.company[x] = c
        lim = self.tables.unabsorbable
        if old >= 0:
            m = self.members[old]
            m.remove(x)
            if len(m) == lim - 1:
                self._big -= 1
        if c >= 0:
            m = self.members[c]
            _insort(m, x)
            if len(m) == lim:
                self._big += 1
        w = self._lands_written
        if len(w) <= NAMED_MOST:       # past it the text compares every Land: no need to name more
            w.append(x)

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

    def _join(self, c: int, x: int, events: list) -> None:
        """Land ``x`` joins Company ``c`` with every loose group it touches (G7.2)."""
        company, owner, adj = self.company, self.owner, self.tables.adj
        stack = [x]
        self._set_company(x, c)
        while stack:
            y = stack.pop()
            for n in adj[y]:
                if company[n] < 0 and owner[n] != VACANT:
                    self._set_company(n, c)
                    stack.append(n)

    def _merge(self, survivor: int, events: list) -> None:
        """R7.7, R7.8, G7.3: absorb every other Company next to the placed Land into ``survivor``."""
        x = self.placed
        company = self.company
        absorbed = []
        for n in self.tables.adj[x]:
            c = company[n]
            if c >= 0 and c != survivor and c not in absorbed:
                absorbed.append(c)
        floors, members = self.floors, self.members
        absorbed.sort(key=lambda c: (-len(members[c]), -sum(floors[m] for m in members[c]), c))
        ids = self.tables.company_ids
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
                    events.append(_new(_FloorsSold, (o, self.tables.names[m], floors[m], "merge_sale")))
                if items and o >= 0:
                    self._pay(BANK, o, items * price, "merge_sale", ids[c], events)
                self._set_floors(m, 0)
            for p in sorted(bonuses):
                amount, role = bonuses[p]
                self._pay(BANK, p, amount, role, ids[c], events)
            self.mark[c] = -1                      # free for reuse (G7.3)
            for m in list(members[c]):
                self._set_company(m, survivor)
        self._join(survivor, x, events)
        events.append(_new(_Merged, (ids[survivor], tuple(ids[c] for c in absorbed), self.tables.names[x],
                                len(members[survivor]))))
        self.phase = "build_check"

    def _move(self, p: int, steps: int, events: list) -> None:
        """Move ``p`` clockwise ``steps`` spaces (R4.1, R4.2, G4.2, R5.3); backward if negative."""
        start = self.pos[p]
        t = self.tables
        road = t.road
        if steps > 0:
            kinds = t.kinds
            passes = t.passes[start]      # the Start and Jackpot spaces ahead, by distance 1..road
            # Passed: the spaces at distance 1 .. steps-1 (G4.2), whole laps first.
            laps = (steps - 1) // road
            rest = (steps - 1) % road
            passed = t.passed[p]
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
        moved = t.moved[p][start]     # by a roll (a card may move further, or back)
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
            self.offer = list(self.tables.sell_offer)
            self.after_sell = "roll"
            self.phase = "sell"
        else:
            self.phase = "roll"

    def _land_on(self, events: list) -> None:
        p = self.seat
        s = self.pos[p]
        kind = self.tables.kinds[s]
        self.space = s
        events.append(self.tables.landed[p][s])
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
        reason = "card" if src in self.tables.cards else "slot" if src == "slot" else "event"
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
                self._set_floors(x, self.floors[x] - n)
                events.append(_new(_FloorsLost, (p, self.tables.names[x], n)))
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
            kinds, road, here = self.tables.kinds, self.tables.road, self.pos[p]
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
            return self.covered >= self.tables.land_count
        return not any(o == VACANT and self._vacant_legal(x) for x, o in enumerate(self.owner))

    def _finish(self, reason: str, events: list) -> None:
        self.over = True
        self.over_reason = reason
        self.phase = "over"
        wealth = self.wealth()
        events.append(_new(_GameOver, (reason, tuple(wealth), rank_by_score(wealth))))

    # ------------------------------------------------------------------ serialization
    def to_json(self) -> dict:
        """The whole state as plain JSON data (``from_json`` takes it back)."""
        return state_json(self)

    def copy(self) -> "Game":
        """An independent game in the same state, for looking ahead ("what if I answered this?").

        Applying decisions to the copy never touches this game. CPU players and previews apply
        only decisions and outcomes they choose themselves (a die value, say); they never call
        ``sample_chance`` or ``chance_outcomes`` on a copy, which would show the hidden card order.
        """
        return Game(self.ruleset, self.board, self.names, None, 0, self)

    def _copy_from(self, g: "Game") -> None:
        """This game as an independent copy of ``g`` (``copy``; the CPUs look ahead on thousands a
        decision): its state copied, the tables and the options as the rules read them shared, its
        caches of the answers now legal, of the view and of canonical_json's lists empty.
        tests/games/towerdream/engine/test_caches.py holds every attribute to the source's."""
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
        self.over, self.over_reason, self.broke, self._big = g.over, g.over_reason, g.broke, g._big
        self.tables, self._salary, self._max_rounds = g.tables, g._salary, g._max_rounds
        self._seats, self._line_scope, self._threshold = g._seats, g._line_scope, g._threshold
        self._place_cache = self._build_cache = None
        text = g._text
        self._text = None if text is None else text.fresh()
        self._lands_written = []
        self._view = None
        self._counts = [0] * g._seats
        self._fees = [0] * g._seats

    def cash_of(self, seat: int) -> int:
        return self.cash[seat]

    def position_of(self, seat: int) -> int:
        """The Road space a seat stands on."""
        return self.pos[seat]

    def land(self, name: str) -> LandInfo:
        """A Land by its G1.1 name: its owner (a seat, BANK or VACANT), Floors, Company and mark."""
        x = self.tables.land_index[name]
        c = self.company[x]
        return LandInfo(self.owner[x], self.floors[x], self.tables.company_ids[c] if c >= 0 else None,
                        c >= 0 and self.mark[c] == x)

    def level(self, company_id: str) -> int:
        """A Company's Level (R7.2): 0 when it is not on the board."""
        return len(self.members[self.tables.company_index[company_id]])

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
        return self.tables.land_index[name]

    def land_name(self, x: int) -> str:
        return self.tables.names[x]

    def company_index(self, company_id: str) -> int:
        return self.tables.company_index[company_id]

    def company_id(self, c: int) -> str:
        return self.tables.company_ids[c]

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
        read_state(g, data)
        g._derive()
        return g

    def canonical_json(self, kinds: list[str] | None = None) -> str:
        """The state as canonical JSON: sorted keys, no spaces, ASCII (what ``fingerprint`` hashes).

        The same text as ``json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))``,
        written field by field (a test holds the two equal): a checkpoint a turn makes this the
        hot path of ``replay verify``. ``kinds``: what sits in each seat, for the fingerprints of
        records made before seats left the state (version 1: they held them, as ``kinds``)."""
        text = self._text
        if text is None:
            text = self._text = new_text(self.board.id, self.names, self.options, self.ruleset.id)
        lands = self._lands_written
        self._lands_written = []
        return text.write(_new(Fields, (
            self.after_debt, self.after_sell, self.broke, self.candidates, self.cash, self.company, self.debts,
            self.discards, self.effect_source, self.effects, self.floors, self.jackpot, self.mark, self.offer,
            self.over, self.over_reason, self.owner, self.pending_floors, self.phase, self.pile, self.piles,
            self.placed, self.player, self.pos, self.rng.state, self.round, self.seat, self.skip, self.space,
            self.turn)), lands, kinds)

    def part_hashes(self) -> str:
        """Six hex digits of each part of the state (``parts.PARTS``): which parts differ."""
        return part_hashes(self)

    def fingerprint(self, kinds: list[str] | None = None) -> str:
        """sha256 of the canonical JSON of the state (STYLE.md rule 2); with ``kinds``, as the
        program made it while the seats were part of the state (version-1 records)."""
        return hashlib.sha256(self.canonical_json(kinds).encode()).hexdigest()


def _insort(xs: list[int], x: int) -> None:
    """``bisect.insort`` (after any equal item) on a short list of ints: compiled, where the
    library's is a call through Python."""
    i = len(xs)
    while i > 0 and xs[i - 1] > x:
        i -= 1
    xs.insert(i, x)


class _Refused(Exception):
    pass


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
