"""Running the machine: in a window (the game), or headless (tests, movies, benchmarks).

The wall clock only paces the window: logic always steps whole frames at 60.0988 Hz, several in
a row after a stall (at most 8) and none twice, and none after the frame that quits. Headless runs
step as fast as they can.
"""
from __future__ import annotations

import datetime
import gc
import os
import sys
import tempfile
import time
from dataclasses import dataclass

from ..errors import FormatError
from .art import Art
from .constants import FRAME_S, GOLD, INK, H, W, game_time
from .font import Font
from .machine import Machine
from .movie import (CHECK_EVERY, MOVIE_DATE, UPGRADABLE_V1, BlankUser, Movie, MovieWriter, UserFolder, check_movie,
                    end_of, load_movie, user_of)
from .pads import PadFrame
from .scenes.title import TitleScene
from .settings import Settings, save_settings


def init_pygame(headless: bool) -> None:
    if headless:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy" if headless else os.environ.get("SDL_AUDIODRIVER", ""))
    if not os.environ.get("SDL_AUDIODRIVER"):
        os.environ.pop("SDL_AUDIODRIVER", None)
    import pygame  # pygame: only where a surface or the window is made
    pygame.display.init()
    if headless:
        pygame.display.set_mode((1, 1), pygame.HIDDEN) if os.environ.get("SDL_VIDEODRIVER") != "dummy" else None


HIDDEN_DRIVERS = ("offscreen", "dummy")


