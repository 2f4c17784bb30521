"""Views (TG2.1): another seat's secret pick and the RNG are hidden until both picks are in."""
from tdream.games.towers import GAME
from tdream.games.towers.answers import Pick
from tdream.games.towers.match import HIDDEN

from .conftest import position


def test_view_hides_the_other_pick_until_both_are_given_TG2_1():
    m, _ = GAME.new_match(["A", "B"], {}, 5)
    m.apply(Pick(7), seat=0)
    v = m.view(1)
    assert v.picks[0] == HIDDEN and 7 not in v.picks and "7" not in str(v.to_json()["picks"])
    assert m.view(0).picks[0] == 7
    assert v.awaiting().seats == (1,)
    assert v.check(Pick(3), seat=1) == "TG2.1: the other pick is hidden in this view"
    assert m.check(Pick(3), seat=1) is None
    m.apply(Pick(3), seat=1)
    assert m.view(1).phase == "place"


def test_view_scrubs_the_rng_and_changes_nothing():
    m, _ = GAME.new_match(["A", "B"], {"first_player": "random"}, 99)
    before = m.fingerprint()
    v = m.view(0)
    assert v.to_json()["rng"] == 0 and v.sealed
    assert m.fingerprint() == before and m.to_json()["rng"] != 0


def test_view_of_a_turn_keeps_everything_public():
    m = position({"d4": ("A", 3), "e5": ("B", 1)})
    v = m.view(1)
    assert v.owner == m.owner and v.size == m.size and v.legal_answers(0) == m.legal_answers(0)
    assert v.doubles == m.doubles and v.turns_ahead(3) == m.turns_ahead(3)
