"""Input movies (issue 7): re-playable to the frame from the pads' input alone."""
import json

import pytest

from tdream.frontend.movie import CHECK_EVERY, data_hash, load_movie, pad_bits, pad_text
from tdream.frontend.run import run_movie, verify_paths
from tdream.frontend.constants import game_time
from tdream.frontend.settings import Settings
from tests.conftest import run_cli

from .movies import SHIPPED, make_movie


@pytest.fixture(scope="module")
def shipped(request):
    if request.config.getoption("--update-goldens"):
        make_movie(SHIPPED)
    return load_movie(SHIPPED)


def test_the_shipped_whole_game_movie_verifies(shipped):
    r = run_cli("movie", "verify", str(SHIPPED))
    assert r.returncode == 0, r.stdout + r.stderr
    assert "ok" in r.stdout and str(shipped.end["frames"]) in r.stdout


def test_the_shipped_movie_is_a_whole_game_from_power_on(shipped):
    from tdream.frontend.scenes.results import ResultsScene
    seen = set()

    def look(h, n):
        seen.add(type(h.machine.stack[-1]).__name__)
        if isinstance(h.machine.stack[-1], ResultsScene):
            seen.add("over" if h.machine.stack[-2].game.over else "")
    m, verdict = run_movie(shipped, look)
    assert verdict.ok
    assert {"TitleScene", "SetupScene", "TableScene", "ResultsScene", "over"} <= seen
    assert shipped.end["time"] == game_time(shipped.end["frames"])


def _rewrite(movie, frames, path):
    """The movie with other frames (runs rebuilt; checkpoints and end kept as they were)."""
    lines = [f"{k}: {v}" for k, v in (("format", "tdream-movie"), ("version", 2))]
    lines += [f"{k}: {json.dumps(v)}" for k, v in (("program", movie.program), ("game", movie.game),
                                                  ("data_hash", movie.data_hash),
                                                  ("seed", movie.seed), ("settings", movie.settings), ("pads", 4))]
    lines.append("frames:")
    checks = dict(movie.checks)
    n = 0
    for buttons, connected in frames:
        n += 1
        lines.append("1 " + " ".join(pad_text(b) for b in buttons) + f" {connected:x}")
        if n in checks:
            lines.append(f"@{n} {checks[n]}")
    lines.append("end: " + json.dumps(movie.end))
    path.write_text("\n".join(lines) + "\n")


def test_moving_one_press_on_the_die_by_a_frame_changes_the_game(shipped, tmp_path):
    """The d10 spins a face a frame: the same press one frame later is another roll."""
    from tdream.games.towerdream.frontend.prompts import DicePrompt
    frames = list(shipped.frames())
    presses = []

    from tdream.rng import Rng

    def look(h, n):
        t = h.machine.stack[-1]
        p = getattr(t, "prompt", None)
        if isinstance(p, DicePrompt) and t.beat is None and frames[n][0][0] & 0x10:   # A next frame, die up
            spin = Rng(0)
            spin.state = p.rng.state
            later = p.rolls[spin.below(len(p.rolls))]              # the face one frame later
            if frames[n + 1][0][0] == 0 and later != p.face:
                presses.append(n)
    run_movie(shipped, look)
    k = presses[0]                     # an A on the die, nothing after it, the next face another
    frames[k], frames[k + 1] = frames[k + 1], frames[k]
    moved = tmp_path / "moved.tdm"
    _rewrite(shipped, frames, moved)
    assert verify_paths([str(moved)], None, None) == 1
    r = run_cli("movie", "verify", str(moved))
    assert r.returncode == 1 and "diverges" in r.stdout


def test_display_settings_change_nothing(shipped):
    """Scale, fullscreen, 8:7, scanlines, timer and input display are not in the logic: the same
    frames, drawn every frame under them, end in the same state."""
    from tdream.frontend.pads import PadFrame
    from tdream.frontend.run import Headless
    settings = Settings(**shipped.settings, scale=5, fullscreen=True, aspect_87=True, scanlines=True, timer=True,
                        input_display=True, sound=0, music=0)
    h = Headless(seed=shipped.seed, settings=settings)
    for i, (buttons, connected) in enumerate(shipped.frames()):
        h.step(buttons, connected, draw=i % 3 == 0)
    assert h.machine.state_hash() == shipped.end["hash"]


def test_a_movie_plays_with_its_own_speeds_whatever_the_player_set(tmp_path):
    path = tmp_path / "fast.tdm"
    fast = Settings(text_speed="fast", anim_speed="fast", skip_cpu=True, talk="often")
    m = make_movie(path, seed=2, settings=fast)
    cfg = tmp_path / "cfg" / "tdream"
    cfg.mkdir(parents=True)
    (cfg / "settings.yaml").write_text("format: tdream-settings\nversion: 1\ntext_speed: slow\nanim_speed: slow\n")
    r = run_cli("movie", "verify", str(path), env={"XDG_CONFIG_HOME": str(tmp_path / "cfg")})
    assert r.returncode == 0, r.stdout + r.stderr
    assert load_movie(path).settings["text_speed"] == "fast" and m.frame == load_movie(path).end["frames"]


def test_pad_text_round_trips():
    for bits in (0, 1, 0xFFF, 0b101010101010, 1 << 11):
        assert pad_bits(pad_text(bits)) == bits and len(pad_text(bits)) == 12


def test_checkpoints_every_600_frames_and_data_hash(shipped):
    assert [f for f, _ in shipped.checks] == list(range(CHECK_EVERY, shipped.end["frames"] + 1, CHECK_EVERY))
    assert shipped.data_hash == data_hash()


