"""Ties ranked 1, 2, 2, 4 (issue 21): a tie shares its place and the next place is skipped
(standard competition ranking) wherever places are shown: the result's ``place_of`` (what the
records database keeps and the Records screen shows as #N), text play's standings."""
import pytest

from tdream.platform import registry
from tdream.platform.protocol import Result, places
from tdream.platform.textplay import game_over_lines, standings


@pytest.mark.parametrize("ranking, want", [
    ([[0], [1], [2], [3]], [1, 2, 3, 4]),
    ([[2], [0, 3], [1]], [1, 2, 2, 4]),
    ([[1, 2], [0], [3]], [1, 1, 3, 4]),
    ([[0], [1], [2, 3]], [1, 2, 3, 3]),
    ([[0, 1, 2, 3]], [1, 1, 1, 1]),
])
def test_places_share_a_tie_and_skip_the_next(ranking, want):
    got = [place for place, group in places(ranking) for _ in group]
    assert got == want
    res = Result(tuple(tuple(g) for g in ranking), (0, 0, 0, 0), "over")
    by_seat = {p: place for place, group in places(ranking) for p in group}
    assert [res.place_of(p) for p in range(4)] == [by_seat[p] for p in range(4)]


def test_place_of_a_seat_behind_a_tie_for_first_is_third():
    res = Result(((1, 2), (0,), (3,)), (5, 9, 9, 1), "over")
    assert (res.place_of(1), res.place_of(2), res.place_of(0), res.place_of(3)) == (1, 1, 3, 4)
    with pytest.raises(ValueError):
        res.place_of(4)


def test_text_play_standings_number_a_tie_1_2_2_4():
    game = registry.get("towers")
    lines = standings(game, ["Ann", "Bob", "Cy", "Di"], ((2,), (0, 3), (1,)), (7, 3, 9, 7))
    assert [line.split(".")[0].strip() for line in lines] == ["1", "2", "2", "4"]
    assert lines[1].strip().startswith("2. Ann") and lines[3].strip().startswith("4. Bob")


def test_the_end_of_a_text_play_game_shows_competition_places():
    from tdream.platform.session import Seat, Session
    game = registry.get("towers")
    session, _ = Session.start(game, [Seat(n, "random") for n in ("Ann", "Bob", "Cy", "Di")], {"players": 4}, 3)
    session.run()
    res = session.match.result()
    assert any(len(g) > 1 for g in res.ranking[:-1])             # this seed ties for a place before the last
    shown = [int(line.split(".")[0]) for line in game_over_lines(game, session.match)[1:]]
    assert shown == [res.place_of(p) for group in res.ranking for p in group]
    assert shown[-1] == len(res.scores) - len(res.ranking[-1]) + 1
