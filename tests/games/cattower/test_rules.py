"""The rules of RULES-cattower.md, one behaviour a test (rule IDs in the names)."""
import pytest

from tdream.errors import IllegalAnswer
from tdream.games.cattower import GAME
from tdream.games.cattower import events as ev
from tdream.games.cattower.answers import PASS, WITHDRAW, Draft, Drawing, House, Roll
from tdream.games.cattower.match import multinomial, roll_outcomes
from tdream.games.cattower.scoring import place_split
from tdream.platform.protocol import CHANCE

from .helpers import at_draw, at_roll


def test_c1_1_seats_two_to_four_only():
    for n in (1, 5):
        with pytest.raises(ValueError, match="C1.1"):
            GAME.new_match([f"P{i}" for i in range(n)], {}, 0)
    for n in (2, 3, 4):
        m, _ = GAME.new_match([f"P{i}" for i in range(n)], {}, 0)
        assert len(m.names) == n


def test_c1_1_roll_outcomes_are_every_multiset_weighted():
    for k in (3, 4, 5):
        outs = roll_outcomes(k)
        assert sum(w for _, w in outs) == 6 ** k
        assert [a.dice for a, _ in outs] == sorted(a.dice for a, _ in outs)
        assert all(list(a.dice) == sorted(a.dice) and len(a.dice) == k for a, _ in outs)
    assert multinomial((1, 1, 2)) == 3 and multinomial((1, 2, 3)) == 6 and multinomial((4, 4, 4)) == 1


def test_c1_1_roll_needs_players_plus_one_dice():
    m = at_roll(("A", "B", "C"))
    assert m.check(Roll((1, 2, 3))).startswith("C1.1")
    assert m.check(Roll((1, 2, 3, 9))).startswith("C1.1")
    assert m.check(Roll((1, 2, 3, 4))) is None
    assert m.check(Roll((1, 2, 3, 4)), 0).startswith("C2.1")       # a roll is chance, not a seat's


def test_c1_1_sample_chance_is_among_the_outcomes_and_sorted():
    m = at_roll(("A", "B", "C", "D"), seed=5)
    outs = [a for a, _ in m.chance_outcomes()]
    for _ in range(30):
        r = m.copy().sample_chance()
        assert r in outs
        m.rng.next_u64()


def test_c2_1_draft_goes_clockwise_from_the_parent():
    m = at_roll(("A", "B", "C"), parent="B")
    m.apply(Roll((2, 5, 5, 6)))
    assert m.awaiting().seats == (1,)
    why = m.check(Draft(6), 0)
    assert why.startswith("C2.1") and "B takes a die now" in why
    m.apply(Draft(6), seat=1)
    assert m.awaiting().player == 2
    m.apply(Draft(5))
    assert m.legal_answers(0) == [Draft(2), Draft(5)]
    events = m.apply(Draft(5), seat=0)
    assert ev.SharedDie(2) in events and m.shared == 2 and m.own == [5, 6, 5]
    assert m.phase == "draw" and m.awaiting().seats == (1, 2, 0)


def test_c2_1_draft_refuses_a_value_not_left():
    m = at_roll()
    m.apply(Roll((1, 4, 6)))
    assert m.check(Draft(3)).startswith("C2.1")
    with pytest.raises(IllegalAnswer):
        m.apply(Draft(3))
    assert m.pool == [1, 4, 6]


def test_c2_2_legal_drawings_are_exactly_what_check_accepts():
    m = at_draw((1, 4, 6), (4, 6), footprints={"A": 2}, sheets={"A": {"t1f1": "mouse", "t3f2": "felt"}})
    legal = m.legal_answers(0)
    assert legal[-1] == PASS
    names = m.sheet.cells
    every = [Drawing(g, c, (a, b)) for g in range(1, 7) for c in names + ("t1f5", "t9f1")
             for a in range(-6, 7) for b in range(-6, 7)]
    accepted = [d for d in every if m.check(d, 0) is None]
    assert sorted(accepted) == sorted(legal[:-1])
    costs = [d.cost for d in legal[:-1]]
    assert costs == sorted(costs)                 # the documented order: fewest footprints first


