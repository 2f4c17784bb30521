"""Re-playing a game from its inputs: the engine-level part of game records (FORMATS.md section 3).

Pure: no I/O. A record is a set-up (seed, seats, options, or a scenario position) and a list of
items, each an input (an answer, and whether a chance outcome was *given* from outside or drawn
from the engine's RNG) or a checkpoint (the turn and the state's fingerprint). ``start_game``
builds the game of a set-up; ``replay`` applies items and checks checkpoints.
"""
from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field

from ..games.towerdream.rules.board import Board
from ..games.towerdream.rules.game import Game, new_game
from ..games.towerdream.rules.ruleset import Ruleset

# The state's top-level keys, grouped into the parts a divergence report names.
PARTS = {
    "players": ("names", "kinds", "cash", "pos", "skip"),
    "lands": ("owner", "floors", "company"),
    "companies": ("mark",),
    "turn": ("turn", "round", "seat", "phase", "player", "space", "placed", "over", "over_reason", "broke"),
    "jackpot": ("jackpot",),
    "cards": ("piles", "discards", "pile"),
    "rng": ("rng",),
    "pending": ("candidates", "debts", "after_debt", "effects", "effect_source", "offer", "after_sell",
                "pending_floors"),
    "setup": ("version", "ruleset", "board", "options"),
}


@dataclass
class Setup:
    """How a recorded game began."""

    seed: int
    names: list[str]
    kinds: list[str]
    options: dict
    position: dict | None = None     # for a game that began at a scenario position (from_position kwargs)
    colours: dict = field(default_factory=dict)   # seat name -> the colour it was shown in (0-3), if kept


@dataclass
class Input:
    answer: object
    given: bool = False         # a chance outcome supplied from outside (not drawn from the RNG)
    line: int = 0


@dataclass
class Checkpoint:
    turn: int
    state: str
    parts: str = ""
    over: str = ""              # the end reason on the last checkpoint of a finished game
    line: int = 0


@dataclass
class Divergence:
    """Where a replay stopped agreeing with its record."""

    line: int
    step: int                   # 1-based index of the item
    turn: int
    what: str                   # a sentence
    expected: str = ""
    actual: str = ""
    parts: list[str] = field(default_factory=list)


def start_game(ruleset: Ruleset, board: Board, setup: Setup) -> Game:
    """The game of a set-up, waiting for its first input."""
    if setup.position is not None:
        seats = setup.position["seats"]
        kwargs = {k: v for k, v in setup.position.items() if k != "seats"}
        game, _ = Game.from_position(ruleset, board, seats, options=setup.options, seed=setup.seed, **kwargs)
        game.kinds = list(setup.kinds)
        return game
    game, _ = new_game(ruleset, board, setup.names, seed=setup.seed, options=setup.options, kinds=setup.kinds)
    return game


def part_hashes(game: Game) -> str:
    """Six hex digits of the hash of each part of the state, in ``PARTS`` order."""
    state = game.to_json()
    out = []
    for keys in PARTS.values():
        text = _ENCODE({k: state[k] for k in keys})
        out.append(hashlib.sha256(text.encode()).hexdigest()[:6])
    return "".join(out)


def checkpoint_of(game: Game) -> tuple[str, str]:
    """The fingerprint and the part hashes of the state now."""
    return game.fingerprint(), part_hashes(game)


_ENCODE = json.JSONEncoder(sort_keys=True, separators=(",", ":"), ensure_ascii=True).encode


def differing_parts(expected: str, actual: str) -> list[str]:
    names = list(PARTS)
    if len(expected) != 6 * len(names):
        return []
    return [names[i] for i in range(len(names)) if expected[6 * i:6 * i + 6] != actual[6 * i:6 * i + 6]]


def replay(game: Game, items: list, on_item=None) -> Divergence | None:
    """Apply ``items`` to ``game``, checking every checkpoint; the first divergence, or None.

    An input drawn from the RNG is drawn again; if the record says otherwise (an edited die),
    the recorded outcome is applied and the next checkpoint reports the divergence, naming it.
    ``on_item(item, events)`` is called after each input is applied.
    """
    note = ""

    def broken(step: int, line: int, turn: int, what: str) -> Divergence:
        """A divergence before a checkpoint: name the checkpoint that the replay cannot reach."""
        ahead = next((i for i in items[step:] if isinstance(i, Checkpoint)), None)
        if note:
            what += f"; {note}"
        if ahead is None:
            return Divergence(line, step, turn, what)
        return Divergence(line, step, ahead.turn, f"{what}; the checkpoint of turn {ahead.turn} (line {ahead.line}) "
                          f"is not reached", ahead.state, game.fingerprint(),
                          differing_parts(ahead.parts, part_hashes(game)))

    for step, item in enumerate(items, 1):
        if isinstance(item, Checkpoint):
            actual = game.fingerprint()
            if actual != item.state or note:
                last = game.turn - 1
                what = f"the state after turn {item.turn} differs (the replay is after turn {last})"
                if actual == item.state:
                    what = f"the state after turn {item.turn} agrees"
                return Divergence(item.line, step, item.turn, what + (f"; {note}" if note else ""),
                                  item.state, actual, differing_parts(item.parts, part_hashes(game)))
            if item.over and not game.over:
                return Divergence(item.line, step, item.turn, f"the record ends the game ({item.over}); the replay goes on")
            continue
        aw = game.awaiting()
        answer = item.answer
        if aw is None:
            return broken(step, item.line, game.turn - 1, f"the game is over, yet the record goes on with {answer.kind}")
        if aw.kind != answer.kind:
            return broken(step, item.line, game.turn, f"the game awaits {aw.kind}, the record gives {answer.kind}")
        if aw.player < 0 and not item.given:
            drawn = game.sample_chance()
            if drawn != answer and not note:
                note = (f"line {item.line}: the game's RNG draws {drawn.kind} {json.dumps(drawn.to_step())}, "
                        f"the record says {json.dumps(answer.to_step())}")
        reason = game.check(answer)
        if reason is not None:
            return broken(step, item.line, game.turn, f"the game refuses {answer.kind}: {reason}")
        events = game.apply(answer, True)
        if on_item is not None:
            on_item(item, events)
    if note:
        return Divergence(items[-1].line if items else 0, len(items), game.turn - 1, note)
    return None
