"""Typed events: what applying an answer did (STYLE.md rule 6).

The front end animates them, CPU characters comment on them, tests assert on them. Every change
of a player's cash is a ``Payment`` event and nothing else, so the Payments of a game add up to
the change of every player's cash. ``BANK`` stands for the Bank as payer or payee.
"""
from __future__ import annotations

from typing import NamedTuple

from ....values import typed_values

BANK = -2                # the one Bank of the game (a Land's owner too: game.BANK)


class TurnOrderDrawn(NamedTuple):
    seats: tuple[str, ...]          # names in turn order (R2.2)


class PileShuffled(NamedTuple):
    pile: str


class TurnStarted(NamedTuple):
    player: int
    turn: int
    round: int


class TurnSkipped(NamedTuple):
    player: int
    left: int


class Payment(NamedTuple):
    """Cash moved: ``payer`` and ``payee`` are seats or BANK. ``reason`` names why."""

    payer: int
    payee: int
    amount: int
    reason: str        # salary fee sell forced_sale merge_sale bonus_top bonus_sub build card slot event broke offer
    detail: str = ""   # a Company id, card id, Land ...


class FloorsSold(NamedTuple):
    player: int
    land: str
    floors: int
    reason: str        # sell, forced_sale, merge_sale, offer


class LandmarkSold(NamedTuple):
    player: int
    land: str


class DiceRolled(NamedTuple):
    player: int
    value: int


class Moved(NamedTuple):
    player: int
    start: int
    end: int
    steps: int          # negative when backward


class Passed(NamedTuple):
    player: int
    space: int
    kind: str           # start or jackpot


class JackpotGrew(NamedTuple):
    floors: int


class Landed(NamedTuple):
    player: int
    space: int
    kind: str


class LineFee(NamedTuple):
    """The Line Fee owed on landing (R6.1-R6.3, G6.4): ``owners`` and what each is owed."""

    player: int
    space: int
    owners: tuple[int, ...]
    amounts: tuple[int, ...]


class LandmarkPlaced(NamedTuple):
    player: int
    land: str


class LandmarkClaimed(NamedTuple):
    player: int
    land: str


class CompanyStarted(NamedTuple):
    player: int
    company: str
    land: str
    level: int


class CompanyGrew(NamedTuple):
    company: str
    land: str
    level: int


class Merged(NamedTuple):
    survivor: str
    absorbed: tuple[str, ...]
    land: str
    level: int


class Absorbed(NamedTuple):
    company: str
    survivor: str
    level: int
    price: int
    top: tuple[int, ...]
    sub: tuple[int, ...]


class FloorsBuilt(NamedTuple):
    player: int
    land: str
    floors: int
    total: int


class JackpotWon(NamedTuple):
    player: int
    land: str
    floors: int


class JackpotMissed(NamedTuple):
    player: int


class PileChosen(NamedTuple):
    player: int
    pile: str


class CardDrawn(NamedTuple):
    player: int
    pile: str
    card: str


class SlotSpun(NamedTuple):
    player: int
    symbols: tuple[str, ...]
    matched: int


class EventResolved(NamedTuple):
    player: int
    kind: str


class FloorsGained(NamedTuple):
    player: int
    land: str
    floors: int
    total: int


class FloorsLost(NamedTuple):
    player: int
    land: str
    floors: int


class TurnsToSkip(NamedTuple):
    player: int
    turns: int


class WentBroke(NamedTuple):
    player: int


class TurnEnded(NamedTuple):
    player: int
    turn: int


class GameOver(NamedTuple):
    reason: str                         # percent, broke, stalemate, rounds
    wealth: tuple[int, ...]
    ranking: tuple[tuple[int, ...], ...]


typed_values(globals())
