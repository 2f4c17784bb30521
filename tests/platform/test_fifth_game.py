"""The proof of issue 21 ("the platform owns the table", part 5): a fifth game, Coin XO
(``tests/tiny``), registered from the tests alone, passes the conformance suite and plays in the
shell headless from power on: the title (L/R to it), the shell's set-up, its table, pause, the
shell's status, results, back to the title; its record verifies and resumes, the movie of the
session verifies. Its folder holds no drive loop: the shell's table and the platform's session
play it. Golden frames (``goldens/fifth-*.png``) of the shell's set-up and status on it."""
import ast
from pathlib import Path

import pygame
import pytest

from tdream.frontend.autopilot import Autopilot
from tdream.frontend.constants import A, B, DOWN, L, LEFT, R, RIGHT, START, UP, X
from tdream.frontend.match import MatchSetup
from tdream.frontend.pads import PadFrame
from tdream.frontend.run import Headless
from tdream.frontend.settings import Settings
from tdream.platform import registry
from tdream.platform.conformance import checked_playout, fingerprint_trail, record_round_trip, views_agree
from tdream.platform.record import load_record
from tdream.platform.replay import resume_record, verify_record

from ..conftest import ROOT

GAME_ID = "coinxo"
TINY = ROOT / "tests" / "tiny"
GOLDENS = Path(__file__).parent / "goldens"


@pytest.fixture(scope="module", autouse=True)
def coinxo():
    """Coin XO registered for this module's tests only (every other test sees the four games)."""
    registry.register(GAME_ID, "tests.tiny")
    yield registry.get(GAME_ID)
    registry.unregister(GAME_ID)


def test_registering_adds_a_game_after_the_others_and_unregistering_takes_it_away(coinxo):
    assert registry.ids()[-1] == GAME_ID and len(registry.ids()) == 5
    with pytest.raises(ValueError):
        registry.register(GAME_ID, "tests.tiny")
    with pytest.raises(ValueError):
        registry.unregister("towers")                  # the registry's own games stay
    registry.unregister(GAME_ID)
    try:
        assert GAME_ID not in registry.ids()
        with pytest.raises(registry.UnknownGame):
            registry.get(GAME_ID)
    finally:
        registry.register(GAME_ID, "tests.tiny")


# ---------------------------------------------------------------- the conformance suite
@pytest.mark.parametrize("seed", [1, 2])
@pytest.mark.parametrize("options", [{}, {"line": 4, "skips": 3, "misere": True}, {"skips": 0}])
def test_random_playouts_keep_the_protocol(coinxo, seed, options):
    session = checked_playout(coinxo, seed, options=options, deep=True)
    assert session.match.over and session.match.awaiting() is None


def test_views_records_and_the_fast_loop(coinxo, tmp_path):
    from tdream.platform.simulate import play_game
    assert views_agree(coinxo, 6) == []
    assert record_round_trip(coinxo, 3, tmp_path) == [] and record_round_trip(coinxo, 4, tmp_path) == []
    fast = play_game(coinxo, ["cpu", "random"], 4)
    recorded = play_game(coinxo, ["cpu", "random"], 4, record=str(tmp_path / "r.tdr"))
    assert (fast.turns, fast.scores) == (recorded.turns, recorded.scores)


def test_fingerprints_are_the_same_in_another_process(coinxo):
    import os
    import subprocess
    import sys
    code = ("from tdream.platform import registry; registry.register('coinxo', 'tests.tiny'); "
            "from tdream.platform.conformance import fingerprint_trail; print(fingerprint_trail('coinxo', 5))")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=dict(os.environ, PYTHONHASHSEED="123"),
                         capture_output=True, text=True, check=True).stdout.strip()
    assert out == fingerprint_trail(GAME_ID, 5)


def test_a_bad_rules_file_is_named_with_its_line(tmp_path, monkeypatch):
    from tdream.errors import DataError
    from tests.tiny import match
    bad = tmp_path / "rules.yaml"
    bad.write_text(match.RULES.read_text().replace("heads: 3", "heads: 0"))
    monkeypatch.setattr(match, "RULES", bad)
    match.rules.cache_clear()
    try:
        with pytest.raises(DataError) as e:
            match.rules()
        assert e.value.problems == [f"{bad}:5: heads: 0 is out of range (1..9)"]
    finally:
        monkeypatch.undo()
        match.rules.cache_clear()


