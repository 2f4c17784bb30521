"""Tower Up's events: what an answer did (STYLE.md rule 6). Seats are indices; sites, cards,
colours and objectives their data names. The front end animates them, the characters comment on
them (``commentary.py``), ``narration.py`` tells them, tests assert on them."""
from __future__ import annotations

from typing import NamedTuple

from ...values import typed_values


class FirstPlayerDrawn(NamedTuple):       # UG2.2
    player: int


class ObjectivesDrawn(NamedTuple):        # UG1.5
    objectives: tuple[str, ...]


class StartingFloors(NamedTuple):         # UG1.1: one of each colour, or the floors of his choice
    player: int
    colours: tuple[str, ...]
    chosen: bool


class CardDealt(NamedTuple):              # U2.1, U3.1
    card: str


class DeckReshuffled(NamedTuple):         # UG3.1: the discards become the deck
    cards: int


class MarketShrank(NamedTuple):           # UG3.1: no card left to deal
    size: int


class StartFloorPlaced(NamedTuple):       # UG2.1
    site: str
    colour: str


class StartSiteMissing(NamedTuple):       # E3: no empty site may take a market card's first floor
    colour: str


class TurnStarted(NamedTuple):
    player: int
    turn: int                             # turns played before this one (progress)
    extra: bool                           # an extra turn (U4.2)
    final: bool                           # his final turn (U5.1, U5.2)


class TurnPassed(NamedTuple):             # E10: no answer is legal
    player: int


class CardTaken(NamedTuple):              # U3.1
    player: int
    card: str
    colours: tuple[str, ...]              # the floors gained, in the card's order
    wilds: tuple[str, ...]


class ColourRanOut(NamedTuple):           # U3.2: a shown colour had no floor left
    player: int
    colour: str
    instead: str                          # the colour taken instead ("" for nothing: the supply is empty)


class VehicleMoved(NamedTuple):           # U3.1, U3.5, U4.1
    player: int
    colour: str
    start: int
    end: int
    lost: int                             # columns of the move lost at the end of the track


class ExtraTurnEarned(NamedTuple):        # U4.2, UG4.1
    player: int
    star: int                             # the highest star column all four vehicles now reach
    chain: int                            # 1 for the first, 2 when earned in an extra turn, ...


class ExtraTurnLost(NamedTuple):          # UG4.1, UG5.2
    player: int
    reason: str                           # last_roof or city


class FloorsDiscarded(NamedTuple):        # U3.3
    player: int
    colours: tuple[str, ...]


class Built(NamedTuple):                  # U3.4
    player: int
    site: str
    colour: str
    neighbours: tuple[str, ...]           # the towers that took a floor, in city order
    cost: tuple[int, int, int, int]       # floors spent per colour


class RoofPlaced(NamedTuple):             # U3.5
    player: int
    site: str
    height: int                           # the tower's height after the build
    left: int                             # roofs he has left


class RoofCovered(NamedTuple):            # U3.4: a floor goes on top of a roof
    owner: int
    site: str
    by: int                               # the builder


class ObjectiveMet(NamedTuple):           # U4.3, UG4.2
    player: int
    objective: str
    chip: int


class EndBegun(NamedTuple):               # U5.1, U5.2, UG5.2
    player: int                           # who triggered it
    reason: str                           # roof, supply or city
    final_turns: tuple[int, ...]


class FinalTurnsBegin(NamedTuple):        # UG5.1: the first final turn starts
    final_turns: tuple[int, ...]


class Scored(NamedTuple):                 # U5.3
    player: int
    total: int
    vehicles: int
    cone: int                             # points of the cone's column
    chips: int
    visible: int                          # visible roofs (the cone's column)


class GameEnded(NamedTuple):              # U5.4
    reason: str
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


typed_values(globals())

__all__ = [n for n in list(globals()) if n[0].isupper() and n not in ("NamedTuple",)]
