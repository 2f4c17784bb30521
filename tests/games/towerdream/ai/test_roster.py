"""The roster data (issue 4): nine characters as PRESENTATION.md lists them, validated on load."""
import re
from pathlib import Path

import pytest

from tdream.games.towerdream.ai import CHARACTER_IDS, load_roster, make_player, split_kind
from tdream.games.towerdream.ai.roster import ROSTER_PATH
from tdream.errors import DataError

SPEC = Path(__file__).resolve().parents[4] / "docs" / "PRESENTATION.md"


def test_the_nine_of_presentation_with_their_grades():
    roster = load_roster()
    table = re.findall(r"^\| (.+?), .*? \| `([a-z-]+)` \| ([A-D]) \|", SPEC.read_text(), re.M)
    assert len(table) == 9
    for name, cid, grade in table:
        assert roster[cid].name == name.strip()
        assert roster[cid].grade == grade
    assert list(roster) == list(CHARACTER_IDS)


def test_every_profile_is_complete():
    for p in load_roster().values():
        assert p.strategy and p.age and p.portrait == p.id
        assert len(p.colour) == 3 and all(0 <= c <= 255 for c in p.colour)
        assert set(p.weights.piles) == {"squid", "octopus", "crab", "crocodile"}


def _broken(tmp_path, old, new):
    text = ROSTER_PATH.read_text()
    assert old in text
    path = tmp_path / "roster.yaml"
    path.write_text(text.replace(old, new, 1))
    with pytest.raises(DataError) as e:
        load_roster(path)
    return e.value.problems


def test_bad_grade_names_file_line_and_key(tmp_path):
    """The grades are Tower Dream's own (roster.yaml's ``grades:``, the cartridge's): a bad one is
    named by line, and so is a missing one."""
    problems = _broken(tmp_path, "  kenta: D\n", "  kenta: E\n")
    assert len(problems) == 1
    assert re.match(r".*roster\.yaml:\d+: grades\.kenta: 'E' is not a grade \(A, B, C, D\)", problems[0])
    line = ROSTER_PATH.read_text().splitlines().index("  kenta: D") + 1
    assert f"roster.yaml:{line}:" in problems[0]
    problems = _broken(tmp_path, "  yuderu: B\n", "")
    assert any("grades.yuderu: missing" in p for p in problems)


def test_the_grades_are_not_the_platforms():
    """Issue 21: a character's grade is the game's (GameDef.grade), not a shared one."""
    from tdream.platform.roster import characters
    assert not hasattr(next(iter(characters().values())), "grade")


def test_unknown_weight_and_out_of_range_blunder(tmp_path):
    problems = _broken(tmp_path, "weights: {merge: 4000, liquidity: 0.4, rival: 0.6, blunder: 0.35,", "weights: {merj: 4000, liquidity: 0.4, rival: 0.6, blunder: 2,")
    text = "\n".join(problems)
    assert "characters.kenta.weights.merj: unknown key" in text
    assert "characters.kenta.weights.blunder: 2 is out of range" in text


def test_a_missing_character_is_named(tmp_path):
    problems = _broken(tmp_path, "  yuderu:\n", "  yuderu-2:\n")
    text = "\n".join(problems)
    assert "characters.yuderu-2: not a roster character" in text
    assert "characters.yuderu: missing" in text


def test_player_kinds_and_difficulties():
    assert split_kind("joji") == ("joji", "normal")
    assert split_kind("joji:hard") == ("joji", "hard")
    for bad in ("jojo", "joji:brutal", "random:hard"):
        with pytest.raises(ValueError):
            split_kind(bad)
    assert make_player("hazumi:easy", 1).difficulty == "easy"
    assert make_player("random", 1).kind == "random"