def test_c2_2_one_number_is_the_floor_the_other_the_good():
    m = at_draw((1, 4, 6), (4, 6))
    assert m.check(Drawing(4, "t2f1"), 0) is None
    assert m.check(Drawing(1, "t1f4"), 0) is None
    assert m.check(Drawing(4, "t1f4"), 0).startswith("C2.2")
    assert m.check(Drawing(3, "t1f2"), 0).startswith("C2.2")


def test_cg2_1_drawings_wait_for_everyone_and_stay_pending():
    m = at_draw((1, 4, 6, 6), (4, 6, 6), names=("A", "B", "C"))
    events = m.apply(Drawing(4, "t1f1"), seat=0)
    assert events == [ev.AnswerGiven(0, "draw")]
    assert m.cell(0, "t1f1") == 0 and m.awaiting().seats == (1, 2)
    assert m.check(PASS, 0).startswith("CG2.1")         # answered already
    m.apply(PASS, seat=2)
    events = m.apply(Drawing(6, "t2f1"), seat=1)
    assert [type(e) for e in events][:4] == [ev.AnswerGiven, ev.GoodDrawn, ev.GoodDrawn, ev.Passed]
    assert m.cell(0, "t1f1") == 4 and m.cell(1, "t2f1") == 6


def test_cg2_1_a_seat_with_nothing_to_draw_is_asked_and_may_only_pass():
    full = {c: "felt" for c in ("t1f1", "t2f1", "t3f1", "t4f1", "t5f1", "t3f6", "t4f6")}
    m = at_draw((1, 6, 6), (6, 6), sheets={"B": full})
    assert 1 in m.awaiting().seats
    assert m.legal_answers(1) == [PASS]


def test_cg2_1_houses_are_one_point_for_those_who_drew_one():
    m = at_draw((1, 1, 6, 6), (1, 1, 6), names=("A", "B", "C"))
    m.apply(Drawing(1, "t3f6"), seat=0)
    m.apply(Drawing(1, "t4f6"), seat=1)
    m.apply(Drawing(6, "t3f6"), seat=2)
    assert m.phase == "house" and m.awaiting().seats == (0, 1)
    assert m.check(House(6), 2).startswith("C5.1")
    assert m.legal_answers(2) == []
    m.apply(House(6), seat=1)
    assert m.houses[1] == []                       # told only when all have chosen
    events = m.apply(House(1), seat=0)
    assert ev.HouseScored(0, "t3f6", 1, 1, 3) in events and ev.HouseScored(1, "t4f6", 6, 0, 0) in events


def test_cg2_2_floor_above_a_tower_and_filled_cells_are_not_available():
    m = at_draw((5, 6, 6), (6, 6), sheets={"A": {"t3f6": "butterfly"}})
    assert m.check(Drawing(5, "t1f6"), 0).startswith("CG2.2")
    assert m.check(Drawing(5, "t9f6"), 0).startswith("CG2.2")
    assert m.check(Drawing(5, "t3f6"), 0).startswith("CG2.2")
    assert m.check(Drawing(5, "t4f6"), 0) is None


def test_cg2_2_a_filled_cell_is_refused_before_any_footprint_is_counted():
    """Issue 23: a filled cell the numbers cannot reach is refused as filled (CG2.2), not as a
    spend beyond the footprints (C3.2) nor as numbers that do not fit (C2.2)."""
    m = at_draw((1, 2, 3), (3, 2), sheets={"A": {"t1f1": "felt", "t2f2": "mouse"}}, footprints={"A": 0})
    for drawing in (Drawing(6, "t1f1", (3, -1)), Drawing(6, "t2f2"), Drawing(6, "t2f2", (9, 9))):
        why = m.check(drawing, 0)
        assert why.startswith("CG2.2: ") and "filled" in why, (drawing, why)
    assert m.check(Drawing(6, "t3f2", (3, 0)), 0).startswith("C3.2")     # an empty cell: the cost is counted


