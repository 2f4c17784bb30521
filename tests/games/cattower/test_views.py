"""Hidden information: a seat's view shows no other seat's drawing or house choice before all
have answered, and no RNG state; the events never tell an answer early."""
from tdream.games.cattower.answers import PASS, Drawing, House

from .helpers import at_draw


def test_view_hides_other_seats_pending_drawings():
    m = at_draw((1, 4, 6, 6), (4, 6, 6), names=("A", "B", "C"), seed=3)
    m.apply(Drawing(4, "t1f1"), seat=0)
    v1 = m.view(1)
    assert v1.pending == [None, None, None]
    assert "t1f1" not in str(v1.to_json()["pending"])
    assert 0 in v1.awaiting().seats                   # to B, A has not drawn as far as he can tell
    v0 = m.view(0)
    assert v0.pending[0] == Drawing(4, "t1f1")
    assert m.pending[0] == Drawing(4, "t1f1")         # the match itself keeps it


def test_view_scrubs_the_rng_and_changes_nothing():
    m = at_draw((1, 4, 6), (4, 6), seed=99)
    before = m.fingerprint()
    v = m.view(0)
    assert v.to_json()["rng"] == 0 and m.to_json()["rng"] != 0
    assert m.fingerprint() == before


def test_view_hides_house_choices_until_all_have_chosen():
    m = at_draw((1, 1, 6, 6), (1, 1, 6), names=("A", "B", "C"))
    m.apply(Drawing(1, "t3f6"), seat=0)
    m.apply(Drawing(1, "t4f6"), seat=1)
    m.apply(PASS, seat=2)
    m.apply(House(6), seat=1)
    assert m.view(0).pending[1] is None and m.view(2).pending[1] is None
    assert m.view(1).pending[1] == House(6)


def test_events_before_the_last_answer_tell_nothing_of_it():
    m = at_draw((1, 4, 6), (4, 6))
    events = m.apply(Drawing(4, "t1f1"), seat=0)
    assert len(events) == 1 and "t1f1" not in repr(events) and "4" not in repr(events[0][1:])


def test_cpu_sees_only_its_view():
    """A CPU player choosing through a view makes the same choice whatever the others answered."""
    from tdream.games.cattower import GAME
    m = at_draw((1, 4, 6, 6), (4, 6, 6), names=("A", "B", "C"), seed=3)
    p1 = GAME.make_player("cpu:hard", 5)
    p2 = GAME.make_player("cpu:hard", 5)
    alone = p1.choose(m.view(2), 2)
    m.apply(Drawing(4, "t1f1"), seat=0)
    m.apply(Drawing(6, "t1f1"), seat=1)
    assert p2.choose(m.view(2), 2) == alone
