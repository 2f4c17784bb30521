"""Tower Up's rules engine: one match, a pure deterministic state machine (RULES-towerup.md).

The state is plain data (ints, strings, lists) and serializes with ``to_json``; the data it
plays with (city, cards, tracks) is a ``data.Rules`` named in the state by its ``spec``. Colours
are indices into ``data.COLOURS``; sites are indices into the city's sites; seats are indices in
turn order (clockwise). Rulings the rules document leaves open are numbered E1, E2... in
docs/games/towerup.md and named where they are applied.

Input points (``awaiting()``): chance ``deal`` (the next card into the market: every card left in
the deck, weight 1 each), chance ``start_sites`` (one market card's first floor at set-up: every
empty site not linked to a tower of its colour, weight 1 each; one point a card, in market order),
``start_floors`` (UG1.1), ``turn`` (take a card or build: ``Take`` answers first, in market order,
each with its wild colours in colour order; then ``Build`` answers by site in city order, colour
in colour order, roof on the base first and then on each neighbour in city order) and
``discard`` (U3.3: every way to give back exactly the floors over 10, as count vectors in
lexicographic order).

Speed (issue 25, docs/games/towerup.md section 12): a match keeps, beside its state, what the
legal builds follow from (``TowerUpMatch``'s docstring); the answer values are made once per
Rules (``Tables``) and shared; the objectives are measured only when the action changed what
they read (``_objectives``); the compiled build writes the fingerprint's JSON out directly. Each
keeps a from-scratch version that tests/games/towerup/test_incremental.py compares it with.
The module is compiled by ``tdream native`` (mypyc, ``Program.native_modules``): its classes
can be neither subclassed nor given new attributes by interpreted code, and every attribute has
its type declared (a bool stored in an ``int`` attribute would come back as 1).
"""
from __future__ import annotations

import hashlib
import json
from bisect import insort
from typing import Any, Final

from ...errors import IllegalAnswer
from ...platform.protocol import CHANCE, Awaiting, Result, rank_by_score
from ...rng import Rng
from . import events as ev
from .answers import (DEAL, DISCARD, START_FLOORS, START_SITES, TURN, Build, Deal, Discard, StartFloors, StartSite,
                      Take)
from .data import COLOUR_INDEX, COLOURS, WILD, Rules
from .objectives import met as objective_met

LIMIT: Final = 10          # U3.3: floors a player may hold
MARKET: Final = 3          # U2.1: cards face up
TOP: Final = 15            # UG1.4: the last column
DEAL_P: Final = "deal"
SITES_P: Final = "start_sites"
FLOORS_P: Final = "start_floors"
TURN_P: Final = "turn"
DISCARD_P: Final = "discard"
OVER_P: Final = "over"
VEHICLES: Final = "vehicles_at_least"      # the one objective primitive that reads no roof

# Events and answers are NamedTuples; the hot paths make them with tuple.__new__ (every field
# given, in order), which skips the generated Python __new__ of each class (as Tower Dream's).
_new: Final = tuple.__new__
# One encoder, made once (json.dumps would build a new one on every call), and a str's JSON text.
_ENCODE: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode
_json_str: Final = json.encoder.encode_basestring_ascii


def _probe() -> None:
    pass


# True in the mypyc build (its functions carry no Python code object), as tdream/rng.py tells it:
# the canonical JSON is written piece by piece there, and by the json module's C encoder when
# this module is interpreted (each is the faster there; both write the same text).
NATIVE: Final = not hasattr(_probe, "__code__")


def _combos(total: int, limit: list[int]) -> list[tuple[int, int, int, int]]:
    """Every (b, w, br, g) with sum ``total`` and each at most its limit, in lexicographic order."""
    out = []
    for a in range(min(total, limit[0]) + 1):
        for b in range(min(total - a, limit[1]) + 1):
            for c in range(min(total - a - b, limit[2]) + 1):
                d = total - a - b - c
                if d <= limit[3]:
                    out.append((a, b, c, d))
    return out


# ---------------------------------------------------------------------------- tables (not state)
NO_BUILDS: Final[tuple[tuple[Build, ...], ...]] = ((), (), (), ())


class Tables:
    """What follows from a match's Rules and never changes: the city's names and streets as
    lists, and the answer values the legal answers are made of (each made once, then shared:
    they are immutable). One a Rules object (``tables_for``); a match and its copies share it."""

    def __init__(self, rules: Rules) -> None:
        city = rules.city
        self.rules = rules
        self.names: list[str] = list(city.sites)
        self.adj: list[tuple[int, ...]] = [tuple(a) for a in city.adj]
        self.size: int = len(city.sites)
        # (site, its neighbour towers) -> per base colour, the Build of each roof choice (U3.5):
        # the base first, then each neighbour in the city's order
        self.builds: dict[tuple[int, tuple[int, ...]], tuple[tuple[Build, ...], ...]] = {}
        # (card, the supply as the card's icons can use it) -> its Take answers (market order's part)
        self.takes: dict[tuple[str, int, int, int, int], tuple[Take, ...]] = {}
        self.deals: dict[str, Deal] = {}
        self.data_json: str = _ENCODE(json.loads(rules.spec_json))      # the state's "data", as JSON text

    def site_builds(self, x: int, nb: tuple[int, ...]) -> tuple[tuple[Build, ...], ...]:
        """The Build answers on empty site ``x`` next to the towers ``nb``, for each base colour."""
        if not nb:
            return NO_BUILDS
        key = (x, nb)
        got = self.builds.get(key)
        if got is None:
            names = self.names
            sn = names[x]
            per = []
            for c in range(4):
                cn = COLOURS[c]
                row = [_new(Build, (sn, cn, sn))]
                for t in nb:
                    row.append(_new(Build, (sn, cn, names[t])))
                per.append(tuple(row))
            got = tuple(per)
            self.builds[key] = got
        return got

    def deal(self, card: str) -> Deal:
        got = self.deals.get(card)
        if got is None:
            got = self.deals[card] = _new(Deal, (card,))
        return got


_TABLES: Final[dict[int, Tables]] = {}


def tables_for(rules: Rules) -> Tables:
    """The Tables of ``rules`` (made on first use; kept while the Rules object is the same)."""
    t = _TABLES.get(id(rules))
    if t is None or t.rules is not rules:
        t = Tables(rules)
        _TABLES[id(rules)] = t
    return t


# A card's wild choices depend only on its icons and on the supply as far as those icons can
# use it (at most one floor of a colour an icon): (icons, the four capped counts) -> choices.
_CHOICES: Final[dict[tuple[tuple[int, ...], int, int, int, int], tuple[tuple[str, ...], ...]]] = {}


def wild_choices_from_scratch(icons: tuple[int, ...], supply: list[int]) -> list[tuple[str, ...]]:
    """Every sequence of chosen colours a card with ``icons`` accepts with ``supply`` (U3.1,
    U3.2, UG3.1): its icons in order, each wild, and each coloured icon whose colour is out, a
    choice among the colours still in the supply (a choice takes a floor, which can empty a
    colour for a later icon)."""
    out: list[tuple[str, ...]] = []
    _walk(icons, 0, list(supply), [], out)
    return out


