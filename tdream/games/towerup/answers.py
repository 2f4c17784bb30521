"""Tower Up's answers: the typed values a player or chance gives at an input point.

Input points (``Awaiting.kind``) and their answers, each with a text form that round-trips
(``answer_from_step(key, value)`` reads a scenario step, ``answer.to_step()`` gives it back, and
``answer.step`` names the step key):

- ``turn`` (U3.1/U3.4: one input point with two kinds of answer): ``Take`` (step ``take: {card: k7,
  wilds: [white]}``) or ``Build`` (step ``build: {site: s3, colour: white, roof: s3}``);
- ``discard`` (U3.3): ``Discard`` (``discard: {black: 1}``), exactly the floors over 10;
- ``start_floors`` (UG1.1): ``StartFloors`` (``start_floors: {grey: 2}``), the k floors of his
  choice the k-th player after the first takes at set-up;
- chance ``deal`` (U2.1, U3.1): ``Deal`` (``deal: k7``), the next card revealed into the market;
- chance ``start_sites`` (UG2.1): ``StartSite``, one market card's first floor; a step
  ``start_sites: [s1, s9, s20]`` gives one answer a site, in market order.

Colours are named (``black``, ``white``, ``brown``, ``grey``); counts are kept per colour in that order.
"""
from __future__ import annotations

from typing import NamedTuple

from ...values import class_values, field_step, typed_values
from .data import COLOURS

TURN, DISCARD, START_FLOORS, DEAL, START_SITES = "turn", "discard", "start_floors", "deal", "start_sites"
DECISIONS = (TURN, DISCARD, START_FLOORS)
CHANCE_KINDS = (DEAL, START_SITES)
STEP_KEYS = ("take", "build", "discard", "start_floors", "deal", "start_sites")


class Take(NamedTuple):
    """Take a market card (U3.1); ``wilds``: the colour of every floor the player chooses (wild
    icons, and substitutes for an exhausted colour, U3.2), in the card's order."""

    card: str
    wilds: tuple[str, ...] = ()

    def to_step(self):
        return {"card": self.card, "wilds": list(self.wilds)} if self.wilds else {"card": self.card}


class Build(NamedTuple):
    """Build on ``site`` a base floor of ``colour`` and put the roof on ``roof`` (U3.4, U3.5)."""

    site: str
    colour: str
    roof: str

    def to_step(self):
        return {"site": self.site, "colour": self.colour, "roof": self.roof}


def _counts_text(counts: tuple[int, ...]) -> dict:
    return {COLOURS[i]: n for i, n in enumerate(counts) if n}


class Discard(NamedTuple):
    """Floors given back to the supply, per colour (U3.3)."""

    counts: tuple[int, int, int, int]

    def to_step(self):
        return _counts_text(self.counts)


class StartFloors(NamedTuple):
    """The set-up floors of his choice (UG1.1), per colour."""

    counts: tuple[int, int, int, int]

    def to_step(self):
        return _counts_text(self.counts)


class Deal(NamedTuple):
    card: str


class StartSite(NamedTuple):
    site: str

    def to_step(self):
        return [self.site]


typed_values(globals())

# Each answer's input kind and step key: class attributes, read at every check and record line (a property
# would be a Python call each), set here because a NamedTuple's body holds only its fields.
KIND_STEP: dict[type, tuple[str, str]] = {
    Take: (TURN, "take"),
    Build: (TURN, "build"),
    Discard: (DISCARD, "discard"),
    StartFloors: (START_FLOORS, "start_floors"),
    Deal: (DEAL, "deal"),
    StartSite: (START_SITES, "start_sites"),
}
class_values(KIND_STEP, "kind", "step")
class_values({Deal: field_step}, "to_step")      # the step is the one field


def _name(value, what: str) -> str:
    if not isinstance(value, str) or not value:
        raise ValueError(f"{what} must be a name like s3, not {value!r}")
    return value


def _colour(value, what: str) -> str:
    if value not in COLOURS:
        raise ValueError(f"{what} must be a colour ({', '.join(COLOURS)}), not {value!r}")
    return value


def _counts(value, what: str) -> tuple[int, int, int, int]:
    if not isinstance(value, dict):
        raise ValueError(f"{what} takes floors per colour, like {{black: 1}}, not {value!r}")
    out = [0, 0, 0, 0]
    for k, n in value.items():
        _colour(k, f"{what} colour")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"{what}: {k} must be a whole number >= 0, not {n!r}")
        out[COLOURS.index(k)] = n
    return out[0], out[1], out[2], out[3]


def answer_from_step(key: str, value) -> list:
    """The answers of one step (``start_sites`` may give several). Raises ValueError."""
    if key == "take":
        if isinstance(value, str):
            return [Take(_name(value, "take card"))]
        if not isinstance(value, dict) or "card" not in value or not set(value) <= {"card", "wilds"}:
            raise ValueError(f"take takes {{card: ID, wilds: [colours]}}, not {value!r}")
        wilds = value.get("wilds") or []
        if not isinstance(wilds, list):
            raise ValueError(f"take wilds must be a list of colours, not {wilds!r}")
        return [Take(_name(value["card"], "take card"), tuple(_colour(w, "a wild") for w in wilds))]
    if key == "build":
        if not isinstance(value, dict) or set(value) != {"site", "colour", "roof"}:
            raise ValueError(f"build takes {{site: s3, colour: white, roof: s3}}, not {value!r}")
        return [Build(_name(value["site"], "build site"), _colour(value["colour"], "build colour"),
                      _name(value["roof"], "build roof"))]
    if key == "discard":
        return [Discard(_counts(value, "discard"))]
    if key == "start_floors":
        return [StartFloors(_counts(value, "start_floors"))]
    if key == "deal":
        return [Deal(_name(value, "deal card"))]
    if key == "start_sites":
        sites = [value] if isinstance(value, str) else value
        if not isinstance(sites, list) or not sites:
            raise ValueError(f"start_sites takes a list of sites, like [s1, s9, s20], not {value!r}")
        return [StartSite(_name(s, "a start site")) for s in sites]
    raise ValueError(f"unknown step kind {key!r} (known: {', '.join(STEP_KEYS)})")


__all__ = ["TURN", "DISCARD", "START_FLOORS", "DEAL", "START_SITES", "DECISIONS", "CHANCE_KINDS", "STEP_KEYS",
           "Take", "Build", "Discard", "StartFloors", "Deal", "StartSite", "answer_from_step"]
