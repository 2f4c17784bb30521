"""The engine's reasons in the language on screen (issue 36).

The match says why an answer is refused in English, its rule ID first (``U3.4: building on s5
costs 2 black, 1 white; Kenta lacks 1 white (has 0)``). The prompts show it through ``tr``: each
form a player can meet at a prompt is matched here and said again from a template (the same words
in English; the Japanese from ja.yaml), the rule ID kept in front (Select shows that rule), a
seat's name as the screen says it (``text.shown_name``) and the colours in the screen's words. A
reason of a form not known here is shown as the engine wrote it.
"""
from __future__ import annotations

import re

from ....frontend.text import shown_name, tr
from ..data import COLOURS

_C = r"(?:black|white|brown|grey)"
_FORMS: tuple[tuple[str, str], ...] = (
    (r"U3\.4: building on (?P<site>\S+) costs (?P<cost>.+); (?P<who>.+) lacks (?P<short>.+)",
     "U3.4: building on {site} costs {cost}; {who} lacks {short}"),
    (r"U3\.4: (?P<site>\S+) is not empty \(a tower of (?P<k>\d+)\)", "U3.4: {site} is not empty (a tower of {k})"),
    (r"U3\.4: (?P<site>\S+) is next to no tower", "U3.4: {site} is next to no tower"),
    (r"U3\.4: the base floor must differ from every adjacent tower; (?P<site>\S+) is (?P<colour>" + _C + ")",
     "U3.4: the base floor must differ from every adjacent tower; {site} is {colour}"),
    (r"U3\.5: (?P<who>.+) has no roof left", "U3.5: {who} has no roof left"),
    (r"UG3\.1: a wild's colour is one still in the supply; (?P<colour>" + _C + ") has none left",
     "UG3.1: a wild's colour is one still in the supply; {colour} has none left"),
    (r"U3\.2: (?P<colour>" + _C + r") has run out: take a floor of another colour still in the supply, not "
     r"(?P<other>" + _C + ")",
     "U3.2: {colour} has run out: take a floor of another colour still in the supply, not {other}"),
    (r"U3\.1: (?P<card>\S+) asks for (?P<k>\d+) chosen colour\(s\) \(wilds, and substitutes for an exhausted "
     r"colour, U3\.2\), not (?P<n>\d+)",
     "U3.1: {k} chosen colour(s) for the card {card} (wilds, and substitutes for an exhausted colour, U3.2), not {n}"),
    (r"U3\.3: give back exactly (?P<k>\d+) floors?, not (?P<n>\d+)", "U3.3: give back exactly {k} floor(s), not {n}"),
    (r"UG1\.1: take exactly (?P<k>\d+) floors?, not (?P<n>\d+)", "UG1.1: take exactly {k} floor(s), not {n}"),
    (r"U3\.3: (?P<who>.+) has (?P<k>\d+) (?P<colour>" + _C + r"), not (?P<n>\d+)",
     "U3.3: {who} has {k} {colour}, not {n}"),
    (r"UG1\.1: the supply has (?P<k>\d+) (?P<colour>" + _C + r"), not (?P<n>\d+)",
     "UG1.1: the supply has {k} {colour}, not {n}"),
    (r"U5\.4: the game is over \((?P<why>.+)\)", "U5.4: the game is over ({why})"),
)
_COMPILED = tuple((re.compile(p + r"$"), t) for p, t in _FORMS)
_SHORT = re.compile(r"(?P<n>\d+) (?P<colour>" + _C + r") \(has (?P<k>\d+)\)")
_COUNT = re.compile(r"(?P<n>\d+) (?P<colour>" + _C + ")")


def colour_name(c) -> str:
    """A floor colour's name on screen (an index or its data name)."""
    return tr(COLOURS[c] if isinstance(c, int) else c)


def _floors(text: str) -> str:
    """"2 black, 1 white" in the screen's words."""
    return ", ".join(tr("{n} {colour}", n=m.group("n"), colour=colour_name(m.group("colour")))
                         for m in _COUNT.finditer(text))


def explain(why: str | None) -> str:
    """``why`` (the match's reason, its rule ID first) in the screen's language."""
    if not why:
        return ""
    for pattern, template in _COMPILED:
        got = pattern.match(why)
        if not got:
            continue
        fields = got.groupdict()
        if "who" in fields:
            fields["who"] = shown_name(fields["who"])
        for key in ("colour", "other"):
            if key in fields:
                fields[key] = colour_name(fields[key])
        if "cost" in fields:
            fields["cost"] = _floors(fields["cost"])
        if "short" in fields:
            fields["short"] = ", ".join(
                tr("{n} {colour} (has {k})", n=m.group("n"), colour=colour_name(m.group("colour")), k=m.group("k"))
                for m in _SHORT.finditer(fields["short"]))
        if "k" in fields and "(s)" in template:
            fields["k"] = int(fields["k"])
        return tr(template, **fields)
    return why


__all__ = ["explain"]
