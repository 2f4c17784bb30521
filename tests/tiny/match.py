"""Coin XO's rules: noughts and crosses on a 4x4 board where a coin decides every turn.

- X1.1 The board is ``size`` x ``size`` squares (``rules.yaml``), a1 top left, empty at the start;
  two seats: X (seat 0) moves first, then O.
- X2.1 Every turn starts with a coin: heads (weight ``heads``) the mover places a mark; tails
  (weight the option ``skips``; never with 0) his turn is lost.
- X2.2 A mark goes on an empty square; X2.3 only the mover places one.
- X3.1 ``line`` marks of one seat in a row, a column or a diagonal end the game, their maker the
  winner; X3.2 (option ``misere``) their maker the loser. X3.3 A full board ends the game.
- X4.1 Each seat scores a point a mark on the board and the winner ``line_bonus`` more; the higher
  score ranks first, equal scores share the place.
"""
from __future__ import annotations

import hashlib
import json
from collections import namedtuple
from dataclasses import dataclass
from functools import lru_cache, partial
from pathlib import Path

from tdream.errors import DataError, IllegalAnswer
from tdream.platform.protocol import CHANCE, Awaiting, Result, answer_seat
from tdream.rng import Rng
from tdream.yamlio import Problems, Schema, read_yaml

RULES = Path(__file__).resolve().parent / "rules.yaml"
COLUMNS = "abcdefgh"


@lru_cache(maxsize=1)
def rules() -> dict:
    """``rules.yaml``, checked: every problem at once, each with its line (DataError)."""
    data = read_yaml(RULES, DataError)
    pr = Problems(str(RULES), DataError)
    if Schema(pr).mapping(data, "", ("format", "version", "source", "size", "heads", "line_bonus")):
        if (data["format"], data["version"]) != ("tdream-coinxo-rules", 1):
            pr.at(data, "format", "format", "not a tdream-coinxo-rules file of version 1")
        for key, lo, hi in (("size", 3, 8), ("heads", 1, 9), ("line_bonus", 0, 99)):
            Schema(pr).integer(data, key, key, lo, hi)
    pr.raise_if_any()
    return dict(data)


@dataclass(frozen=True)
class Answer:
    """An answer: ``coin`` (its side, heads or tails: X2.1) or ``place`` (a square: X2.2); the
    step of a scenario or record line is its value (``{"place": "b3"}``)."""
    kind: str
    value: str

    def to_step(self):
        return self.value


Coin, Place = partial(Answer, "coin"), partial(Answer, "place")          # Coin("heads"), Place("b3")

Started = namedtuple("Started", "names")
Tossed = namedtuple("Tossed", "player side")             # X2.1
Marked = namedtuple("Marked", "player square")           # X2.2
Over = namedtuple("Over", "reason winner line")          # X3.1-X3.3: line or full; winner -1: nobody


def lines(n: int, k: int) -> list[tuple[int, ...]]:
    """Every run of ``k`` squares in a row, a column or a diagonal of an ``n`` x ``n`` board."""
    return [tuple((r + dr * j) * n + c + dc * j for j in range(k)) for r in range(n) for c in range(n)
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)) if 0 <= r + dr * (k - 1) < n and 0 <= c + dc * (k - 1) < n]


