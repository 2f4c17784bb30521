"""The window's real-time loop (issue 21): on a busy machine it steps several frames in a row to
catch up, and none after the frame whose step quit; so the movie it records ends where ``movie
verify`` stops, and verifies."""
import itertools

from tdream.frontend import run
from tdream.frontend.constants import A, DOWN, FRAME_S, START, UP
from tdream.frontend.movie import load_movie
from tdream.frontend.run import run_movie
from tdream.frontend.pads import PadFrame
from tdream.frontend.settings import Settings

# power on, Start opens the title's menu, Up wraps to its last item (Quit), A: quit on frame 9
QUIT_SCRIPT = [START, 0, 0, 0, UP, 0, 0, 0, A]


def script():
    """The pads of QUIT_SCRIPT, then nothing pressed for ever (a real pad goes on giving frames)."""
    return (PadFrame((b, 0, 0, 0), 1) for b in itertools.chain(QUIT_SCRIPT, itertools.repeat(0)))


def test_catching_up_stops_at_the_frame_that_quits():
    h = run.Headless(seed=2)
    m = h.machine
    pads = script()
    recorded = []
    due, steps, out = run.catch_up(m, now=5 * FRAME_S, due=0.0, next_pads=lambda: next(pads),
                                   stepped=recorded.append)
    assert (steps, out, m.quit) == (6, False, False)              # six frames were due
    due, steps, out = run.catch_up(m, now=100 * FRAME_S, due=due, next_pads=lambda: next(pads),
                                   stepped=recorded.append)
    assert m.quit and m.frame == len(QUIT_SCRIPT)                 # 3 of the 8 it may catch up: no more
    assert steps == 3 and len(recorded) == len(QUIT_SCRIPT) and not out
    assert run.catch_up(m, 200 * FRAME_S, due, lambda: next(pads), recorded.append)[1] == 0


def test_catching_up_stops_when_the_window_is_closed_and_when_a_movie_runs_out():
    h = run.Headless(seed=2)
    m = h.machine
    frames = iter([PadFrame((0, 0, 0, 0), 1)] * 3)
    closed = {"now": False}

    def stepped(pads):
        closed["now"] = m.frame == 2
    _, steps, out = run.catch_up(m, 10 * FRAME_S, 0.0, lambda: next(frames, None), stepped, lambda: closed["now"])
    assert steps == 2 and not out
    _, steps, out = run.catch_up(m, 20 * FRAME_S, 0.0, lambda: next(frames, None), lambda p: None)
    assert steps == 1 and out                                    # the movie played has no frame left


class BusyClock:
    """A wall clock on a loaded machine: every look at it finds several frames gone by."""

    def __init__(self) -> None:
        self.t = 1000.0

    def perf_counter(self) -> float:
        self.t += 5 * FRAME_S
        return self.t

    def sleep(self, seconds: float) -> None:
        self.t += seconds


def test_a_movie_recorded_in_a_window_on_a_busy_machine_ends_at_quit_and_verifies(tmp_path, monkeypatch):
    """Issue 21: the catch-up loop went on stepping and recording after Quit ("final state
    differs at frame 53476"). Here the window (SDL's dummy video driver) catches up several frames
    at each look at the clock, the one that quits among them."""
    from tdream.frontend.pads import PadReader
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setattr(run, "time", BusyClock())
    pads, count = script(), itertools.count()

    def frame(reader):
        if next(count) > 600:                       # it never quit: the window is closed
            reader.quit = True
        return next(pads)
    monkeypatch.setattr(PadReader, "frame", frame)
    path = tmp_path / "busy.tdm"
    assert run.run_window(2, Settings(), None, movie_path=str(path)) == 0
    movie = load_movie(path)
    assert movie.end["frames"] == len(QUIT_SCRIPT)
    m, verdict = run_movie(movie)
    assert verdict.ok, verdict.message
    assert m.quit and verdict.frames == len(QUIT_SCRIPT)


def test_a_still_screen_is_not_presented_again_frame_after_frame(tmp_path, monkeypatch):
    """Issue 36: the results screen, idle, kept 40% of a core busy presenting the same picture 60
    times a second. The window presents a frame only when it differs from the last one shown (or
    the window asks, or a second has gone by): on a still page (How to play's first rule) left
    alone, a present a second, not one a look."""
    from tdream.frontend.display import Display
    from tdream.frontend.pads import PadReader
    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    monkeypatch.setenv("XDG_CONFIG_HOME", str(tmp_path / "config"))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    monkeypatch.setattr(run, "time", BusyClock())
    presented = []
    real = Display.present
    monkeypatch.setattr(Display, "present", lambda self, frame: (presented.append(1), real(self, frame)))
    count = itertools.count()
    taps = [START] + [DOWN] * 4 + [A, A]               # Towers: the title's menu, How to play, its first rule
    pads = itertools.chain(*([PadFrame((t, 0, 0, 0), 1)] + [PadFrame((0, 0, 0, 0), 1)] * 3 for t in taps),
                           itertools.repeat(PadFrame((0, 0, 0, 0), 1)))

    def frame(reader):
        if next(count) > 1200:
            reader.quit = True
        return next(pads)
    monkeypatch.setattr(PadReader, "frame", frame)
    assert run.run_window(3, Settings(last={"game": "towers"}), None, records=False) == 0
    assert 0 < len(presented) < 40                   # of about 240 looks at the clock (five frames a look)
