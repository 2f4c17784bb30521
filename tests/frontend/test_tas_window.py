"""The TAS window (issue 38, items 1, 3 and 4): its keys never reach a pad, it starts paused, a
frame advance tap steps one frame whatever the clock, the speeds follow the clock it is given,
savestates and rerecords, read-only, the input roll (keys and mouse), markers, branches, and the
movie it writes verifies from power on. Driven through ``TasWindow.handle`` (posted pygame
events) and ``TasWindow.tick(now)`` with a clock the test gives; the whole window once under SDL's
dummy video driver."""
import pygame
import pytest

from tdream.native import compiled_loaded
from tdream.frontend import run, tas_view
from tdream.frontend.constants import FRAME_S, PLAYER_COLOURS, A, START
from tdream.frontend.movie import load_movie
from tdream.frontend.pads import PadReader
from tdream.frontend.settings import TAS_KEYS, Settings, load_settings, tas_key_problems
from tdream.frontend.tas import Tas
from tdream.frontend.tas_window import SPEEDS, TasKeys, TasWindow, run_tas_window
from tests.conftest import run_cli

# Savestates pickle the machine, which the compiled engine's classes do not allow: in a process
# whose engine is compiled this file runs through test_tas_pure.py, in a pure one.
pytestmark = pytest.mark.skipif(compiled_loaded(load=True), reason="run on the pure engine by test_tas_pure.py")

BUTTON_X = 4            # A in FORMATS.md order (^v<>ABXYLRSE)


@pytest.fixture
def open_windows():
    made = []
    yield made
    for ui in made:
        ui.tas.close()


def make(tmp_path, made, seed: int = 3, settings=None, keys=None) -> TasWindow:
    run.init_pygame(True)
    ui = TasWindow(Tas(seed, settings or Settings()), str(tmp_path / "run.tdm"), TasKeys(keys), PadReader({}))
    ui.display_to_canvas = lambda pos: pos          # the canvas at 1x, at the window's corner
    made.append(ui)
    return ui


def key(ui, name: str, mod: int = 0, down: bool = True, up: bool = True) -> None:
    code = pygame.key.key_code(name)
    if down:
        ui.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode="", scancode=0))
    if up:
        ui.handle(pygame.event.Event(pygame.KEYUP, key=code, mod=mod, unicode="", scancode=0))


def advance(ui, n: int = 1, pad_key: str | None = None) -> None:
    """``n`` frame advance taps (F), with a pad key held through them; the clock never moves."""
    if pad_key:
        key(ui, pad_key, up=False)
    for _ in range(n):
        key(ui, "f")
        ui.tick(0.0)
    if pad_key:
        key(ui, pad_key, down=False)


