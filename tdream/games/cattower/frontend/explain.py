"""The engine's reasons in the language on screen.

The match says why an answer is refused in English, starting with the rule (``CG2.2: t3f1 is
filled (mouse)``). The screen says each form a player can meet at a prompt (``REASONS``)
again from its template (``tdream/frontend/screen_reasons.py``: the same words in English;
Japanese from ja.yaml), the rule ID kept in front, goods and seats named in the screen's language.
A reason of a form not known here is shown as the engine wrote it.
"""
from __future__ import annotations

from ....frontend.screen_reasons import Reasons
from ....frontend.text import shown_name, tr
from ..answers import GOOD_OF, good_name

GOOD_WORDS = {"house": "house", "felt": "felt", "butterfly": "butterfly", "dishes": "dishes", "cushion": "cushion",
              "mouse": "mouse"}


def good_word(good: int) -> str:
    """A good's name on screen (C1.2), in the player's language."""
    return tr(GOOD_WORDS.get(good_name(good), good_name(good)))


REASONS = Reasons.of("cattower", patterns={"v": r"\d+", "left": r"[\d, ]*", "cell": r"\w+", "good": r"\w+",
                                           "have": r"\d+", "o": r"\d", "d": r"[+-]\d+", "x": r"-?\d+"}, forms=(
    "C2.1: no die showing {v} is left (left: {left})",
    "CG2.2: {cell} is filled ({good})",
    (r"C3\.2: that spends (?P<k>\d+) footprints?; (?P<who>.+) has (?P<have>\d+)",
     "C3.2: that spends {k} footprint(s); {who} has {have}"),
    "C3.2: the own die {o} changed by {d} is {x}: numbers stay within 1-6 and never wrap",
    "C3.2: the shared die {o} changed by {d} is {x}: numbers stay within 1-6 and never wrap",
    "CG5.1: {who} has chosen all six goods for houses: no more houses",
    "C5.1: {who} has chosen {good} before (a good not chosen before)",
    "CG2.1: {who} has already answered this round's drawing",
    "C4.2: the game is over",
), say={"who": shown_name, "good": lambda g: good_word(GOOD_OF[g]) if g in GOOD_OF else g})    # as the screen says them
explain = REASONS.explain

__all__ = ["explain"]