def no_display() -> str | None:
    """Why no window can be shown here, or None. On Linux a window needs an X or a Wayland
    display; without one SDL would fall back to an offscreen driver and the game would run
    where nobody sees it (issue 14). An SDL_VIDEODRIVER set by hand is taken as asked."""
    if os.environ.get("SDL_VIDEODRIVER"):
        return None
    if sys.platform.startswith("linux") and not (os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY")):
        return ("no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY is set); "
                "start it in a desktop session, or try tdream play --text")
    return None


def make_machine(seed: int = 0, settings=None, setup=None, record_dir=None, record_path=None, warning=None,
                 records=None, today: str = "", movie: bool = False):
    return Machine(Font(), Art(), settings or Settings(), seed=seed, setup=setup, record_dir=record_dir,
                   record_path=record_path, warning=warning, records=records, today=today, home=TitleScene,
                   movie=movie)


class Headless:
    """A machine driven frame by frame by a script of pad states (tests, movie verify, bench)."""

    def __init__(self, seed: int = 0, settings=None, setup=None, record_path=None, records=None,
                 today: str = "2026-01-01", record_dir=None, movie: bool = False) -> None:
        init_pygame(True)
        import pygame  # pygame: only where a surface or the window is made
        self.machine = make_machine(seed, settings, setup, record_path=record_path, records=records, today=today,
                                    record_dir=record_dir, movie=movie)
        self.surface = pygame.Surface((W, H))

    def step(self, buttons=(0, 0, 0, 0), connected: int = 0b0001, draw: bool = False):
        """One frame; ``buttons`` is the four pads' states, or one int for pad 1."""
        if isinstance(buttons, int):
            buttons = (buttons, 0, 0, 0)
        self.machine.step(PadFrame(tuple(buttons), connected))
        if draw:
            self.machine.draw(self.surface)
        return self.surface

    def frame(self):
        self.machine.draw(self.surface)
        return self.surface


MAX_CATCH_UP = 8         # frames stepped in a row after a stall, at most


def frames_due(now: float, due: float) -> tuple[int, float]:
    """How many frames are due by ``now`` (``due``: when the next one is; at most MAX_CATCH_UP)
    and when the one after them is: after a stall of over 0.25 s, from ``now`` (no catching up
    on a long stall). A netplay sitting's pacing, in the window and headless."""
    n = 0
    while now >= due and n < MAX_CATCH_UP:
        n += 1
        due += FRAME_S
    if now - due > 0.25:
        due = now
    return n, due


def catch_up(machine, now: float, due: float, next_pads, stepped, stop=lambda: False) -> tuple[float, int, bool]:
    """Step every frame due by ``now`` (``due``: when the next one is; at most MAX_CATCH_UP in a
    row), each with the pads ``next_pads()`` gives (None: the movie being played has run out),
    then ``stepped(pads)`` (its sounds, the movie being recorded). Once a step quits the machine
    (or ``stop()``: the window was closed) no further frame is stepped or recorded: a movie ends
    with the frame whose step quit, where ``movie verify`` stops. Returns (when the next frame is
    due, the frames stepped, whether the pads ran out)."""
    steps = 0
    while now >= due and steps < MAX_CATCH_UP and not machine.quit and not stop():
        pads = next_pads()
        if pads is None:
            return now + FRAME_S, steps, True
        machine.step(pads)
        stepped(pads)
        due += FRAME_S
        steps += 1
    return due, steps, False


def window_problem() -> str | None:
    """Why no window can be opened here (one line), or None with pygame's display ready: the
    game's window and the TAS window's."""
    why = no_display()
    if why:
        return why
    init_pygame(False)
    import pygame  # pygame: only where a surface or the window is made
    driver = pygame.display.get_driver()
    if driver in HIDDEN_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        return (f"SDL found no display and fell back to its {driver} driver: the window would not be seen; "
                f"start it in a desktop session, or try tdream play --text")
    return None


def open_display(make, settings, fullscreen: bool = False, scale: int | None = None):
    """The window ``make(settings)`` opens, the settings' fullscreen and scale as asked first;
    None, with its one line on stderr, when it cannot be opened."""
    import pygame  # pygame: only where a surface or the window is made
    if fullscreen:
        settings.fullscreen = True
    if scale:
        settings.scale = scale
    try:
        return make(settings)
    except pygame.error as e:
        print(f"tdream: cannot open a window ({e}); is there a display? (SDL_VIDEODRIVER)", file=sys.stderr)
        return None


def open_window(settings, fullscreen: bool = False, scale: int | None = None):
    """The game's window (the settings' fullscreen and scale as asked first), or None with why
    it cannot be opened on stderr in one line: the game's and a netplay sitting's."""
    why = window_problem()
    if why:
        print(f"tdream: {why}", file=sys.stderr)
        return None
    from .display import Display  # the window's alone: headless runs never load it
    return open_display(Display, settings, fullscreen, scale)


def run_window(seed: int, settings, warning: str | None, setup=None, record_dir=None, record_path=None,
               fullscreen: bool = False, scale: int | None = None, movie_path: str | None = None,
               source=None, records: bool = True, author: str = "", tas=None, user: UserFolder | None = None,
               net=None) -> int:
    """The game in a window until the player quits. Returns the exit code.

    ``movie_path``: record every frame's pad states as an input movie (``author``: its header's).
    ``source``: frames to play
    instead of the pads (``movie play``); when it runs out the picture stays until the window closes.
    Either way the machine gets a movie's blank user folder (FORMATS.md section 4: no profiles,
    records or saved games but its own, the movie's date) and no live pad reader (the Controls
    screen shows the keyboard's map, as ``movie verify`` does); settings are the player's.

    ``user``: the user folder a movie played starts on (its header's ``user``), else a blank one.

    ``tas``: what Options > TAS tools opens (``tas(settings)``, the exit code): the sitting asks
    for it through the machine's ``tas_asked`` (never state), the window closes it, then opens that.
    ``net``: what the title's Netplay... opens (``net(settings, asked)``, the exit code; ``asked``:
    the machine's ``net_asked``, (action, its details)), handed over the same way."""
    display = open_window(settings, fullscreen, scale)
    if display is None:
        return 2
    import pygame  # pygame: only where a surface or the window is made
    from .pads import PadReader  # the window's alone: headless runs never load it
    if warning:
        print(f"tdream: {warning}", file=sys.stderr)
    today = datetime.date.today().isoformat()
    db = None
    blank = None
    movie = movie_path is not None or source is not None
    # A movie played or a record watched writes nothing of the viewer's (issue 36): not his
    # settings (the movie's Options are the movie's), not his records, profiles or saved games.
    watching = source is not None or (setup is not None and setup.replay is not None)
    if movie:                            # the folders of a movie: its own, blank (FORMATS.md section 4)
        blank = BlankUser(user)
        db, record_dir, record_path, today = blank.db, blank.record_dir, None, MOVIE_DATE
    elif records:
        from ..platform.database import RecordsDB  # the window's alone: headless runs never load it
        try:
            db = RecordsDB()
            if db.warning:
                print(f"tdream: {db.warning}", file=sys.stderr)
                warning = warning or db.warning
        except Exception as e:           # no records, but the game goes on
            print(f"tdream: the records database cannot be opened ({e}); games are not counted", file=sys.stderr)
            db = None
    machine = make_machine(seed, settings, setup, record_dir=record_dir, record_path=record_path, warning=warning,
                           records=db, today=today, movie=movie)
    machine.settings_changed = False
    reader = PadReader(settings.mappings)
    if not movie:
        machine.reader = reader
    writer = None
    if movie_path:
        writer = MovieWriter(movie_path, seed, settings, author)
    frame = pygame.Surface((W, H))
    gc.collect()
    gc.freeze()          # what start-up made stays: the collector's passes in play stay short
    frames_in = iter(source) if source is not None else None
    from .livesplit import LiveSplit  # the window's alone: headless runs never load it
    from .sound import Sound  # the window's alone: headless runs never load it
    splits = LiveSplit()
    sound = Sound(settings.music, settings.sound)
    ended = False
    shown = b""                                     # the pixels last presented
    repaint_at = 0.0
    clock_next = time.perf_counter()
    from ..native import notice as engine_notice  # the build's notice: the window's alone
    notice_at = 0.0
    if frames_in is not None:
        def next_pads():
            pads = next(frames_in, None)
            reader.frame()
            return pads
    else:
        next_pads = reader.frame

    def stepped(pads) -> None:
        for name in machine.sounds:
            sound.play(name)
        if writer is not None:
            writer.add(pads, machine)
    try:
        while not machine.quit and not reader.quit and not machine.tas_asked and not _net_asked(machine):
            reader.poll()
            if reader.toggle_fullscreen:
                reader.toggle_fullscreen = False
                display.toggle_fullscreen()
                reader.exposed = True
            now = time.perf_counter()
            if now >= notice_at:                        # the title's line on the compiled engine, every 2 s
                machine.notice, notice_at = engine_notice(), now + 2.0
            machine.shortfall = display.shortfall()
            clock_next, steps, out = catch_up(machine, now, clock_next, next_pads, stepped, lambda: reader.quit)
            ended = ended or out
            if now - clock_next > 0.25:                 # a long stall: don't try to catch up
                clock_next = now
            sound.music(machine.song)
            if machine.splits:
                if settings.livesplit:
                    splits.send(machine.splits)
                    if splits.warning:
                        print(f"tdream: {splits.warning}", file=sys.stderr)
                        splits.warning = None
                machine.splits.clear()
            if steps or ended:
                machine.draw(frame)
                if ended:
                    _end_banner(machine, frame)
                # A frame like the last one shown is not shown again (a still screen, the results,
                # a menu: issue 36, a core kept busy for nothing), unless the window needs it.
                pixels = frame.get_view("2").raw
                if pixels != shown or reader.exposed or now >= repaint_at:
                    display.present(frame)
                    shown, repaint_at, reader.exposed = pixels, now + 1.0, False
            if machine.settings_changed:
                machine.settings_changed = False
                _apply_display(display, settings)
                reader.exposed = True
                sound.set_volumes(settings.music, settings.sound)
                if not watching:             # what a movie or a record watched does is not the viewer's
                    try:
                        save_settings(settings)
                    except OSError as e:
                        print(f"tdream: cannot save settings ({e})", file=sys.stderr)
            wait = clock_next - time.perf_counter()
            if wait > 0.002:
                time.sleep(wait - 0.001)
    finally:
        if writer is not None:
            writer.close(machine)
        splits.close()
        sound.close()
        machine.close()
        if blank is not None:
            blank.close()
        elif db is not None:
            db.close()
        display.close()
    if tas is not None and machine.tas_asked:
        return tas(settings)
    if net is not None and _net_asked(machine):
        return net(settings, _net_asked(machine))
    return 0


def _net_asked(machine):
    """What the title's Netplay... asked the window to open (a scene sets it: never state), or None."""
    return getattr(machine, "net_asked", None)


def _end_banner(machine, frame) -> None:
    text = f"END OF MOVIE  {game_time(machine.frame)}  {machine.frame} frames"
    import pygame  # pygame: only where a surface or the window is made
    pygame.draw.rect(frame, INK, (0, 0, W, 11))
    machine.font.draw(frame, text, W // 2, 1, GOLD, "small", align="centre")


def _apply_display(display, settings) -> None:
    """The display follows the settings the Options changed: fullscreen, then the window's size
    for the scale and aspect chosen."""
    if settings.fullscreen != display.fullscreen:
        display.toggle_fullscreen()
    display.resize()


# ---------------------------------------------------------------- movies run (FORMATS.md section 4)
def headless_on(folder: BlankUser, seed: int, settings) -> Headless:
    """A headless machine for a movie, on a blank user folder."""
    return Headless(seed=seed, settings=settings, records=folder.db, record_dir=folder.record_dir, today=MOVIE_DATE,
                    movie=True)


@dataclass
class MovieVerdict:
    path: str
    ok: bool
    frames: int
    message: str


def run_movie(movie: Movie, on_frame=None):
    """Re-run a movie through the whole front end, headless, on a blank user folder; returns
    (machine, verdict)."""
    with BlankUser(user_of(movie)) as folder:
        return _run_movie(movie, on_frame, folder)


def _run_movie(movie: Movie, on_frame, folder: BlankUser):
    settings = Settings(**movie.settings)
    settings.last = {**settings.last, "game": movie.game}        # the title shows the movie's game at power on
    h = headless_on(folder, movie.seed, settings)
    m = h.machine
    checks = dict(movie.checks)
    n = 0
    step = m.step
    for count, buttons, connected in movie.runs:
        frame = PadFrame(buttons, connected)
        for _ in range(count):
            step(frame)
            n += 1
            if on_frame is not None:
                on_frame(h, n)
            want = checks.get(n)
            if want is not None and m.state_hash()[:16] != want:
                before = max([f for f in checks if f < n], default=0)
                return m, MovieVerdict(movie.path, False, n, f"diverges between frame {before + 1} and frame {n} "
                                                             f"(checkpoint @{n}: expected {want}, got "
                                                             f"{m.state_hash()[:16]})")
            if m.quit:
                break
    if movie.end is None:
        return m, MovieVerdict(movie.path, True, n, "unfinished (no end line): the checkpoints agree")
    got = m.state_hash()
    if got != movie.end["hash"]:
        return m, MovieVerdict(movie.path, False, n, f"final state differs at frame {n}: expected "
                                                     f"{movie.end['hash'][:16]}, got {got[:16]}")
    return m, MovieVerdict(movie.path, True, n, f"{n} frames, {game_time(n)}")


def remake(header: dict, frames, path: str = "", lines=None, user: UserFolder | None = None) -> tuple[dict, dict, list]:
    """Re-run ``frames`` (PadFrames, or (buttons, connected) pairs) through the whole front end
    headless from power on, on a blank user folder, as ``movie verify`` does, for a movie written
    whole (``movie.write_movie``: ``movie import``, a TAS saved). ``header``: the movie's (its
    seed, settings and game). Returns the checkpoints (``{frame: hash16}`` every CHECK_EVERY
    frames), the end line's value (``end_of``) and the games played (``games``). Raises
    FormatError when the game quits before the last frame (``path`` and ``lines``, the line of
    each frame, name where: the text form's). ``user``: the user folder it starts on (a header's
    ``user``), else a blank one."""
    frames = list(frames)
    settings = Settings(**header["settings"])
    settings.last = {**settings.last, "game": header["game"]}    # the title shows the movie's game at power on
    checks: dict[int, str] = {}
    with BlankUser(user) as folder:
        m = headless_on(folder, header["seed"], settings).machine
        step = m.step
        n = 0
        for frame in frames:
            if m.quit:
                where = f"{path}:{lines[n] if lines else 0}: " if path else ""
                raise FormatError([f"{where}the game quits at frame {n}; the movie has {len(frames)} frames"])
            step(frame if isinstance(frame, PadFrame) else PadFrame(*frame))
            n += 1
            if n % CHECK_EVERY == 0:
                checks[n] = m.state_hash()[:16]
        return checks, end_of(n, m.state_hash()), list(m.games_played) or [header["game"]]


def upgrade_paths(paths, out, err) -> int:
    """``tdream movie upgrade``: a version-1 movie that plays the same here (``UPGRADABLE_V1``)
    re-run headless and written again as version 2, with this front end's checkpoints and end
    (atomically; the old file kept beside it as ``FILE.v1``). Exit 0, or 2 for a file it cannot
    take."""
    worst = 0
    for p in paths:
        try:
            movie = load_movie(p, upgrade=True)
            if movie.data_hash not in UPGRADABLE_V1:
                raise FormatError([f"{p}:2: version 2 already: nothing to upgrade"])
        except FormatError as e:
            for line in e.problems:
                print(line, file=err)
            worst = 2
            continue
        settings = Settings(**movie.settings)
        blank = BlankUser()
        h = headless_on(blank, movie.seed, settings)
        m = h.machine
        folder = os.path.dirname(os.path.abspath(p))
        fd, tmp = tempfile.mkstemp(prefix=".upgrade-", suffix=".tdm", dir=folder)
        os.close(fd)
        writer = MovieWriter(tmp, movie.seed, settings)
        n = 0
        try:
            for buttons, connected in movie.frames():
                frame = PadFrame(buttons, connected)
                m.step(frame)
                writer.add(frame, m)
                n += 1
                if m.quit:
                    break
        finally:
            writer.close(m)
            blank.close()
        os.replace(p, p + ".v1")
        os.replace(tmp, p)
        print(f"ok   {p}: version 1 -> 2, {n} frames, {game_time(n)} (the old one is {p}.v1)", file=out)
    return worst


def verify_paths(paths, out, err, force: bool = False) -> int:
    """``tdream movie verify``: exit 0 all agree, 1 one diverges, 2 a bad file."""
    out = out or sys.stdout
    err = err or sys.stderr
    worst = 0
    for p in paths:
        try:
            movie = load_movie(p)
            if not force:
                check_movie(movie)
        except FormatError as e:
            for line in e.problems:
                print(line, file=err)
            worst = 2
            continue
        _, verdict = run_movie(movie)
        print(f"{'ok  ' if verdict.ok else 'FAIL'} {p}: {verdict.message}", file=out)
        if not verdict.ok:
            worst = max(worst, 1)
    return worst


def record_headless(path, seed: int, settings, press, frames: int, stop=None):
    """Make a movie without a window (on a blank user folder, as the window records one):
    ``press(machine)`` gives each frame's PadFrame; stops after ``frames`` frames, when the
    machine quits or when ``stop(machine)`` is true. Returns the machine."""
    blank = BlankUser()
    h = headless_on(blank, seed, settings)
    m = h.machine
    writer = MovieWriter(str(path), seed, settings)
    try:
        for _ in range(frames):
            pads = press(m)
            m.step(pads)
            writer.add(pads, m)
            if m.quit or (stop is not None and stop(m)):
                break
    finally:
        writer.close(m)
        blank.close()
    return m
