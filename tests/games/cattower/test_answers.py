"""Text forms round-trip (read_step(step_text(a)) gives a back, to the same seat)."""
from tdream.games.cattower import GAME
from tdream.games.cattower.answers import PASS, Draft, Drawing, House, Roll, answer_from_step
from tdream.platform.conformance import random_session
from tdream.platform.protocol import CHANCE, ScenarioContext


def _ctx(names):
    return ScenarioContext(None, None, list(names), {n: i for i, n in enumerate(names)}, {}, {}, GAME)


def test_step_text_round_trips_every_answer_of_a_playout():
    for seed in (1, 2):
        s = random_session(GAME, seed)
        m = s.match
        ctx = _ctx(m.names)
        checked = 0
        while m.awaiting() is not None:
            aw = m.awaiting()
            seats = (CHANCE,) if aw.player == CHANCE else aw.seats
            for seat in seats:
                answers = m.chance_outcomes()[:20] if seat == CHANCE else m.legal_answers(seat)
                for a in (answers if seat == CHANCE else answers[:: max(1, len(answers) // 15)] + [answers[-1]]):
                    a = a[0] if seat == CHANCE else a
                    step = GAME.scenario.step_text(a, seat, m)
                    (key, value), = step.items()
                    got = GAME.scenario.read_step(key, value, ctx)
                    want_seat = None if seat == CHANCE else seat
                    assert got == [(want_seat, a)], (step, got)
                    checked += 1
            s.advance()
        assert checked > 500


def test_answers_of_different_types_never_compare_equal():
    assert Draft(4) != House(4) and House(1) != Draft(1)
    assert PASS != () and Drawing(1, "t1f1") != Drawing(1, "t1f1", (1, 0))
    assert len({Draft(4), House(4), PASS, Roll((4,))}) == 4


def test_steps_read_goods_by_name_or_number_and_rolls_sorted():
    assert answer_from_step("draw", {"good": "mouse", "cell": "t1f1"}) == Drawing(6, "t1f1")
    assert answer_from_step("house", "felt") == House(2) == answer_from_step("house", 2)
    assert answer_from_step("roll", [4, 1, 6]) == Roll((1, 4, 6))
    assert House(5).to_step() == "cushion" and Drawing(4, "t2f1", (1, 0)).to_step() == {
        "good": 4, "cell": "t2f1", "spend": [1, 0]}


def test_several_seats_in_one_step_keep_their_order():
    ctx = _ctx(["A", "B", "C"])
    got = GAME.scenario.read_step("draw", {"C": "pass", "A": {"good": 4, "cell": "t2f1", "spend": [1, 0]}}, ctx)
    assert got == [(2, PASS), (0, Drawing(4, "t2f1", (1, 0)))]
    assert GAME.scenario.read_step("draft", 4, ctx) == [(None, Draft(4))]