# ---------------------------------------------------------------- no drive loop of its own
def test_the_game_folder_holds_no_drive_loop():
    """Its modules import no session and loop over no ``awaiting()``; its front end never applies,
    draws chance or asks a CPU player: the shell's table does, through the drive loop."""
    files = sorted(TINY.rglob("*.py"))
    assert len(files) == 4
    for path in files:
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                names = [getattr(node, "module", None) or ""] + [a.name for a in node.names]
                assert not any("session" in n for n in names), (path, names)
            if isinstance(node, ast.While):
                calls = [c.func.attr for c in ast.walk(node.test) if isinstance(c, ast.Call)
                         and isinstance(c.func, ast.Attribute)]
                assert "awaiting" not in calls, path
            if "frontend" in path.parts and isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                assert node.func.attr not in ("apply", "sample_chance", "choose", "advance", "run"), (path, node.lineno)


def test_the_program_names_nothing_of_the_fifth_game(coinxo):
    """It plays although nothing in tdream/ (but the registry's docstring) names it or its words."""
    import re
    patterns = [re.compile(p, re.I) for p in (GAME_ID, r"tests[./]tiny") + tuple(rf"(?<!\w){t}(?!\w)"
                                                                                 for t in coinxo.terms)]
    files = [p for p in (ROOT / "tdream").rglob("*") if p.suffix in (".py", ".yaml")
             and p != ROOT / "tdream" / "platform" / "registry.py"]
    hits = [f"{p}: {pat.pattern}" for p in files for pat in patterns if pat.search(p.read_text(encoding="utf-8"))]
    assert len(files) > 100 and not hits, hits


def test_the_whole_game_is_under_650_lines():
    lines = sum(len(p.read_text().splitlines()) for p in TINY.rglob("*") if p.suffix in (".py", ".yaml"))
    assert lines < 650, lines


# ---------------------------------------------------------------- in the shell, from power on
class Script:
    """The shell's autopilot on pad 1, with a detour at the first prompt: Start (pause), Start
    again, X (status), R, R, L (its pages), B; the screens on the way, the status pages shown,
    the characters' comments at the table and the record (at the results) kept."""

    def __init__(self) -> None:
        self.ap = Autopilot(GAME_ID, again=True)
        self.queue: list[int] = []
        self.detour = False
        self.seen: list[str] = []
        self.record = None
        self.title_game = None
        self.pages: list[int] = []
        self.said: set[str] = set()

    def __call__(self, m) -> PadFrame:
        from tdream.frontend.scenes.results import ResultsScene
        from tdream.frontend.scenes.title import TitleScene
        top = m.stack[-1]
        name = type(top).__name__
        if not self.seen or self.seen[-1] != name:
            self.seen.append(name)
        if isinstance(top, TitleScene) and "CoinXOTable" not in self.seen:
            self.title_game = top.game
        if name == "StatusScene" and (not self.pages or self.pages[-1] != top.page):
            self.pages.append(top.page)
        if name == "CoinXOTable":
            self.said |= {b.speaker for b in top.beats + [top.beat] if b is not None and b.kind == "say" and b.speaker}
        if isinstance(top, ResultsScene) and self.record is None:
            self.record = top.table.host.writer.path.read_text()
        prompt = getattr(top, "prompts", {}).get(0)
        if not self.detour and prompt is not None and top.beat is None and prompt.age >= top.prompt_guard:
            self.detour = True
            self.queue = [START, START, X, R, R, L, B]
        if self.queue:
            if m.frame % 2:
                return PadFrame((0, 0, 0, 0), 1)
            return PadFrame((self.queue.pop(0), 0, 0, 0), 1)
        return PadFrame(self.ap.buttons(m), 1)


@pytest.fixture(scope="module")
def session(coinxo, tmp_path_factory):
    """The whole session as a movie (as the window records one, on a blank user folder)."""
    from tdream.frontend.run import record_headless
    from tdream.frontend.scenes.title import TitleScene
    folder = tmp_path_factory.mktemp("fifth")
    script = Script()
    path = folder / "coinxo.tdm"
    m = record_headless(path, 21, Settings(), script, 30000,
                        lambda m: script.record is not None and isinstance(m.stack[-1], TitleScene))
    record = folder / "coinxo.tdr"
    record.write_text(script.record)
    return m, script, path, record


