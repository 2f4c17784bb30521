"""The state as JSON: its data (``state_json``, ``read_state``), and its canonical text (what
``Game.fingerprint`` hashes) with all it keeps between calls, Tower Dream's checkpoints' speed
layer, apart from the rules.

A record checkpoints the state after every turn (FORMATS.md section 3), and a turn changes little
of it. ``StateText`` keeps the text of each list and of the piles with a copy of the value it was
written from, compared at C speed and written again only where it differs; a board's Land lists
keep each element's text and each run's (``_RUN`` elements), so that a changed Land costs its run.
The parts a game never changes (board, names, options, ruleset, version) are written once.

The value is always compared, so no change can be missed: the Lands the game names as written
(``Game.canonical_json`` hands them over; its one door for a Land, ``Game._set_owner``,
``_set_floors`` and ``_set_company``, names them) only say where to look first. The rules keep
nothing here in step. A test holds the text to ``json.dumps(to_json(), sort_keys=True,
separators=(",", ":"))`` after every answer, and another writes a Land behind the door's back.
"""
from __future__ import annotations

import json
from typing import Final, NamedTuple, Protocol

from ....rng import Rng
from .board import BANK, Board
from .ruleset import Ruleset

STATE_VERSION: Final = 1

# One encoder, made once: json.dumps would build a new one on every call.
ENCODE: Final = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode
_json_str: Final = json.encoder.encode_basestring_ascii     # a str as JSON text, as ENCODE writes it
_INT_TEXT: Final = [str(i) for i in range(-2, 256)]          # the ints a state is mostly made of
NAMED_MOST: Final = 24   # more Lands named than this between two texts: no hint (each list compared whole)
_RUN: Final = 16     # the elements of a run of a Land list: short enough to join again cheaply


class State(Protocol):
    """A game's state (``Game``), field by field: what ``state_json`` reads and ``read_state`` writes."""

    ruleset: Ruleset
    board: Board
    options: dict
    names: list[str]
    after_debt: str
    after_sell: str
    broke: int
    candidates: list[int]
    cash: list[int]
    company: list[int]
    debts: list[list]
    discards: dict[str, list[str]]
    effect_source: str
    effects: list[list]
    floors: list[int]
    jackpot: int
    mark: list[int]
    offer: list[int]
    over: bool
    over_reason: str
    owner: list[int]
    pending_floors: int
    phase: str
    pile: str
    piles: dict[str, list[str]]
    placed: int
    player: int
    pos: list[int]
    rng: Rng
    round: int
    seat: int
    skip: list[int]
    space: int
    turn: int


class Fields(NamedTuple):
    """The fields of a state the text reads, in its order (the keys sorted; the unchanging ones
    apart): ``Game.canonical_json`` hands them over in one tuple, which the compiled text reads
    natively (a game's attributes read from another module go through Python, each)."""

    after_debt: str
    after_sell: str
    broke: int
    candidates: list[int]
    cash: list[int]
    company: list[int]
    debts: list[list]
    discards: dict[str, list[str]]
    effect_source: str
    effects: list[list]
    floors: list[int]
    jackpot: int
    mark: list[int]
    offer: list[int]
    over: bool
    over_reason: str
    owner: list[int]
    pending_floors: int
    phase: str
    pile: str
    piles: dict[str, list[str]]
    placed: int
    player: int
    pos: list[int]
    rng: int                   # the RNG's state
    round: int
    seat: int
    skip: list[int]
    space: int
    turn: int


# The state's lists and values read back as they are (``read_state``); the others need more.
_PLAIN: Final = ("cash", "pos", "skip", "owner", "floors", "company", "mark", "turn", "round", "seat", "jackpot",
                 "phase", "player", "space", "placed", "candidates", "after_debt", "effect_source", "after_sell",
                 "pending_floors", "pile", "over", "over_reason", "broke")


def state_json(g: State) -> dict:
    """The whole state as plain JSON data (``Game.to_json``; ``read_state`` takes it back)."""
    return {
        "version": STATE_VERSION, "ruleset": g.ruleset.id, "board": g.board.id,
        "options": g.options, "names": g.names,
        "cash": g.cash, "pos": g.pos, "skip": g.skip,
        "owner": g.owner, "floors": g.floors, "company": g.company,
        "mark": g.mark,
        "turn": g.turn, "round": g.round, "seat": g.seat, "jackpot": g.jackpot,
        "rng": g.rng.state, "piles": g.piles, "discards": g.discards,
        "phase": g.phase, "player": g.player, "space": g.space, "placed": g.placed,
        "candidates": g.candidates, "debts": g.debts, "after_debt": g.after_debt,
        "effects": g.effects, "effect_source": g.effect_source, "offer": g.offer,
        "after_sell": g.after_sell, "pending_floors": g.pending_floors, "pile": g.pile,
        "over": g.over, "over_reason": g.over_reason, "broke": g.broke,
    }


