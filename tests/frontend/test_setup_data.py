"""Issue 37: one set-up screen for every game, drawn from data. No game writes a set-up scene:
each gives its ``GameDef`` options (with their words and help lines) and a ``SetupScreen`` (rows'
order, seats offered, what is remembered, a preview drawing) that the shell's ``SetupScene`` draws."""
from __future__ import annotations

import ast
import re

import pytest

from tdream.frontend.constants import START
from tdream.frontend.run import Headless
from tdream.frontend.scenes.setup import SetupScene, SetupScreen
from tdream.frontend.settings import Settings
from tdream.frontend.text import set_language, tr_in
from tdream.platform import registry
from tdream.platform.protocol import OptionSpec
from tdream.platform.roster import CHARACTER_IDS
from tests.conftest import ROOT
from tdream.frontend.frontends import frontend_of
from tdream.platform.options import option

GAMES = ["towerdream", "towers", "cattower", "towerup"]


def scene_of(gid: str, mode: str = "Free play"):
    h = Headless(seed=3)
    m = h.machine
    m.push(frontend_of(gid).mode_scene(m, mode))
    h.step(0)
    return h, m, m.stack[-1]


@pytest.mark.parametrize("gid", GAMES)
def test_every_games_set_up_is_the_shells_scene_fed_by_its_data(gid):
    front = frontend_of(gid)
    assert isinstance(front.setup_screen(), SetupScreen)
    for mode in ("Free play", "Practice", "Spectate"):
        _, _, scene = scene_of(gid, mode)
        assert type(scene) is SetupScene and scene.game_id == gid and scene.mode == mode


def test_no_game_module_defines_a_set_up_scene():
    """A game's front end adds a preview drawing and data, never a screen: no class in its
    ``setup.py``, and no class of its front end built on the shell's set-up."""
    found = []
    for path in sorted((ROOT / "tdream" / "games").glob("*/frontend/*.py")):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            bases = {ast.unparse(b).split(".")[-1] for b in node.bases}
            if path.name == "setup.py" and (bases & {"Scene", "SetupScene", "SeatRows"} or "Setup" in node.name):
                found.append(f"{path.relative_to(ROOT)}: {node.name}")
            elif bases & {"SetupScene", "SeatRows"}:
                found.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert not found, found
    assert len(list((ROOT / "tdream" / "games").glob("*/frontend/setup.py"))) == 4     # the scan sees them


def _values(spec: OptionSpec) -> list:
    """Values the set-up can show: every choice, on and off, a range's ends and default, none."""
    if spec.choices:
        return list(spec.choices)
    if isinstance(spec.default, bool):
        return [False, True]
    lo, hi = spec.offer or (spec.lo, spec.hi)
    return [lo, hi] + ([spec.default] if spec.default is not None else []) + ([None] if spec.nullable else [])


def _worded(text: str) -> bool:
    """English that needs Japanese: a word of two letters or more (not "8x8", "1,500G")."""
    return bool(re.search(r"[A-Za-z]{2}", text))


@pytest.mark.parametrize("gid", GAMES)
def test_each_options_values_have_words_and_help_in_both_languages(gid):
    """Every option row says each of its values in words and a help line beside it (or the game's
    preview stands there), in English and in Japanese (the game's own words)."""
    h, m, scene = scene_of(gid)
    game = registry.get(gid)
    rows = [r for r in scene.rows if r in scene.options or r == game.seat_option]
    assert rows
    look = scene.look
    said = 0
    try:
        for row in rows:
            spec = option(game, row)
            values = _values(spec) if row in scene.options else list(range(*game.seats)) + [game.seats[1]]
            for value in values:
                if row in scene.options:
                    scene.options[row] = value
                else:
                    scene.seats = ["human", "kenta", "yuka", "joji"][:value] + [None] * (game.seats[1] - value)
                set_language("en")
                label, words = scene.label(row)
                helped = scene.help_line(row)
                assert "_" not in label and words and "_" not in words, (gid, row, value, label, words)
                if not helped:                       # the game's preview stands where the help would
                    assert look.preview is not None and (row in look.preview_rows or "options" in look.preview_rows)
                set_language("ja")
                ja_label, ja_words = scene.label(row)
                assert not _worded(label) or ja_label != label, (gid, row, label)
                assert not _worded(words) or ja_words != words, (gid, row, value, words)
                if helped:
                    assert scene.help_line(row) != helped, (gid, row, value, helped)
                said += 1
    finally:
        set_language("en")
    assert said >= len(rows) * 2


