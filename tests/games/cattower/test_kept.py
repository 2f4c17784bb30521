"""Issue 25: what the engine keeps as a match goes (each seat's score by part, the felt of each
tower, the legal drawings made once per sheet, the seats' live views) equals what is counted
from scratch, after every answer, for every seat count and option."""
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tdream.games.cattower import GAME, scoring
from tdream.games.cattower import events as ev
from tdream.games.cattower.answers import MOUSE, WITHDRAW
from tdream.games.cattower.match import _place_split, drawings_by_search
from tdream.platform.protocol import CHANCE
from tdream.rng import Rng

OPTIONS = st.fixed_dictionaries({
    "pass_footprints": st.integers(0, 3),
    "dishes": st.sampled_from(["goods", "kinds"]),
    "felt_needs_one": st.booleans(),
})


def from_scratch(m) -> list[dict]:
    return scoring.breakdown(m.sheet, m.cells, m.houses, m.completed, m.options)


def assert_kept(m) -> None:
    """The kept parts, felt counts and felt points against the whole count."""
    assert m.breakdown() == from_scratch(m)
    assert m.scores() == [row["total"] for row in from_scratch(m)]
    counts = [scoring.felt_counts(m.sheet, cells) for cells in m.cells]
    felt = scoring.felt_points(counts, bool(m.options.get("felt_needs_one", False)))
    assert m._felt == [k for row in counts for k in row]
    assert m._feltpts == [k for row in felt for k in row]


def assert_views(m) -> None:
    """Each seat's live view reads as the copy of the match that seat may know (``seen_by``)."""
    aw = m.awaiting()
    for seat in range(len(m.names)):
        v, seen = m.view(seat), m.seen_by(seat)
        assert m.view(seat) is v
        assert v.pending == seen.pending and v.to_json() == seen.to_json() and v.rng.state == 0
        assert v.awaiting() == seen.awaiting() and v.fingerprint() == seen.fingerprint()
        assert v.cells == m.cells and v.phase == m.phase and v.scores() == m.scores()
        for who in (aw.seats if aw and aw.player != CHANCE else ()):
            assert v.legal_answers(who) == seen.legal_answers(who)


def play(seats: int, options: dict, seed: int, every_view: int = 0):
    """A whole match with random answers (some drawings taken back, CG2.4), checking the kept
    values after every answer."""
    names = [f"P{i}" for i in range(seats)]
    m, _ = GAME.new_match(names, options, seed)
    rng = Rng(seed ^ 0x5CA1E)
    assert_kept(m)
    step = 0
    while (aw := m.awaiting()) is not None:
        if aw.player == CHANCE:
            events = m.apply(m.sample_chance())
        else:
            if aw.others and rng.below(4) == 0:
                seat, answer = aw.others[rng.below(len(aw.others))], WITHDRAW
            else:
                seat = aw.seats[rng.below(len(aw.seats))]
                legal = m.legal_answers(seat)
                if m.phase == "draw":
                    assert legal[:-1] == drawings_by_search(m, seat)
                answer = legal[rng.below(len(legal))]
            events = m.apply(answer, seat=seat)
        for e in events:
            if type(e) is ev.GoodDrawn and e.good == MOUSE:
                assert e.group == scoring.group_of(m.sheet, m.cells[e.seat], m.sheet.index(e.cell))
        assert_kept(m)
        if every_view and step % every_view == 0:
            assert_views(m)
            back = GAME.match_from_json(json.loads(json.dumps(m.to_json())))
            assert back.breakdown() == m.breakdown() and back._pts == m._pts
            assert m.copy()._pts == m._pts
        step += 1
    assert m.over
    return m


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seats=st.integers(2, 4), options=OPTIONS, seed=st.integers(0, 2 ** 32))
def test_kept_scores_equal_the_whole_count_after_every_answer(seats, options, seed):
    play(seats, options, seed)


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("options", [{}, {"dishes": "kinds"}, {"felt_needs_one": True},
                                     {"pass_footprints": 0, "dishes": "kinds", "felt_needs_one": True}])
def test_each_seat_count_and_option_with_views_and_json(seats, options):
    play(seats, options, 11 * seats + len(options), every_view=3)


def test_a_position_and_its_json_start_with_the_whole_count():
    m, _ = GAME.load_position({"sheets": {"A": {"t1f1": "dishes", "t1f2": "mouse", "t2f1": "mouse", "t3f1": "felt"},
                                          "B": {"t3f1": "felt", "t3f2": "felt"}},
                               "houses": {}, "parent": "A"}, ["A", "B", "C"], {"dishes": "kinds"}, 1)
    assert_kept(m)
    assert GAME.match_from_json(m.to_json())._pts == m._pts


@pytest.mark.parametrize("needs_one", [False, True])
def test_the_engine_s_place_split_is_scoring_s_for_every_count(needs_one):
    import itertools
    for n in (1, 2, 3, 4):
        for counts in itertools.product(range(7), repeat=n):
            assert _place_split(list(counts), needs_one) == scoring.place_split(list(counts), needs_one), counts


def test_legal_drawings_are_the_search_s_for_every_pair_of_numbers():
    """Every own die and shared die, every footprint count, with and without houses left."""
    m, _ = GAME.new_match(["A", "B"], {}, 5)
    while m.phase != "draw":
        aw = m.awaiting()
        m.apply(m.sample_chance() if m.phase == "roll" else m.legal_answers(aw.player)[0], seat=aw.player)
    for c in range(0, m.sheet.size, 3):
        m.cells[0][c] = 3
    for houses in ([], [[g, 0, ""] for g in range(1, 7)]):
        m.houses[0] = houses
        for o in range(1, 7):
            for s in range(1, 7):
                for fp in (0, 1, 2, 5, 10, 15):
                    m.own[0], m.shared, m.footprints[0] = o, s, fp
                    assert m.legal_answers(0)[:-1] == drawings_by_search(m, 0), (o, s, fp, len(houses))


def test_a_view_is_live_and_read_only():
    from tdream.games.cattower.answers import Drawing
    from .helpers import at_draw
    m = at_draw((1, 4, 6, 6), (4, 6, 6), names=("A", "B", "C"), seed=3)
    v = m.view(1)
    m.apply(Drawing(4, "t1f1"), seat=0)
    assert v.pending == [None, None, None] and m.view(0).pending[0] == Drawing(4, "t1f1")
    assert v.awaiting().others == () and m.awaiting().others == (0,)
    with pytest.raises(ValueError, match="read-only"):
        v.apply(Drawing(6, "t1f1"), seat=1)
    look = v.copy()
    look.apply(Drawing(6, "t1f1"), seat=1)
    assert m.pending[1] is None and look.pending[1] == Drawing(6, "t1f1")
