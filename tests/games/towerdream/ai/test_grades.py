"""Issue 21: the characters' grades in Tower Dream are its own data's (``data/roster.yaml``
``grades:``, the cartridge's: PRESENTATION.md "The CPU roster"), and they keep their order: a
small seeded round robin of the grade-A and grade-D characters."""
from tdream.games.towerdream import GAME
from tdream.games.towerdream.ai.roster import ROSTER_PATH, load_roster
from tdream.platform.roster import CHARACTER_IDS
from tests.platform.grades import a_ahead_of_d, a_and_d_round_robin, bad_grades_are_named, grades_block


def test_the_grades_are_the_cartridges_from_the_games_own_data():
    grades, rates = grades_block(ROSTER_PATH)
    assert rates == {}                           # not measured: the cartridge gives them
    assert {c: GAME.grade(c) for c in CHARACTER_IDS} == grades == {c: p.grade for c, p in load_roster().items()}
    assert GAME.grade("hazumi:easy") == grades["hazumi"] and GAME.grade("random") == ""


def test_grade_a_wins_more_than_grade_d_in_a_small_round_robin():
    """The A characters' mean win rate is above the D characters' (60 games on the default
    board); and each A finished ahead of each D more often than not (a grade swapped between an A
    and a D fails)."""
    a, d, t = a_and_d_round_robin("towerdream", rounds=3, seed=5)
    assert a > d, t["win_rate"]
    ahead = a_ahead_of_d(t, "towerdream")
    assert len(ahead) == 6 and min(ahead.values()) > 0.5, ahead


def test_a_bad_or_missing_grade_is_named_by_file_and_line(tmp_path):
    bad_grades_are_named(tmp_path, ROSTER_PATH, load_roster)