def test_cg2_4_an_answer_is_taken_back_until_the_last_answer():
    m = at_draw((1, 4, 5, 6), (6, 5, 4), names=("A", "B", "C"))
    assert m.check(WITHDRAW, 0).startswith("CG2.4")                     # nothing given yet
    assert m.awaiting().others == () and WITHDRAW not in m.legal_answers(0)
    before = m.fingerprint()
    assert m.apply(Drawing(6, "t1f1"), seat=0) == [ev.AnswerGiven(0, "draw")]
    aw = m.awaiting()
    assert aw.seats == (1, 2) and aw.others == (0,) and m.legal_answers(0) == [WITHDRAW]
    assert m.check(PASS, 0).startswith("CG2.1")                          # answered: only taken back
    assert m.apply(WITHDRAW, seat=0) == [ev.AnswerWithdrawn(0, "draw")]
    assert m.fingerprint() == before and m.awaiting().seats == (0, 1, 2)
    m.apply(PASS, seat=0)
    m.apply(Drawing(5, "t2f1"), seat=1)
    assert m.awaiting().others == (0, 1)
    assert m.view(0).awaiting().others == (0,)                           # a view knows only its own answer
    events = m.apply(Drawing(4, "t3f1"), seat=2)                         # the last answer plays the round
    assert any(type(e) is ev.Passed and e.seat == 0 for e in events) and m.phase == "roll"
    assert m.cell(0, "t1f1") == 0 and m.cell(1, "t2f1") == 5
    assert m.check(WITHDRAW, 0) is not None


def test_c2_3_pass_circles_footprints_by_the_option():
    for option, want in ((None, 1), (0, 0), (3, 3)):
        opts = {} if option is None else {"pass_footprints": option}
        m = at_draw((1, 2, 3), (3, 2), options=opts)
        m.apply(PASS, seat=0)
        m.apply(PASS, seat=1)
        assert m.footprints == [want, want]


def test_cg2_3_the_first_parent_is_drawn_from_the_seed():
    parents = {GAME.new_match(["A", "B", "C", "D"], {}, s)[0].parent for s in range(40)}
    assert parents == {0, 1, 2, 3}
    a, e1 = GAME.new_match(["A", "B", "C"], {}, 9)
    b, e2 = GAME.new_match(["A", "B", "C"], {}, 9)
    assert a.parent == b.parent and e1[0] == ev.ParentDrawn(a.parent)


def test_c3_1_butterfly_circles_a_footprint_capped_at_the_track():
    m = at_draw((1, 3, 3), (3, 3), footprints={"A": 14, "B": 15})
    m.apply(Drawing(3, "t1f1"), seat=0)
    m.apply(Drawing(3, "t1f1"), seat=1)
    assert m.footprints == [15, 15]


def test_c3_2_spends_change_numbers_without_wrapping():
    m = at_draw((1, 4, 6), (4, 6), footprints={"A": 3})
    assert m.check(Drawing(6, "t1f2", (2, 1)), 0) is None          # the source's 6 and 2
    assert m.check(Drawing(5, "t1f3", (1, 2)), 0) is None          # or 5 and 3
    assert m.check(Drawing(6, "t1f3", (2, 2)), 0).startswith("C3.2")
    assert m.check(Drawing(4, "t3f6", (0, -1)), 0).startswith("C3.2")
    m.apply(Drawing(6, "t1f2", (2, 1)), seat=0)
    m.apply(PASS, seat=1)
    assert m.footprints[0] == 0


def test_cg3_1_a_spend_changes_only_the_spenders_numbers():
    m = at_draw((1, 5, 6), (6, 5), footprints={"A": 1})
    m.apply(Drawing(6, "t1f2", (0, 1)), seat=0)
    assert m.shared == 1 and m.check(Drawing(5, "t1f1"), 1) is None
    assert m.check(Drawing(5, "t1f2"), 1).startswith("C2.2")


def test_c4_1_same_round_completers_share_the_left_value_others_cross_it_out():
    three = {"t1f1": "felt", "t1f2": "felt", "t1f3": "felt"}
    m = at_draw((4, 2, 3, 5), (2, 3, 5), names=("A", "B", "C"), sheets={"A": three, "B": three, "C": three})
    m.apply(Drawing(2, "t1f4"), seat=0)
    m.apply(Drawing(3, "t1f4"), seat=1)
    events = m.apply(Drawing(5, "t2f4"), seat=2)
    assert ev.TowerCompleted(0, 1, 12, True) in events and ev.TowerCompleted(1, 1, 12, True) in events
    assert ev.FirstCrossedOut(1, (2,)) in events and m.firsts == [1]


