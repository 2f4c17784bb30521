"""CAT TOWER's answers: the typed values given at its input points (FORMATS.md section 6).

Every answer is a small immutable value with a ``kind`` (the input point's kind) and a text form
that round-trips (``answer_from_step(kind, value)`` reads what ``answer.to_step()`` writes):

- ``Roll(dice)`` (chance ``roll``): the values of the players + 1 dice, kept in ascending order
  (a die is named by its value; the order of the dice carries nothing), ``roll: [1, 4, 6]``.
- ``Draft(value)`` (``draft``): take the die showing ``value`` (C2.1), ``draft: 4``.
- ``Drawing(good, cell, spend)`` (``draw``): draw good ``good`` (1-6, C1.2) in ``cell``, having
  changed (own die, shared die) by ``spend`` (C3.2), ``{good: 4, cell: t2f1, spend: [1, 0]}``.
- ``Pass()`` (``draw``): draw nothing (C2.2, C2.3), ``pass``.
- ``Withdraw()`` (``draw``, out of turn): take back the seat's own drawing or pass while another
  seat has still to answer (CG2.4), ``withdraw``.
- ``House(good)`` (``house``): the good a house just drawn counts (C5.1), ``felt``.

Goods are numbered by the die face that draws them (C1.2); steps take the number or the name.
"""
from __future__ import annotations

from typing import NamedTuple

from ...values import class_values, field_step, typed_values, whole
from .sheet import parse_cell

# C1.2: the six cat goods by die face.
GOODS = ("house", "felt", "butterfly", "dishes", "cushion", "mouse")
HOUSE, FELT, BUTTERFLY, DISHES, CUSHION, MOUSE = 1, 2, 3, 4, 5, 6
GOOD_OF = {name: i for i, name in enumerate(GOODS, 1)}
KINDS = ("roll", "draft", "draw", "house")
DECISIONS = ("draft", "draw", "house")
CHANCE_KINDS = ("roll",)


def good_name(good: int) -> str:
    return GOODS[good - 1] if 1 <= good <= 6 else str(good)


class Roll(NamedTuple):
    """The round's dice (C1.1, C2.1), ascending."""

    dice: tuple[int, ...]


class Draft(NamedTuple):
    """Take the die showing ``value`` (C2.1)."""

    value: int


class Drawing(NamedTuple):
    """Draw ``good`` in ``cell`` (C2.2), the numbers changed by ``spend`` = (own, shared) (C3.2):
    ``abs(spend[0]) + abs(spend[1])`` footprints."""

    good: int
    cell: str
    spend: tuple[int, int] = (0, 0)

    @property
    def cost(self) -> int:
        return abs(self.spend[0]) + abs(self.spend[1])

    def to_step(self):
        out = {"good": self.good, "cell": self.cell}
        if self.spend != (0, 0):
            out["spend"] = list(self.spend)
        return out


class Pass(NamedTuple):
    """Draw nothing this round (C2.2); circles footprints (C2.3)."""

    def to_step(self):
        return "pass"


class Withdraw(NamedTuple):
    """Take back this round's drawing (or pass) given before: the seat draws again (CG2.4)."""

    def to_step(self):
        return "withdraw"


class House(NamedTuple):
    """The good counted by the house just drawn (C5.1, CG5.1)."""

    good: int

    def to_step(self):
        return good_name(self.good)


typed_values(globals())

# Each answer's input kind: class attributes, read at every check and record line (a property
# would be a Python call each), set here because a NamedTuple's body holds only its fields.
KIND_OF: dict[type, str] = {
    Roll: "roll",
    Draft: "draft",
    Drawing: "draw",
    Pass: "draw",
    Withdraw: "draw",
    House: "house",
}
class_values(KIND_OF, "kind")
class_values(dict.fromkeys((Roll, Draft), field_step), "to_step")      # the step is the one field

PASS = Pass()
WITHDRAW = Withdraw()


def read_good(value, what: str = "good") -> int:
    """A good given by number (1-6) or name (``mouse``). Raises ValueError."""
    if isinstance(value, str):
        if value in GOOD_OF:
            return GOOD_OF[value]
        raise ValueError(f"{what}: unknown good {value!r} (goods: {', '.join(GOODS)}, or 1-6)")
    good = whole(value, what)
    if not 1 <= good <= 6:
        raise ValueError(f"{what}: goods are numbered 1-6 (C1.2), not {good}")
    return good


def answer_from_step(kind: str, value):
    """The answer of kind ``kind`` written as ``value`` in a step (without the seat). Raises
    ValueError for a malformed one; a well-formed cell that is not on the sheet is read (the game
    refuses it)."""
    if kind == "roll":
        if not isinstance(value, list) or not value:
            raise ValueError(f"roll takes the dice's values, like [4, 1, 6], not {value!r}")
        return Roll(tuple(sorted(whole(v, "a die") for v in value)))
    if kind == "draft":
        return Draft(whole(value, "draft (the value of the die taken)"))
    if kind == "draw":
        if value == "pass" or value is None:
            return PASS
        if value == "withdraw":
            return WITHDRAW
        if not isinstance(value, dict) or not {"good", "cell"} <= set(value) or not set(value) <= {"good", "cell",
                                                                                                     "spend"}:
            raise ValueError(f"a drawing is pass, withdraw or {{good: 4, cell: t2f1, spend: [1, 0]}}, not {value!r}")
        cell = value["cell"]
        if not isinstance(cell, str) or parse_cell(cell) is None:
            raise ValueError(f"cell: a cell is named t<tower>f<floor>, like t3f2, not {cell!r}")
        spend = value.get("spend", [0, 0])
        if not isinstance(spend, list) or len(spend) != 2:
            raise ValueError(f"spend is [own die change, shared die change], like [1, 0], not {spend!r}")
        return Drawing(read_good(value["good"]), cell, (whole(spend[0], "spend"), whole(spend[1], "spend")))
    if kind == "house":
        return House(read_good(value, "house"))
    raise ValueError(f"unknown step kind {kind!r} (known: {', '.join(KINDS)})")


def answer_to_json(answer):
    """A pending answer as plain JSON (the state's ``pending``)."""
    return answer.to_step()


def answer_from_json(kind: str, data):
    return answer_from_step(kind, data)


__all__ = ["GOODS", "GOOD_OF", "HOUSE", "FELT", "BUTTERFLY", "DISHES", "CUSHION", "MOUSE", "KINDS", "DECISIONS",
           "CHANCE_KINDS", "Roll", "Draft", "Drawing", "Pass", "PASS", "Withdraw", "WITHDRAW", "House",
           "answer_from_step", "read_good", "good_name", "answer_to_json", "answer_from_json"]
