"""Data files: the shipped ones load; broken ones are refused with every problem at once, as
file:line: key.path: what."""
import re

import pytest

from tdream.errors import DataError
from tdream.games.towers import GAME
from tdream.games.towers.data import RULES_PATH, STYLES_PATH, WEIGHTS, Style, load_rules, load_styles
from tdream.platform.roster import CHARACTER_IDS


def test_shipped_data_loads_and_hashes():
    r = load_rules()
    assert (r.double_turns, r.declare_min_size, r.pick_split, r.storeys_per_size) == (2, 3, 10, 50)
    s = load_styles()
    assert set(s.levels) == {"easy", "normal", "hard"}
    assert set(s.styles) == {"cpu", *CHARACTER_IDS}
    assert len({tuple(sorted(st.weights.items())) for st in s.styles.values()}) == 10
    assert len(GAME.data_hash()) == 16


def test_style_declares_every_weight():
    # the CPU reads ``style.tall``: each weight of WEIGHTS is a typed attribute of Style, and each
    # shipped style holds every one
    declared = {k for k in Style.__annotations__ if k not in ("id", "weights")}
    assert declared == set(WEIGHTS)
    for style in load_styles().styles.values():
        assert set(style.weights) == set(WEIGHTS)
        assert all(getattr(style, k) == style.weights[k] for k in WEIGHTS)


def test_broken_rules_file_reports_every_problem(tmp_path):
    text = RULES_PATH.read_text().replace("double_turns: 2", "double_turns: -1").replace(
        "pick_split: 10", "pick_split: ten").replace("board_size: {default: 8, min: 6, max: 12}",
                                                      "board_size: {default: 14, min: 6, max: 12}")
    p = tmp_path / "rules.yaml"
    p.write_text(text)
    with pytest.raises(DataError) as e:
        load_rules(p)
    probs = e.value.problems
    assert any(f"{p}:" in x and "double_turns: -1 is out of range" in x for x in probs)
    assert any("pick_split: must be a whole number" in x for x in probs)
    assert any("board_size.default: 14 is out of range" in x for x in probs)
    assert len(probs) == 3


def test_broken_styles_file_reports_every_problem(tmp_path):
    text = STYLES_PATH.read_text()
    text = text.replace("  material: 1.0 ", "  material: lots ").replace("weights: {tall: 1.5,", "weights: {tal: 1.5,")
    text = re.sub(r"hard: \{depth: \d,", "hard: {depth: 7,", text)
    text = text.replace("  yuderu:\n", "  yuderu2:\n")
    p = tmp_path / "styles.yaml"
    p.write_text(text)
    with pytest.raises(DataError) as e:
        load_styles(p)
    probs = "\n".join(e.value.problems)
    assert "weights.material: must be a number" in probs
    assert "characters.joji.weights.tal: unknown key" in probs
    assert "levels.hard.depth: 7 is out of range" in probs
    assert "characters.yuderu2: unknown key" in probs and "characters.yuderu: missing" in probs
    for line in e.value.problems:
        path, line_no, _ = line.split(":", 2)
        assert path == str(p) and int(line_no) > 0


def test_wrong_format_or_version_refused(tmp_path):
    p = tmp_path / "styles.yaml"
    p.write_text(STYLES_PATH.read_text().replace("version: 1", "version: 2"))
    with pytest.raises(DataError, match="newer than this program reads"):
        load_styles(p)
    p.write_text(RULES_PATH.read_text().replace("tdream-towers-rules", "tdream-roster"))
    with pytest.raises(DataError, match="must be 'tdream-towers-rules'"):
        load_rules(p)