def test_a_whole_game_from_power_on_through_every_shell_screen_and_back(session):
    m, script, _, _ = session
    assert script.title_game == GAME_ID
    assert script.seen[:3] == ["TitleScene", "SetupScene", "CoinXOTable"]
    assert script.seen[3:7] == ["PauseScene", "CoinXOTable", "StatusScene", "CoinXOTable"]
    assert script.pages == [0, 1, 0, 1]                       # two pages, R and L turn them (round)
    assert script.said and script.said <= {"kenta", "yuka", "joji"}
    assert script.seen[-1] == "ResultsScene" and sum(script.ap.prompts.values()) >= 2      # then A: the title
    assert type(m.stack[-1]).__name__ == "TitleScene" and len(m.stack) == 1


def test_the_record_verifies_and_resumes_to_the_end_in_the_shell(session, tmp_path):
    from tdream.frontend.scenes.results import ResultsScene
    _, _, _, path = session
    assert verify_record(path).ok
    record = load_record(path)
    assert record.finished and record.setup.game == GAME_ID and record.setup.kinds == ["human", "cpu"]
    text = path.read_text()
    assert '{"place": "' in text and '{"coin": "heads"}' in text
    lines = text.splitlines()
    inputs = [i for i, line in enumerate(lines) if line.startswith("- {\"place\"")]
    cut = tmp_path / "cut.tdr"
    cut.write_text("\n".join(lines[:inputs[1]]) + "\n")      # after the first mark's turn
    r = resume_record(cut)
    assert 0 < r.session.match.progress() < record.turns()
    again = tmp_path / "resumed.tdr"
    h = Headless(seed=0, setup=MatchSetup(GAME_ID, resume=r), record_path=str(again))
    ap = Autopilot(GAME_ID)
    for _ in range(20000):
        h.step(ap.buttons(h.machine))
        if isinstance(h.machine.stack[-1], ResultsScene):
            break
    assert isinstance(h.machine.stack[-1], ResultsScene) and h.machine.stack[-2].game.over
    assert again.read_text().startswith(r.kept) and verify_record(again).ok and load_record(again).finished


def test_the_movie_of_the_session_verifies_and_a_changed_frame_does_not(session, tmp_path):
    import io

    from tdream.frontend.movie import load_movie
    from tdream.frontend.run import run_movie, verify_paths
    _, _, path, _ = session
    movie = load_movie(path)
    assert movie.game == registry.DEFAULT and movie.games == [GAME_ID]     # the title at power on, the game played
    assert verify_paths([str(path)], io.StringIO(), io.StringIO()) == 0
    lines = path.read_text().splitlines()
    k = next(i for i, line in enumerate(lines) if line.split(" ")[1:2] in (["...>........"], [".v.........."]))
    lines[k] = lines[k].replace(lines[k].split(" ")[1], "............", 1)      # the table's first move never made
    bad = tmp_path / "bad.tdm"
    bad.write_text("\n".join(lines) + "\n")
    _, verdict = run_movie(load_movie(bad))
    assert not verdict.ok and load_movie(bad).end == movie.end


def test_the_title_demo_is_the_shells_default(coinxo):
    from tdream.frontend.scenes.title import DemoScene, TitleScene
    settings = Settings(last={"game": GAME_ID})
    h = Headless(seed=3, settings=settings)
    for _ in range(960):
        h.step(0)
    top = h.machine.stack[-1]
    assert isinstance(top, DemoScene) and type(top.inner).__name__ == "CoinXOTable"
    assert top.inner.kinds == ["cpu", "cpu"] and top.inner.writer is None
    h.step(A)
    h.step(0)
    assert isinstance(h.machine.stack[-1], TitleScene)


# ---------------------------------------------------------------- the shell's set-up and status
def setup_scene(settings=None, record_path=None):
    """The shell's set-up of Coin XO, reached from power on (the title, Free play)."""
    from tdream.frontend.scenes.setup import SetupScene
    h = Headless(seed=5, settings=settings or Settings(last={"game": GAME_ID}), record_path=record_path)
    for button in (START, A):
        h.step(button)
        h.step(0, draw=False)
    scene = h.machine.stack[-1]
    assert isinstance(scene, SetupScene)
    return h, scene


