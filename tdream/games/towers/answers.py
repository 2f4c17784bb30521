"""Answers of Towers: the typed values a seat gives at an input point (FORMATS.md section 6).

Three input kinds: ``pick`` (T2.1, simultaneous), ``place`` (a turn, TG3.3: a placement, a pass,
a declaration or a demolition, all of kind ``place``; a declaration may also come out of turn)
and ``end`` (TG6.1, after a pass). Each answer has ``kind`` (the input point's kind), ``step``
(the scenario step key it is written with) and ``to_step()`` (that step's value, without the
seat; ``scenario.TowersScenarios.step_text`` adds the seat's name where the step names one).
Squares are named by TG1.1 (``c4``); a well-formed name off the board is an illegal answer.
"""
from __future__ import annotations

from typing import NamedTuple

from ...values import class_values, field_step, typed_values

PICK, PLACE, END = "pick", "place", "end"
KINDS = (PICK, PLACE, END)
STEP_KEYS = ("pick", "place", "pass", "declare", "end", "demolish")


class Pick(NamedTuple):
    """A secret pick of a size 1-9 (T2.1)."""

    size: int


class Place(NamedTuple):
    """Place a tower of ``size`` at ``square`` (T3.1-T3.3)."""

    square: str
    size: int

    def to_step(self):
        return {"square": self.square, "size": self.size}


class Pass(NamedTuple):
    """Place nothing this turn (T3.4, TG3.2)."""

    def to_step(self):
        return None


class Declare(NamedTuple):
    """Declare a double turn (T5.1, T5.2, TG5.1): in turn or out of turn."""

    def to_step(self):
        return None


class Demolish(NamedTuple):
    """Remove one of his towers (T7.1 advanced, T7.2 corporate war)."""

    square: str


class End(NamedTuple):
    """The answer to "end the game?" after a pass (T6.1, TG6.1)."""

    yes: bool

    def to_step(self):
        return "yes" if self.yes else "no"


typed_values(globals())

# Each answer's input kind and step key: class attributes, read at every check and record line (a property
# would be a Python call each), set here because a NamedTuple's body holds only its fields.
KIND_STEP: dict[type, tuple[str, str]] = {
    Pick: (PICK, "pick"),
    Place: (PLACE, "place"),
    Pass: (PLACE, "pass"),
    Declare: (PLACE, "declare"),
    Demolish: (PLACE, "demolish"),
    End: (END, "end"),
}
class_values(KIND_STEP, "kind", "step")
class_values(dict.fromkeys((Pick, Demolish), field_step), "to_step")      # the step is the one field

PASS = Pass()
DECLARE = Declare()
END_YES = End(True)
END_NO = End(False)
PICKS = tuple(Pick(s) for s in range(1, 10))

__all__ = ["PICK", "PLACE", "END", "KINDS", "STEP_KEYS", "Pick", "Place", "Pass", "Declare", "Demolish", "End",
           "PASS", "DECLARE", "END_YES", "END_NO", "PICKS"]
