"""Issue 21: the characters' grades are each game's (``GameDef.grade``, its data's ``grades:``):
the rule a round robin grades them by, the shared reader of a ``grades:`` mapping, and the
tournament's grade column and means by grade."""
from tdream.platform import registry
from tdream.platform.roster import CHARACTER_IDS, GRADE_SHARES, GRADES, rank_grades, read_grades
from tdream.platform.tournament import format_tournament, tournament
from tdream.yamlio import parse_yaml


def test_rank_grades_gives_three_a_two_b_two_c_two_d_by_win_rate():
    rates = {c: float(i) for i, c in enumerate(CHARACTER_IDS)}          # the last id wins most
    grades = rank_grades(rates)
    best_first = list(reversed(CHARACTER_IDS))
    assert [grades[c] for c in best_first] == [g for g, n in GRADE_SHARES for _ in range(n)]
    assert [n for _, n in GRADE_SHARES] == [3, 2, 2, 2] and [g for g, _ in GRADE_SHARES] == list(GRADES)


def test_rank_grades_breaks_a_tie_in_the_rosters_order():
    rates = {c: 50.0 for c in CHARACTER_IDS}
    assert [rank_grades(rates)[c] for c in CHARACTER_IDS] == ["A", "A", "A", "B", "B", "C", "C", "D", "D"]


def test_read_grades_reports_every_problem_with_its_line():
    text = ("grades:\n  source: ''\n" + "".join(f"  {c}: B\n" for c in CHARACTER_IDS[1:-1])
            + "  kenta: Z\n  nobody: A\n  win_rates: {kenta: 50}\n")
    node = parse_yaml(text, "g.yaml")["grades"]
    grades, rates, problems = read_grades(node)
    said = {(key, what.split(" (")[0]) for _, key, what in problems}
    assert ("source", "say where the grades come from, as text") in said
    assert ("kenta", "'Z' is not a grade") in said
    assert ("nobody", "unknown key") in said
    assert (CHARACTER_IDS[-1], "missing") in said
    assert ("win_rates.yuka", "missing") in said
    lines = {key: line for line, key, _ in problems}
    assert lines["kenta"] == text.splitlines().index("  kenta: Z") + 1
    assert lines["nobody"] == text.splitlines().index("  nobody: A") + 1
    assert "kenta" not in grades and grades["yuka"] == "B" and rates == {"kenta": 50.0}


def test_the_tournament_groups_by_the_games_own_grades():
    game = registry.get("towers")
    pair = ["hazumi", "joji"]
    t = tournament(rounds=1, game_id="towers", seed=2, characters=pair)
    assert t["grade"] == {c: game.grade(c) for c in pair}
    assert set(t["grade_win_rate"]) == {game.grade(c) for c in pair}
    assert "measured_grade" not in t                     # two of the nine grade nobody
    lines = format_tournament(t)
    for c in pair:
        row = next(line for line in lines if line.startswith(c))
        assert row.split()[1] == game.grade(c), row
