"""The shell's refusals said again (tdream/frontend/screen_reasons.py): a template's pattern is its
words and its fields', a field goes through the game's way of saying it, a reason about the seat
it is said to leaves his name out, and a form naming a field its pattern has not is refused."""
import re

import pytest

from tdream.frontend.screen_reasons import Reasons, pattern_of

FORMS = ("T3.1: {square} holds {who}'s tower (or more?)", (r"T9\.9: (?P<n>\d+) floors?", "T9.9: {n} floor(s)"))
OWN = ((r"T5\.1: (?P<who>.+) has none", "T5.1: none left"),)


def test_a_template_matches_its_own_words_and_its_fields_patterns():
    pattern = re.compile(pattern_of("T3.1: {square} holds {who}'s (a {k})?", {"square": r"\w+"}) + "$")
    got = pattern.match("T3.1: d4 holds Kenta's (a 5)?")
    assert got and got.groupdict() == {"square": "d4", "who": "Kenta", "k": "5"}
    assert pattern.match("T3.1: d4 e5 holds Kenta's (a 5)?") is None        # a square is one word
    assert pattern.match("T3.1: d4 holds Kenta's (a 5)!") is None


def test_a_reason_is_said_through_the_fields_and_to_its_subject():
    reasons = Reasons.of("towers", FORMS, OWN, patterns={"square": r"\w+"}, say={"who": str.upper})
    assert reasons.explain("T3.1: d4 holds Kenta's tower (or more?)") == "T3.1: d4 holds KENTA's tower (or more?)"
    assert reasons.explain("T9.9: 1 floor") == "T9.9: 1 floor"
    assert reasons.explain("T9.9: 3 floors") == "T9.9: 3 floors"
    assert reasons.explain("T5.1: Kenta has none", "Kenta") == "T5.1: none left"
    assert reasons.explain("T5.1: Kenta has none", "Yuka") == "T5.1: Kenta has none"     # not his: as written
    assert reasons.explain("X1.1: unknown") == "X1.1: unknown" and reasons.explain(None) == ""


def test_a_template_naming_a_field_its_pattern_has_not_is_refused():
    with pytest.raises(ValueError, match="says m"):
        Reasons.of("towers", ((r"T9\.9: (?P<n>\d+) floors?", "T9.9: {m} floor(s)"),))