def read_state(g: State, data: dict) -> None:
    """``data`` (``state_json``'s) into ``g``, a game made with its names and options, each value
    its own copy (``Game.from_json`` then makes what follows from them)."""
    for key in _PLAIN:
        v = data[key]
        setattr(g, key, list(v) if isinstance(v, list) else v)
    g.piles = {k: list(v) for k, v in data["piles"].items()}
    g.discards = {k: list(v) for k, v in data["discards"].items()}
    g.debts = [[d[0], [list(c) for c in d[1]], d[2], d[3]] for d in data["debts"]]
    g.effects = [list(e) for e in data["effects"]]
    g.offer = list(data["offer"])
    g.rng.state = data["rng"]


class StateText:
    """One game's canonical JSON, written again only where its state has changed since the last
    call (``write``). A copy of the game starts its own (``fresh``: the unchanging parts shared)."""

    def __init__(self, fixed: list[str]) -> None:
        self.fixed = fixed          # the parts a game never changes, with the keys about them (``new_text``)
        # the lists and piles, each kept with what it was written from
        self.company = _Written()
        self.discards = _Written()
        self.floors = _Written()
        self.owner = _Written()
        self.piles = _Written()
        self.cash = _Written()
        self.mark = _Written()
        self.pos = _Written()
        self.skip = _Written()
        self.candidates = _Written()
        self.offer = _Written()

    def fresh(self) -> StateText:
        """A text for a copy of the game: the unchanging parts shared, nothing else kept yet."""
        return StateText(self.fixed)

    def write(self, g: Fields, lands: list[int], kinds: list[str] | None = None) -> str:
        """The state's canonical JSON: sorted keys, no spaces, ASCII. ``g``: the state's fields;
        ``lands``: the Lands whose owner, Floors or Company were written since the last call
        (where to look first);
        ``kinds``: what sits in each seat, for the fingerprints of records made before seats left
        the state (version 1: they held them, as ``kinds``)."""
        fixed = self.fixed
        kinds_part = "" if kinds is None else ',"kinds":' + _json_strs(kinds)
        touched = lands if len(lands) <= NAMED_MOST else []   # (a merge): each Land list compared whole
        # One unpacking (interpreted, a field read by its name costs a descriptor call each)
        (after_debt, after_sell, broke, candidates, cash, company, debts, discards, effect_source, effects, floors,
         jackpot, mark, offer, over, over_reason, owner, pending_floors, phase, pile, piles, placed, player, pos,
         rng, round_, seat, skip, space, turn) = g
        # (_str_text and _int_text called by their names: a compiled build calls them directly,
        # where a local alias of either would be a call through Python)
        return "".join([
            '{"after_debt":', _str_text(after_debt), ',"after_sell":', _str_text(after_sell),
            fixed[0], _int_text(broke),
            ',"candidates":', self.candidates.ints(candidates), ',"cash":', self.cash.ints(cash),
            ',"company":[', self.company.ints_at(company, touched),
            '],"debts":', (ENCODE(debts if kinds is None else _v1_debts(debts)) if debts else "[]"),
            ',"discards":', self.discards.piles(discards), ',"effect_source":', _str_text(effect_source),
            ',"effects":', ENCODE(effects) if effects else "[]",
            ',"floors":[', self.floors.ints_at(floors, touched), '],"jackpot":', _int_text(jackpot),
            kinds_part, ',"mark":', self.mark.ints(mark),
            fixed[1], self.offer.ints(offer),
            fixed[2], "true" if over else "false",
            ',"over_reason":', _str_text(over_reason), ',"owner":[', self.owner.ints_at(owner, touched),
            '],"pending_floors":', _int_text(pending_floors), ',"phase":', _str_text(phase),
            ',"pile":', _str_text(pile), ',"piles":', self.piles.piles(piles),
            ',"placed":', _int_text(placed), ',"player":', _int_text(player), ',"pos":', self.pos.ints(pos),
            ',"rng":', str(rng), ',"round":', _int_text(round_),
            fixed[3], _int_text(seat), ',"skip":', self.skip.ints(skip), ',"space":', _int_text(space),
            ',"turn":', _int_text(turn), fixed[4],
        ])


def new_text(board: str, names: list[str], options: dict, ruleset: str) -> StateText:
    """The text of a game on ``board`` (its id) with these seats' names, options and ruleset (its
    id): what never changes written now, the rest at the first ``write``."""
    return StateText([
        ',"board":' + _json_str(board) + ',"broke":',
        ',"names":' + _json_strs(names) + ',"offer":',
        ',"options":' + ENCODE(options) + ',"over":',
        ',"ruleset":' + _json_str(ruleset) + ',"seat":',
        ',"version":' + str(STATE_VERSION) + "}",
    ])


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


_STR_TEXT: Final[dict[str, str]] = {}     # str -> its JSON text: card ids, names and kinds recur (a pure cache)


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


class _Written:
    """One part of the state's JSON text with a copy of the value it was written from: written
    again only where the value has changed. A short list (the seats', the Companies') is written
    whole when it differs; a board's Land list (``ints_at``) keeps each element's text and each
    run's of ``_RUN`` elements, so that a changed Land costs its run."""

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
        last call are named (``touched``), without its brackets (the caller's keys hold them). Those
        named are written again, then their runs' texts and the whole joined again (a join costs by
        its items: a board's 90, against one run's 16 and the runs' six); the whole list is then
        compared with its copy, so a change at a Land nobody named is found and every element
        written again (the text is always the value's)."""
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
        if xs != seen:             # a change at a Land nobody named
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