def test_c4_2_the_game_ends_only_when_the_round_ends():
    cells = {f"t{t}f{f}": "cushion" for t, h in ((1, 4), (2, 5)) for f in range(1, h + 1)}
    cells.update({f"t5f{f}": "cushion" for f in range(1, 5)})
    m = at_draw((3, 5, 6), (5, 6), sheets={"A": cells}, completed={"A": [[1, 12], [2, 15]]})
    m.apply(Drawing(3, "t5f5"), seat=0)
    assert not m.over and m.awaiting().seats == (1,)
    events = m.apply(PASS, seat=1)
    assert m.over and m.awaiting() is None and type(events[-1]) is ev.GameOver
    assert m.result().reason == "three towers" and m.result().ranking[0] == (0,)
    assert m.legal_answers(0) == [] and m.check(PASS, 0).startswith("C4.2")


def test_c4_2_one_cell_from_the_end_is_told_once():
    cells = {f"t{t}f{f}": "cushion" for t, h in ((1, 4), (2, 5)) for f in range(1, h + 1)}
    cells.update({f"t5f{f}": "cushion" for f in range(1, 4)})
    m = at_draw((3, 4, 6), (4, 6), sheets={"A": cells}, completed={"A": [[1, 12], [2, 15]]})
    m.apply(Drawing(3, "t5f4"), seat=0)
    events = m.apply(PASS, seat=1)
    assert ev.OneCellFromEnd(0, 5, "t5f5") in events
    m.apply(Roll((1, 2, 2)))
    m.apply(Draft(2), seat=1)
    m.apply(Draft(2), seat=0)
    m.apply(PASS, seat=0)
    events = m.apply(PASS, seat=1)
    assert not any(type(e) is ev.OneCellFromEnd for e in events)


def test_cg4_1_equal_scores_share_a_place():
    m = at_roll(("A", "B", "C"))
    assert m.ranking([10, 20, 10]) == ((1,), (0, 2))
    assert m.ranking([5, 5, 5]) == ((0, 1, 2),)


def test_c5_1_house_is_frozen_when_drawn():
    m = at_draw((1, 3, 6), (1, 6), sheets={"A": {"t1f1": "mouse", "t1f2": "mouse"}})
    m.apply(Drawing(1, "t1f3"), seat=0)
    m.apply(PASS, seat=1)
    m.apply(House(6), seat=0)
    assert m.breakdown()[0]["house"] == 6
    m.cells[0][m.sheet.index("t2f2")] = 6
    assert m.breakdown()[0]["house"] == 6


def test_cg5_1_six_goods_chosen_means_no_more_houses():
    sheets = {"A": {c: "house" for c in ("t1f1", "t2f1", "t3f1", "t4f1", "t5f1", "t1f2")}}
    m = at_draw((1, 2, 2), (1, 2), sheets=sheets,
                houses={"A": [["house", 18], ["felt", 0], ["butterfly", 0], ["dishes", 0], ["cushion", 0],
                              ["mouse", 0]]})
    assert m.check(Drawing(1, "t2f2"), 0).startswith("CG5.1")
    assert all(a.good != 1 for a in m.legal_answers(0)[:-1])


def test_cg5_2_felt_places_rank_zeros_and_split_rounded_down():
    assert place_split([1, 0]) == [9, 3]
    assert place_split([0, 0]) == [6, 6]
    assert place_split([1, 1, 1, 0]) == [4, 4, 4, 0]
    assert place_split([2, 1, 1, 0]) == [9, 1, 1, 0]
    assert place_split([0, 0, 0, 0]) == [3, 3, 3, 3]
    assert place_split([0, 0, 0, 1], needs_one=True) == [0, 0, 0, 9]


def test_c5_7_score_parts_add_up_to_the_total():
    from tdream.platform.conformance import checked_playout
    s = checked_playout(GAME, 3, deep=False)
    for seat in range(4):
        parts = GAME.score_parts(s.match, seat)
        assert sum(p for _, p in parts) == s.match.scores()[seat]
        assert [k for k, _ in parts] == ["house", "felt", "butterfly", "dishes", "cushion", "mouse", "towers"]


def test_apply_refused_leaves_the_match_unchanged():
    m = at_draw((1, 4, 6), (4, 6))
    before = m.fingerprint()
    for bad, seat in ((Drawing(4, "t1f4"), 0), (House(2), 0), (Draft(4), 0), (Roll((1, 2, 3)), CHANCE)):
        with pytest.raises(IllegalAnswer):
            m.apply(bad, seat=seat)
        assert m.fingerprint() == before
