"""The engine's reasons in the language on screen.

The match says why an answer is refused in English, starting with the rule (``CG2.2: t3f1 is
filled (mouse)``). The screen shows it through ``tr``: each form a player can meet at a prompt
is matched here and said again from a template (the same words in English; Japanese from
ja.yaml), the rule ID kept in front, goods and seats named in the screen's language. A reason of a form
not known here is shown as the engine wrote it.
"""
from __future__ import annotations

import re

from ....frontend.text import shown_name, tr
from ..answers import GOOD_OF, good_name

GOOD_WORDS = {"house": "house", "felt": "felt", "butterfly": "butterfly", "dishes": "dishes", "cushion": "cushion",
              "mouse": "mouse"}


def good_word(good: int) -> str:
    """A good's name on screen (C1.2), in the player's language."""
    return tr(GOOD_WORDS.get(good_name(good), good_name(good)))


_FORMS: tuple[tuple[str, str], ...] = (
    (r"C2\.1: no die showing (?P<v>\d+) is left \(left: (?P<left>[\d, ]*)\)",
     "C2.1: no die showing {v} is left (left: {left})"),
    (r"CG2\.2: (?P<cell>\w+) is filled \((?P<good>\w+)\)", "CG2.2: {cell} is filled ({good})"),
    (r"C3\.2: that spends (?P<k>\d+) footprints?; (?P<who>.+) has (?P<have>\d+)",
     "C3.2: that spends {k} footprint(s); {who} has {have}"),
    (r"C3\.2: the own die (?P<o>\d) changed by (?P<d>[+-]\d+) is (?P<x>-?\d+): numbers stay within 1-6 and never wrap",
     "C3.2: the own die {o} changed by {d} is {x}: numbers stay within 1-6 and never wrap"),
    (r"C3\.2: the shared die (?P<o>\d) changed by (?P<d>[+-]\d+) is (?P<x>-?\d+): numbers stay within 1-6 and never "
     r"wrap", "C3.2: the shared die {o} changed by {d} is {x}: numbers stay within 1-6 and never wrap"),
    (r"CG5\.1: (?P<who>.+) has chosen all six goods for houses: no more houses",
     "CG5.1: {who} has chosen all six goods for houses: no more houses"),
    (r"C5\.1: (?P<who>.+) has chosen (?P<good>\w+) before \(a good not chosen before\)",
     "C5.1: {who} has chosen {good} before (a good not chosen before)"),
    (r"CG2\.1: (?P<who>.+) has already answered this round's drawing",
     "CG2.1: {who} has already answered this round's drawing"),
    (r"C4\.2: the game is over", "C4.2: the game is over"),
)
_COMPILED = tuple((re.compile(p + r"$"), t) for p, t in _FORMS)


def explain(why: str | None) -> str:
    """``why`` (the match's reason) in the screen's language."""
    if not why:
        return ""
    for pattern, template in _COMPILED:
        got = pattern.match(why)
        if got:
            fields = got.groupdict()
            if fields.get("good") in GOOD_OF:
                fields["good"] = good_word(GOOD_OF[fields["good"]])
            if "who" in fields:
                fields["who"] = shown_name(fields["who"])       # "Player 1", a character: as the screen says them
            return tr(template, **fields)
    return why


__all__ = ["explain"]
