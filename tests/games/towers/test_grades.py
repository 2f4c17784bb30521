"""Issue 21: the characters' grades in Towers are its own (``styles.yaml`` ``grades:``, measured
by the round robin docs/games/towers.md gives), validated on load, and they keep their order."""
from tdream.games.towers import GAME
from tdream.games.towers.data import STYLES_PATH, load_styles
from tdream.platform.roster import CHARACTER_IDS, rank_grades
from tests.platform.grades import a_and_d_round_robin, bad_grades_are_named, grades_block


def test_the_grades_are_the_rule_applied_to_the_measured_win_rates():
    grades, rates = grades_block(STYLES_PATH)
    assert rank_grades(rates) == grades
    assert {c: GAME.grade(c) for c in CHARACTER_IDS} == grades
    assert GAME.grade("joji:hard") == grades["joji"] and GAME.grade("random") == GAME.grade("cpu") == ""


def test_grade_a_wins_more_than_grade_d_in_a_small_round_robin():
    """The A characters' mean win rate is above the D characters' (60 two-seat games: too few
    meetings of each pair for a head-to-head check like the four-seat games')."""
    a, d, t = a_and_d_round_robin("towers", rounds=3, seed=5)
    assert a > d, t["win_rate"]


def test_a_bad_or_missing_grade_is_named_by_file_and_line(tmp_path):
    bad_grades_are_named(tmp_path, STYLES_PATH, load_styles)
