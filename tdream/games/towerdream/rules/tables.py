"""What follows from a ruleset and a board alone, for the engine (``game.Game.tables``): one typed,
frozen value a pair, made at its first game and shared by every game on it and its copies.

A NamedTuple: the compiled engine reads its fields as a tuple's items, natively, though this
module is not compiled (it runs once a board).
"""
from __future__ import annotations

from typing import Final, NamedTuple

from . import events as ev
from .answers import (
    DECISIONS, Build, Claim, ForcedSale, FreeFloors, JackpotLand, Place, Roll, StartCompany, Survivor,
)
from .board import Board
from ....platform.protocol import Awaiting
from .ruleset import PILES, Card, Ruleset

_new: Final = tuple.__new__     # an event with every field given: skips a NamedTuple's Python __new__


_AWAITING: Final[dict[tuple[str, int], Awaiting]] = {}   # (phase, player) -> its Awaiting (a pure cache)


def awaiting_of(phase: str, player: int) -> Awaiting:
    """The input point of a phase and player: made once a program (the Tables keep each seat's,
    by phase), as the constructor of a NamedTuple runs Python."""
    key = (phase, player)
    aw = _AWAITING.get(key)
    if aw is None:
        if phase in ("roll", "draw", "slot"):
            aw = Awaiting(phase, -1, (), ())
        else:
            aw = Awaiting(phase, player, (player,), ())
        _AWAITING[key] = aw
    return aw




class Tables(NamedTuple):
    """What follows from a ruleset and a board alone: look-ups, and the answers and events a game
    makes from a Land, a space or a seat (making one and freeing it again costs more than most rule
    steps), for games of up to ``seats`` seats. Made once a pair (``tables_for``), shared by every
    game on it and its copies, never changed."""

    ruleset: Ruleset
    board: Board
    seats: int                              # the events' seats
    sell_offer: tuple[int, int]             # R3.1: (most Floors, percent)
    build_limit: int
    die_sides: int
    land_count: int
    road: int
    max_floors: int
    unabsorbable: int
    pile_cards: dict[str, tuple[str, ...]]
    prices: list[tuple[int, ...]]           # by Company, by Level
    company_ids: list[str]
    company_index: dict[str, int]
    land_index: dict[str, int]
    names: tuple[str, ...]                  # the Lands' names (G1.1)
    adj: tuple[tuple[int, ...], ...]
    kinds: list[str]                        # by Road space
    lines: list[tuple[int, ...]]            # by Road space
    passes: list[list[tuple[int, int]]]     # by start: [(distance, space)] of the Start and Jackpot spaces ahead
    cards: dict[str, Card]
    fee_rates: list[int]                    # by Floors, 0-99 (R6.3)
    place: list[Place]                      # the answers, by Land, Level or die face
    claim: list[Claim]
    build: list[list[Build]]
    roll: list[Roll]
    jackpot: list[JackpotLand]
    forced: list[ForcedSale]
    floors: list[FreeFloors]
    start: list[StartCompany]
    survivor: list[Survivor]
    awaits: list[dict[str, Awaiting]]       # by seat: its input point in each phase that awaits one
    rolled: list[list[ev.DiceRolled]]       # the events, by seat, then by die face, space or Land
    moved: list[list[list[ev.Moved]]]
    passed: list[list[ev.Passed]]
    landed: list[list[ev.Landed]]
    placed: list[list[ev.LandmarkPlaced]]


_TABLES: Final[dict[tuple[int, int], Tables]] = {}   # (ruleset, board) by identity -> its Tables


def tables_for(rs: Ruleset, b: Board, seats: int) -> Tables:
    """The Tables of a ruleset and a board, by identity (made at first use; kept, up to 64 pairs)."""
    key = (id(rs), id(b))
    t = _TABLES.get(key)
    if t is None or t.ruleset is not rs or t.board is not b or t.seats < seats:
        if len(_TABLES) > 64:            # pairs made and dropped (tests): start again
            _TABLES.clear()
        t = _TABLES[key] = _make_tables(rs, b, max(seats, 4))
    return t


def _make_tables(rs: Ruleset, b: Board, seats: int) -> Tables:
    names = b.land_names
    kinds = [s.kind for s in b.spaces]
    road = len(kinds)
    sides = rs.die_sides
    phases = ("roll", "draw", "slot") + DECISIONS
    return Tables(
        ruleset=rs, board=b, seats=seats,
        sell_offer=(rs.sell_limit, rs.sell_percent), build_limit=rs.build_limit, die_sides=sides,
        land_count=b.land_count, road=road, max_floors=rs.max_floors, unabsorbable=rs.unabsorbable_level,
        pile_cards={p: tuple(rs.pile_cards(p)) for p in PILES},
        prices=[c.prices for c in rs.companies],
        company_ids=[c.id for c in rs.companies],
        company_index={c.id: i for i, c in enumerate(rs.companies)},
        land_index={n: i for i, n in enumerate(names)},
        names=names, adj=b.adjacent, kinds=kinds, lines=[s.line for s in b.spaces],
        passes=[[(k, (s + k) % road) for k in range(1, road + 1) if kinds[(s + k) % road] in ("start", "jackpot")]
                for s in range(road)],
        cards={c.id: c for c in rs.cards},
        fee_rates=[rs.fee_grand_tower if f >= rs.grand_tower_floors else rs.fee_tower
                   if f >= rs.tower_floors else rs.fee_base for f in range(100)],
        place=[Place(n) for n in names],
        claim=[Claim(n) for n in names],
        build=[[Build(n, k) for k in range(rs.build_limit + 1)] for n in names],
        roll=[Roll(v) for v in range(sides + 1)],
        jackpot=[JackpotLand(n) for n in names],
        forced=[ForcedSale(n) for n in names],
        floors=[FreeFloors(n) for n in names],
        start=[StartCompany(c.id) for c in rs.companies],
        survivor=[Survivor(c.id) for c in rs.companies],
        awaits=[{ph: awaiting_of(ph, p) for ph in phases} for p in range(seats)],
        rolled=[[_new(ev.DiceRolled, (p, v)) for v in range(sides + 1)] for p in range(seats)],
        moved=[[[_new(ev.Moved, (p, s, (s + d) % road, d)) for d in range(sides + 1)] for s in range(road)]
               for p in range(seats)],
        passed=[[_new(ev.Passed, (p, s, kinds[s])) for s in range(road)] for p in range(seats)],
        landed=[[_new(ev.Landed, (p, s, kinds[s])) for s in range(road)] for p in range(seats)],
        placed=[[_new(ev.LandmarkPlaced, (p, n)) for n in names] for p in range(seats)],
    )
