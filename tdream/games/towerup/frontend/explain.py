"""The engine's reasons in the language on screen (issue 36).

The match says why an answer is refused in English, its rule ID first (``U3.4: building on s5
costs 2 black, 1 white; Kenta lacks 1 white (has 0)``). The prompts say each form a player can
meet at a prompt (``REASONS``) again from its template (``tdream/frontend/screen_reasons.py``:
the same words in English; the Japanese from ja.yaml), the rule ID kept in front (Select shows that rule), a
seat's name as the screen says it (``text.shown_name``) and the colours in the screen's words. A
reason of a form not known here is shown as the engine wrote it.
"""
from __future__ import annotations

import re

from ....frontend.screen_reasons import Reasons
from ....frontend.text import shown_name, tr
from ..data import COLOURS

_C = r"(?:black|white|brown|grey)"
_SHORT = re.compile(r"(?P<n>\d+) (?P<colour>" + _C + r") \(has (?P<k>\d+)\)")
_COUNT = re.compile(r"(?P<n>\d+) (?P<colour>" + _C + ")")


def colour_name(c) -> str:
    """A floor colour's name on screen (an index or its data name)."""
    return tr(COLOURS[c] if isinstance(c, int) else c)


def _floors(text: str) -> str:
    """"2 black, 1 white" in the screen's words."""
    return ", ".join(tr("{n} {colour}", n=m.group("n"), colour=colour_name(m.group("colour")))
                         for m in _COUNT.finditer(text))


def _short(text: str) -> str:
    """"1 black (has 0), 2 grey (has 1)" in the screen's words."""
    return ", ".join(tr("{n} {colour} (has {k})", n=m.group("n"), colour=colour_name(m.group("colour")), k=m.group("k"))
                     for m in _SHORT.finditer(text))


REASONS = Reasons.of("towerup", patterns={"site": r"\S+", "card": r"\S+", "k": r"\d+", "n": r"\d+", "colour": _C,
                                          "other": _C}, forms=(
    "U3.4: building on {site} costs {cost}; {who} lacks {short}",
    "U3.4: {site} is not empty (a tower of {k})",
    "U3.4: {site} is next to no tower",
    "U3.4: the base floor must differ from every adjacent tower; {site} is {colour}",
    "U3.5: {who} has no roof left",
    "UG3.1: a wild's colour is one still in the supply; {colour} has none left",
    "U3.2: {colour} has run out: take a floor of another colour still in the supply, not {other}",
    (r"U3\.1: (?P<card>\S+) asks for (?P<k>\d+) chosen colour\(s\) \(wilds, and substitutes for an exhausted "
     r"colour, U3\.2\), not (?P<n>\d+)",
     "U3.1: {k} chosen colour(s) for the card {card} (wilds, and substitutes for an exhausted colour, U3.2), not {n}"),
    (r"U3\.3: give back exactly (?P<k>\d+) floors?, not (?P<n>\d+)", "U3.3: give back exactly {k} floor(s), not {n}"),
    (r"UG1\.1: take exactly (?P<k>\d+) floors?, not (?P<n>\d+)", "UG1.1: take exactly {k} floor(s), not {n}"),
    "U3.3: {who} has {k} {colour}, not {n}",
    "UG1.1: the supply has {k} {colour}, not {n}",
    "U5.4: the game is over ({why})",
), say={"who": shown_name, "colour": colour_name, "other": colour_name, "cost": _floors, "short": _short, "k": int})
explain = REASONS.explain

__all__ = ["explain"]