def _walk(icons: tuple[int, ...], i: int, sup: list[int], acc: list[str], out: list[tuple[str, ...]]) -> None:
    if i == len(icons):
        out.append(tuple(acc))
        return
    icon = icons[i]
    if icon != WILD and sup[icon] > 0:
        sup[icon] -= 1
        _walk(icons, i + 1, sup, acc, out)
        sup[icon] += 1
        return
    allowed = [c for c in range(4) if sup[c] > 0 and c != icon]
    if not allowed:
        _walk(icons, i + 1, sup, acc, out)
        return
    for c in allowed:
        sup[c] -= 1
        acc.append(COLOURS[c])
        _walk(icons, i + 1, sup, acc, out)
        acc.pop()
        sup[c] += 1


def _choices(icons: tuple[int, ...], supply: list[int]) -> tuple[tuple[str, ...], ...]:
    k = len(icons)
    key = (icons, min(supply[0], k), min(supply[1], k), min(supply[2], k), min(supply[3], k))
    got = _CHOICES.get(key)
    if got is None:
        got = tuple(wild_choices_from_scratch(icons, supply))
        _CHOICES[key] = got
    return got


_TURN_AWAIT: Final[list[Awaiting]] = [Awaiting(TURN, p, (p,)) for p in range(8)]
_DISCARD_AWAIT: Final[list[Awaiting]] = [Awaiting(DISCARD, p, (p,)) for p in range(8)]
_FLOORS_AWAIT: Final[list[Awaiting]] = [Awaiting(START_FLOORS, p, (p,)) for p in range(8)]
_DEAL_AWAIT: Final = Awaiting(DEAL, CHANCE)
_SITES_AWAIT: Final = Awaiting(START_SITES, CHANCE)