def tap(h, button, wait=2):
    h.step(button)
    for _ in range(wait):
        h.step(0)


def test_the_set_up_changes_seats_the_cpu_level_and_every_kind_of_option_in_its_words(coinxo):
    h, s = setup_scene()
    assert s.rows == ["seat0", "seat1", "level", "line", "skips", "misere", "talk", "start"]
    assert s.seats == ["human", "cpu"] and s.options == {"line": 3, "skips": 1, "misere": False}
    assert [s.label(r) for r in ("line", "skips", "misere")] == [("Line", "three in a row"),
                                                                 ("Lost turns", "weight 1"), ("Misere", "a line wins")]
    for _ in range(6):                                        # up from Start to seat 2
        tap(h, UP)
    assert s.rows[s.index] == "seat1"
    tap(h, RIGHT)
    assert s.seats[1] == "human"                              # cpu -> (seat 2 may not be empty) human
    tap(h, LEFT)
    tap(h, DOWN)
    tap(h, RIGHT)                                             # the CPU level: normal -> hard
    tap(h, DOWN)
    tap(h, RIGHT)                                             # line: a closed list
    tap(h, DOWN)
    for _ in range(4):                                        # skips: a range, stopping at 3
        tap(h, RIGHT)
    assert s.label("skips") == ("Lost turns", "weight 3")
    tap(h, DOWN)
    tap(h, A)                                                 # misere: on/off, its words and help line
    assert s.label("misere") == ("Misere", "a line loses") and s.help_line("misere").endswith("loses (X3.2).")
    assert s.options == {"line": 4, "skips": 3, "misere": True} and s.label("line")[1] == "four in a row"
    s.options["skips"] = 0
    assert s.label("skips")[1] == "never" and s.help_line("skips") == "The coin always lets the mover mark."
    s.options["skips"] = 3
    tap(h, START)
    table = h.machine.stack[-1]
    assert type(table).__name__ == "CoinXOTable" and table.kinds == ["human", "cpu:hard"]
    assert table.host.session.options == {"line": 4, "skips": 3, "misere": True}
    assert h.machine.settings.last[GAME_ID]["options"] == s.options and h.machine.matches == 1


def test_the_cpu_levels_look_further_and_further(coinxo):
    """Seat O to mark, X threatening c1 (a1 b1): easy does not look at X's line, normal and hard
    take c1; with no line near, hard always makes the most threats, normal only at random."""
    from tests.tiny import threats
    m, _ = coinxo.new_match(["X", "O"], {}, 1)
    m.cells[0] = m.cells[1] = 0
    m.to_move, m.phase = 1, "place"
    picks = {lv: {coinxo.make_player(f"cpu:{lv}", seed).choose(m.view(1), 1).value for seed in range(12)}
             for lv in coinxo.cpu_levels}
    assert picks["normal"] == picks["hard"] == {"c1"} and len(picks["easy"]) > 3
    m.cells[0], m.cells[1], m.cells[15] = -1, -1, 1           # X to mark, with b2; O on d4
    m.cells[5], m.to_move = 0, 0
    made = {lv: [threats(m, m.index(coinxo.make_player(f"cpu:{lv}", seed).choose(m.view(0), 0).value), 0)
                 for seed in range(12)] for lv in ("normal", "hard")}
    assert set(made["hard"]) == {max(threats(m, i, 0) for i, c in enumerate(m.cells) if c < 0)}
    assert len(set(made["normal"])) > 1
    with pytest.raises(ValueError):
        coinxo.make_player("cpu:expert", 1)


def test_the_characters_say_something_at_its_moments(coinxo):
    """The start (a watcher), a lost turn and the end (hosts for seats no character plays)."""
    from tests.tiny.match import Over, Tossed
    com = coinxo.commentary(["cpu", "random"], 7, "always")
    m, events = coinxo.new_match(["X", "O"], {"skips": 3}, 7)
    said = com.react(m, events) + com.react(m, [Tossed(0, "tails"), Tossed(1, "heads")])
    said += com.react(m, [Over("line", 1, ("a1", "b1", "c1"))])
    assert [(c.slot, c.about) for c in said] == [("game_start", -1), ("tails", 0), ("won", 1), ("lost", 0)]
    assert [c.speaker for c in said[1:]] == ["yuka", "kenta", "joji"] and said[0].speaker in ("kenta", "yuka", "joji")
    assert com.fired == ["game_start", "tails", "won", "lost"] and all(c.en and c.ja for c in said)
    assert coinxo.commentary(["cpu", "cpu"], 7, "never").react(m, events) == []


