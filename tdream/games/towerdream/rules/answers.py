"""Answers: the typed values a player (or chance) gives when the game awaits input.

Every answer is a small immutable value with a ``kind`` (one of ``KINDS``, FORMATS.md section 2)
and a text form that round-trips: ``answer_from_step(kind, value)`` reads the value of a scenario
step (``roll: 4``, ``place: {claim: e1}``) and ``answer.to_step()`` gives it back. Lands are named
by G1.1 (``c4``), Companies, piles, cards and symbols by their data ids.
"""
from __future__ import annotations

from typing import NamedTuple

from ....values import class_values, field_step, typed_values, whole

DECISIONS = ("sell", "place", "company", "survivor", "build", "pile", "jackpot", "forced_sale", "floors")
CHANCE = ("roll", "draw", "slot")
KINDS = DECISIONS + CHANCE
OPTIONAL = ("sell", "build")


class Sell(NamedTuple):
    """Sell Floors (R3.1, or a card's offer): ``items`` is ((land, floors), ...); () is none."""

    items: tuple[tuple[str, int], ...] = ()

    def to_step(self):
        return [{"land": land, "floors": n} for land, n in self.items]


class Roll(NamedTuple):
    value: int


class Place(NamedTuple):
    """Place a new Landmark on a vacant Land (R7.1)."""

    land: str


class Claim(NamedTuple):
    """Claim a Bank-owned Landmark instead of placing (R7.3)."""

    land: str

    def to_step(self):
        return {"claim": self.land}


class StartCompany(NamedTuple):
    company: str


class Survivor(NamedTuple):
    company: str


class Build(NamedTuple):
    """Build Floors (R8.1); ``Build()`` (land None) builds nothing."""

    land: str | None = None
    floors: int = 0

    def to_step(self):
        return "none" if self.land is None else {"land": self.land, "floors": self.floors}


class ChoosePile(NamedTuple):
    pile: str


class Draw(NamedTuple):
    card: str


class SlotStop(NamedTuple):
    symbols: tuple[str, ...]


class JackpotLand(NamedTuple):
    land: str


class ForcedSale(NamedTuple):
    """Sell one item to cover a debt (R6.4, G6.2): a Floor of ``land``, or its Landmark."""

    land: str


class FreeFloors(NamedTuple):
    """Where a card's free Floors go."""

    land: str


typed_values(globals())

# Each answer's kind (FORMATS.md section 2), a class attribute: read at every check and record
# line, where a property would be a Python call. Set here, not in the class body, which a
# NamedTuple keeps for its fields.
KIND_OF: dict[type, str] = {
    Sell: "sell",
    Roll: "roll",
    Place: "place",
    Claim: "place",
    StartCompany: "company",
    Survivor: "survivor",
    Build: "build",
    ChoosePile: "pile",
    Draw: "draw",
    SlotStop: "slot",
    JackpotLand: "jackpot",
    ForcedSale: "forced_sale",
    FreeFloors: "floors",
}
class_values(KIND_OF, "kind")
# The answers whose step is their one field (``roll: 4``, ``slot: [seven, seven, bar]``).
class_values(dict.fromkeys((Roll, Place, StartCompany, Survivor, ChoosePile, Draw, SlotStop, JackpotLand, ForcedSale,
                            FreeFloors), field_step), "to_step")


NO_SELL = Sell(())
NO_BUILD = Build()


def _land_name(value, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} must be a Land name like c4, not {value!r}")
    return value


def answer_from_step(kind: str, value):
    """The answer of kind ``kind`` written as ``value`` in a step. Raises ValueError."""
    if kind == "sell":
        if value in (None, "none"):
            return NO_SELL
        if not isinstance(value, list):
            raise ValueError(f"sell takes a list like [{{land: c1, floors: 2}}], not {value!r}")
        items = []
        for item in value:
            if not isinstance(item, dict) or set(item) != {"land", "floors"}:
                raise ValueError(f"each sell item is {{land: L, floors: N}}, not {item!r}")
            items.append((_land_name(item["land"], "sell land"), whole(item["floors"], "sell floors")))
        return Sell(tuple(items))
    if kind == "roll":
        return Roll(whole(value, "roll"))
    if kind == "place":
        if isinstance(value, dict):
            if set(value) != {"claim"}:
                raise ValueError(f"place takes a Land or {{claim: L}}, not {value!r}")
            return Claim(_land_name(value["claim"], "claim"))
        return Place(_land_name(value, "place"))
    if kind == "build":
        if value in (None, "none"):
            return NO_BUILD
        if not isinstance(value, dict) or set(value) != {"land", "floors"}:
            raise ValueError(f"build takes {{land: L, floors: N}} or none, not {value!r}")
        return Build(_land_name(value["land"], "build land"), whole(value["floors"], "build floors"))
    if kind == "slot":
        if not isinstance(value, list) or not all(isinstance(s, str) for s in value):
            raise ValueError(f"slot takes a list of four symbols, not {value!r}")
        return SlotStop(tuple(value))
    simple = {"company": StartCompany, "survivor": Survivor, "pile": ChoosePile, "draw": Draw,
              "jackpot": JackpotLand, "forced_sale": ForcedSale, "floors": FreeFloors}
    if kind in simple:
        if not isinstance(value, str) or not value:
            raise ValueError(f"{kind} takes a name, not {value!r}")
        return simple[kind](value)
    raise ValueError(f"unknown step kind {kind!r}")