class TowerUpMatch:
    """One match of Tower Up (the protocol's match API: tdream/platform/protocol.py).

    Beside the state (the attributes ``to_json`` writes) a match keeps what follows from it and
    is kept up to date as it changes, never serialized: ``near[x]``, ``need[x]`` and ``mask[x]``
    for each empty site (its neighbour towers in city order, how many of them show each colour,
    those colours as bits), ``cands`` (the empty sites some player could build on: next to a
    tower and not shut by all four colours, in city order), ``bopts[x]`` (the Build answers on
    x) and the turn's legal answers once asked. A tower never changes colour (a floor added to
    it is of its top floor's colour, U3.4), so a build changes them only around the site built
    on (``_tower_added``); ``builds_from_scratch`` computes them again for the tests."""

    __slots__ = ("rules", "tables", "names", "n", "opts", "fl", "rf", "stock", "left", "veh", "supply", "market",
                 "deck", "discards", "stacked", "objectives", "chips_left", "chips", "phase", "to_move", "extra",
                 "chain", "ending", "trigger", "final_turns", "closing", "finals_begun", "final", "turns", "passes",
                 "rng", "reason", "setup_sites", "setup_floors", "setup", "checked",
                 "near", "need", "mask", "cands", "bopts", "legal")

    rules: Rules
    tables: Tables
    names: list[str]
    n: int
    opts: dict[str, bool]
    fl: list[list[int]]
    rf: list[list[int]]
    stock: list[list[int]]
    left: list[int]
    veh: list[list[int]]
    supply: list[int]
    market: list[str]
    deck: list[str]
    discards: list[str]
    stacked: bool
    objectives: list[str]
    chips_left: list[list[int]]
    chips: list[list[Any]]
    phase: str
    to_move: int
    extra: bool
    chain: int
    ending: str
    trigger: int
    final_turns: list[int]
    closing: int
    finals_begun: bool
    final: list[list[int] | None]
    turns: int
    passes: int
    rng: Rng
    reason: str
    setup_sites: list[int]
    setup_floors: list[list[int]]
    setup: str
    checked: bool
    # what follows from the state (the class docstring)
    near: list[tuple[int, ...]]
    need: list[tuple[int, int, int, int]]
    mask: list[int]
    cands: list[int]
    bopts: list[tuple[tuple[Build, ...], ...]]
    legal: list | None

    def __init__(self) -> None:
        """An empty shell: ``new``, ``blank``, ``from_json`` and ``copy`` fill it in."""

    # ---------------------------------------------------------------- making one
    @classmethod
    def blank(cls, rules: Rules, names: list[str], options: dict, seed: int) -> "TowerUpMatch":
        """An empty city, full supply, nothing dealt (the parts set-up and positions fill in)."""
        m = TowerUpMatch()
        comp = rules.components
        n = len(names)
        m.rules = rules
        m.tables = tables_for(rules)
        m.names = list(names)
        m.n = n
        m.opts = {"extra_turn_on_last_roof": bool(options.get("extra_turn_on_last_roof", False))}
        S = len(rules.city.sites)
        m.fl = [[] for _ in range(S)]
        m.rf = [[] for _ in range(S)]
        m.stock = [[0, 0, 0, 0] for _ in range(n)]
        m.left = [comp.roofs_for(n)] * n
        m.veh = [[0, 0, 0, 0] for _ in range(n)]
        m.supply = [comp.supply_for(n)] * 4
        m.market = []
        m.deck = sorted(rules.card_ids)
        m.discards = []
        m.stacked = False
        m.objectives = []
        m.chips_left = []
        m.chips = [[] for _ in range(n)]
        m.phase = TURN_P
        m.to_move = 0
        m.extra = False
        m.chain = 0
        m.ending = ""
        m.trigger = -1
        m.final_turns = []
        m.closing = -1
        m.finals_begun = False
        m.final = [None] * n
        m.turns = 0
        m.passes = 0
        m.rng = Rng(seed)
        m.reason = ""
        m.setup_sites = []
        m.setup_floors = []
        m.setup = ""                      # "game": set-up under way; "position": a position's deals
        m.checked = False                 # every player's objectives checked once (E12)
        m.derive()
        return m

    @classmethod
    def new(cls, rules: Rules, names: list[str], options: dict, seed: int, supply: list[int] | None = None,
            objectives: list[str] | None = None) -> tuple["TowerUpMatch", list]:
        """A match at the start of set-up (U2.1, UG2.1, UG2.2, UG1.1, UG1.5); its set-up events.
        Objectives are drawn from the seeded RNG, then the first player; every player takes one
        floor of each colour; the market is dealt as chance points."""
        m = cls.blank(rules, names, options, seed)
        out: list = []
        if supply is not None:
            m.supply = list(supply)
        if objectives is None:
            pool = list(rules.objectives)
            m.rng.shuffle(pool)
            objectives = pool[: rules.components.draw]
        m._set_objectives(list(objectives))
        out.append(ev.ObjectivesDrawn(tuple(m.objectives)))
        first = m.rng.below(m.n)
        m.to_move = first
        out.append(ev.FirstPlayerDrawn(first))
        for p in range(m.n):
            got = []
            for c in range(4):
                if m.supply[c] > 0:
                    m.supply[c] -= 1
                    m.stock[p][c] += 1
                    got.append(COLOURS[c])
            out.append(ev.StartingFloors(p, tuple(got), False))
        m.setup = "game"
        later = rules.components.later_for(m.n)                      # UG1.1: by player count
        m.setup_floors = [[(first + k) % m.n, later[k - 1]] for k in range(1, m.n) if later[k - 1] > 0]
        m._refill(out)
        if m.phase != DEAL_P:
            m._after_deals(out)
        return m, out

    def _set_objectives(self, ids: list[str]) -> None:
        self.objectives = list(ids)
        self.chips_left = [list(self.rules.components.chips[: self.n]) for _ in ids]      # UG6.1

    # ---------------------------------------------------------------- the legal builds, kept
    def builds_from_scratch(self) -> tuple[list[tuple[int, ...]], list[tuple[int, int, int, int]], list[int],
                                           list[int]]:
        """(near, need, mask, cands) computed from the sites alone (the class docstring)."""
        fl = self.fl
        adj = self.tables.adj
        near: list[tuple[int, ...]] = []
        need: list[tuple[int, int, int, int]] = []
        mask: list[int] = []
        cands: list[int] = []
        for x in range(len(fl)):
            if fl[x]:
                near.append(())
                need.append((0, 0, 0, 0))
                mask.append(0)
                continue
            nb, cnt, bits = _around(fl, adj[x])
            near.append(nb)
            need.append(cnt)
            mask.append(bits)
            if 0 < bits < 15:
                cands.append(x)
        return near, need, mask, cands

    def derive(self) -> None:
        """Compute what follows from the state from scratch: after the sites were set wholesale
        (a new match, a position, a match read from JSON)."""
        self.near, self.need, self.mask, self.cands = self.builds_from_scratch()
        t = self.tables
        self.bopts = [t.site_builds(x, self.near[x]) for x in range(len(self.fl))]
        self.legal = None

    def _tower_added(self, s: int) -> None:
        """Site ``s`` (empty until now) has become a tower: its empty neighbours see one more."""
        fl = self.fl
        adj = self.tables.adj
        near, need, mask, cands = self.near, self.need, self.mask, self.cands
        near[s] = ()
        need[s] = (0, 0, 0, 0)
        mask[s] = 0
        self.bopts[s] = NO_BUILDS
        if s in cands:
            cands.remove(s)
        t = self.tables
        for x in adj[s]:
            if fl[x]:
                continue
            nb, cnt, bits = _around(fl, adj[x])
            near[x] = nb
            need[x] = cnt
            mask[x] = bits
            self.bopts[x] = t.site_builds(x, nb)
            inside = 0 < bits < 15
            if inside and x not in cands:
                insort(cands, x)
            elif not inside and x in cands:
                cands.remove(x)

    # ---------------------------------------------------------------- the protocol
    def awaiting(self) -> Awaiting | None:
        ph = self.phase
        if ph == TURN_P:
            p = self.to_move
            return _TURN_AWAIT[p] if p < 8 else Awaiting(TURN, p, (p,))
        if ph == DEAL_P:
            return _DEAL_AWAIT
        if ph == DISCARD_P:
            p = self.to_move
            return _DISCARD_AWAIT[p] if p < 8 else Awaiting(DISCARD, p, (p,))
        if ph == SITES_P:
            return _SITES_AWAIT
        if ph == FLOORS_P:
            p = self.setup_floors[0][0]
            return _FLOORS_AWAIT[p] if p < 8 else Awaiting(START_FLOORS, p, (p,))
        return None

    @property
    def over(self) -> bool:
        return self.phase == OVER_P

    def progress(self) -> int:
        """Turns played (extra turns count as turns)."""
        return self.turns

    def legal_answers(self, seat: int | None = None) -> list:
        aw = self.awaiting()
        if aw is None:
            return []
        if seat is None:
            seat = aw.player
        if aw.player == CHANCE:
            return [a for a, _ in self.chance_outcomes()] if seat == CHANCE else []
        if seat != aw.player:
            return []
        if aw.kind == TURN:
            got = self.legal                                         # once a decision point (apply forgets it)
            if got is None:
                got = self.take_answers(seat) + self.build_answers(seat)
                self.legal = got
            return got[:]
        if aw.kind == DISCARD:
            excess = sum(self.stock[seat]) - LIMIT
            return [Discard(c) for c in _combos(excess, self.stock[seat])]
        k = self.setup_floors[0][1]
        return [StartFloors(c) for c in _combos(k, self.supply)]

    def take_answers(self, p: int) -> list:
        """Every Take of seat ``p`` now: market order, then the chosen colours (product order)."""
        out: list = []
        for cid in self.market:
            out.extend(self.takes_of(cid))
        return out

    def takes_of(self, cid: str) -> tuple[Take, ...]:
        """The Take answers of market card ``cid`` now, in the order of its wild choices."""
        card = self.rules.cards[cid]
        icons: tuple[int, ...] = card.floors
        k = len(icons)
        sup = self.supply
        key = (cid, min(sup[0], k), min(sup[1], k), min(sup[2], k), min(sup[3], k))
        t = self.tables
        got = t.takes.get(key)
        if got is None:
            got = tuple([_new(Take, (cid, w)) for w in _choices(icons, sup)])
            t.takes[key] = got
        return got

    def _wild_choices(self, card) -> list[tuple[str, ...]]:
        """Every sequence of chosen colours ``card`` accepts now (``wild_choices_from_scratch``)."""
        return list(_choices(card.floors, self.supply))

    def build_options(self, p: int) -> list[tuple[int, int, list[int]]]:
        """(site, colour, neighbour towers) of every base floor seat ``p`` can pay for (U3.4),
        by site in city order and colour in colour order."""
        out: list[tuple[int, int, list[int]]] = []
        if self.left[p] <= 0:
            return out
        st = self.stock[p]
        s0, s1, s2, s3 = st[0], st[1], st[2], st[3]
        need, near = self.need, self.near
        for x in self.cands:
            n0, n1, n2, n3 = need[x]
            if n0 > s0 or n1 > s1 or n2 > s2 or n3 > s3:
                continue
            nb = list(near[x])
            if n0 == 0 and s0 > 0:
                out.append((x, 0, nb))
            if n1 == 0 and s1 > 0:
                out.append((x, 1, nb))
            if n2 == 0 and s2 > 0:
                out.append((x, 2, nb))
            if n3 == 0 and s3 > 0:
                out.append((x, 3, nb))
        return out

    def build_options_from_scratch(self, p: int) -> list[tuple[int, int, list[int]]]:
        """``build_options`` from the sites alone (the rules' own words; the tests compare them)."""
        out: list[tuple[int, int, list[int]]] = []
        fl = self.fl
        st = self.stock[p]
        if self.left[p] <= 0:
            return out
        adj = self.rules.city.adj
        for s in range(len(fl)):
            if fl[s]:
                continue
            nb = [t for t in adj[s] if fl[t]]
            if not nb:
                continue
            need = [0, 0, 0, 0]
            for t in nb:
                need[fl[t][-1]] += 1
            if any(need[k] > st[k] for k in range(4)):
                continue
            for c in range(4):
                if need[c] == 0 and st[c] > 0:
                    out.append((s, c, nb))
        return out

    def _can_build(self, p: int) -> bool:
        """``bool(build_options(p))`` without making the list."""
        if self.left[p] <= 0:
            return False
        st = self.stock[p]
        s0, s1, s2, s3 = st[0], st[1], st[2], st[3]
        need = self.need
        for x in self.cands:
            n0, n1, n2, n3 = need[x]
            if n0 > s0 or n1 > s1 or n2 > s2 or n3 > s3:
                continue
            if (n0 == 0 and s0 > 0) or (n1 == 0 and s1 > 0) or (n2 == 0 and s2 > 0) or (n3 == 0 and s3 > 0):
                return True
        return False

    def build_answers(self, p: int) -> list:
        """Every Build of seat ``p`` now: ``build_options`` order, each with its roof choices
        (the base first, then each neighbour in city order)."""
        out: list = []
        if self.left[p] <= 0:
            return out
        st = self.stock[p]
        s0, s1, s2, s3 = st[0], st[1], st[2], st[3]
        need, bopts = self.need, self.bopts
        for x in self.cands:
            n0, n1, n2, n3 = need[x]
            if n0 > s0 or n1 > s1 or n2 > s2 or n3 > s3:
                continue
            per = bopts[x]
            if n0 == 0 and s0 > 0:
                out.extend(per[0])
            if n1 == 0 and s1 > 0:
                out.extend(per[1])
            if n2 == 0 and s2 > 0:
                out.extend(per[2])
            if n3 == 0 and s3 > 0:
                out.extend(per[3])
        return out

    def chance_outcomes(self) -> list:
        if self.phase == DEAL_P:
            deal = self.tables.deal
            return [(deal(c), 1) for c in self._deck_cards()]
        if self.phase == SITES_P:
            names = self.tables.names
            return [(StartSite(names[s]), 1) for s in self._start_candidates(self.setup_sites[0])]
        return []

    def _deck_cards(self) -> list[str]:
        """The cards a deal may reveal, sorted once each (the deck itself when it is so already,
        as it is unless a scenario stacked it)."""
        deck = self.deck
        for i in range(1, len(deck)):
            if not deck[i - 1] < deck[i]:
                return sorted(set(deck))
        return deck

    def sample_chance(self) -> Any:
        """The awaited chance outcome, drawn from the match's RNG (a stacked scenario deck, E2,
        deals its top card)."""
        if self.phase == DEAL_P and self.stacked:
            return self.tables.deal(self.deck[0])
        return self.playout_chance(self.rng)

    def playout_chance(self, rng: Rng) -> Any:
        """An analysis playout's chance outcome from ``rng``, with the odds of ``chance_outcomes``
        (a card of the deck, each as likely: a stacked deck's order is not the playout's to know)."""
        if self.phase == DEAL_P:
            cards = self._deck_cards()
            return self.tables.deal(cards[rng.below(len(cards))])
        if self.phase == SITES_P:
            cands = self._start_candidates(self.setup_sites[0])
            return StartSite(self.tables.names[cands[rng.below(len(cands))]])
        raise IllegalAnswer("no chance point: the match awaits " + (self.awaiting() or Awaiting("none", 0)).kind)

    def _start_candidates(self, colour: int) -> list[int]:
        """UG2.1: empty sites not linked to a tower of ``colour``."""
        fl, mask = self.fl, self.mask
        bit = 1 << colour
        return [s for s in range(len(fl)) if not fl[s] and not mask[s] & bit]

    def start_candidates_from_scratch(self, colour: int) -> list[int]:
        fl, adj = self.fl, self.rules.city.adj
        return [s for s in range(len(fl)) if not fl[s] and not any(fl[t] and fl[t][-1] == colour for t in adj[s])]

    # ---------------------------------------------------------------- checking
    def check(self, answer, seat: int | None = None) -> str | None:
        aw = self.awaiting()
        if aw is None:
            return f"U5.4: the game is over ({self.reason})"
        if seat is None:
            seat = aw.player
        kind = getattr(answer, "kind", None)
        if aw.player == CHANCE:
            if seat != CHANCE:
                return f"U2.1: chance reveals this ({aw.kind}), not {self._who(seat)}"
            if kind != aw.kind:
                return f"U2.1: the game awaits chance's {aw.kind}, not {kind or type(answer).__name__}"
            if type(answer) is Deal:
                if answer.card not in self.deck:
                    return f"U3.1: {answer.card} is not in the deck"
                return None
            if type(answer) is StartSite:
                s = self.rules.city.index.get(answer.site)
                if s is None:
                    return f"UG2.1: no site {answer.site} in the city"
                if self.fl[s]:
                    return f"UG2.1: {answer.site} is not empty"
                col = self.setup_sites[0]
                if s not in self._start_candidates(col):
                    return f"UG2.1: {answer.site} is linked to a {COLOURS[col]} tower"
                return None
            return f"U2.1: not a chance outcome of Tower Up: {answer!r}"
        if seat != aw.player:
            return f"UG2.2: {self._who(aw.player)} answers {aw.kind} now, not {self._who(seat)}"
        if kind != aw.kind:
            rule = {TURN: "U3.1", DISCARD: "U3.3", START_FLOORS: "UG1.1"}[aw.kind]
            return f"{rule}: the game awaits {aw.kind} from {self._who(seat)}, not {kind or type(answer).__name__}"
        t = type(answer)
        if t is Take:
            return self._check_take(answer, seat)
        if t is Build:
            return self._check_build(answer, seat)
        if t is Discard:
            return self._check_counts(answer.counts, sum(self.stock[seat]) - LIMIT, self.stock[seat], "U3.3",
                                      "give back", f"{self._who(seat)} has")
        if t is StartFloors:
            return self._check_counts(answer.counts, self.setup_floors[0][1], self.supply, "UG1.1", "take",
                                      "the supply has")
        return f"U3.1: not an answer of Tower Up: {answer!r}"

    def _who(self, seat: int) -> str:
        return self.names[seat] if 0 <= seat < self.n else "chance" if seat == CHANCE else f"seat {seat}"

    def _check_counts(self, counts, total: int, have, rule: str, verb: str, whose: str) -> str | None:
        if not (isinstance(counts, tuple) and len(counts) == 4 and all(isinstance(c, int) and c >= 0 for c in counts)):
            return f"{rule}: floors per colour, not {counts!r}"
        if sum(counts) != total:
            return f"{rule}: {verb} exactly {total} floor{'s' if total != 1 else ''}, not {sum(counts)}"
        for c in range(4):
            if counts[c] > have[c]:
                return f"{rule}: {whose} {have[c]} {COLOURS[c]}, not {counts[c]}"
        return None

    def _check_take(self, a: Take, p: int) -> str | None:
        if a.card not in self.market:
            return f"U3.1: {a.card} is not in the market ({', '.join(self.market) or 'empty'})"
        card = self.rules.cards[a.card]
        supply = list(self.supply)
        k = 0
        for icon in card.floors:
            if icon != WILD and supply[icon] > 0:
                supply[icon] -= 1
                continue
            allowed = [c for c in range(4) if supply[c] > 0 and c != icon]
            if not allowed:
                continue
            if k >= len(a.wilds):
                return (f"U3.1: {a.card} asks for {self._choices_needed(card)} chosen colour(s) (wilds, and "
                        f"substitutes for an exhausted colour, U3.2), not {len(a.wilds)}")
            c = COLOUR_INDEX.get(a.wilds[k], -9)
            if c not in allowed:
                if icon == WILD:
                    return f"UG3.1: a wild's colour is one still in the supply; {a.wilds[k]} has none left"
                return (f"U3.2: {COLOURS[icon]} has run out: take a floor of another colour still in the "
                        f"supply, not {a.wilds[k]}")
            supply[c] -= 1
            k += 1
        if k != len(a.wilds):
            return (f"U3.1: {a.card} asks for {k} chosen colour(s) (wilds, and substitutes for an exhausted "
                    f"colour, U3.2), not {len(a.wilds)}")
        return None

    def _choices_needed(self, card) -> int:
        ch = self._wild_choices(card)
        return len(ch[0]) if ch else 0

    def _check_build(self, a: Build, p: int) -> str | None:
        city = self.rules.city
        s = city.index.get(a.site)
        if s is None:
            return f"U3.4: no site {a.site} in the city"
        if self.fl[s]:
            return f"U3.4: {a.site} is not empty (a tower of {len(self.fl[s])})"
        nb = self.near[s]                                            # its neighbour towers (kept)
        if not nb:
            return f"U3.4: {a.site} is next to no tower"
        c = COLOUR_INDEX.get(a.colour, -9)
        if c < 0:
            return f"U3.4: {a.colour!r} is not a colour"
        for t in nb:
            if self.fl[t][-1] == c:
                return f"U3.4: the base floor must differ from every adjacent tower; {city.sites[t]} is {a.colour}"
        r = city.index.get(a.roof)
        if r is None or (r != s and r not in nb):
            return (f"U3.5: the roof goes on one floor just placed: {a.site} or a tower next to it "
                    f"({', '.join(city.sites[t] for t in nb)}), not {a.roof}")
        if self.left[p] <= 0:
            return f"U3.5: {self._who(p)} has no roof left"
        need = [0, 0, 0, 0]
        need[c] += 1
        for t in nb:
            need[self.fl[t][-1]] += 1
        st = self.stock[p]
        short = [f"{need[k]} {COLOURS[k]} (has {st[k]})" for k in range(4) if need[k] > st[k]]
        if short:
            return f"U3.4: building on {a.site} costs {self._cost_text(need)}; {self._who(p)} lacks {', '.join(short)}"
        return None

    @staticmethod
    def _cost_text(need) -> str:
        return ", ".join(f"{need[k]} {COLOURS[k]}" for k in range(4) if need[k])

    # ---------------------------------------------------------------- applying
    def apply(self, answer: Any, checked: bool = False, seat: int | None = None) -> list:
        if not checked:
            why = self.check(answer, seat)
            if why is not None:
                raise IllegalAnswer(why)
        self.legal = None
        out: list = []
        t = type(answer)
        if t is Take:
            self._take(answer, out)
        elif t is Build:
            self._build(answer, out)
        elif t is Deal:
            self._deal(answer.card, out)
        elif t is Discard:
            self._discard(answer.counts, out)
        elif t is StartSite:
            self._start_site(answer.site, out)
        elif t is StartFloors:
            self._start_floors(answer.counts, out)
        else:
            raise IllegalAnswer(f"U3.1: not an answer of Tower Up: {answer!r}")
        return out

    # -- chance and set-up
    def _refill(self, out: list) -> None:
        """U3.1, UG3.1: the market refills from the deck (reshuffled from the discards when empty);
        with no card left anywhere it shrinks. Sets the deal phase when a card is to be dealt."""
        if len(self.market) >= MARKET:
            return
        if not self.deck and self.discards:
            self.deck = sorted(self.discards)
            self.discards = []
            self.stacked = False
            out.append(_new(ev.DeckReshuffled, (len(self.deck),)))
        if self.deck:
            self.phase = DEAL_P
        else:
            out.append(_new(ev.MarketShrank, (len(self.market),)))

    def _deal(self, card: str, out: list) -> None:
        self.deck.remove(card)
        self.market.append(card)
        out.append(_new(ev.CardDealt, (card,)))
        self.phase = "?"
        self._refill(out)
        if self.phase == DEAL_P:
            return
        if self.setup == "game":
            self._after_deals(out)
        elif self.setup == "position":
            self.setup = ""
            self._start_turn(self.to_move, False, out)
        else:
            self._after_take(out)

    def _after_deals(self, out: list) -> None:
        """Set-up once the market is dealt: its cards' first floors (UG2.1), then the chosen floors."""
        self.setup_sites = [self.rules.cards[c].bottom for c in self.market]
        self._next_start_site(out)

    def _next_start_site(self, out: list) -> None:
        while self.setup_sites:
            col = self.setup_sites[0]
            if self.supply[col] > 0 and self._start_candidates(col):
                self.phase = SITES_P
                return
            out.append(ev.StartSiteMissing(COLOURS[col]))          # E3
            self.setup_sites.pop(0)
        self._next_start_floors(out)

    def _start_site(self, site: str, out: list) -> None:
        s = self.rules.city.index[site]
        col = self.setup_sites.pop(0)
        self.supply[col] -= 1
        self.fl[s] = [col]
        self.rf[s] = [-1]
        self._tower_added(s)
        out.append(ev.StartFloorPlaced(site, COLOURS[col]))
        self._next_start_site(out)

    def _next_start_floors(self, out: list) -> None:
        while self.setup_floors:
            k = self.setup_floors[0][1]
            if sum(min(k, x) for x in self.supply) >= k:
                self.phase = FLOORS_P
                return
            self.setup_floors.pop(0)                                # E3: the supply cannot give them
        self.setup = ""
        self._start_turn(self.to_move, False, out)

    def _start_floors(self, counts: tuple[int, int, int, int], out: list) -> None:
        p = self.setup_floors.pop(0)[0]
        got: list[str] = []
        for c in range(4):
            self.supply[c] -= counts[c]
            self.stock[p][c] += counts[c]
            got += [COLOURS[c]] * counts[c]
        out.append(ev.StartingFloors(p, tuple(got), True))
        self._next_start_floors(out)

    # -- turns
    def _can_act(self, p: int) -> bool:
        return bool(self.market) or self._can_build(p)

    def _start_turn(self, p: int, extra: bool, out: list) -> None:
        """Begin seat p's turn (an extra one when ``extra``); passes turns nobody can play (E10)."""
        while True:
            self.to_move = p
            self.phase = TURN_P
            self.extra = extra
            self.chain = self.chain + 1 if extra else 0
            out.append(_new(ev.TurnStarted, (p, self.turns, extra, self.closing == p and bool(self.ending))))
            if self._can_act(p):
                return
            out.append(_new(ev.TurnPassed, (p,)))
            self.extra = False
            self.passes += 1
            if not self.ending and self.passes >= self.n:
                self._stuck(out)
                return
            nxt = self._turn_over(out)
            if nxt < 0:
                return
            p, extra = nxt, False

    def _take(self, a: Take, out: list) -> None:
        """U3.1, U3.2, UG3.1 (E4): the card's floors in its order, the chosen colours for wilds and
        for missing colours; its vehicle icons as one move (UG4.0); then the refill (E5), but none
        after the game's last turn (E13)."""
        p = self.to_move
        self.passes = 0
        self.extra = False
        self.turns += 1
        card = self.rules.cards[a.card]
        wilds: tuple[str, ...] = a.wilds
        chosen = [COLOUR_INDEX[w] for w in wilds]
        got: list[str] = []
        ran_out = False
        k = 0
        sup, st = self.supply, self.stock[p]
        icons: tuple[int, ...] = card.floors
        for icon in icons:
            if icon != WILD and sup[icon] > 0:
                c = icon
            else:
                if icon != WILD:
                    ran_out = True                                   # U3.2
                if not ((sup[0] > 0 and icon != 0) or (sup[1] > 0 and icon != 1) or (sup[2] > 0 and icon != 2)
                        or (sup[3] > 0 and icon != 3)):
                    if icon != WILD:
                        out.append(ev.ColourRanOut(p, COLOURS[icon], ""))
                    continue                                         # UG3.1: nothing to give
                c = chosen[k]
                k += 1
                if icon != WILD:
                    out.append(ev.ColourRanOut(p, COLOURS[icon], COLOURS[c]))
            sup[c] -= 1
            st[c] += 1
            got.append(COLOURS[c])
        self.market.remove(a.card)
        self.discards.append(a.card)
        out.append(_new(ev.CardTaken, (p, a.card, tuple(got), wilds)))
        vehicles: tuple[int, ...] = card.vehicles
        if vehicles:
            steps = [0, 0, 0, 0]
            for v in vehicles:
                steps[v] += 1
            self._move(p, steps, out)                                # UG4.0: one move
        self._objectives(p, out, False, bool(vehicles))
        if ran_out and not self.ending:
            self._begin_end("supply", p, out)
        self.phase = "?"
        if not self._turn_ends_game():
            self._refill(out)                                        # E13: none after the last turn
        if self.phase != DEAL_P:
            self._after_take(out)

    def _turn_ends_game(self) -> bool:
        """E13: the turn of the seat to move is the game's last (U5.3, UG5.1): final turns under
        way, no extra turn pending, and nobody after him still to play a final turn."""
        p = self.to_move
        if not self.ending or self.extra:
            return False
        rest = self.final_turns
        if self.closing == p and rest and rest[0] == p:
            rest = rest[1:]
        return not rest

    def _after_take(self, out: list) -> None:
        """U3.3 once the market is refilled (E5): down to 10, then the turn ends."""
        if sum(self.stock[self.to_move]) > LIMIT:
            self.phase = DISCARD_P                                   # U3.3
        else:
            self._end_turn(out)

    def _discard(self, counts: tuple[int, int, int, int], out: list) -> None:
        p = self.to_move
        got: list[str] = []
        for c in range(4):
            self.stock[p][c] -= counts[c]
            self.supply[c] += counts[c]
            got += [COLOURS[c]] * counts[c]
        out.append(ev.FloorsDiscarded(p, tuple(got)))
        self._end_turn(out)

    def _build(self, a: Build, out: list) -> None:
        """U3.4, U3.5, UG3.2: the base floor, a floor on each neighbour, the roof, the vehicle; then
        U4.2, UG4.2, and the end triggers U5.1 and UG5.2 (E7)."""
        p = self.to_move
        self.passes = 0
        self.extra = False
        self.turns += 1
        city = self.rules.city
        names = self.tables.names
        s: int = city.index[a.site]
        c = COLOUR_INDEX[a.colour]
        r: int = city.index[a.roof]
        fl, rf, st = self.fl, self.rf, self.stock[p]
        nb = self.near[s]                                            # its neighbour towers (kept)
        cost = [0, 0, 0, 0]
        cost[c] += 1
        st[c] -= 1
        for t in nb:
            col = fl[t][-1]
            st[col] -= 1
            cost[col] += 1
        fl[s] = [c]
        rf[s] = [-1]
        out.append(_new(ev.Built, (p, a.site, a.colour, tuple([names[t] for t in nb]), tuple(cost))))
        for t in nb:                                                 # U3.4: one floor on each neighbour
            ft, rt = fl[t], rf[t]
            if rt[-1] >= 0:
                out.append(_new(ev.RoofCovered, (rt[-1], names[t], p)))
            ft.append(ft[-1])
            rt.append(-1)
        self._tower_added(s)
        rf[r][-1] = p                                                # U3.5
        self.left[p] -= 1
        h = len(fl[r])
        out.append(_new(ev.RoofPlaced, (p, a.roof, h, self.left[p])))
        steps = [0, 0, 0, 0]
        steps[fl[r][-1]] = h
        self._move(p, steps, out)
        self._objectives(p, out, True, True)
        last = self.left[p] == 0
        if not self.ending:
            if last:
                self._begin_end("roof", p, out)                      # U5.1
            elif not self.buildable_site_exists():
                self._begin_end("city", p, out)                      # UG5.2
                last = True
        if last and self.extra and not self.opts["extra_turn_on_last_roof"]:
            self.extra = False                                       # UG4.1, UG5.2 (E7)
            out.append(ev.ExtraTurnLost(p, "last_roof" if self.left[p] == 0 else "city"))
        self._end_turn(out)

    def _move(self, p: int, steps: list[int], out: list) -> None:
        """Move p's vehicles (U3.1, U3.5) as one move (UG4.0); U4.1 at the end of the track; U4.2
        an extra turn when all four reach a star column they had not all reached."""
        v = self.veh[p]
        before = min(v)
        for c in range(4):
            n = steps[c]
            if n:
                start = v[c]
                end = min(TOP, start + n)
                v[c] = end
                out.append(_new(ev.VehicleMoved, (p, COLOURS[c], start, end, start + n - end)))
        after = min(v)
        if after == before:
            return
        passed = -1
        for star in self.rules.tracks.stars:
            if before < star <= after:
                passed = star                                        # the highest one passed
        if passed >= 0:
            self.extra = True
            out.append(_new(ev.ExtraTurnEarned, (p, passed, self.chain + 1)))

    def _objectives(self, active: int, out: list, roofs: bool, vehicles: bool) -> None:
        """UG4.2: every player, the active one first and then clockwise; U4.3 the highest chip left,
        one a player an objective. A player who has scored takes no more (E6).

        E12: after the first check, only the active player can newly meet an objective (a
        tower's colour never changes and nobody's action adds to another's roofs or vehicles), and
        only through what his action changed: ``roofs`` (a build: his roofs, and the towers under
        them) or ``vehicles`` (his vehicles moved). An objective that reads neither is not
        measured again: it is as it was at his last check, when it was not met."""
        if not self.objectives:
            return
        cat = self.rules.objectives
        first = not self.checked
        seats = self.n if first else 1
        self.checked = True
        for i in range(seats):
            q = (active + i) % self.n
            if self.final[q] is not None:
                continue
            mine = self.chips[q]
            for j, oid in enumerate(self.objectives):
                if not self.chips_left[j] or any(x[0] == oid for x in mine):
                    continue
                obj = cat[oid]
                if not first and not (vehicles if obj.primitive == VEHICLES else roofs):
                    continue
                if objective_met(obj, self, q):
                    chip = self.chips_left[j].pop(0)
                    mine.append([oid, chip])
                    out.append(_new(ev.ObjectiveMet, (q, oid, chip)))

    def buildable_site_exists(self) -> bool:
        """UG5.2: an empty site next to a tower whose neighbours do not show all four colours."""
        return bool(self.cands)

    def buildable_site_exists_from_scratch(self) -> bool:
        fl, adj = self.fl, self.rules.city.adj
        for s in range(len(fl)):
            if fl[s]:
                continue
            cols = 0
            near = False
            for t in adj[s]:
                if fl[t]:
                    near = True
                    cols |= 1 << fl[t][-1]
            if near and cols != 15:
                return True
        return False

    def _begin_end(self, reason: str, p: int, out: list) -> None:
        """U5.1, U5.2, UG5.2; UG5.1: final turns from the next player clockwise."""
        self.ending = reason
        self.trigger = p
        others = [(p + i) % self.n for i in range(1, self.n)]
        if reason == "supply":
            self.final_turns = others + [p]
        else:
            self.final_turns = others
            self.closing = p
        out.append(ev.EndBegun(p, reason, tuple(self.final_turns)))

    def _end_turn(self, out: list) -> None:
        if self.extra:
            self._start_turn(self.to_move, True, out)
            return
        nxt = self._turn_over(out)
        if nxt >= 0:
            self._start_turn(nxt, False, out)

    def _turn_over(self, out: list) -> int:
        """The end of the turn of the seat to move (no extra turn pending): U5.3 he scores if it was
        his final turn; the next seat to play, or -1 once the game is over."""
        p = self.to_move
        if self.closing == p and self.ending:
            self._score(p, out)
            self.closing = -1
            if self.final_turns and self.final_turns[0] == p:
                self.final_turns.pop(0)
        if self.ending:
            if not self.final_turns:
                self._game_over(out)
                return -1
            nxt = self.final_turns[0]
            self.closing = nxt
            if not self.finals_begun:
                self.finals_begun = True
                out.append(ev.FinalTurnsBegin(tuple(self.final_turns)))
            return nxt
        return (p + 1) % self.n

    def _stuck(self, out: list) -> None:
        """E10: nobody can play: everyone who has not scored scores now and the game ends."""
        self.ending = "stuck"
        for i in range(self.n):
            q = (self.to_move + i) % self.n
            if self.final[q] is None:
                self._score(q, out)
        self.final_turns = []
        self._game_over(out)

    def score_now(self, p: int) -> list[int]:
        """U5.3 as it would be now: [total, vehicles, cone points, chips, visible roofs]."""
        vals: tuple[int, ...] = self.rules.tracks.values
        visible = 0
        for owners in self.rf:
            if owners and owners[-1] == p:
                visible += 1
        v = self.veh[p]
        vehicles = vals[v[0]] + vals[v[1]] + vals[v[2]] + vals[v[3]]
        cone = vals[min(visible, TOP)]
        chips = 0
        for x in self.chips[p]:
            chips += x[1]
        return [vehicles + cone + chips, vehicles, cone, chips, visible]

    def _score(self, p: int, out: list) -> None:
        parts = self.score_now(p)
        self.final[p] = parts
        out.append(ev.Scored(p, parts[0], parts[1], parts[2], parts[3], parts[4]))

    def _game_over(self, out: list) -> None:
        self.phase = OVER_P
        self.reason = self.ending or "over"
        self.final_turns = []
        res = self.result()
        out.append(ev.GameEnded(self.reason, res.ranking, res.scores))

    # ---------------------------------------------------------------- reading it
    def scores(self) -> list[int]:
        out: list[int] = []
        for p in range(self.n):
            f = self.final[p]
            out.append(f[0] if f is not None else self.score_now(p)[0])
        return out

    def score_parts(self, p: int) -> list[int]:
        """[total, vehicles, cone, chips, visible]: the final ones once he has scored."""
        f = self.final[p]
        return list(f) if f is not None else self.score_now(p)

    def result(self) -> Result:
        s = self.scores()
        return Result(rank_by_score(s), tuple(s), self.reason or "not over")     # U5.4: tied leaders share

    def visible_roofs(self, p: int) -> list[int]:
        return [s for s, owners in enumerate(self.rf) if owners and owners[-1] == p]

    def tower_colour(self, s: int) -> int:
        """UG3.2: a tower's colour is its top floor's (-1 for an empty site)."""
        return self.fl[s][-1] if self.fl[s] else -1

    # ---------------------------------------------------------------- copies, views, JSON
    def copy(self) -> "TowerUpMatch":
        m = TowerUpMatch()
        m.rules = self.rules
        m.tables = self.tables
        m.names = self.names
        m.n = self.n
        m.opts = self.opts
        m.fl = [f[:] for f in self.fl]
        m.rf = [r[:] for r in self.rf]
        m.stock = [s[:] for s in self.stock]
        m.left = self.left[:]
        m.veh = [v[:] for v in self.veh]
        m.supply = self.supply[:]
        m.market = self.market[:]
        m.deck = self.deck[:]
        m.discards = self.discards[:]
        m.stacked = self.stacked
        m.objectives = self.objectives
        m.chips_left = [c[:] for c in self.chips_left]
        m.chips = [[x[:] for x in c] for c in self.chips]
        m.phase = self.phase
        m.to_move = self.to_move
        m.extra = self.extra
        m.chain = self.chain
        m.ending = self.ending
        m.trigger = self.trigger
        m.final_turns = self.final_turns[:]
        m.closing = self.closing
        m.finals_begun = self.finals_begun
        m.final = [f[:] if f is not None else None for f in self.final]
        m.turns = self.turns
        m.passes = self.passes
        m.rng = Rng(0)
        m.rng.state = self.rng.state
        m.reason = self.reason
        m.setup_sites = self.setup_sites[:]
        m.setup_floors = [x[:] for x in self.setup_floors]
        m.setup = self.setup
        m.checked = self.checked
        # what follows from the state: immutable items, so a shallow copy of each list
        m.near = self.near[:]
        m.need = self.need[:]
        m.mask = self.mask[:]
        m.cands = self.cands[:]
        m.bopts = self.bopts[:]
        m.legal = None
        return m

    def view(self, seat: int) -> "TowerUpMatch":
        """What ``seat`` may know: everything but the order of a stacked deck and the RNG (E2).
        Stock, roofs, tracks and chips are public in Tower Up; there is no simultaneous point."""
        v = self.copy()
        v.deck.sort()
        v.stacked = False
        v.rng.state = 0
        return v

    def to_json(self) -> dict:
        return {
            "game": "towerup", "version": 1, "data": json.loads(self.rules.spec_json), "names": list(self.names),
            "options": dict(self.opts), "floors": [f[:] for f in self.fl], "roofs": [r[:] for r in self.rf],
            "stock": [s[:] for s in self.stock], "roofs_left": self.left[:], "vehicles": [v[:] for v in self.veh],
            "supply": self.supply[:], "market": self.market[:], "deck": self.deck[:], "discards": self.discards[:],
            "stacked": self.stacked, "objectives": list(self.objectives),
            "chips_left": [c[:] for c in self.chips_left], "chips": [[x[:] for x in c] for c in self.chips],
            "phase": self.phase, "to_move": self.to_move, "extra": self.extra, "chain": self.chain,
            "ending": self.ending, "trigger": self.trigger, "final_turns": self.final_turns[:],
            "closing": self.closing, "finals_begun": self.finals_begun,
            "final": [f[:] if f is not None else None for f in self.final], "turns": self.turns,
            "passes": self.passes, "rng": self.rng.state, "reason": self.reason,
            "setup_sites": self.setup_sites[:], "setup_floors": [x[:] for x in self.setup_floors],
            "setup": self.setup, "checked": self.checked,
        }

    @classmethod
    def from_json(cls, rules: Rules, d: dict) -> "TowerUpMatch":
        m = cls.blank(rules, d["names"], d["options"], 0)
        m.fl = [list(f) for f in d["floors"]]
        m.rf = [list(r) for r in d["roofs"]]
        m.stock = [list(s) for s in d["stock"]]
        m.left = list(d["roofs_left"])
        m.veh = [list(v) for v in d["vehicles"]]
        m.supply = list(d["supply"])
        m.market = list(d["market"])
        m.deck = list(d["deck"])
        m.discards = list(d["discards"])
        m.stacked = bool(d["stacked"])
        m.objectives = list(d["objectives"])
        m.chips_left = [list(c) for c in d["chips_left"]]
        m.chips = [[list(x) for x in c] for c in d["chips"]]
        m.phase = d["phase"]
        m.to_move = d["to_move"]
        m.extra = d["extra"]
        m.chain = d["chain"]
        m.ending = d["ending"]
        m.trigger = d["trigger"]
        m.closing = d["closing"]
        m.finals_begun = d["finals_begun"]
        m.turns = d["turns"]
        m.passes = d["passes"]
        m.reason = d["reason"]
        m.setup = d["setup"]
        m.checked = bool(d.get("checked", False))
        m.final_turns = list(d["final_turns"])
        m.final = [list(f) if f is not None else None for f in d["final"]]
        m.rng.state = d["rng"]
        m.setup_sites = list(d["setup_sites"])
        m.setup_floors = [list(x) for x in d["setup_floors"]]
        m.derive()
        return m

    def canonical_json_from_scratch(self) -> str:
        """The canonical JSON of ``to_json`` as the json module writes it (``canonical_json``
        writes the same text faster; the tests compare them)."""
        return json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)

    def canonical_json(self) -> str:
        """``to_json`` as canonical JSON (keys sorted, no spaces, ASCII): ``canonical_json_pieces``
        in the compiled build, the json module's C encoder (``canonical_json_from_scratch``) in
        pure Python; the same text either way."""
        return self.canonical_json_pieces() if NATIVE else self.canonical_json_from_scratch()

    def canonical_json_pieces(self) -> str:
        """The canonical JSON written out piece by piece, without making the dict first: the
        same text as ``canonical_json_from_scratch`` (the tests compare them). The keys come in
        sorted order."""
        t = self.tables
        out: list[str] = ['{"chain":', str(self.chain), ',"checked":', _bool(self.checked), ',"chips":[']
        for i, c in enumerate(self.chips):
            if i:
                out.append(",")
            out.append("[")
            for j, x in enumerate(c):
                o = x[0]
                out.append(",[" if j else "[")
                out.append("null" if o is None else _str(o))
                out.append(",")
                out.append(str(x[1]))
                out.append("]")
            out.append("]")
        out.append('],"chips_left":')
        _put_rows(out, self.chips_left)
        out += [',"closing":', str(self.closing), ',"data":',
                t.data_json if t.rules is self.rules else _ENCODE(json.loads(self.rules.spec_json)), ',"deck":']
        _put_strs(out, self.deck)
        out.append(',"discards":')
        _put_strs(out, self.discards)
        out += [',"ending":', _str(self.ending), ',"extra":', _bool(self.extra), ',"final":[']
        for i, f in enumerate(self.final):
            if i:
                out.append(",")
            if f is None:
                out.append("null")
            else:
                _put_ints(out, f)
        out.append('],"final_turns":')
        _put_ints(out, self.final_turns)
        out += [',"finals_begun":', _bool(self.finals_begun), ',"floors":']
        _put_rows(out, self.fl)
        out.append(',"game":"towerup","market":')
        _put_strs(out, self.market)
        out.append(',"names":')
        _put_strs(out, self.names)
        out.append(',"objectives":')
        _put_strs(out, self.objectives)
        out += [',"options":', _ENCODE(self.opts), ',"passes":', str(self.passes), ',"phase":', _str(self.phase),
                ',"reason":', _str(self.reason), ',"rng":', str(self.rng.state), ',"roofs":']
        _put_rows(out, self.rf)
        out.append(',"roofs_left":')
        _put_ints(out, self.left)
        out += [',"setup":', _str(self.setup), ',"setup_floors":']
        _put_rows(out, self.setup_floors)
        out.append(',"setup_sites":')
        _put_ints(out, self.setup_sites)
        out += [',"stacked":', _bool(self.stacked), ',"stock":']
        _put_rows(out, self.stock)
        out.append(',"supply":')
        _put_ints(out, self.supply)
        out += [',"to_move":', str(self.to_move), ',"trigger":', str(self.trigger), ',"turns":', str(self.turns),
                ',"vehicles":']
        _put_rows(out, self.veh)
        out.append(',"version":1}')
        return "".join(out)

    def fingerprint(self) -> str:
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()


