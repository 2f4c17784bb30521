"""Typed events of Towers: what an input did (STYLE.md rule 6). Seats are indices in turn order;
squares are TG1.1 names. The front end animates them, the characters comment on them
(``commentary.py``), ``describe`` tells them in text (``narration.py``) and tests assert on them."""
from __future__ import annotations

from typing import NamedTuple

from ...values import typed_values


class GameStarted(NamedTuple):
    names: tuple[str, ...]
    size: int                      # the board's side (option size)


class PickGiven(NamedTuple):
    """A seat has given his secret pick (shown as "ready", never the value)."""

    player: int


class PicksRevealed(NamedTuple):
    """T2.1: the picks, by seat; ``first`` the seat who goes first, -1 when they tie (pick again)."""

    picks: tuple[int, ...]
    first: int


class FirstPlayer(NamedTuple):
    """Who plays the first turn and how it was decided: ``pick`` (T2.1), ``random`` (TG2.1's
    coin, and 3-4 players) or ``given`` (a scenario's ``to_move``)."""

    player: int
    how: str


class TurnStarted(NamedTuple):
    player: int
    turn: int                      # 1 for the first turn of the game
    extra: bool                    # a declared extra turn (T5.1)


class TowerPlaced(NamedTuple):
    player: int
    square: str
    size: int
    first: bool                    # his first tower of the game
    largest: bool                  # the largest size he could place there


class Passed(NamedTuple):
    player: int
    forced: bool                   # he had no square to place on (T3.4)


class Declared(NamedTuple):
    """T5.1: a double turn declared; ``left`` declarations still his; ``in_turn`` by the acting player."""

    player: int
    left: int
    in_turn: bool


class Demolished(NamedTuple):
    player: int
    square: str
    size: int


class Collapsed(NamedTuple):
    """T7.2: towers left unsupported fell (one wave of the chain; ``wave`` from 1)."""

    wave: int
    towers: tuple[tuple[str, int, int], ...]     # (square, owner, size)


class ClaimsBegin(NamedTuple):
    """TG4.2: every player has a tower on the board; territory is claimed from now on."""


class WalledIn(NamedTuple):
    """TG4.3: ``player`` can place nowhere (his towers touch no square he may use); ``by`` the seat
    whose placement did it (-1: nobody's placement, e.g. a collapse; ``player`` himself also at the
    end of his demolition's turn, when the vacated square is no longer his alone, TG7.3)."""

    player: int
    by: int


class EndAsked(NamedTuple):
    """TG6.1: after a pass that does not complete a round of passes, ``player`` is asked whether
    to end the game (a "no" always plays on)."""

    player: int


class EndAnswered(NamedTuple):
    player: int
    yes: bool


class GameOver(NamedTuple):
    reason: str                                  # full, ended, passes (a round of passes, TG6.1)
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


typed_values(globals())

__all__ = ["GameStarted", "PickGiven", "PicksRevealed", "FirstPlayer", "TurnStarted", "TowerPlaced", "Passed",
           "Declared", "Demolished", "Collapsed", "ClaimsBegin", "WalledIn", "EndAsked", "EndAnswered", "GameOver"]
