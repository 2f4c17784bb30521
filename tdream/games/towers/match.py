"""A match of Towers 2.00 (docs/RULES-towers.md): a pure, deterministic state machine.

The state is plain JSON data (``to_json``): the board as two flat lists (``owner``: a seat or -1,
``size``: 0-9, indexed row by row from ``a1``), each seat's double turns left, the phase and the
seat it waits for, the secret picks given so far, the turn bookkeeping (extra turns waiting, the
declarations of this turn, the demolition of this turn and the square it vacated (TG7.3), who
has passed since the last tower was placed or demolished (TG6.1)), whether territory is counted
yet (TG4.2) and the RNG's state. Nothing else: claims are recomputed from the board.

Input points (``awaiting``):

- ``pick`` (T2.1, TG2.1): both seats at once (``seats=(0, 1)``), each ``Pick(1-9)``; equal picks
  are picked again. With ``first_player: random`` and with 3-4 players the first player is drawn
  from the seeded RNG when the match is set up, and there is no ``pick``.
- ``place`` (TG3.3): the acting seat answers with ``Place``, ``Pass``, ``Declare`` or (options
  ``demolish: advanced|war``) ``Demolish`` (once a turn; the point then asks again); every other
  seat that may declare is in ``others`` and may answer ``Declare`` out of turn (TG5.1).
- ``end`` (TG6.1, TG7.2): after a pass, the next seat in turn order answers ``End(yes|no)``,
  unless that pass completes a round of passes (every seat has passed since the last tower was
  placed or demolished): then the game ends at once and nobody is asked.

``legal_answers(seat)`` order: at ``pick`` the sizes 1-9; at ``place`` for the acting seat every
placement by square (``a1, b1, ..., a2, ...``) then size (1 up), then every demolition by square,
then ``Declare`` (when legal), then ``Pass``; for another seat ``[Declare]`` or nothing; at
``end`` yes then no.

``check`` returns None or a reason starting with the rule it breaks; ``apply`` raises
``IllegalAnswer`` with that reason and leaves the match unchanged.

Front-end queries (pure; docs/games/towers.md): ``largest_size``, ``territory``, ``placements``,
``walled_in``, ``wall_threats(seat) -> [(square, enemy)]`` and ``double_threats(seat) ->
[(first, second, enemy)]`` (TG4.3's warnings: one more enemy tower, or two from an enemy's double
turn), ``demolition(square, seat) -> DemolitionPreview(allowed, reason, falls, walls_in,
warning)`` (T7.1, T7.2; ``walls_in``: walled in after that turn, TG7.3/TG4.3, ``warning`` one
line), ``declare_status(seat) -> DeclareStatus(left, tall, reason)`` (the status page: double
turns left, T5.2 met, why not now), ``can_declare``, ``double_turns_left``, ``pass_ends(seat)``
(TG6.1: his pass now ends the game), ``vacated_for(seat)`` (TG7.3) and ``turns_ahead``.

What the board implies (each seat's support table, the claims, the squares each seat may place
on, each seat's tallest tower, the empty squares) is worked out when first asked and kept with
the position (``Derived``), shared by the match and its copies and views while they stand
there: a placement makes the next one from it (the support tables brought up to date around the
square built on, ``board.raise_support``), any other change of the board a fresh one. The
legal answers and the input point are kept until the next answer. None of it is state: it is
never serialized, and the tests hold it equal to the from-scratch functions after every move.

Compiled with mypyc (``tdream native``; ``Towers.program.native_modules``): the class is a native one
(no attributes added at run time, no subclasses), its lists ``list[int]``.
"""
from __future__ import annotations

import hashlib
import json
from typing import Any, Final, NamedTuple

from ...buildattrs import mypyc_attr
from ...errors import IllegalAnswer
from ...platform.protocol import Awaiting, Result, rank_by_score
from ...rng import Rng
from . import board as bd
from . import events as ev
from .answers import DECLARE, END_NO, END_YES, PASS, PICKS, Declare, Demolish, End, Pass, Pick, Place
from .data import rules


STATE_VERSION: Final = 2       # 2: issue 22's rulings (``passed`` for TG6.1, ``vacated`` for TG7.3)
GAME_ID: Final = "towers"
PICK_PHASE: Final = "pick"
PLACE_PHASE: Final = "place"
END_PHASE: Final = "end"
OVER: Final = "over"
HIDDEN: Final = 0              # a pick another seat has given, as a view shows it
EMPTY: Final = -1              # board.EMPTY (a Final of this module: the build reads it as a constant)

# Events and answers are NamedTuples; the hot paths make them with tuple.__new__ (all fields
# given, in order), which skips the generated Python __new__ of each class: the same tuples.
_new: Final = tuple.__new__


@mypyc_attr(native_class=False)     # a tuple with named fields: a plain Python class in the build
class DemolitionPreview(tuple):
    """What demolishing a tower would do (front-end query): ``allowed``, ``reason`` (None when
    allowed), ``falls`` (the other towers that would fall, war; or that would be left
    unsupported, advanced), by square name in falling order; ``walls_in``: the demolisher would
    be walled in after that turn (TG7.3, TG4.3) unless a tower of his then stands on the vacated
    square (or whatever he builds), and ``warning``, one line saying which (None when not)."""

    __slots__ = ()

    def __new__(cls, allowed: bool, reason: str | None, falls: tuple[str, ...], walls_in: bool = False,
                warning: str | None = None):
        return tuple.__new__(cls, (allowed, reason, falls, walls_in, warning))

    allowed = property(lambda self: self[0])
    reason = property(lambda self: self[1])
    falls = property(lambda self: self[2])
    walls_in = property(lambda self: self[3])
    warning = property(lambda self: self[4])


