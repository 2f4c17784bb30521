"""Helpers for each game's grade tests (tests/games/<id>/test_grades.py, issue 21): a game's
``grades:`` block as its file holds it, and a small seeded round robin of its A and D characters."""
from __future__ import annotations

from pathlib import Path

import pytest

from tdream.errors import DataError
from tdream.platform import registry
from tdream.platform.roster import CHARACTER_IDS, read_grades
from tdream.platform.tournament import tournament
from tdream.yamlio import read_yaml


def grades_block(path: Path) -> tuple[dict, dict]:
    """(grade by id, win rate by id) of the file's ``grades:``, which must read without a problem."""
    grades, rates, problems = read_grades(read_yaml(path, DataError)["grades"])
    assert not problems, problems
    return grades, rates


def a_and_d_round_robin(game_id: str, rounds: int, seed: int) -> tuple[float, float, dict]:
    """The mean win rates of the game's grade-A and grade-D characters in a round robin of those
    alone (``tournament``, seats rotated), and the whole result."""
    game = registry.get(game_id)
    a = [c for c in CHARACTER_IDS if game.grade(c) == "A"]
    d = [c for c in CHARACTER_IDS if game.grade(c) == "D"]
    assert a and d, (a, d)
    t = tournament(rounds=rounds, game_id=game_id, seed=seed, characters=a + d)
    assert t["grade"] == {c: game.grade(c) for c in a + d}
    rate = t["win_rate"]
    return sum(rate[c] for c in a) / len(a), sum(rate[c] for c in d) / len(d), t


def a_ahead_of_d(t: dict, game_id: str) -> dict[tuple[str, str], float]:
    """How often each grade-A character finished ahead of each grade-D one when both sat at the
    table, in a tournament result (its head-to-head table)."""
    game = registry.get(game_id)
    h = t["head_to_head"]
    return {(a, d): h[a][d] for a in h if game.grade(a) == "A" for d in h[a] if game.grade(d) == "D"}


def bad_grades_are_named(tmp_path: Path, path: Path, load) -> None:
    """A copy of ``path`` with a grade not A-D, an unknown key, a character's grade left out and
    (when the file has measured win rates) a win rate over 100 is refused by ``load`` with those
    problems, each named by file and line."""
    grades, rates = grades_block(path)
    text = path.read_text()
    lines = text.splitlines()
    kenta = lines.index(f"  kenta: {grades['kenta']}") + 1
    replace = [(f"\n  kenta: {grades['kenta']}\n", "\n  kenta: E\n  kenta-2: A\n"),
               (f"\n  yuderu: {grades['yuderu']}\n", "\n")]
    if rates:
        replace.append((f"{{kenta: {rates['kenta']},", "{kenta: 101,"))
    for old, new in replace:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    bad = tmp_path / path.name
    bad.write_text(text)
    with pytest.raises(DataError) as e:
        load(bad)
    problems = "\n".join(e.value.problems)
    assert f"{bad}:{kenta}: grades.kenta: 'E' is not a grade (A, B, C, D)" in problems, problems
    assert f"{bad}:{kenta + 1}: grades.kenta-2: unknown key" in problems, problems
    assert "grades.yuderu: missing" in problems, problems
    if rates:
        assert "grades.win_rates.kenta: 101 is not a percentage (0..100)" in problems, problems
    assert len(e.value.problems) == len(replace) + 1, problems