@pytest.mark.parametrize("gid", GAMES)
def test_a_games_own_set_up_words_have_japanese(gid):
    """The words a game's SetupScreen gives (header, help lines, its characters' ways of
    playing) are said in Japanese by the game's own words."""
    look = frontend_of(gid).setup_screen()
    texts = [look.title, look.style_title] + [t for t in look.helps.values()]
    texts += [look.style(c) for c in CHARACTER_IDS] if look.style is not None else []
    texts = [t for t in texts if _worded(t)]
    assert texts
    try:
        set_language("ja")
        missing = [t for t in texts if tr_in(gid, t) == t]
    finally:
        set_language("en")
    assert not missing, missing


def test_an_option_steps_on_the_set_up_as_its_spec_says():
    """Tower Dream's round limit: none, then 5 a step up to 99, and none again under the lowest;
    its starting cash in 500s between 500 and 10,000 though the rules allow 0 to ten million."""
    rounds = option(registry.get("towerdream"), "max_rounds")
    got, v = [], None
    for _ in range(21):
        v = rounds.stepped(v, 1)
        got.append(v)
    assert got[:3] == [5, 10, 15] and got[-3:] == [95, 99, 99]
    assert rounds.stepped(99, -1) == 94 and rounds.stepped(4, -1) is None and rounds.stepped(None, -1) is None
    cash = option(registry.get("towerdream"), "starting_cash")
    assert cash.stepped(1500, 1) == 2000 and cash.stepped(500, -1) == 500 and cash.stepped(10_000, 1) == 10_000
    assert cash.check(0) is None                      # the rules' range stays the rules'
    spec = OptionSpec("x", "a", ("a", "b", "c"))
    assert spec.stepped("a", -1) == "c" and spec.stepped("c", 1) == "a"
    flag = OptionSpec("f", False, words=((True, "scores 0"), (False, "is ranked")))
    assert flag.stepped(False, 1) is True and flag.shown(True) == ("scores 0", {}) and flag.shown(1) == ("1", {})


def test_an_options_words_and_help_come_from_its_spec():
    footprints = option(registry.get("cattower"), "pass_footprints")
    assert footprints.shown(3) == ("{k} footprint(s)", {"k": 3})
    assert option(registry.get("towerdream"), "end_percent").shown(75) == ("{percent}% covered", {"percent": 75})
    first = option(registry.get("towers"), "first_player")
    assert first.shown("random") == ("coin", {}) and "TG2.1" in first.shown_help("random")
    plain = OptionSpec("skips", 1, lo=0, hi=3, rule="X2.1", help="How often.")
    assert plain.shown(2) == ("2", {}) and plain.shown_help(2) == "How often. (X2.1)"
    assert plain.shown_label() == "Skips" and OptionSpec("board_size", 8).shown_label() == "Board size"


def test_towers_first_player_says_drawn_past_two_seats():
    _, _, scene = scene_of("towers")
    assert scene.label("first_player")[1] == "picks"
    scene.seats[2] = "joji"
    assert scene.label("first_player")[1] == "drawn" and "3 or 4 players" in scene.help_line("first_player")


@pytest.mark.parametrize("gid, keys", [("towerdream", ["board", "profile"]),
                                       ("towers", ["options", "level", "profile", "seats"]),
                                       ("cattower", ["options", "level", "profile"]),
                                       ("towerup", ["players", "extra_turn_on_last_roof"])])
def test_each_game_remembers_its_set_up_under_the_keys_it_always_had(gid, keys):
    """Players' settings files keep reading: each game's ``settings.last`` entry has the keys
    its own set-up wrote before the shell drew them all."""
    settings = Settings()
    h = Headless(seed=2, settings=settings)
    h.machine.push(SetupScene(gid))
    h.step(0)
    h.step(START)
    assert list(settings.last[gid]) == keys
