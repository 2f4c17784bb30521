"""Text forms: every answer's step reads back to the same answer by the same seat."""
import pytest

from tdream.games.towers import GAME
from tdream.games.towers.answers import DECLARE, END_NO, END_YES, PASS, Declare, Demolish, Pass, Pick, Place
from tdream.platform.protocol import ScenarioContext

from .conftest import position

NAMES = ["A", "B"]
CTX = ScenarioContext(None, None, NAMES, {"A": 0, "B": 1}, {})


@pytest.mark.parametrize("answer, seat", [(Pick(3), 0), (Pick(9), 1), (Place("c4", 2), 0), (Place("l12", 9), 1),
                                          (PASS, 1), (DECLARE, 0), (DECLARE, 1), (Demolish("h8"), 0),
                                          (END_YES, 1), (END_NO, 0)])
def test_step_text_reads_back_to_the_same_answer_and_seat(answer, seat):
    m = position({})
    step = GAME.scenario.step_text(answer, seat, m)
    (key, value), = step.items()
    assert key == answer.step
    (got_seat, got), = GAME.scenario.read_step(key, value, CTX)
    assert got == answer and type(got) is type(answer)
    assert got_seat in (seat, None)
    if key in ("pick", "pass", "declare"):
        assert got_seat == seat


def test_answers_of_different_types_never_compare_equal():
    assert Pass() != Declare() and PASS == Pass() and Place("c4", 2) != ("c4", 2)
    assert len({Pass(), Declare(), Pick(1), Place("a1", 1)}) == 4


def test_yes_no_takes_true_false_too():
    for v, want in (("yes", True), (True, True), ("false", False), (False, False), ("NO", False)):
        (_, a), = GAME.scenario.read_step("end", v, CTX)
        assert a.yes is want


def test_pick_step_of_both_seats_in_the_order_given():
    got = GAME.scenario.read_step("pick", {"B": 4, "A": 6}, CTX)
    assert got == [(1, Pick(4)), (0, Pick(6))]


def test_records_lines_of_a_whole_game_read_back():
    from tdream.platform.conformance import random_session
    s = random_session(GAME, 4, 2, {"demolish": "war"})
    lines = []
    s.observers.append(lambda _s, seat, answer, _e, _g: lines.append((seat, answer, GAME.scenario.step_text(
        answer, seat, _s.match))))
    s.run()
    assert lines
    names = s.match.names
    ctx = ScenarioContext(None, None, names, {n: i for i, n in enumerate(names)}, {})
    for seat, answer, step in lines:
        (key, value), = step.items()
        (got_seat, got), = GAME.scenario.read_step(key, value, ctx)
        assert got == answer and got_seat in (seat, None)
