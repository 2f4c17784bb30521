"""Bad data files are refused with every problem as ``file:line: key.path: what is wrong``."""
import shutil
from pathlib import Path

import pytest

from tdream.games.towerdream.data import load_board, load_ruleset
from tdream.games.towerdream.data.loader import DATA_DIR
from tdream.errors import DataError

from tests.conftest import ROOT, run_cli


@pytest.fixture
def data_copy(tmp_path):
    for f in DATA_DIR.glob("*.yaml"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def edit(path: Path, old: str, new: str, count=1):
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, count))


def problems_of(fn, *args):
    with pytest.raises(DataError) as e:
        fn(*args)
    return e.value.problems


def test_yaml_syntax_error_names_file_and_line(data_copy):
    edit(data_copy / "ruleset.yaml", "  salary: 1500", "  salary: [1500")
    (p,) = problems_of(load_ruleset, data_copy / "ruleset.yaml")
    assert p.startswith(f"{data_copy / 'ruleset.yaml'}:") and p.split(":")[1].isdigit()


def test_duplicate_key_is_refused_with_both_lines(data_copy):
    edit(data_copy / "ruleset.yaml", "  salary: 1500", "  salary: 1500\n  salary: 2000")
    (p,) = problems_of(load_ruleset, data_copy / "ruleset.yaml")
    assert "duplicate key 'salary'" in p and ":9:" in p and "first on line 8" in p


def test_unknown_key_wrong_type_and_bad_value_all_reported_at_once(data_copy):
    f = data_copy / "ruleset.yaml"
    edit(f, "  salary: 1500", "  salary: lots\n  salery: 3")
    edit(f, "  end_percent: 75", "  end_percent: 175")
    ps = problems_of(load_ruleset, f)
    text = "\n".join(ps)
    assert "options.salary: must be a whole number" in text
    assert "options.salery: unknown key" in text
    assert "options.end_percent: 175 is out of range" in text
    assert all(p.startswith(str(f) + ":") for p in ps) and len(ps) == 3


def test_price_table_gap_and_card_problems_are_located(data_copy):
    edit(data_copy / "ruleset.yaml", "2: 100, 3: 110,", "2: 100,")
    ps = problems_of(load_ruleset, data_copy / "ruleset.yaml")
    assert any("companies.0.prices.3: missing" in p for p in ps)


def test_card_with_unknown_effect_and_movement_not_last(data_copy):
    f = data_copy / "cards.yaml"
    text = f.read_text()
    text = text.replace("effects: [{gain: 3000}]", "effects: [{gian: 3000}]", 1)
    f.write_text(text)
    edit(f, "effects: [{move: 2}]", "effects: [{move: 2}, {gain: 5}]")
    ps = problems_of(load_ruleset, data_copy / "ruleset.yaml")
    text = "\n".join(ps)
    assert "gian: unknown effect" in text
    assert "a movement effect must be the last" in text
    assert all(p.startswith(str(f) + ":") for p in ps)


def test_slot_reel_with_unknown_symbol(data_copy):
    f = data_copy / "slot.yaml"
    lines = f.read_text().splitlines()
    for i, line in enumerate(lines):
        if line.strip().startswith("- [") and "cherry" in line:
            lines[i] = line.replace("cherry", "lemon", 1)
            break
    f.write_text("\n".join(lines) + "\n")
    ps = problems_of(load_ruleset, data_copy / "ruleset.yaml")
    assert any("unknown symbol 'lemon'" in p and f":{i + 1}:" in p for p in ps)


def test_event_kind_referencing_an_unknown_kind(data_copy):
    f = data_copy / "events.yaml"
    text = f.read_text()
    import re
    text = re.sub(r"\{roll_again: true\}", "{move_to: disco}", text, count=1)
    f.write_text(text)
    ps = problems_of(load_ruleset, data_copy / "ruleset.yaml")
    assert any("move_to" in p and "disco" in p for p in ps)


def write_board(tmp_path, body: str) -> Path:
    f = tmp_path / "bad-board.yaml"
    f.write_text(body)
    return f


def test_impossible_board_lists_every_problem(tmp_path, ruleset):
    f = write_board(tmp_path, """format: tdream-board
version: 1
id: bad-board
name: Bad
luck: low
levels:
  - map:
      - "..#"
      - "##."
    events: {0: start, 4: card, 7: disco}
""")
    ps = problems_of(load_board, str(f), ruleset)
    text = "\n".join(ps)
    assert "unknown event kind 'disco'" in text
    assert "corner space 11 has no Line" in text
    assert all(p.startswith(str(f) + ":") for p in ps)
    assert any(":10:" in p for p in ps)   # the events line


def test_board_unknown_key_and_id_mismatch(tmp_path, ruleset):
    f = write_board(tmp_path, """format: tdream-board
version: 1
id: other
name: Bad
luck: extreme
colour: red
levels:
  - map: ["...", "..."]
    events: {0: start, 4: card, 7: jackpot, 11: slot}
""")
    ps = problems_of(load_board, str(f), ruleset)
    text = "\n".join(ps)
    assert "colour: unknown key" in text and "must equal the file name" in text and "'extreme' is not one of" in text


def test_newer_version_is_refused(tmp_path, ruleset):
    f = write_board(tmp_path, "format: tdream-board\nversion: 2\n")
    (p,) = problems_of(load_board, str(f), ruleset)
    assert "newer than this program reads" in p and ":2:" in p


def test_binary_junk_is_refused(tmp_path, ruleset):
    f = tmp_path / "bad-board.yaml"
    f.write_bytes(b"\x00\xff\xfe junk")
    (p,) = problems_of(load_board, str(f), ruleset)
    assert str(f) in p


def test_cli_bad_board_file_exits_2_without_traceback(tmp_path):
    f = write_board(tmp_path, "format: tdream-board\nversion: 1\nid: [\n")
    r = run_cli("board", "show", str(f))
    assert r.returncode == 2
    assert "Traceback" not in r.stderr and str(f) in r.stderr


def test_cli_unknown_board_exits_2(tmp_path):
    r = run_cli("simulate", "--games", "1", "--board", "atlantis")
    assert r.returncode == 2 and "no such board" in r.stderr and "Traceback" not in r.stderr


def test_shipped_boards_all_load(ruleset):
    for f in sorted((ROOT / "boards" / "towerdream").glob("*.yaml")):
        if f.name != "order.yaml":                  # the boards' order, not a board
            assert load_board(f.stem, ruleset).id == f.stem