class DeclareStatus(NamedTuple):
    """A seat's double turns (front-end query, the status page): ``left`` (T5.1), ``tall``: he has
    a tower of size 3 or more (T5.2), ``reason``: why he may not declare now (T5.1, T5.2; TG5.1
    between turns), None when he may."""

    left: int
    tall: bool
    reason: str | None


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Derived:
    """What one position's board (``owner``, ``size``, ``counting``) implies, each part worked
    out when first asked (None until then): every seat's ``board.support_table`` (``tables``),
    the claims (``board.claims``) with the squares each seat may place on (``room``,
    ``board.room``), each seat's tallest tower (``tall``, T5.2) and the empty squares
    (``empties``, always known). Shared by the copies and views at that position; a change of
    the board makes another (``placed``, ``recounted``), never changes this one."""

    __slots__ = ("tables", "claims", "room", "tall", "empties")

    def __init__(self, empties: int) -> None:
        self.tables: list[list[int]] | None = None
        self.claims: list[int] | None = None
        self.room: list[int] | None = None
        self.tall: list[int] | None = None
        self.empties = empties

    def placed(self, geo: bd.Geometry, owner: list[int], size: list[int], sq: int, p: int, s: int) -> "Derived":
        """The next position's, after ``p`` placed a size-``s`` tower at ``sq`` (``owner`` and
        ``size`` show it already): the support tables and the tallest towers carried over and
        brought up to date; the claims worked out again when asked."""
        d = Derived(self.empties - 1)
        if self.tables is not None:
            tables = [t[:] for t in self.tables]
            bd.raise_support(geo, owner, size, tables, None, sq, s)
            d.tables = tables
        if self.tall is not None:
            tall = self.tall[:]
            if s > tall[p]:
                tall[p] = s
            d.tall = tall
        return d

    def recounted(self) -> "Derived":
        """The same board's once territory counts (TG4.2): the claims worked out again."""
        d = Derived(self.empties)
        d.tables = self.tables
        d.tall = self.tall
        return d


_PLACES: Final[dict[int, list[tuple[Place, ...]]]] = {}


def _places(geo: bd.Geometry) -> list[tuple[Place, ...]]:
    """Every placement of a board, made once: ``_places(geo)[square][s - 1]`` is ``Place(name, s)``."""
    rows = _PLACES.get(geo.n)
    if rows is None:
        rows = _PLACES[geo.n] = [tuple(Place(name, s) for s in range(1, bd.MAX_SIZE + 1)) for name in geo.names]
    return rows