@pytest.mark.parametrize("mode, seats, counted", [("Practice", ["human", "cpu"], "practice"),
                                                   ("Spectate", ["cpu", "random"], "spectate")])
def test_practice_and_spectate_are_the_shells_modes_and_b_backs_out(coinxo, mode, seats, counted):
    from tdream.frontend.scenes.setup import SetupScene
    from tdream.frontend.scenes.title import TitleScene
    h = Headless(seed=5, settings=Settings(last={"game": GAME_ID}))
    tap(h, START)
    menu = h.machine.stack[-1].menu
    while menu.items[menu.index] != mode:
        tap(h, DOWN)
    tap(h, A)
    s = h.machine.stack[-1]
    assert isinstance(s, SetupScene) and s.seats == seats
    assert s.match_setup(h.machine).mode == counted
    tap(h, B)
    assert isinstance(h.machine.stack[-1], TitleScene) and h.machine.matches == 0


def shot(h):
    """The frame ``h`` draws now, and its drawing (tests/frontend/layout.py)."""
    from tests.frontend import layout
    layout.watch()
    layout.DRAWING.clear()
    frame = h.frame()
    return frame, list(layout.DRAWING)


def golden(name: str, drawn, update: bool) -> None:
    """The golden ``name``; its texts fit (on the frame, apart, inside their windows' inner lines)."""
    from tests.frontend import layout
    frame, drawing = drawn
    assert not layout.problems(drawing), f"{name}: " + "; ".join(layout.problems(drawing))
    path = GOLDENS / f"{name}.png"
    actual = GOLDENS / f"{name}.actual.png"
    GOLDENS.mkdir(exist_ok=True)
    if update:
        pygame.image.save(frame, str(path))
        actual.unlink(missing_ok=True)
        return
    if not path.exists():
        pygame.image.save(frame, str(actual))
        pytest.fail(f"no golden {path.name}; the frame is in {actual.name} (run pytest --update-goldens)")
    if pygame.image.tobytes(pygame.image.load(str(path)), "RGB") != pygame.image.tobytes(frame, "RGB"):
        pygame.image.save(frame, str(actual))
        pytest.fail(f"{name}: the frame differs from goldens/{path.name}; the actual frame is {actual.name}")
    actual.unlink(missing_ok=True)


@pytest.fixture
def update_goldens(request):
    return request.config.getoption("--update-goldens")


@pytest.mark.parametrize("language", ["en", "ja"])
def test_golden_frames_of_the_shells_screens_on_the_fifth_game(coinxo, language, update_goldens):
    prefix = "fifth-" if language == "en" else "ja-fifth-"
    title = Headless(seed=5, settings=Settings(last={"game": GAME_ID}, language=language))
    title.step(0)
    golden(prefix + "title", shot(title), update_goldens)
    from tests.frontend.screens import record_path
    h, s = setup_scene(Settings(last={"game": GAME_ID}, language=language), record_path(prefix + GAME_ID))
    golden(prefix + "setup", shot(h), update_goldens)
    tap(h, UP)
    tap(h, UP)                                                # the misere option and its help
    golden(prefix + "setup-option", shot(h), update_goldens)
    tap(h, START)
    table = h.machine.stack[-1]
    for _ in range(3000):
        prompt = table.prompts.get(0)
        if prompt is not None and table.beat is None and prompt.age >= table.prompt_guard:
            break
        h.step(0)
    golden(prefix + "table", shot(h), update_goldens)
    tap(h, X)
    assert type(h.machine.stack[-1]).__name__ == "StatusScene"
    golden(prefix + "status", shot(h), update_goldens)
    tap(h, R)                                                 # its second page: the options in their words
    assert h.machine.stack[-1].page == 1
    golden(prefix + "status-rules", shot(h), update_goldens)
    tap(h, B)
    for button in (START, UP, A):                             # pause, Save and quit (its last item): the confirmation
        tap(h, button)
    assert type(h.machine.stack[-1]).__name__ == "PauseScene" and h.machine.stack[-1].confirm is not None
    golden(prefix + "pause-quit", shot(h), update_goldens)