def test_tas_keys_never_reach_a_pad(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    reader = ui.reader
    for name in ("f", "p", "tab", "o", "r", "h", "m", "b", "-", "=", "f1"):
        key(ui, name, up=False)
        assert reader.key_bits == 0 and reader.latched == [0, 0, 0, 0], name
        key(ui, name, down=False)
    key(ui, "s", mod=pygame.KMOD_LCTRL, up=False)        # Ctrl+S writes; S alone is pad 1's X
    assert reader.key_bits == 0
    key(ui, "s", down=False)
    key(ui, "x", up=False)                               # a pad key still reaches pad 1
    assert reader.key_bits == A
    key(ui, "x", down=False)


def test_the_session_starts_paused_and_each_tap_steps_one_frame_whatever_the_clock(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    assert ui.paused and ui.tas.frame == 0
    for now in (0.0, 1.0, 60.0):
        assert ui.tick(now) == 0
    advance(ui, 5)
    assert ui.tas.frame == 5 and len(ui.tas.inputs) == 5
    advance(ui, 1, pad_key="return")                     # Start held on the sixth frame: recorded
    assert ui.tas.inputs[5].buttons[0] == START and ui.tas.inputs[4].buttons[0] == 0
    key(ui, "x")                                         # pressed and let go while paused: the next frame's
    assert ui.tick(1.0) == 0
    advance(ui, 2)
    assert [f.buttons[0] for f in ui.tas.inputs[6:]] == [A, 0]


def test_pause_runs_at_the_speed_chosen_on_the_clock_given(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    key(ui, "p")
    assert not ui.paused
    assert ui.tick(10.0) == 1                            # the first frame due at once
    assert ui.tick(10.0 + 3.5 * FRAME_S) == 3
    key(ui, "-")
    assert ui.speed == 50
    start = ui.tas.frame
    ui.tick(20.0)
    ui.tick(20.0 + 8.5 * FRAME_S)
    assert ui.tas.frame - start == 5                     # at 50 %: a frame every 2 frames' time, and the first
    for _ in range(10):
        key(ui, "-")
    assert ui.speed == SPEEDS[-1] == 3
    key(ui, "pause")
    assert ui.paused and ui.tick(30.0) == 0


def test_frame_advance_held_runs_only_after_the_hold_and_fast_forward_only_while_held(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    key(ui, "f", up=False)
    assert ui.tick(5.0) == 1 and ui.tick(5.1) == 0       # the tap; not held long enough yet
    assert ui.tick(5.5) >= 1                             # held: it runs
    key(ui, "f", down=False)
    assert ui.tick(9.0) == 0 and ui.paused
    key(ui, "tab", up=False)
    assert ui.tick(9.0) > 1                              # fast-forward: many frames, whatever the clock
    key(ui, "tab", down=False)
    assert ui.tick(9.0) == 0


def test_save_and_fifty_loads_while_recording_cut_the_movie_and_count_rerecords(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    advance(ui, 30)
    key(ui, "f1", mod=pygame.KMOD_LSHIFT)                # Shift+F1: save slot 1
    assert ui.slot == 1 and ui.tas.slots[1].frame == 30
    saved = ui.tas.machine.state_hash()
    for k in range(50):
        advance(ui, 3, pad_key="x" if k % 2 else "down")
        key(ui, "f1")                                    # F1: load slot 1
        assert ui.tas.frame == 30 and len(ui.tas.inputs) == 30
    assert ui.tas.rerecords == 50 and ui.tas.machine.state_hash() == saved
    key(ui, "f2")                                        # an empty slot: refused, said
    assert ui.tas.frame == 30 and ui.message


def test_read_only_load_keeps_the_movie_and_plays_it_on(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    advance(ui, 10)
    key(ui, "f3", mod=pygame.KMOD_LSHIFT)
    advance(ui, 10, pad_key="x")
    movie = list(ui.tas.inputs)
    key(ui, "o")
    assert ui.tas.readonly
    key(ui, "f3")
    assert ui.tas.frame == 10 and ui.tas.inputs == movie and ui.tas.rerecords == 0
    advance(ui, 4, pad_key="down")                       # the movie's input, not the pad's
    assert ui.tas.inputs == movie and ui.tas.frame == 14
    key(ui, "o")
    assert not ui.tas.readonly


def test_the_roll_toggles_a_past_button_by_keys_and_by_mouse_and_seeks(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    advance(ui, 20)
    key(ui, "p")
    key(ui, "r")                                         # the roll: opening it pauses
    assert ui.roll_open and ui.paused and ui.roll_at == 20
    for _ in range(3):
        key(ui, "up")
    for _ in range(BUTTON_X):
        key(ui, "right")
    assert (ui.roll_at, ui.roll_pad, ui.roll_button) == (17, 0, BUTTON_X)
    assert ui.reader.key_bits == 0                       # the roll's keys are the roll's
    key(ui, "space")
    assert ui.tas.inputs[16].buttons[0] == A and ui.tas.frame == 20    # re-run to where it was
    lay = ui.roll_layout()
    x, y, w, h = lay.cell(17 - lay.top, 0, BUTTON_X)
    canvas, picture = pygame.Surface(tas_view.CANVAS), pygame.Surface((256, 224))
    ui.draw(canvas, picture)
    assert canvas.get_at((x, y + h - 1))[:3] == PLAYER_COLOURS[0]    # drawn lit where the mouse finds it
    ui.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(x + 1, y + 1)))
    assert ui.tas.inputs[16].buttons[0] == 0 and ui.tas.frame == 20
    ui.draw(canvas, picture)
    assert canvas.get_at((x, y + h - 1))[:3] != PLAYER_COLOURS[0]
    ui.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(lay.x0 + 2, y + 1)))
    assert ui.tas.frame == 17                            # a click on the frame's number seeks there
    key(ui, "down")
    key(ui, "space")                                     # frame 18, ahead of the machine: the movie's input
    assert ui.tas.inputs[17].buttons[0] == A and ui.tas.frame == 17
    key(ui, "return")
    assert ui.tas.frame == 18
    key(ui, "end")
    key(ui, "down")
    key(ui, "space")                                     # past the movie's end: refused, said
    assert len(ui.tas.inputs) == 20 and "past the movie" in ui.message
    key(ui, "escape")
    assert not ui.roll_open


def test_a_marker_gets_its_typed_note_and_m_again_removes_it(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    advance(ui, 12)
    key(ui, "r")
    key(ui, "up")
    code = pygame.key.key_code("m")
    ui.handle(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="m", scancode=0))
    ui.handle(pygame.event.Event(pygame.TEXTINPUT, text="m"))     # the marker key's own text: not the note's
    assert ui.note == ""
    for ch in "spin":
        ui.handle(pygame.event.Event(pygame.TEXTINPUT, text=ch))
    key(ui, "x")                                         # typing: no pad, no TAS key
    assert ui.reader.key_bits == 0
    key(ui, "return")
    assert ui.tas.markers == {11: "spin"} and ui.note is None
    key(ui, "m")
    assert ui.tas.markers == {}


def test_a_branch_cut_off_by_a_load_is_restored_from_the_list(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    advance(ui, 8)
    key(ui, "f1", mod=pygame.KMOD_LSHIFT)
    advance(ui, 6, pad_key="x")
    tail = list(ui.tas.inputs)
    key(ui, "f1")
    assert ui.tas.inputs == tail[:8] and ui.tas.branches
    key(ui, "b")
    assert ui.branches_open
    key(ui, "return")
    assert ui.tas.inputs == tail and not ui.branches_open


def test_the_written_movie_verifies_from_power_on(tmp_path, open_windows):
    ui = make(tmp_path, open_windows, seed=11)
    advance(ui, 40)
    key(ui, "f1", mod=pygame.KMOD_LSHIFT)
    advance(ui, 10, pad_key="return")
    key(ui, "f1")
    advance(ui, 25, pad_key="return")
    key(ui, "s", mod=pygame.KMOD_LCTRL)
    assert "written" in ui.message
    movie = load_movie(ui.path)
    assert sum(count for count, _, _ in movie.runs) == 65 and movie.seed == 11
    r = run_cli("movie", "verify", ui.path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_whole_window_runs_on_posted_keys_and_writes_on_quit(tmp_path, monkeypatch):
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    run.init_pygame(False)
    pygame.event.clear()
    path = tmp_path / "w.tdm"
    code = pygame.key.key_code("f")
    for _ in range(7):
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=code, mod=0, unicode="f", scancode=0))
        pygame.event.post(pygame.event.Event(pygame.KEYUP, key=code, mod=0, unicode="f", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    assert run_tas_window(str(path), Settings(scale=1), 5) == 0
    movie = load_movie(path)
    assert sum(count for count, _, _ in movie.runs) == 7
    assert run_cli("movie", "verify", str(path)).returncode == 0


def test_tas_keys_in_the_settings_remap_and_a_bad_one_is_one_warning(tmp_path, open_windows):
    ui = make(tmp_path, open_windows, keys={"frame_advance": ["g", "space"]})
    key(ui, "g")
    ui.tick(0.0)
    key(ui, "f")
    ui.tick(0.0)
    assert ui.tas.frame == 1
    assert tas_key_problems({"frame_advance": "nokey"}) and tas_key_problems({"fly": "f"})
    assert tas_key_problems({"pause": "f"})              # F is frame advance's too
    assert tas_key_problems(dict(TAS_KEYS)) == []
    p = tmp_path / "settings.yaml"
    p.write_text("format: tdream-settings\nversion: 1\ntas_keys: {read_only: nokey}\ntext_speed: fast\n")
    s, warning = load_settings(p)
    assert s.tas_keys == {} and s.text_speed == "fast"
    assert "tas_keys" in warning and "nokey" in warning and "\n" not in warning
    p.write_text("format: tdream-settings\nversion: 1\ntas_keys: {read_only: y, save_1: [shift+f1, ctrl+1]}\n")
    s, warning = load_settings(p)
    assert warning is None and TasKeys(s.tas_keys).action(pygame.key.key_code("y"), 0) == "read_only"


def test_options_offers_tas_tools_only_on_a_windows_title(tmp_path):
    from tdream.frontend.scenes.pause import OPTION_ROWS, OptionsScene
    h = run.Headless(seed=1)
    m = h.machine
    scene = OptionsScene(0)
    m.push(scene)
    assert "TAS tools..." not in scene.extras(m)         # headless (tests, movies): the Options as ever
    m.reader = PadReader({})
    assert scene.extras(m) == ("Controls...", "TAS tools...", "Done")
    scene.index = len(OPTION_ROWS) + 1
    h.step(A)
    assert getattr(m, "tas_asked", False) and m.stack[-1] is scene
    m.close()


def test_play_tas_refuses_what_does_not_go_with_it_in_one_line(tmp_path):
    r = run_cli("play", "--tas", str(tmp_path / "x.tdm"), "--game", "towers")
    assert r.returncode == 2 and len(r.stderr.strip().splitlines()) == 1 and "--tas" in r.stderr
    r = run_cli("play", "--tas", str(tmp_path / "nowhere" / "x.tdm"))
    assert r.returncode == 2 and "nowhere" in r.stderr and "Traceback" not in r.stderr
    bad = tmp_path / "bad.tdm"
    bad.write_text("not a movie\n")
    r = run_cli("play", "--tas", str(bad), env={"SDL_VIDEODRIVER": "dummy"})
    assert r.returncode == 2 and "bad.tdm" in r.stderr and "Traceback" not in r.stderr


@pytest.mark.parametrize("game", ["towerdream", "towers", "cattower", "towerup"])
def test_a_tas_made_with_the_keys_in_each_game_verifies_from_power_on(game, tmp_path, open_windows):
    """Issue 38's "done when", through the window's keys: fifty loads while recording (rerecords
    50), a branch brought back, a button toggled at a past frame in the roll, the movie written and
    verified in a fresh process on a blank user folder."""
    settings = Settings()
    settings.last = {"game": game}                       # the title shows this game at power on
    ui = make(tmp_path, open_windows, seed=21, settings=settings)
    advance(ui, 30)
    advance(ui, 1, pad_key="return")                     # Start: the title's menu
    advance(ui, 20)
    key(ui, "f4", mod=pygame.KMOD_LSHIFT)
    for k in range(50):
        advance(ui, 2, pad_key="down" if k % 2 else "up")
        key(ui, "f4")
    assert ui.tas.rerecords == 50 and ui.tas.frame == 51
    advance(ui, 12, pad_key="down")
    kept = list(ui.tas.inputs)
    key(ui, "f4")                                        # the 51st: the tail becomes a branch
    key(ui, "b")
    ui.branch_at = next(i for i, b in enumerate(ui.tas.branches)          # the tail the load cut off
                        if b.frame == 51 and list(b.inputs) == kept[51:])
    key(ui, "return")
    assert ui.tas.inputs == kept
    key(ui, "r")
    key(ui, "home")
    for _ in range(9):
        key(ui, "down")                                  # frame 10, button Up: toggled on
    key(ui, "space")
    assert ui.tas.inputs[9].buttons[0] == 1 and ui.tas.frame == 51
    advance(ui, 20)
    key(ui, "s", mod=pygame.KMOD_LCTRL)
    header = (tmp_path / "run.tdm").read_text().split("frames:")[0]
    assert "\nrerecords: 51\n" in header and f'game: "{game}"' in header
    r = run_cli("movie", "verify", ui.path)
    assert r.returncode == 0, r.stdout + r.stderr


def test_the_luck_watch_is_read_again_after_an_edit_on_the_same_frame(tmp_path, open_windows):
    ui = make(tmp_path, open_windows)
    advance(ui, 5)
    calls: list[int] = []
    ui.tas.press_preview = lambda: calls.append(1) or f"A now: {len(calls)}"
    ui.draw(pygame.Surface(tas_view.CANVAS), pygame.Surface((256, 224)))      # nothing new to show
    ui.tick(0.0)
    assert calls == []
    key(ui, "r")
    key(ui, "space")                                     # frame 5's Up: the game runs again to frame 5
    ui.tick(0.0)
    assert ui.tas.frame == 5 and ui.preview == f"A now: {len(calls)}" and calls