@pytest.mark.parametrize("change, words", [
    (lambda t: t.replace("format: tdream-movie", "format: tdream-record"), "not an input movie"),
    (lambda t: t.replace("version: 2", "version: 7"), "version 7"),
    (lambda t: t.replace('data_hash: "', 'data_hash: "0'), "other rules data"),
    (lambda t: t.replace("\n1 ", "\n1 X", 1), "not a frame run"),
    (lambda t: t.replace('"frames": ', '"frames": 1', 1), "runs add up"),
    (lambda t: t.replace('"skip_cpu": false', '"skip_cpu": 3'), "skip_cpu"),
    (lambda t: "\x00" + t, "not a text file"),
])
def test_bad_movies_are_refused_with_one_clear_line(tmp_path, change, words):
    path = tmp_path / "bad.tdm"
    path.write_text(change(SHIPPED.read_text()))
    r = run_cli("movie", "verify", str(path))
    assert r.returncode == 2, r.stdout + r.stderr
    assert words in r.stderr and "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_a_movie_cut_short_verifies_its_checkpoints(tmp_path):
    text = SHIPPED.read_text()
    cut = text[: text.index("\n@1200 ")]
    path = tmp_path / "cut.tdm"
    path.write_text(cut + "\n")
    r = run_cli("movie", "verify", str(path))
    assert r.returncode == 0 and "unfinished" in r.stdout


def test_a_movie_recorded_live_into_a_game_verifies(tmp_path):
    """Issue 14 (1): a window draws a frame when it can (skipping some under load); ``movie
    verify`` never draws. A movie recorded the way the window records it (step, add the frame to
    the movie, draw or not), from power on through the title and the Free-play set-up into a game,
    verifies."""
    from tdream.rng import Rng
    from tdream.games.towerdream.frontend import FRONTEND
    from tdream.frontend.movie import MovieWriter
    from tdream.frontend.pads import PadFrame
    from tdream.frontend.run import Headless
    from tdream.games.towerdream.frontend.table import TableScene
    settings = Settings()
    h = Headless(seed=3, settings=settings)
    m = h.machine
    path = tmp_path / "live.tdm"
    writer = MovieWriter(str(path), 3, settings)
    pilot, load = FRONTEND.autopilot(), Rng(99)
    in_game = 0
    for _ in range(3 * CHECK_EVERY + 77):
        pads = PadFrame(pilot.buttons(m), 1)
        m.step(pads)
        writer.add(pads, m)
        if load.below(4):                       # three frames in four drawn
            m.draw(h.surface)
        in_game += isinstance(m.stack[-1], TableScene)
    writer.close(m)
    assert in_game > CHECK_EVERY
    _, verdict = run_movie(load_movie(path))
    assert verdict.ok, verdict.message



def test_a_movie_of_the_earlier_front_end_is_refused_with_one_line_saying_so():
    """Version-1 movies (one game on the program) are not the same pads here: said, exit 2."""
    from pathlib import Path
    old = Path(__file__).resolve().parents[1] / "games" / "towerdream" / "data" / "v1" / "whole-game-before-issue-14.tdm"
    r = run_cli("movie", "verify", str(old))
    assert r.returncode == 2 and "record it again" in r.stderr and len(r.stderr.strip().splitlines()) == 1


def test_the_header_names_every_game_the_movie_played(tmp_path):
    """A movie that goes from the title's game to another names both, and its data hash covers
    both games' data (rewritten at the end, atomically; the frames are kept)."""
    from tdream.frontend.movie import MovieWriter, check_movie
    from tdream.frontend.pads import PadFrame

    class Played:
        games_played = ["towerdream", "towers"]

        def state_hash(self):
            return "0" * 64

    path = tmp_path / "two.tdm"
    w = MovieWriter(str(path), 3, Settings())
    for _ in range(5):
        w.add(PadFrame((0, 0, 0, 0), 1), Played())
    w.close(Played())
    movie = load_movie(path)
    assert movie.games == ["towerdream", "towers"] and movie.game == "towerdream"
    assert movie.data_hash == data_hash(["towerdream", "towers"]) != data_hash("towerdream")
    assert sum(c for c, _, _ in movie.runs) == 5
    check_movie(movie)


def test_a_movie_of_the_issue_14_front_end_is_refused_since_its_pads_play_otherwise_now(tmp_path, shipped):
    """Version 1 as the front end of issue 14 wrote it played the same game here until front end 5
    (issue 36: a line longer than the text box goes on over pages); re-run now, its pads end
    elsewhere than the shipped run of the same autopilot, so verify and upgrade both refuse it in
    one line ("record it again") and write nothing beside it."""
    import shutil
    from pathlib import Path
    from tdream.frontend.movie import UPGRADABLE_V1
    v1 = Path(__file__).resolve().parents[1] / "games" / "towerdream" / "data" / "v1"
    assert "4613f88bd237c59c" not in UPGRADABLE_V1
    for name in ("whole-game-issue-14.tdm", "whole-game-before-issue-14.tdm"):
        path = tmp_path / name
        shutil.copy(v1 / name, path)
        for command in ("verify", "upgrade"):
            r = run_cli("movie", command, str(path))
            assert r.returncode == 2 and "record it again" in r.stderr and len(r.stderr.strip().splitlines()) == 1
        assert path.read_text() == (v1 / name).read_text() and not Path(str(path) + ".v1").exists()