# ---------------------------------------------------------------------------- small helpers
def _around(fl: list[list[int]], adj_x: tuple[int, ...]) -> tuple[tuple[int, ...], tuple[int, int, int, int], int]:
    """An empty site's neighbour towers (in city order), how many show each colour, and those
    colours as bits."""
    nb: list[int] = []
    n0 = n1 = n2 = n3 = 0
    bits = 0
    for t in adj_x:
        f = fl[t]
        if f:
            nb.append(t)
            c = f[-1]
            bits |= 1 << c
            if c == 0:
                n0 += 1
            elif c == 1:
                n1 += 1
            elif c == 2:
                n2 += 1
            else:
                n3 += 1
    return tuple(nb), (n0, n1, n2, n3), bits


# The canonical JSON's pieces, as json.dumps writes them (ASCII, no spaces), put on a list of str.
_INT_TEXT: Final[list[str]] = [str(i) for i in range(-2, 256)]      # the ints a state is mostly made of
_STR_TEXT: Final[dict[str, str]] = {}     # str -> its JSON text: card ids, names and words recur


def _int(x: int) -> str:
    return _INT_TEXT[x + 2] if -2 <= x < 254 else str(x)


def _bool(b: bool) -> str:
    return "true" if b else "false"


def _str(x: str) -> str:
    t = _STR_TEXT.get(x)
    if t is None:
        t = _json_str(x)
        if len(_STR_TEXT) < 10_000:
            _STR_TEXT[x] = t
    return t


def _put_ints(out: list[str], xs: list[int]) -> None:
    if not xs:
        out.append("[]")
        return
    out.append("[")
    out.append(_int(xs[0]))
    for i in range(1, len(xs)):
        out.append(",")
        out.append(_int(xs[i]))
    out.append("]")


def _put_rows(out: list[str], rows: list[list[int]]) -> None:
    out.append("[")
    for i, r in enumerate(rows):
        if i:
            out.append(",")
        _put_ints(out, r)
    out.append("]")


def _put_strs(out: list[str], xs: list[str]) -> None:
    out.append("[")
    for i, x in enumerate(xs):
        if i:
            out.append(",")
        out.append(_str(x))
    out.append("]")


__all__ = ["TowerUpMatch", "LIMIT", "MARKET", "TOP", "Tables", "tables_for", "wild_choices_from_scratch"]
