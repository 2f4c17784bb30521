"""Coin XO, the tests' fifth game (docs/ARCHITECTURE.md, "Adding a game"): noughts and crosses on a
4x4 board with a coin before every mark (``match.py``: the rules, X1-X4). Registered by the tests
alone (``registry.register("coinxo", "tests.tiny")``), it gives its rules, this ``GameDef``, its
steps, two CPU players (``cpu`` at three levels), its commentary's moments (``comments.yaml``) and a
table with two status pages (``frontend/``); everything else is the platform's.
"""
from __future__ import annotations

import hashlib

from tdream.platform.protocol import GameDef, OptionSpec, PositionError, ScenarioAdapter, Words, Narration
from tdream.platform.protocol import RandomPlayer as BaseRandom
from tdream.platform.commentary import Commentator
from tdream.platform.comments import load_game_comments

from .match import RULES, CoinXOMatch, Coin, Over, Place, Started, Tossed, rules
from tdream.platform.options import full_options, options_for


class CoinXOScenarios(ScenarioAdapter):
    """Steps ``coin: heads`` and ``place: b3`` (record lines are the same text); no position keys."""

    step_keys = ("coin", "place")
    rule_pattern = r"^X\d+(\.\d+)?$"

    def read_step(self, key: str, value, ctx) -> list:
        if key == "coin" and value in ("heads", "tails"):
            return [(None, Coin(value))]
        if key == "place" and isinstance(value, str):
            return [(None, Place(value))]
        if key in self.step_keys:
            raise ValueError(f"{key} is {'heads or tails' if key == 'coin' else 'a square (b3)'}, not {value!r}")
        return super().read_step(key, value, ctx)


class RandomPlayer(BaseRandom):
    """Any legal square, at random (its own RNG)."""


class LinePlayer(RandomPlayer):
    """``cpu``: how far it looks is its level. ``easy`` makes its line if it can; ``normal`` also
    takes the square of the rival's; ``hard`` also makes the most threats it can (squares where
    its next mark would make a line). Else any square; misere (X3.2): any but one making its line."""

    LOOK = {"easy": 0, "normal": 1, "hard": 2}

    def __init__(self, seed: int, level: str = "normal") -> None:
        super().__init__(seed)
        self.look = self.LOOK[level]

    def choose(self, view, seat: int):
        legal = view.legal_answers(seat)
        own, theirs = ([a for a in legal if view.line_made(view.index(a.value), s)] for s in (seat, 1 - seat))
        if view.options["misere"]:
            legal = [a for a in legal if a not in own] or legal
        elif own or (theirs and self.look):
            return (own or theirs)[0]
        elif self.look > 1:
            counts = [threats(view, view.index(a.value), seat) for a in legal]
            legal = [a for a, k in zip(legal, counts) if k == max(counts)]
        return legal[self.rng.below(len(legal))]


def threats(view, i: int, seat: int) -> int:
    """The squares where ``seat``'s next mark would make a line once he has marked square ``i``."""
    after = view.copy()
    after.cells[i] = seat
    return sum(1 for j, c in enumerate(after.cells) if c < 0 and after.line_made(j, seat))


def _over(com, match, e) -> list:
    if e.winner < 0:
        return [("full", -1, "side")]
    return [("won", e.winner, "own"), ("lost", 1 - e.winner, "own")]


class CoinXOCommentary(Commentator):
    """Its moments: the start (a watcher), a lost turn, the end; Kenta, Yuka and Joji speak them
    (hosts for a seat no character plays), in the platform's comments format (``comments.yaml``)."""

    COMMENTS, GAME = RULES.with_name("comments.yaml"), "coinxo"
    MOMENTS = {Started: lambda com, match, e: [("game_start", -1, "side")], Over: _over,
               Tossed: lambda com, match, e: [("tails", e.player, "own")] if e.side == "tails" else []}
    HOSTS = {"tails": "yuka", "won": "kenta", "lost": "joji"}
    BIG = frozenset({"won", "full"})

    def __init__(self, kinds: list[str], seed: int = 0, talk: str = "sometimes") -> None:
        super().__init__(kinds, seed, talk)
        self.spectators = [c for c in self.spectators if c in self.lines]      # only three have lines

    def load(self):
        return load_game_comments(self.COMMENTS, self.GAME, ("kenta", "yuka", "joji"), min_slots=5)[1]


class Telling(Narration):
    @staticmethod
    def ends_at(events: list) -> int | None:
        return next((i for i, e in enumerate(events) if isinstance(e, Over)), None)


class CoinXO(GameDef):
    id = "coinxo"
    name = "Coin XO"
    terms = ("Coin XO", "noughts", "misere")        # its words, which only it may say
    seats = (2, 2)
    default_seats = 2
    hidden = True                       # the coin's RNG
    decision_kinds = ("place",)
    chance_kinds = ("coin",)
    options = (
        OptionSpec("line", 3, (3, 4), rule="X3.1", help="How many marks in a row win: 3 or 4.",
                   words=((3, "three in a row"), (4, "four in a row"))),
        OptionSpec("skips", 1, lo=0, hi=3, rule="X2.1", label="Lost turns", word="weight {k}",
                   words=((0, "never"),), value_help=((0, "The coin always lets the mover mark."),),
                   help=f"The coin's weight for a lost turn, against {rules()['heads']} for a mark (0: never lost)."),
        OptionSpec("misere", False, rule="X3.2", help="Misere: whoever makes a line loses.",
                   words=((False, "a line wins"), (True, "a line loses")),
                   value_help=((True, "Misere: whoever makes a line loses (X3.2)."),)),
    )
    scenario = CoinXOScenarios()
    narration = Telling()
    words = Words("Points", parts={"marks": "Marks", "line": "Line"},
                  reasons={"line": "a line is made (X3.1)", "full": "the board is full (X3.3)"})

    def data_hash(self) -> str:
        return hashlib.sha256(RULES.read_bytes()).hexdigest()[:16]

    def new_match(self, names, options, seed):
        match = CoinXOMatch(list(names), options_for(self, options, len(names)), seed)
        return match, [Started(tuple(names))]

    def load_position(self, position, names, options, seed):
        if position:
            raise PositionError([((k,), "Coin XO has no position keys") for k in position])
        return self.new_match(names, options, seed)

    def match_from_json(self, data: dict):
        return CoinXOMatch.from_json(data)

    def cpu_kinds(self) -> tuple[str, ...]:
        return ("random", "cpu")

    def make_player(self, kind: str, seed: int):
        base, level = self.split_kind(kind)
        return RandomPlayer(seed) if base == "random" else LinePlayer(seed, level)

    def commentary(self, seat_kinds, seed, talk="sometimes"):
        return CoinXOCommentary(list(seat_kinds), seed, talk)

    def score_parts(self, match, seat: int) -> list[tuple[str, int]]:
        return [("marks", match.cells.count(seat)), ("line", rules()["line_bonus"] if match.winner == seat else 0)]

    def variant(self, options: dict) -> str:
        return f"{full_options(self, options)['line']} in a row"


GAME = CoinXO()
