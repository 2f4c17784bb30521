"""Japanese on screen (issue 6): every template and data text has its Japanese, with the same
fields, and every character of it (and of the comments) is in the font atlas."""
import ast
import json
from pathlib import Path

import pytest

from tdream.frontend.text import fields, ja_files, load_all_ja, load_ja, set_language, tr
from tests.conftest import ROOT

# the shell's scenes and every game's (each game's front end lives in its folder)
FRONTENDS = [ROOT / "tdream" / "frontend"] + sorted((ROOT / "tdream" / "games").glob("*/frontend"))


def _templates_in_code() -> set[str]:
    out = set()
    for path in (p for folder in FRONTENDS for p in sorted(folder.rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "tr" and node.args:
                a = node.args[0]
                for b in ((a.body, a.orelse) if isinstance(a, ast.IfExp) else (a,)):
                    if isinstance(b, ast.Constant) and isinstance(b.value, str):
                        out.add(b.value)
    return out


def _data_texts(ruleset) -> set[str]:
    from tdream.games.towerdream.ai import roster
    from tdream.games.towerdream.data import board_ids, load_board
    from tdream.frontend.scenes.pause import OPTION_ROWS, _show
    from tdream.games.towerdream.frontend.setpieces import PILES, pile_flavours
    out = {c.text for c in ruleset.cards} | {c.name for c in ruleset.companies}
    out |= {k.name for k in ruleset.event_kinds.values()} | {k.text for k in ruleset.event_kinds.values()}
    for b in board_ids():
        board = load_board(b, ruleset)
        out |= {board.name, board.description, board.luck}
    out |= {p.strategy for p in roster().values()} | {p.age for p in roster().values()}
    out |= set(pile_flavours()) | {p.title() for p in PILES} | {s.upper() for s in ruleset.slot.symbols}
    for _, label, values in OPTION_ROWS:
        out |= {label} | {_show(v) for v in values}
    from tdream.frontend.scenes.modes import COLOUR_NAMES
    out |= set(COLOUR_NAMES)
    out |= {"Free play", "Campaign", "Practice", "Spectate", "Records", "Options", "Quit", "Resume", "Save and quit",
            "Quit to the title", "Keep playing", "New profile...", "No profile", "Erase", "Keep", "Campaign: who?",
            "Who is playing?", "How to play", "Turn log", "Take it back", "Keep it", "Stop watching"}
    #                                        menu items, translated when drawn
    return out


def test_the_front_ends_are_all_scanned():
    assert ROOT / "tdream" / "games" / "towerdream" / "frontend" in FRONTENDS
    assert "Sell Floors" in _templates_in_code()                 # a Tower Dream prompt's


def test_every_template_and_data_text_has_japanese(ruleset):
    ja = load_all_ja()
    wanted = {t for t in _templates_in_code() | _data_texts(ruleset) if any(ch.isalpha() for ch in t)}
    missing = sorted(wanted - set(ja))
    assert not missing, missing[:20]


def test_japanese_keeps_the_fields():
    for path in ja_files():
        for en, ja in load_ja(path).items():
            assert fields(en) == fields(ja), (path, en)


def test_each_game_says_a_template_its_own_way(monkeypatch):
    """A game's ja.yaml is its own namespace: its modules see its words first, the shell the
    shared file's and then the games' in registry order."""
    from tdream.frontend import text
    monkeypatch.setattr(text, "load_game_ja", lambda: {"towers": {"Pass": "パス"}, "towerup": {"Pass": "とばす"}})
    monkeypatch.setattr(text, "load_all_ja", lambda: {"Pass": "パス"})
    monkeypatch.setattr(text, "_JA", {})
    monkeypatch.setattr(text, "_BY_GAME", {})
    try:
        set_language("ja")
        said = {}
        for gid in ("towers", "towerup", "towerdream"):
            g = {"__name__": f"tdream.games.{gid}.frontend.table", "tr": text.tr}
            said[gid] = eval('tr("Pass")', g)
        said["shell"] = text.tr("Pass")
    finally:
        set_language("en")
    assert said == {"towers": "パス", "towerup": "とばす", "towerdream": "パス", "shell": "パス"}


def test_the_real_files_load_into_namespaces():
    from tdream.frontend import text
    games = text.load_game_ja()
    assert set(games) == {"towerdream", "towers", "cattower", "towerup"}
    merged = load_all_ja()
    assert all(en in merged for table in games.values() for en in table)


def test_every_character_on_screen_is_in_the_font():
    table = json.loads((ROOT / "assets" / "font" / "atlas.json").read_text())
    have = set().union(*(set(f["chars"]) for f in table["faces"].values()))
    # every Japanese text there is: the screens' and every game's data (comments, cards, styles)
    texts = ja_files() + sorted((ROOT / "tdream").rglob("*.yaml"))
    missing = {ch for p in texts for ch in p.read_text() if ord(ch) >= 0x80 and not ch.isspace()} - have
    assert not missing, sorted(missing)


def test_tr_switches_language_and_fills_fields():
    try:
        set_language("ja")
        assert tr("{who} goes broke!", who="A") != "A goes broke!" and "A" in tr("{who} goes broke!", who="A")
        assert tr("no such template {x}", x=1) == "no such template 1"
        set_language("en")
        assert tr("{who} builds {k} Floor(s) on {land} ({total} now).", who="A", k=1, land="c1", total=4) == \
            "A builds 1 Floor on c1 (4 now)."
    finally:
        set_language("en")


def test_a_damaged_text_file_names_its_line(tmp_path):
    from tdream.errors import DataError
    p = tmp_path / "ja.yaml"
    p.write_text('format: tdream-text\nversion: 1\ntexts:\n  "{who} wins": "勝ち"\n')
    with pytest.raises(DataError) as e:
        load_ja(Path(p))
    assert ":4:" in str(e.value) and "fields" in str(e.value)


@pytest.mark.parametrize("template, values, want", [
    ("{who} builds {k} Floor(s) on {land}.", dict(who="Player 1", k=3, land="j9"), "Player 1 builds 3 Floors on j9."),
    ("{who} builds {k} Floor(s) on {land}.", dict(who="Player 2", k=1, land="j9"), "Player 2 builds 1 Floor on j9."),
    ("{k} pt(s)", dict(k=1), "1 pt"),
    ("{k} pt(s)", dict(k=0), "0 pts"),
    ("{k} pt(s)", dict(k=21), "21 pts"),
    ("Visible roofs {k}: cone {pts} pt(s)", dict(k=3, pts=1), "Visible roofs 3: cone 1 pt"),
    ("Visible roofs {k}: cone {pts} pt(s)", dict(k=1, pts=4), "Visible roofs 1: cone 4 pts"),
    ("< {k} > Floor(s): {cost}", dict(k=1, cost="100G"), "< 1 > Floor: 100G"),
    ("{who} passes: +{k} footprint(s).", dict(who="Player 1", k=2), "Player 1 passes: +2 footprints."),
    ("({k} visible roof(s))", dict(k=1), "(1 visible roof)"),
    ("{who} has Floor(s) on {land}", dict(who="Player 1", land="c1"), "Player 1 has Floors on c1"),
    ("Sell 1 Floor(s) now", {}, "Sell 1 Floor now"),
    ("{who}: 2 Floor(s)", dict(who="Player 1"), "Player 1: 2 Floors"),
])
def test_plurals_follow_the_templates_count_never_a_digit_in_a_name(template, values, want):
    """Issue 21: "Player 1 builds 3 Floor on j9" read the 1 of the name as the count."""
    assert tr(template, **values) == want


def _templates_everywhere() -> dict[str, str]:
    """Every template of every front end (each string with a field in its modules) and every
    Japanese file's English side, with where it is."""
    out = {}
    for path in (p for folder in FRONTENDS for p in sorted(folder.rglob("*.py"))):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and "{" in node.value:
                out.setdefault(node.value, f"{path.relative_to(ROOT)}:{node.lineno}")
    for path in ja_files():
        for en in load_ja(path):
            out.setdefault(en, str(path.relative_to(ROOT)))
    return out


NOT_COUNTS = {"who", "name", "survivor", "owner", "company", "square", "squares", "colour", "game", "size", "site",
              "what", "board"}    # fields that name a thing (a verb may follow them), never a count
NOT_PLURALS = {"is", "has", "his", "this", "was", "as", "its"}


def test_every_count_next_to_a_plural_word_says_it_by_the_number():
    """Issue 21: a count field and the plural word after it ("{k} pts", "{k} turns") read "1 pt",
    "1 turn" when the count is 1: every such template writes the word with "(s)"."""
    import re
    count = re.compile(r"\{(\w+)[^{}]*\}((?:[ <>]+[A-Za-z'-]+(?:\(s\))?){1,2})")
    found, plain = 0, []
    for template, where in _templates_everywhere().items():
        for m in count.finditer(template):
            if m.group(1) in NOT_COUNTS:
                continue
            for word in re.findall(r"[A-Za-z'-]+(?:\(s\))?", m.group(2)):
                if word.endswith("(s)"):
                    found += 1
                elif word.endswith("s") and not word.endswith(("ss", "'s")) and word not in NOT_PLURALS:
                    plain.append((template, word, where))
    assert found >= 20, found                              # the scan sees the templates it is about
    assert not plain, plain[:8]


def test_every_plural_word_has_its_count_in_the_template():
    """Each "(s)" of every template follows its count (a field or a number written in it): none is
    left to the plain plural, whatever the values."""
    from tdream.frontend.text import plurals
    said = {t: plurals(t, {}) for t in _templates_everywhere() if "(s)" in t}
    assert len(said) >= 20
    import re
    ones = {t: plurals(t, dict.fromkeys(fields(t), 1)) for t in said}
    written = re.compile(r"\d (?:[\w'-]+ ){0,2}[\w'-]+\(s\)")       # "Sell 0 Floor(s)": the count is in the text
    left = [t for t in said if said[t] == ones[t] and not written.search(t)]   # a count of 1 changed nothing
    assert not left, left[:6]