class CoinXOMatch:
    """A match of Coin XO: the match API of ``tdream.platform.protocol``."""

    def __init__(self, names: list[str], options: dict, seed: int) -> None:
        self.names = list(names)
        self.options = dict(options)
        self.n = rules()["size"]
        self.rng = Rng(seed)
        self.cells = [-1] * (self.n * self.n)      # the seat of each square's mark, -1 empty
        self.phase = "coin"                        # coin, place, over
        self.to_move, self.turns, self.reason, self.winner, self.line = 0, 0, "", -1, ()

    def square(self, i: int) -> str:
        return f"{COLUMNS[i % self.n]}{i // self.n + 1}"

    def index(self, square: str) -> int:
        """The index of a square's name, -1 for none on the board."""
        names = [self.square(i) for i in range(self.n * self.n)]
        return names.index(square) if square in names else -1

    def line_made(self, i: int, seat: int) -> tuple:
        """The squares of a line (X3.1) that a mark of ``seat`` on square ``i`` makes, or ()."""
        cells = self.cells[:i] + [seat] + self.cells[i + 1:]
        for run in lines(self.n, self.options["line"]):
            if i in run and all(cells[j] == seat for j in run):
                return tuple(self.square(j) for j in run)
        return ()

    @property
    def over(self) -> bool:
        return self.phase == "over"

    def awaiting(self) -> Awaiting | None:
        if self.phase == "place":
            return Awaiting("place", self.to_move, (self.to_move,))
        return Awaiting("coin", CHANCE) if self.phase == "coin" else None

    def chance_outcomes(self) -> list:
        sides = ((Coin("heads"), rules()["heads"]), (Coin("tails"), self.options["skips"]))
        return [(a, w) for a, w in sides if w > 0] if self.phase == "coin" else []

    def sample_chance(self):
        outcomes = self.chance_outcomes()
        r = self.rng.below(sum(w for _, w in outcomes))
        for answer, weight in outcomes:
            if r < weight:
                break
            r -= weight
        return answer

    def legal_answers(self, seat: int | None = None) -> list:
        seat = answer_seat(self, seat)
        if self.phase == "coin":
            return [a for a, _ in self.chance_outcomes()] if seat == CHANCE else []
        if self.phase != "place" or seat != self.to_move:
            return []
        return [Place(self.square(i)) for i, c in enumerate(self.cells) if c < 0]

    def check(self, answer, seat: int | None = None) -> str | None:
        aw = self.awaiting()
        if aw is None:
            return "X3.1: the game is over"
        kind, seat = getattr(answer, "kind", None), answer_seat(self, seat)
        if kind != aw.kind:
            return f"the game awaits {aw.kind}, not {kind or answer!r}"
        if kind == "coin":
            why = "X2.1: the coin is tossed, never chosen" if seat != CHANCE else f"X2.1: no side {answer.value!r} now"
            return None if answer in self.legal_answers(seat) else why
        if seat != self.to_move:
            return f"X2.3: it is {self.names[self.to_move]}'s turn"
        i = self.index(answer.value)
        if i < 0:
            return f"X1.1: no square {answer.value!r} on the board"
        return f"X2.2: {answer.value} has a mark" if self.cells[i] >= 0 else None

    def apply(self, answer, checked: bool = False, seat: int | None = None) -> list:
        if not checked:
            why = self.check(answer, seat)
            if why is not None:
                raise IllegalAnswer(why)
        p = self.to_move
        if answer.kind == "coin":
            self.phase = "place" if answer.value == "heads" else "coin"
            return [Tossed(p, answer.value)] + ([] if answer.value == "heads" else self._next())
        i = self.index(answer.value)
        self.cells[i] = p
        events: list = [Marked(p, answer.value)]
        line = self.line_made(i, p)
        if line or -1 not in self.cells:
            self.winner = (1 - p if self.options["misere"] else p) if line else -1
            self.line, self.reason, self.phase, self.turns = line, "line" if line else "full", "over", self.turns + 1
            return events + [Over(self.reason, self.winner, line)]
        return events + self._next()

    def _next(self) -> list:
        self.turns, self.to_move, self.phase = self.turns + 1, 1 - self.to_move, "coin"
        return []

    def progress(self) -> int:
        return self.turns

    def scores(self) -> list[int]:
        return [self.cells.count(p) + (rules()["line_bonus"] if p == self.winner else 0) for p in (0, 1)]

    def result(self) -> Result:
        s = self.scores()
        ranking = tuple(tuple(p for p in (0, 1) if s[p] == v) for v in sorted(set(s), reverse=True))
        return Result(ranking, tuple(s), self.reason)

    def view(self, seat: int):
        """The match as ``seat`` knows it: all of it but the coin's RNG."""
        return CoinXOMatch.from_json(dict(self.to_json(), rng=0))

    def copy(self):
        return CoinXOMatch.from_json(self.to_json())

    def to_json(self) -> dict:
        return {"game": "coinxo", "version": 1, "names": list(self.names), "options": dict(self.options),
                "cells": list(self.cells), "to_move": self.to_move, "phase": self.phase, "turns": self.turns,
                "reason": self.reason, "winner": self.winner, "line": list(self.line), "rng": self.rng.state}

    @classmethod
    def from_json(cls, data: dict) -> "CoinXOMatch":
        if data.get("game") != "coinxo" or data.get("version") != 1:
            raise ValueError("not a coinxo version 1 state")
        m = cls(data["names"], data["options"], data["rng"])
        m.cells, m.line = list(data["cells"]), tuple(data["line"])
        m.to_move, m.phase, m.turns, m.reason, m.winner = (data[k] for k in ("to_move", "phase", "turns", "reason",
                                                                               "winner"))
        return m

    def fingerprint(self) -> str:
        text = json.dumps(self.to_json(), sort_keys=True, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()
