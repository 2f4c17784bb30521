"""The sheet, styles and comments data: the shipped files load; broken ones are refused with
every problem as file:line: key.path: what."""
import pytest

from tdream.errors import DataError
from tdream.games.cattower.sheet import SHEET_PATH, load_sheet
from tdream.games.cattower.styles import STYLES_PATH, load_styles
from tdream.platform.comments import load_game_comments
from tdream.platform.roster import CHARACTER_IDS

SHEET = SHEET_PATH.read_text(encoding="utf-8")
STYLES = STYLES_PATH.read_text(encoding="utf-8")


def _write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def _problems(loader, path) -> list[str]:
    with pytest.raises(DataError) as e:
        loader(path)
    return e.value.problems


def test_sheet_shipped_is_provisional_with_cg1_shape():
    s = load_sheet()
    assert s.provisional and "our design" in s.source
    assert [t.height for t in s.towers] == [4, 5, 6, 6, 5] and s.size == 26
    assert [(t.first, t.later) for t in s.towers] == [(12, 4), (15, 5), (18, 6), (18, 6), (15, 5)]
    assert s.footprint_cap == 15


def test_sheet_neighbours_match_cg1_1_hexagon_columns():
    """CG1.1 computed here (the engine never does): odd towers touch f and f+1 beside them,
    even towers f-1 and f; and the cells above and below."""
    s = load_sheet()
    heights = {t.number: t.height for t in s.towers}
    for c, name in enumerate(s.cells):
        t, f = s.tower_of[c], s.floor_of[c]
        want = set()
        for u in (t - 1, t, t + 1):
            if u not in heights:
                continue
            floors = (f - 1, f + 1) if u == t else (f, f + 1) if t % 2 else (f - 1, f)
            want |= {f"t{u}f{g}" for g in floors if 1 <= g <= heights[u]}
        assert {s.cells[o] for o in s.neighbours[c]} == want, name


def test_sheet_refuses_a_neighbour_that_does_not_name_it_back(tmp_path):
    text = SHEET.replace("t1f1: [t1f2, t2f1, t2f2]", "t1f1: [t1f2, t2f1, t2f2, t3f3]")
    probs = _problems(load_sheet, _write(tmp_path, "s.yaml", text))
    assert any("neighbours.t1f1" in p and "t3f3 does not name t1f1 back" in p for p in probs)
    line = next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith("  t1f1:"))
    assert any(p.startswith(f"{tmp_path / 's.yaml'}:{line}:") for p in probs)


def test_sheet_refuses_a_cell_off_a_tower_and_reports_everything_at_once(tmp_path):
    text = SHEET.replace("  t1f4: [t1f3, t2f4, t2f5]\n", "  t1f4: [t1f3, t2f4, t2f5]\n  t1f5: [t1f4]\n  t7f1: []\n")
    text = text.replace("1: {height: 4, first: 12, later: 4}", "1: {height: 4, first: 2, later: 4}")
    text = text.replace("footprints: 15 ", "footprints: 0 ")
    text = text.replace("  t5f5: [t4f5, t4f6, t5f4]\n", "")
    probs = _problems(load_sheet, _write(tmp_path, "s.yaml", text))
    joined = "\n".join(probs)
    assert "neighbours.t1f5: off the sheet: tower 1 is 4 cells high" in joined
    assert "neighbours.t7f1: off the sheet: there is no tower 7" in joined
    assert "towers.1.first: the first (left) value 2 is below the later one 4" in joined
    assert "footprints: 0 is out of range" in joined
    assert "neighbours.t5f5: missing" in joined
    assert all(p.startswith(str(tmp_path / "s.yaml") + ":") for p in probs)


def test_sheet_refuses_bad_header_and_heights(tmp_path):
    assert "version" in _problems(load_sheet, _write(tmp_path, "a.yaml", SHEET.replace("version: 1", "version: 2")))[0]
    probs = _problems(load_sheet, _write(tmp_path, "b.yaml", SHEET.replace("3: {height: 6,", "3: {height: 7,")))
    assert any("towers.3.height: 7 is out of range (1..6)" in p for p in probs)
    probs = _problems(load_sheet, _write(tmp_path, "c.yaml", SHEET.replace("provisional: true\n", "")))
    assert any("provisional: missing" in p for p in probs)


def test_styles_shipped_has_every_character_and_level():
    st = load_styles()
    assert set(st.characters) == set(CHARACTER_IDS)
    assert st.levels["hard"].depth == 2 and st.levels["easy"].noise > 0 and st.levels["normal"].lapse == 0
    assert st.weights("joji")["towers"] > st.weights("cpu")["towers"]
    assert st.weights("marimo")["group"] > 0 and st.weights("hikozaemon")["footprints"] > 1


def test_styles_refuses_unknown_weights_characters_and_ranges(tmp_path):
    text = STYLES.replace("  kenta:            # grabs the best die\n", "  kenta:\n    sugar: 2\n")
    text = text.replace("  yuderu:           # cuts in on completions\n    cutin: 6.0\n    towers: 1.3\n", "")
    text = text.replace("lapse: 0.25", "lapse: 2")
    text = text.replace("  rival: 1.0", "  rival: -1")
    probs = _problems(load_styles, _write(tmp_path, "st.yaml", text))
    joined = "\n".join(probs)
    assert "characters.kenta.sugar: unknown key" in joined
    assert "characters.yuderu: missing" in joined
    assert "levels.easy.lapse: 2 is out of range" in joined
    assert "weights.rival: -1.0 is out of range" in joined or "weights.rival: -1 is out of range" in joined


def test_comments_shipped_cover_every_character_and_slot():
    from tdream.games.cattower.commentary import COMMENTS_PATH
    slots, lines = load_game_comments(COMMENTS_PATH, "cattower")
    assert len(slots) >= 12
    for who in CHARACTER_IDS:
        for slot in slots:
            assert lines[who][slot] and all(x.en.strip() and x.ja.strip() for x in lines[who][slot])
    assert any("ワン" in x.ja for x in lines["tamasaburo"]["won"])
    assert any("ゲソ" in x.ja for t in lines["yuderu"].values() for x in t)
    assert any("わし" in x.ja or "ですな" in x.ja for t in lines["hikozaemon"].values() for x in t)


def test_comments_refuses_a_missing_line(tmp_path):
    from tdream.games.cattower.commentary import COMMENTS_PATH
    text = COMMENTS_PATH.read_text(encoding="utf-8")
    start = text.index("  yuka:\n")
    block = text[start:]
    i = block.index("    passes:\n")
    j = block.index("    footprints_many:\n")
    broken = text[:start] + block[:i] + block[j:]
    p = _write(tmp_path, "c.yaml", broken)
    with pytest.raises(DataError) as e:
        load_game_comments(p, "cattower")
    assert any("lines.yuka.passes: missing" in x for x in e.value.problems)
