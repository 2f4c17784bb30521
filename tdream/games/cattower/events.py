"""CAT TOWER's events: what applying an answer did (STYLE.md rule 6). Seats are seat indices,
cells names (``t3f2``), goods numbers 1-6 (C1.2). The front end animates them, the characters
comment on them (``commentary.py``), text play tells them (``narration.py``), tests assert on them.

An event never shows a drawing or a house choice before every seat at that input point has
answered: ``AnswerGiven`` only says that a seat has answered.
"""
from __future__ import annotations

from typing import NamedTuple

from ...values import typed_values


class ParentDrawn(NamedTuple):
    """The first parent, drawn at random (CG2.3)."""

    parent: int


class RoundStarted(NamedTuple):
    round: int
    parent: int


class DiceRolled(NamedTuple):
    """The parent rolled (C2.1); ``dice`` ascending."""

    parent: int
    dice: tuple[int, ...]


class DieTaken(NamedTuple):
    """A seat took a die (C2.1). ``choices``: the values he could take (ascending, distinct);
    ``left``: the dice left after him."""

    seat: int
    value: int
    choices: tuple[int, ...]
    left: tuple[int, ...]


class SharedDie(NamedTuple):
    """The die left over is shared (C2.1)."""

    value: int


class AnswerGiven(NamedTuple):
    """A seat has answered a simultaneous input point (``draw`` or ``house``); what he answered is
    told only when all have (CG2.1)."""

    seat: int
    kind: str


class AnswerWithdrawn(NamedTuple):
    """A seat took back his answer to the round's drawings (CG2.4): the point waits for him again.
    What he had answered is never told."""

    seat: int
    kind: str


class GoodDrawn(NamedTuple):
    """A seat drew ``good`` in ``cell`` (C2.2), spending ``spent`` footprints (C3.2);
    ``numbers``: (own, shared) after the spend; ``footprints``: his track after the drawing (a
    butterfly's gain included, C3.1); ``group``: for a mouse, the size of its group now (C5.6)."""

    seat: int
    good: int
    cell: str
    spent: int
    numbers: tuple[int, int]
    footprints: int
    gained: int
    group: int = 0


class Passed(NamedTuple):
    """A seat drew nothing and circled ``gained`` footprints (C2.3; ``lost``: past the track, CG1.3)."""

    seat: int
    gained: int
    lost: int
    footprints: int


class HouseScored(NamedTuple):
    """The house in ``cell`` counts ``good``: ``count`` of them, 3 x count points (C5.1)."""

    seat: int
    cell: str
    good: int
    count: int  # type: ignore[assignment]  # the field shadows tuple.count on purpose: words and table read it
    points: int


class TowerCompleted(NamedTuple):
    """A seat completed ``tower`` (C4.1): ``first`` (the left value) or later (the right one)."""

    seat: int
    tower: int
    points: int
    first: bool


class FirstCrossedOut(NamedTuple):
    """``tower``'s left value is gone for ``seats`` (everyone who did not complete it this round, C4.1)."""

    tower: int
    seats: tuple[int, ...]


class OneCellFromEnd(NamedTuple):
    """``seat`` has two towers and ``cell`` is the last empty cell of a third (C4.2: if he draws it,
    the game ends with that round). Told when it becomes so."""

    seat: int
    tower: int
    cell: str


class RoundEnded(NamedTuple):
    round: int
    scores: tuple[int, ...]


class GameOver(NamedTuple):
    """The game ended (C4.2): ``ranking`` seats by place, ties sharing one (CG4.1)."""

    reason: str
    ranking: tuple[tuple[int, ...], ...]
    scores: tuple[int, ...]


typed_values(globals())

__all__ = ["ParentDrawn", "RoundStarted", "DiceRolled", "DieTaken", "SharedDie", "AnswerGiven", "AnswerWithdrawn",
           "GoodDrawn", "Passed", "HouseScored", "TowerCompleted", "FirstCrossedOut", "OneCellFromEnd", "RoundEnded",
           "GameOver"]