class TowersMatch:
    """One game of Towers in progress (the protocol's match API)."""

    # the state (``to_json``)
    names: list[str]
    options: dict[str, Any]
    n: int                          # the board's side
    players: int
    geo: bd.Geometry
    owner: list[int]                # a seat per square, EMPTY
    size: list[int]                 # 0 for an empty square
    doubles: list[int]              # double turns left (T5.1)
    placed: list[int]               # towers placed so far (his first tower: comments)
    phase: str
    player: int
    picks: list[int | None]         # the secret picks given so far (HIDDEN in a view)
    pick_rounds: int
    turn: int                       # the current turn's number (1 = the first)
    turns_done: int
    extra: bool
    normal: int                     # the seat of the last ordinary turn
    pending: list[int]              # extra turns waiting, in order (T5.1)
    declared: list[int]             # declarations of this turn, in order
    demolished: bool
    vacated: int                    # the square demolished this turn (TG7.3), -1: none
    passed: list[bool]              # who has passed since the last tower placed or demolished (TG6.1)
    passer: int                     # the seat who passed (at ``end``)
    counting: bool                  # territory counts (TG4.2)
    rng: Rng
    over_reason: str
    sealed: bool                    # a view: hidden parts removed
    # not state: the rules' numbers and what the position implies (module docstring)
    enclosed: bool                  # claim_mode enclosed
    need: int                       # T5.2's size
    _d: Derived
    _legal: dict[int, tuple]        # the legal answers of this input point, by seat
    _aw: Awaiting | None            # this input point
    _fixed: tuple[str, str] | None  # the names and options as JSON (canonical_json)

    def __init__(self, names: list[str], options: dict[str, Any], seed: int = 0,
                 source: "TowersMatch | None" = None) -> None:
        """A match before its set-up (``new``, ``from_position``, ``from_json`` set it up); with
        ``source``, a copy of that match (``copy``): its lists copied, its names, options and
        what its position implies shared (none of them is ever changed in place)."""
        if source is not None:
            self.names = source.names
            self.options = source.options
            self.n = source.n
            self.players = source.players
            self.geo = source.geo
            self.owner = source.owner[:]
            self.size = source.size[:]
            self.doubles = source.doubles[:]
            self.placed = source.placed[:]
            self.phase = source.phase
            self.player = source.player
            self.picks = source.picks[:]
            self.pick_rounds = source.pick_rounds
            self.turn = source.turn
            self.turns_done = source.turns_done
            self.extra = source.extra
            self.normal = source.normal
            self.pending = source.pending[:]
            self.declared = source.declared[:]
            self.demolished = source.demolished
            self.vacated = source.vacated
            self.passed = source.passed[:]
            self.passer = source.passer
            self.counting = source.counting
            self.rng = Rng(0)
            self.rng.state = source.rng.state
            self.over_reason = source.over_reason
            self.sealed = source.sealed
            self.enclosed = source.enclosed
            self.need = source.need
            self._d = source._d
            self._legal = {}
            self._aw = None
            self._fixed = source._fixed
            return
        self.names = list(names)
        self.options = dict(options)
        self.n = int(options["size"])
        self.players = len(self.names)
        self.geo = bd.geometry(self.n)
        self.owner = [EMPTY] * self.geo.cells
        self.size = [0] * self.geo.cells
        r = rules()
        self.doubles = [r.double_turns] * self.players
        self.placed = [0] * self.players
        self.phase = PICK_PHASE
        self.player = 0
        self.picks = [None] * self.players
        self.pick_rounds = 0
        self.turn = 0
        self.turns_done = 0
        self.extra = False
        self.normal = 0
        self.pending = []
        self.declared = []
        self.demolished = False
        self.vacated = -1
        self.passed = [False] * self.players
        self.passer = -1
        self.counting = self.options["claim_mode"] == "literal"
        self.rng = Rng(seed)
        self.over_reason = ""
        self.sealed = False
        self.enclosed = self.options["claim_mode"] == "enclosed"
        self.need = r.declare_min_size
        self._d = Derived(self.geo.cells)
        self._legal = {}
        self._aw = None
        self._fixed = None

    # ================================================================ set-up
    @classmethod
    def new(cls, names: list[str], options: dict, seed: int) -> tuple["TowersMatch", list]:
        m = cls(names, options, seed)
        events: list = [ev.GameStarted(tuple(m.names), m.n)]
        if m.players == 2 and options["first_player"] == "pick":
            m.phase = PICK_PHASE
        else:
            first = m.rng.below(m.players)
            events.append(ev.FirstPlayer(first, "random"))
            m._first_turn(first, events)
        return m, events

    @classmethod
    def from_position(cls, names: list[str], options: dict, seed: int, towers: list, doubles: list,
                      to_move: int | None) -> tuple["TowersMatch", list]:
        """A match at a scenario's position (already checked by ``load_position``)."""
        m = cls(names, options, seed)
        for sq, o, s in towers:
            m.owner[sq], m.size[sq] = o, s
            m.placed[o] += 1
        m._board_changed()
        for p, d in enumerate(doubles):
            if d is not None:
                m.doubles[p] = d
        m._update_counting([])
        events: list = [ev.GameStarted(tuple(m.names), m.n)]
        if m.empties() == 0:
            m._finish("full", events)
            return m, events
        if to_move is not None:
            events.append(ev.FirstPlayer(to_move, "given"))
            m._first_turn(to_move, events)
        elif m.players == 2 and options["first_player"] == "pick":
            m.phase = PICK_PHASE
        else:
            first = m.rng.below(m.players)
            events.append(ev.FirstPlayer(first, "random"))
            m._first_turn(first, events)
        return m, events

    def _first_turn(self, first: int, events: list) -> None:
        self.normal = first
        self._start_turn(first, False, events)

    # ================================================================ queries (protocol)
    @property
    def over(self) -> bool:
        return self.phase == OVER

    @property
    def to_move(self) -> int:
        """The seat the match waits for (the acting seat at ``place``, the asked seat at
        ``end``, the first still to pick at ``pick``); once over, the last acting seat."""
        if self.phase == PICK_PHASE:
            waiting = self._pick_waiting()
            return waiting[0] if waiting else 0
        return self.player

    def awaiting(self) -> Awaiting | None:
        aw = self._aw
        if aw is not None:
            return aw
        ph = self.phase
        if ph == OVER:
            return None
        if ph == PICK_PHASE:
            waiting = self._pick_waiting()
            aw = _new(Awaiting, (PICK_PHASE, waiting[0], waiting, ()))
        elif ph == PLACE_PHASE:
            others = [p for p in range(self.players) if p != self.player and self._may_declare_now(p)]
            aw = _new(Awaiting, (PLACE_PHASE, self.player, (self.player,), tuple(others)))
        else:
            aw = _new(Awaiting, (END_PHASE, self.player, (self.player,), ()))
        self._aw = aw
        return aw

    def _pick_waiting(self) -> tuple[int, ...]:
        return tuple(p for p in range(2) if self.picks[p] is None)

    def progress(self) -> int:
        """Turns played (extra turns count as turns)."""
        return self.turns_done

    def scores(self) -> list[int]:
        """T6.2: each seat's sum of tower sizes."""
        out = [0] * self.players
        size = self.size
        for i, o in enumerate(self.owner):
            if o >= 0:
                out[o] += size[i]
        return out

    def ranking(self) -> tuple[tuple[int, ...], ...]:
        """Seats by score, best first; equal sums share a place (TG6.2)."""
        return rank_by_score(self.scores())

    def result(self) -> Result:
        if not self.over:
            raise ValueError("the match is not over")
        return Result(self.ranking(), tuple(self.scores()), self.over_reason)

    # ================================================================ board queries
    def claims(self) -> list[int]:
        """The claimer of each square (a seat, or -1: unclaimed or holding a tower), T4.1/TG4.2.
        Kept with the position (``Derived``): never change the list."""
        d = self._d
        c = d.claims
        if c is None:
            c = d.claims = bd.claims(self.geo, self.owner, self.counting, self.enclosed)
            d.room = bd.room(self.owner, c, self.players)
        return c

    def _room(self) -> list[int]:
        """How many squares each seat may place on (T3.1; TG7.3's vacated square not counted)."""
        room = self._d.room
        if room is None:
            self.claims()
            room = self._d.room
            assert room is not None
        return room

    def _tables(self) -> list[list[int]]:
        """Every seat's support table (``board.support_table``), kept with the position."""
        d = self._d
        t = d.tables
        if t is None:
            t = d.tables = [bd.support_table(self.geo, self.owner, self.size, q) for q in range(self.players)]
        return t

    def _tall(self) -> list[int]:
        """Each seat's tallest tower (0: none), kept with the position."""
        d = self._d
        t = d.tall
        if t is None:
            t = [0] * self.players
            size = self.size
            for i, o in enumerate(self.owner):
                if o >= 0 and size[i] > t[o]:
                    t[o] = size[i]
            d.tall = t
        return t

    def _board_changed(self) -> None:
        """The board was changed other than by one placement: what it implies is worked out afresh."""
        self._d = Derived(self.owner.count(EMPTY))

    def empties(self) -> int:
        return self._d.empties

    def square(self, name: str) -> int | None:
        """The index of a square name on this board, or None."""
        return self.geo.index.get(name)

    def tower(self, name: str) -> tuple[int, int] | None:
        """(owner, size) of the tower at ``name``, or None when empty."""
        i = self.geo.index[name]
        return (self.owner[i], self.size[i]) if self.owner[i] != EMPTY else None

    def vacated_for(self, p: int) -> int:
        """TG7.3: the square ``p``'s demolition vacated this turn, never claimed against him in
        it (-1 when none: not his turn, or no demolition)."""
        return self.vacated if p == self.player and self.phase == PLACE_PHASE else -1

    def can_place(self, p: int) -> bool:
        """Whether ``p`` has any square to place on (T3.1, TG7.3)."""
        if self._room()[p] > 0:
            return True
        return self.vacated_for(p) >= 0

    def walled_in(self, p: int) -> bool:
        """TG4.3: ``p`` can place nowhere while empty squares are left."""
        return self._d.empties > 0 and not self.can_place(p)

    def pass_ends(self, p: int) -> bool:
        """TG6.1: a pass by ``p`` now would complete a round of passes (every other seat has
        passed since the last tower was placed or demolished) and end the game at once."""
        return self.phase == PLACE_PHASE and all([self.passed[q] for q in range(self.players) if q != p])

    def largest_size(self, name: str, p: int) -> tuple[int, str | None]:
        """Front-end query: the largest size ``p`` may place at ``name`` now (0: none at all) and
        why the next size up is refused (None above 9)."""
        i = self.geo.index.get(name)
        if i is None:
            return 0, f"TG1.1: no square {name} on the {self.n}x{self.n} board"
        why = self._square_reason(i, p)
        if why is not None:
            return 0, why
        s = bd.largest_size(self.geo, self.owner, self.size, i, p)
        if s >= bd.MAX_SIZE:
            return s, None
        return s, f"T3.3: {bd.support_reason(self.geo, self.owner, self.size, i, p, s + 1)}"

    def territory(self) -> dict[str, int | None]:
        """Front-end query: every square's claimer (a seat) or None (unclaimed or a tower); in the
        turn of a demolition the vacated square is claimed by nobody but the demolisher (TG7.3)."""
        c = self.claims()
        free = self.vacated_for(self.player)
        out: dict[str, int | None] = {}
        for i in range(self.geo.cells):
            out[self.geo.names[i]] = c[i] if c[i] != EMPTY and (i != free or c[i] == self.player) else None
        return out

    def _claims_of(self, owner: list[int]) -> list[int]:
        """The claims of another board (``owner``) of this match: TG4.2's grace as it would be."""
        counting = self.counting or all([q in owner for q in range(self.players)])
        return bd.claims(self.geo, owner, counting, self.enclosed)

    def _walls_after(self, owner: list[int], p: int) -> bool:
        """``p`` would be walled in (TG4.3) on the board ``owner`` of this match, empty squares left."""
        return EMPTY in owner and not bd.placeable(owner, self._claims_of(owner), p)

    def wall_threats(self, p: int) -> list[tuple[str, int]]:
        """Front-end query (TG4.3): (square, enemy) for every placement of one more enemy tower
        that would wall ``p`` in, by square then enemy; [] when none would (or he is already).
        Enemy towers come after this turn: the square of a demolition this turn (TG7.3) counts
        as claimed as it will be then."""
        if self.over or self._walls_after(self.owner, p):
            return []
        out: list[tuple[str, int]] = []
        owner = list(self.owner)          # tried on a copy of the board
        c = self.claims()
        for e in range(self.players):
            if e == p:
                continue
            for i in bd.placeable(owner, c, e):
                owner[i] = e
                if self._walls_after(owner, p):
                    out.append((self.geo.names[i], e))
                owner[i] = EMPTY
        index = self.geo.index
        out.sort(key=lambda t: (index[t[0]], t[1]))
        return out

    def double_threats(self, p: int) -> list[tuple[str, str, int]]:
        """Front-end query (TG4.3, T5.1): (first square, second square, enemy) for every pair of
        towers that an enemy able to play two turns in a row (a double turn he may declare, T5.1
        and T5.2, or an extra turn waiting for him) could place to wall ``p`` in, where one of
        them alone would not (those are ``wall_threats``). Each pair once, in an order the enemy
        may place them, by squares then enemy; [] when none would (or he is walled in already)."""
        if self.over or self._walls_after(self.owner, p):
            return []
        owner = list(self.owner)          # tried on a copy of the board
        libs = set(bd.liberties(self.geo, owner, p))
        c = self.claims()
        if len(libs) > 2 or p in c:
            return []          # two towers cannot fill his liberties; his own ground is never entered (T3.1)
        waiting = self.declared + self.pending
        found: dict[tuple[int, int, int], tuple[str, str, int]] = {}
        names = self.geo.names
        for e in range(self.players):
            if e == p or not (self._may_declare(e) is None or e in waiting):
                continue
            for i in bd.placeable(owner, c, e):
                if len(libs - {i}) > 1:
                    continue                      # a liberty of his would be left
                owner[i] = e
                if EMPTY in owner and not self._walls_after(owner, p):    # else full, or one tower is enough
                    for j in bd.placeable(owner, self._claims_of(owner), e):
                        key = (min(i, j), max(i, j), e)
                        if key in found or not libs <= {i, j}:
                            continue
                        owner[j] = e
                        if self._walls_after(owner, p):
                            found[key] = (names[i], names[j], e)
                        owner[j] = EMPTY
                owner[i] = EMPTY
        return [found[k] for k in sorted(found)]

    def demolition(self, name: str, p: int) -> DemolitionPreview:
        """Front-end query (T7.1, T7.2, TG7.3): whether ``p`` may demolish the tower at ``name``
        now (the option, once a turn, his tower, and under ``advanced`` no tower left
        unsupported), the towers that would fall with it (``war``) or be left unsupported
        (``advanced``), and whether he would be walled in after that turn (TG4.3): the vacated
        square is his to build on in that turn only (TG7.3)."""
        mode = self.options["demolish"]
        i = self.geo.index.get(name)
        falls: tuple[str, ...] = ()
        o, s = list(self.owner), list(self.size)
        if i is not None and self.owner[i] == p:
            o[i], s[i] = EMPTY, 0
            if mode == "war":
                falls = tuple(self.geo.names[j] for wave in bd.collapse(self.geo, o, s) for j in wave)
            else:
                falls = tuple(self.geo.names[j] for j in bd.newly_unsupported(self.geo, self.owner, self.size, i))
        why = self._demolish_reason(name, p)
        if why is not None or not self._walls_after(o, p):
            return DemolitionPreview(why is None, why, falls)
        assert i is not None                            # a legal demolition (why is None) names a square
        claimer = self.names[self._claims_of(o)[i]]     # not his, not unclaimed: he could build there then
        who = self.names[p]
        o[i] = p
        head = f"TG7.3: {name} is {claimer}'s after this turn"
        if EMPTY in o and self._walls_after(o, p):
            warning = f"{head}; {who} is walled in then, whatever he builds (TG4.3)"
        else:
            warning = f"{head}; unless {who} builds there now, he is walled in (TG4.3)"
        return DemolitionPreview(True, None, falls, True, warning)

    def double_turns_left(self, p: int) -> int:
        """Front-end query: the declarations ``p`` has left (T5.1)."""
        return self.doubles[p]

    def can_declare(self, p: int) -> bool:
        """``p`` may declare a double turn now (T5.1, T5.2, TG5.1)."""
        return self.phase == PLACE_PHASE and self._declare_reason(p) is None

    def declare_status(self, p: int) -> DeclareStatus:
        """Front-end query (the status page): ``p``'s double turns left, whether T5.2 lets him
        declare (a tower of size 3 or more), and why he may not declare now (None: he may)."""
        return DeclareStatus(self.doubles[p], self._tall()[p] >= self.need, self._declare_reason(p))

    def turns_ahead(self, count: int) -> list[int]:
        """The seats of the next ``count`` turns after this one, if nobody declares again
        (extra turns waiting first, then the turn order): for look-ahead."""
        pending = list(self.declared) + list(self.pending)
        normal = self.normal
        out: list[int] = []
        while len(out) < count:
            if pending:
                out.append(pending.pop(0))
            else:
                normal = (normal + 1) % self.players
                out.append(normal)
        return out

    # ================================================================ legal answers
    def legal_answers(self, seat: int | None = None) -> tuple:
        """The answers ``seat`` (the seat awaited when None) may give now, in the module
        docstring's order; worked out once an input point (kept until the next answer)."""
        if self.phase == OVER:
            return ()
        if seat is None:
            seat = self.to_move
        got = self._legal.get(seat)
        if got is not None:
            return got
        ph = self.phase
        if ph == PICK_PHASE:
            out: tuple = PICKS if seat in self._pick_waiting() else ()
        elif ph == END_PHASE:
            out = (END_YES, END_NO) if seat == self.player else ()
        elif seat != self.player:
            out = (DECLARE,) if 0 <= seat < self.players and self._may_declare_now(seat) else ()
        else:
            out = self._turn_answers(seat)
        self._legal[seat] = out
        return out

    def _turn_answers(self, seat: int) -> tuple:
        """The acting seat's answers at ``place``: placements by square then size, demolitions,
        Declare, Pass."""
        items: list = []
        c = self.claims()
        top = self._tables()[seat]
        rows = _places(self.geo)
        owner = self.owner
        free = self.vacated              # TG7.3: the acting seat's own demolition this turn
        for i in range(self.geo.cells):
            if owner[i] == EMPTY:
                ci = c[i]
                if ci == EMPTY or ci == seat or i == free:
                    row = rows[i]
                    for k in range(top[i]):
                        items.append(row[k])
        if self.options["demolish"] != "none" and not self.demolished:
            names = self.geo.names
            for i in range(self.geo.cells):
                if owner[i] == seat and self._demolish_reason(names[i], seat) is None:
                    items.append(Demolish(names[i]))
        if self._may_declare_now(seat):
            items.append(DECLARE)
        items.append(PASS)
        return tuple(items)

    def placements(self, p: int) -> list[tuple[int, int]]:
        """(square index, largest size) for every square where ``p`` may place now (T3.1-T3.3,
        TG7.3)."""
        c = self.claims()
        top = self._tables()[p]
        free = self.vacated_for(p)
        owner = self.owner
        return [(i, top[i]) for i in range(self.geo.cells)
                if owner[i] == EMPTY and (c[i] == EMPTY or c[i] == p or i == free)]

    # ================================================================ chance (none)
    def chance_outcomes(self) -> list:
        """Towers has no chance input points (FORMATS.md section 6: "chance: none"): the first
        player of ``first_player: random`` and of 3-4 seats is drawn inside set-up."""
        return []

    def sample_chance(self):
        raise ValueError("Towers has no chance input points; the match awaits a decision")

    # ================================================================ checking
    def check(self, answer: Any, seat: Any = None) -> str | None:
        """None if ``seat`` (the seat awaited when None) may give ``answer`` now; else why not,
        starting with the rule it breaks."""
        ph = self.phase
        if ph == OVER:
            return f"T6.1: the game is over ({self.over_reason})"
        if seat is None:
            seat = self.to_move
        if not isinstance(seat, int) or not 0 <= seat < self.players:
            return f"TG3.3: no seat {seat!r} in this game"
        kind = getattr(answer, "kind", None)
        if ph == PICK_PHASE:
            if type(answer) is not Pick:
                return f"TG2.1: the game awaits the secret picks (pick), not {kind or answer!r}"
            if seat not in self._pick_waiting():
                if seat >= 2:
                    return "TG2.1: picks are for two players"
                return f"TG2.1: {self.names[seat]} has picked already"
            s = answer.size
            if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= bd.MAX_SIZE:
                return f"T2.1: a pick is a size 1-9, not {s!r}"
            if self.sealed and len(self._pick_waiting()) == 1 and HIDDEN in self.picks:
                return "TG2.1: the other pick is hidden in this view"
            return None
        if ph == END_PHASE:
            if type(answer) is not End:
                return f"TG6.1: the game awaits {self.names[self.player]}'s answer to end the game? (end), " \
                       f"not {kind or answer!r}"
            if seat != self.player:
                return f"TG6.1: {self.names[self.player]} is asked to end the game, not {self.names[seat]}"
            return None
        t = type(answer)
        if t is Declare:
            return self._declare_reason(seat)
        if t not in (Place, Pass, Demolish):
            return f"TG3.3: the game awaits {self.names[self.player]}'s turn (place), not {kind or answer!r}"
        if seat != self.player:
            return f"TG5.1: it is {self.names[self.player]}'s turn; {self.names[seat]} may only declare a double turn"
        if t is Pass:
            return None
        if t is Demolish:
            return self._demolish_reason(answer.square, seat)
        return self._place_reason(answer, seat)

    def _square_reason(self, i: int, p: int) -> str | None:
        name = self.geo.names[i]
        if self.owner[i] != EMPTY:
            o = self.owner[i]
            return f"T3.1: {name} holds {self.names[o]}'s {self.size[i]}"
        c = self.claims()[i]
        if c != EMPTY and c != p and i != self.vacated_for(p):      # TG7.3: never against the demolisher
            return f"T3.1: {name} is claimed by {self.names[c]}"
        return None

    def _place_reason(self, a: Any, p: int) -> str | None:
        # ``a`` is any Place given (Any, not Place: the build would read a size True as 1)
        name, s = a.square, a.size
        i = self.geo.index.get(name) if isinstance(name, str) else None
        if i is None:
            return f"TG1.1: no square {name} on the {self.n}x{self.n} board"
        if isinstance(s, bool) or not isinstance(s, int) or not 1 <= s <= bd.MAX_SIZE:
            return f"T1.2: a tower is size 1-9, not {s!r}"
        why = self._square_reason(i, p)
        if why is not None:
            return why
        if s == 1:
            return None
        top = bd.largest_size(self.geo, self.owner, self.size, i, p)
        if s <= top:
            return None
        return f"T3.3: {bd.support_reason(self.geo, self.owner, self.size, i, p, s)} (the largest at {name} is {top})"

    def _declare_reason(self, p: int) -> str | None:
        if self.phase != PLACE_PHASE:
            return "TG5.1: a double turn is declared during a turn, before its placement or pass"
        return self._may_declare(p)

    def _may_declare(self, p: int) -> str | None:
        """T5.1, T5.2 (whatever the phase): None, or why ``p`` may not declare."""
        who = self.names[p]
        if self.doubles[p] <= 0:
            return f"T5.1: {who} has no double turn left (two a game)"
        need = self.need
        if self._tall()[p] < need:
            return f"T5.2: {who} has no tower of size {need} or more"
        return None

    def _may_declare_now(self, p: int) -> bool:
        """``_declare_reason(p) is None`` without the words (the legal answers, the input point)."""
        return self.phase == PLACE_PHASE and self.doubles[p] > 0 and self._tall()[p] >= self.need

    def _demolish_reason(self, name: Any, p: int) -> str | None:
        mode = self.options["demolish"]
        if mode == "none":
            return "T7.1: demolition is not played (option demolish: none)"
        if self.phase != PLACE_PHASE or p != self.player:
            return "T7.1: only the acting player demolishes, on his turn"
        if self.demolished:
            return "T7.1: one demolition a turn"
        i = self.geo.index.get(name) if isinstance(name, str) else None
        if i is None:
            return f"TG1.1: no square {name} on the {self.n}x{self.n} board"
        if self.owner[i] != p:
            return f"T7.1: {name} holds no tower of {self.names[p]}'s"
        if mode == "advanced":
            left = bd.newly_unsupported(self.geo, self.owner, self.size, i)
            if left:
                what = ", ".join(f"{self.geo.names[j]} ({self.names[self.owner[j]]}'s {self.size[j]})" for j in left)
                return f"T7.1: removing {name} would leave {what} unsupported"
        return None

    # ================================================================ applying
    def apply(self, answer: Any, checked: bool = False, seat: int | None = None) -> list:
        """Carry out ``answer`` by ``seat`` (the awaited seat when None) and run to the next
        input point; the events. Raises ``IllegalAnswer`` (the match unchanged) when refused."""
        if seat is None:
            seat = self.to_move
        if not checked:
            why = self.check(answer, seat)
            if why is not None:
                raise IllegalAnswer(why)
        events: list = []
        if self._legal:
            self._legal.clear()
        self._aw = None
        ph = self.phase
        if ph == PICK_PHASE:
            self._do_pick(answer, seat, events)
        elif ph == END_PHASE:
            self._do_end(answer, seat, events)
        else:
            t = type(answer)
            if t is Place:
                self._do_place(answer, seat, events)
            elif t is Declare:
                self._do_declare(seat, events)
            elif t is Pass:
                self._do_pass(seat, events)
            else:
                self._do_demolish(answer, seat, events)
        return events

    def _do_pick(self, a: Pick, seat: int, events: list) -> None:
        self.picks[seat] = a.size
        events.append(ev.PickGiven(seat))
        if self._pick_waiting():
            return
        if HIDDEN in self.picks:       # a view cannot know the other pick
            self.picks[seat] = None
            raise IllegalAnswer("TG2.1: the other pick is hidden in this view")
        a0, a1 = self.picks[0], self.picks[1]
        assert a0 is not None and a1 is not None        # no pick waits (_pick_waiting)
        picks = (a0, a1)
        self.pick_rounds += 1
        if a0 == a1:
            events.append(ev.PicksRevealed(picks, -1))
            self.picks = [None] * self.players
            return
        split = rules().pick_split
        larger = 0 if a0 > a1 else 1
        first = larger if a0 + a1 <= split else 1 - larger
        events.append(ev.PicksRevealed(picks, first))
        events.append(ev.FirstPlayer(first, "pick"))
        self._first_turn(first, events)

    def _do_place(self, a: Place, p: int, events: list) -> None:
        square: str = a.square
        s: int = a.size
        i = self.geo.index[square]
        tables = self._d.tables
        top = tables[p][i] if tables is not None else bd.largest_size(self.geo, self.owner, self.size, i, p)
        walled = [self.walled_in(q) for q in range(self.players)]
        self.owner[i] = p
        self.size[i] = s
        self._d = self._d.placed(self.geo, self.owner, self.size, i, p, s)
        self.placed[p] += 1
        self.passed = [False] * self.players          # TG6.1: a new round of passes
        self.vacated = -1                              # TG7.3: the turn's placement is made
        events.append(_new(ev.TowerPlaced, (p, square, s, self.placed[p] == 1, s == top)))
        self._update_counting(events)
        if self._d.empties == 0:
            self._finish("full", events)
            return
        self._walls(walled, p, events)
        self._end_turn(events)

    def _do_declare(self, p: int, events: list) -> None:
        self.doubles[p] -= 1
        self.declared.append(p)
        events.append(ev.Declared(p, self.doubles[p], p == self.player))

    def _do_pass(self, p: int, events: list) -> None:
        """T3.4, TG3.2, TG6.1: the turn is over; a round of passes ends the game at once, else
        the next seat in turn order is asked to end it (TG7.2)."""
        forced = not self.can_place(p)
        walled = self.walled_in(p)
        events.append(ev.Passed(p, forced))
        self.passed[p] = True
        self.turns_done += 1
        self.passer = p
        if self.vacated >= 0:                          # TG7.3: the vacated square is like any other now
            self.vacated = -1
            if not walled and self.walled_in(p):
                events.append(ev.WalledIn(p, p))
        if all(self.passed):
            self._finish("passes", events)
            return
        self.phase = END_PHASE
        self.player = (p + 1) % self.players           # TG6.1, TG7.2: the next seat in turn order
        events.append(ev.EndAsked(self.player))

    def _do_end(self, a: End, p: int, events: list) -> None:
        events.append(ev.EndAnswered(p, a.yes))
        if a.yes:
            self._finish("ended", events)
        else:
            self._next_turn(events)

    def _do_demolish(self, a: Demolish, p: int, events: list) -> None:
        i = self.geo.index[a.square]
        walled = [self.walled_in(q) for q in range(self.players)]
        events.append(ev.Demolished(p, a.square, self.size[i]))
        self.owner[i], self.size[i] = EMPTY, 0
        self.demolished = True
        self.vacated = i                               # TG7.3: his to build on, this turn
        self.passed = [False] * self.players          # TG6.1: a new round of passes
        if self.options["demolish"] == "war":
            k = 0
            while True:                       # T7.2, TG7.1: every unsupported tower falls, again and again
                wave = bd.unsupported(self.geo, self.owner, self.size)
                if not wave:
                    break
                k += 1
                events.append(ev.Collapsed(k, tuple((self.geo.names[j], self.owner[j], self.size[j]) for j in wave)))
                for j in wave:
                    self.owner[j], self.size[j] = EMPTY, 0
        self._board_changed()
        self._walls(walled, -1, events)

    # ================================================================ turn order
    def _start_turn(self, p: int, extra: bool, events: list) -> None:
        self.phase = PLACE_PHASE
        self.player = p
        self.extra = extra
        self.demolished = False
        self.vacated = -1
        self.turn += 1
        events.append(_new(ev.TurnStarted, (p, self.turn, extra)))

    def _end_turn(self, events: list) -> None:
        self.turns_done += 1
        self._next_turn(events)

    def _next_turn(self, events: list) -> None:
        """T5.1, TG5.1: this turn's declarations come first, in the order declared, then the
        extra turns still waiting, then the turn order."""
        self.pending = self.declared + self.pending
        self.declared = []
        if self.pending:
            p = self.pending.pop(0)
            self._start_turn(p, True, events)
        else:
            self.normal = (self.normal + 1) % self.players
            self._start_turn(self.normal, False, events)

    def _update_counting(self, events: list) -> None:
        """TG4.2: territory counts once every player has a tower on the board, for good."""
        if not self.counting and all([q in self.owner for q in range(self.players)]):
            self.counting = True
            self._d = self._d.recounted()
            events.append(ev.ClaimsBegin())

    def _walls(self, before: list[bool], by: int, events: list) -> None:
        for q in range(self.players):
            if not before[q] and self.walled_in(q):
                events.append(ev.WalledIn(q, by))

    def _finish(self, reason: str, events: list) -> None:
        self.phase = OVER
        self.over_reason = reason
        self.pending, self.declared = [], []          # TG5.1: declarations still waiting are lost
        events.append(ev.GameOver(reason, self.ranking(), tuple(self.scores())))

    # ================================================================ views, copies, JSON
    def view(self, seat: int) -> "TowersMatch":
        """What ``seat`` may know: a copy without the RNG's state and without the other seats'
        secret picks (shown as given, value 0) until both are in (TG2.1)."""
        v = TowersMatch(self.names, self.options, 0, self)
        v.sealed = True
        v.rng.state = 0
        if v.phase == PICK_PHASE:
            v.picks = [p if (k == seat or p is None) else HIDDEN for k, p in enumerate(v.picks)]
        return v

    def copy(self) -> "TowersMatch":
        return TowersMatch(self.names, self.options, 0, self)

    def to_json(self) -> dict:
        return {
            "game": GAME_ID, "version": STATE_VERSION, "names": list(self.names), "options": dict(self.options),
            "owner": list(self.owner), "size": list(self.size), "doubles": list(self.doubles),
            "placed": list(self.placed), "phase": self.phase, "player": self.player, "picks": list(self.picks),
            "pick_rounds": self.pick_rounds, "turn": self.turn, "turns_done": self.turns_done, "extra": self.extra,
            "normal": self.normal, "pending": list(self.pending), "declared": list(self.declared),
            "demolished": self.demolished, "vacated": self.vacated, "passed": list(self.passed), "passer": self.passer,
            "counting": self.counting, "rng": self.rng.state, "over_reason": self.over_reason,
            "sealed": self.sealed,
        }

    @classmethod
    def from_json(cls, data: dict) -> "TowersMatch":
        if data.get("game") != GAME_ID or data.get("version") != STATE_VERSION:
            raise ValueError(f"not a Towers state of version {STATE_VERSION}")
        m = cls(list(data["names"]), dict(data["options"]), 0)
        m.owner, m.size = list(data["owner"]), list(data["size"])
        m.doubles, m.placed = list(data["doubles"]), list(data["placed"])
        m.phase, m.player = data["phase"], data["player"]
        m.picks, m.pick_rounds = list(data["picks"]), data["pick_rounds"]
        m.turn, m.turns_done, m.extra, m.normal = data["turn"], data["turns_done"], data["extra"], data["normal"]
        m.pending, m.declared = list(data["pending"]), list(data["declared"])
        m.demolished, m.vacated, m.passer = data["demolished"], data["vacated"], data["passer"]
        m.passed = list(data["passed"])
        m.counting = data["counting"]
        m.rng.state = data["rng"]
        m.over_reason, m.sealed = data["over_reason"], data["sealed"]
        m._board_changed()
        return m

    def fingerprint(self) -> str:
        """sha256 of the state's canonical JSON (``canonical_json``)."""
        return hashlib.sha256(self.canonical_json().encode()).hexdigest()

    def canonical_json(self) -> str:
        """``json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"), ensure_ascii=True)``,
        written out key by key in sorted order (a replay checks a fingerprint every turn; the
        tests hold the two equal). The names and options, which never change, are encoded once."""
        fixed = self._fixed
        if fixed is None:
            fixed = self._fixed = (_dumps(list(self.names)), _dumps(dict(self.options)))
        return "".join([
            '{"counting":', _bool(self.counting), ',"declared":', _ints(self.declared),
            ',"demolished":', _bool(self.demolished), ',"doubles":', _ints(self.doubles),
            ',"extra":', _bool(self.extra), ',"game":"', GAME_ID, '","names":', fixed[0],
            ',"normal":', str(self.normal), ',"options":', fixed[1], ',"over_reason":', _text(self.over_reason),
            ',"owner":', _ints(self.owner), ',"passed":', _bools(self.passed), ',"passer":', str(self.passer),
            ',"pending":', _ints(self.pending), ',"phase":', _text(self.phase),
            ',"pick_rounds":', str(self.pick_rounds), ',"picks":', _picks(self.picks),
            ',"placed":', _ints(self.placed), ',"player":', str(self.player), ',"rng":', str(self.rng.state),
            ',"sealed":', _bool(self.sealed), ',"size":', _ints(self.size), ',"turn":', str(self.turn),
            ',"turns_done":', str(self.turns_done), ',"vacated":', str(self.vacated),
            ',"version":', str(STATE_VERSION), '}'])


# ---------------------------------------------------------------- canonical JSON, piece by piece
def _dumps(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True)


def _ints(values: list[int]) -> str:
    return "[" + ",".join([str(v) for v in values]) + "]"


def _bool(value: bool) -> str:
    return "true" if value else "false"


def _bools(values: list[bool]) -> str:
    return "[" + ",".join(["true" if v else "false" for v in values]) + "]"


def _picks(values: list[int | None]) -> str:
    return "[" + ",".join(["null" if v is None else str(v) for v in values]) + "]"


def _text(value: str) -> str:
    """A string as JSON: quoted as it is when nothing in it needs escaping, else json's own."""
    if value.isascii() and value.isprintable() and '"' not in value and "\\" not in value:
        return '"' + value + '"'
    return _dumps(value)


__all__ = ["TowersMatch", "DemolitionPreview", "DeclareStatus", "STATE_VERSION"]
