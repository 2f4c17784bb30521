"""The front end's queries: running score by good, drawing previews, footprint costs, the
warning of a rival one cell from the end, completion marks."""
import pytest

from tdream.games.cattower import queries as q
from tdream.games.cattower.answers import PASS
from tdream.games.cattower.scoring import PARTS

from .helpers import at_draw, at_roll


def test_running_score_is_the_breakdown_now():
    m = at_roll(sheets={"A": {"t1f1": "mouse", "t1f2": "mouse", "t3f6": "cushion"}})
    r = q.running_score(m, 0)
    assert r["mouse"] == 4 and r["cushion"] == 6 and r["total"] == sum(r[k] for k in PARTS)


def test_previews_add_what_the_drawing_adds_when_rivals_pass():
    sheets = {"A": {"t1f1": "mouse", "t2f2": "dishes", "t1f2": "house"}, "B": {"t2f1": "felt"}}
    m = at_draw((1, 4, 6), (4, 6), footprints={"A": 2}, sheets=sheets, houses={"A": [["felt", 0]]})
    previews = q.drawing_previews(m, 0)
    keys = [(p.answer.good, p.answer.cell) for p in previews]
    assert len(keys) == len(set(keys))
    for p in previews[:: max(1, len(previews) // 12)]:
        trial = m.copy()
        before = trial.breakdown()[0]
        trial.apply(p.answer, seat=0)
        trial.apply(PASS, seat=1)
        if trial.phase == "house":
            good = max((g for g in range(1, 7) if g not in trial.chosen(0)),
                       key=lambda g: (sum(1 for x in trial.cells[0] if x == g), -g))
            from tdream.games.cattower.answers import House
            trial.apply(House(good), seat=0)
        after = trial.breakdown()[0]
        assert p.adds == {k: after[k] - before[k] for k in ("total",) + PARTS}, p.answer
        assert p.adds["total"] == sum(p.adds[k] for k in PARTS)
        assert p.footprints == trial.footprints[0]


def test_preview_tells_the_mouse_square_felt_places_and_house_values():
    m = at_draw((1, 2, 6), (6, 2), sheets={"A": {"t1f1": "mouse", "t1f2": "mouse"}})
    by = {(p.answer.good, p.answer.cell): p for p in q.drawing_previews(m, 0)}
    mouse = by[(6, "t2f1")]
    assert mouse.group == 3 and mouse.adds["mouse"] == 9 - 4
    m2 = at_draw((1, 2, 6), (2, 6), sheets={"A": {"t1f1": "mouse"}})
    by2 = {(p.answer.good, p.answer.cell): p for p in q.drawing_previews(m2, 0)}
    felt = by2[(2, "t3f1")]
    assert felt.felt[2] == 9 and felt.adds["felt"] == 9 - 6
    house = by2[(1, "t1f2")]
    assert dict(house.house)["mouse"] == 3 and dict(house.house)["house"] == 3 and house.adds["house"] == 3


def test_preview_tells_a_completion():
    m = at_draw((4, 2, 6), (2, 6), sheets={"A": {"t1f1": "felt", "t1f2": "felt", "t1f3": "felt"}})
    p = next(p for p in q.drawing_previews(m, 0) if p.answer.cell == "t1f4")
    assert p.completes == 1 and p.adds["towers"] == 12


def test_footprint_costs_match_the_legal_drawings():
    m = at_draw((1, 4, 6), (4, 6), footprints={"A": 2})
    costs = q.footprint_costs(m, 0)
    assert len(costs) == 36
    cheapest = {}
    for a in m.legal_answers(0)[:-1]:
        f = m.sheet.floor_of[m.sheet.index(a.cell)]
        cheapest[(a.good, f)] = min(cheapest.get((a.good, f), 99), a.cost)
    for c in costs:
        if c.drawable:
            assert cheapest[(c.good, c.floor)] == c.cost
        else:
            assert (c.good, c.floor) not in cheapest
    by = {(c.good, c.floor): c for c in costs}
    assert by[(4, 1)].cost == 0 and by[(6, 2)].cost == 3 and not by[(6, 2)].affordable
    assert by[(1, 4)].open_cells == ("t1f4", "t2f4", "t3f4", "t4f4", "t5f4")


def test_footprint_costs_only_at_the_draw_point():
    with pytest.raises(ValueError):
        q.footprint_costs(at_roll(), 0)


def test_near_end_warns_of_a_rival_one_cell_from_his_third_tower():
    cells = {f"t{t}f{f}": "cushion" for t, h in ((1, 4), (2, 5)) for f in range(1, h + 1)}
    cells.update({f"t5f{f}": "cushion" for f in range(1, 5)})
    m = at_roll(sheets={"A": cells}, completed={"A": [[1, 12], [2, 15]]})
    assert q.near_end(m, 1) == [q.NearEnd(0, 5, "t5f5")]
    assert q.near_end(m, 0) == []


def test_completion_marks_show_open_crossed_first_and_later():
    full1 = {"t1f1": "felt", "t1f2": "felt", "t1f3": "felt", "t1f4": "felt"}
    m = at_roll(("A", "B", "C"), sheets={"A": full1, "B": full1}, completed={"A": [[1, 12]], "B": [[1, 4]]})
    marks = q.completion_marks(m)
    t1 = marks[0]
    assert not t1.first_open and t1.seats == (q.SeatMark("first", 12), q.SeatMark("later", 4),
                                             q.SeatMark("crossed", 0))
    assert marks[1].first_open and marks[1].seats[0] == q.SeatMark("open", 0)
    assert (t1.first, t1.later, t1.height) == (12, 4, 4)


def test_no_drawing_names_every_empty_cell_with_the_rule_that_refuses_it():
    """Issue 23: when passing is the only answer, each empty cell says why (the nearest first
    by cost: the footprints it needs, C3.2)."""
    full = {f"t{t}f1": "felt" for t in range(1, 6)} | {"t3f6": "felt", "t4f6": "felt"}
    m = at_draw((1, 6, 6), (6, 6), sheets={"A": full})
    assert [a for a in m.legal_answers(0) if a != PASS] == []
    why = q.no_drawing(m, 0)
    empty = [c for i, c in enumerate(m.sheet.cells) if not m.cells[0][i]]
    assert [u.cell for u in why] == empty
    assert all(u.reason.startswith("C3.2") for u in why), {u.reason for u in why}
    by_floor = {m.sheet.floor_of[m.sheet.index(u.cell)]: u.cost for u in why}
    assert by_floor == {2: 1, 3: 2, 4: 2, 5: 1}                   # 6 or 1 made into the floor, the other the good
    assert q.no_drawing(at_draw((1, 6, 6), (6, 6)), 0) == []      # a drawing is legal: nothing to explain


def test_no_drawing_tells_a_sixth_house_refused():
    """A 1 and a 3, floor 1 full: a house on floor 3 costs nothing but all six goods are chosen."""
    sheets = {"A": {f"t{t}f1": "felt" for t in range(1, 6)} | {f"t{t}f2": "house" for t in range(1, 6)}
              | {"t3f4": "house"}}
    houses = {"A": [[g, 0] for g in ("house", "felt", "butterfly", "dishes", "cushion", "mouse")]}
    m = at_draw((1, 3, 3), (1, 3), sheets=sheets, houses=houses)
    why = {u.cell: u for u in q.no_drawing(m, 0)}
    assert why["t1f3"].cost == 0 and why["t1f3"].reason.startswith("CG5.1")
    assert why["t1f4"].reason.startswith("C3.2")


def test_felt_leads_say_who_leads_each_tower_and_by_how_much():
    sheets = {"A": {"t1f1": "felt", "t1f2": "felt", "t2f1": "felt"}, "B": {"t1f1": "felt", "t2f1": "felt"},
              "C": {"t3f1": "felt"}}
    m = at_roll(("A", "B", "C"), sheets=sheets)
    leads = q.felt_leads(m)
    assert leads[0] == q.FeltLead(1, (0,), 2, 1)
    assert leads[1] == q.FeltLead(2, (0, 1), 1, 0)                # tied: no lead
    assert leads[2] == q.FeltLead(3, (2,), 1, 1)
    assert leads[3] == q.FeltLead(4, (0, 1, 2), 0, 0)             # nobody has felt there
