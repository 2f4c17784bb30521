"""Movies recorded live (issue 21): ``tdream play --movie`` in a real window (an X server of its
own, Xvfb), driven by key presses (xdotool) through every title menu item of every game, ended
by Quit from the title's menu, with CPU burners beside it (a loaded machine: the window catches
up several frames at a time); then ``tdream movie verify`` of each on a fresh user folder. The
recording user folder is a lived-in one (two profiles, a saved game), a new copy per movie.

    python tests/live/live_movies.py [--games ID,...] [--items NAME,...] [--burners 2]
                                     [--out DIR] [--shots] [--seconds 8]

Needs Xvfb, xdotool and xwd (x11-apps; ``--shots``: pictures of the screen as the keys arrive,
to see that they reach the window, as PNG files). Prints one line a movie (frames, how it ended, the
verdict) and exits 1 when one does not verify or does not end by Quit.
"""
from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
# the README's key table: the SNES pad's buttons on the keyboard (pad 1)
KEYS = {"A": "x", "B": "z", "X": "s", "Y": "a", "L": "q", "R": "w", "Start": "Return", "Select": "Shift_R",
        "Up": "Up", "Down": "Down", "Left": "Left", "Right": "Right"}
GAP = 0.5                  # seconds between two presses (30 frames: two in one frame only after a stall)
# Back to the title from wherever a lost press left the movie (B out of screens and the title's
# menu; at a table Start, Up to Save and quit, A, A: Quit to the title), then Start, Up (the
# menu's last item), A: Quit.
RECOVER = ("B", "B", "B", "Start", "Up", "A", "A", "Start", "Up", "A")
TOOLS = ("Xvfb", "xdotool", "xwd")


def missing_tools() -> list[str]:
    return [t for t in TOOLS if shutil.which(t) is None]


def title_items() -> dict[str, list[str]]:
    """Each playable game's title menu, in the title's order (L/R, from the default game)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    from tdream.frontend.frontends import frontend_of
    from tdream.frontend.scenes.title import SHARED, playable
    from tdream.platform import registry
    games = playable()
    first = games.index(registry.DEFAULT)
    games = games[first:] + games[:first]
    out = {}
    for g in games:
        front = frontend_of(g)
        out[g] = list(front.MODES) + (["How to play"] if front.howto() else []) + list(SHARED)
    return out


def xwd_pixels(data: bytes):
    """An xwd dump (ZPixmap, 24 or 32 bits a pixel) as an array of rows of RGB pixels."""
    import struct

    import numpy as np
    if len(data) < 100:               # the window went (or is not mapped yet) while xwd looked: nothing seen
        return np.zeros((0, 0, 3), dtype=np.uint8)
    h = struct.unpack(">25I", data[:100])
    header, width, height, byte_order, bits, per_line, colours = h[0], h[4], h[5], h[7], h[11], h[12], h[19]
    start = header + colours * 12
    n = bits // 8
    rows = np.frombuffer(data[start:start + per_line * height], dtype=np.uint8).reshape(height, per_line)
    px = rows[:, :width * n].reshape(height, width, n)
    return px[:, :, [2, 1, 0]] if byte_order == 0 else px[:, :, [n - 3, n - 2, n - 1]]


def save_png(pixels, path: Path) -> None:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import numpy as np
    import pygame
    pygame.image.save(pygame.surfarray.make_surface(np.ascontiguousarray(pixels.transpose(1, 0, 2))), str(path))


class XServer:
    """An X display of its own (Xvfb), for as long as the run."""

    def __init__(self) -> None:
        n = 90
        while os.path.exists(f"/tmp/.X11-unix/X{n}") or os.path.exists(f"/tmp/.X{n}-lock"):
            n += 1
        self.display = f":{n}"
        self.proc = subprocess.Popen(["Xvfb", self.display, "-screen", "0", "1024x768x24", "-nolisten", "tcp",
                                      "-noreset"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        for _ in range(100):
            if os.path.exists(f"/tmp/.X11-unix/X{n}"):
                return
            time.sleep(0.1)
        self.close()
        raise RuntimeError(f"Xvfb did not start on {self.display}")

    def close(self) -> None:
        self.proc.terminate()
        self.proc.wait(10)


def lived_in(folder: Path) -> None:
    """A user folder someone has played in: two profiles and a game saved half-way."""
    env = user_env(folder)
    code = ("from tdream.platform.database import RecordsDB\n"
            "db = RecordsDB(); db.profile('Ann'); db.profile('Bob'); db.close()\n")
    subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, check=True)
    records = folder / "data" / "tdream" / "records"
    records.mkdir(parents=True, exist_ok=True)
    subprocess.run([sys.executable, "-m", "tdream", "play", "--text", "--turns", "2", "--seed", "4", "--record",
                    str(records / "saved.tdr")], env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def user_env(folder: Path, display: str | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER")}
    env.update(XDG_DATA_HOME=str(folder / "data"), XDG_CONFIG_HOME=str(folder / "config"),
               XDG_CACHE_HOME=str(folder / "cache"), XDG_STATE_HOME=str(folder / "state"))
    if display:
        env["DISPLAY"] = display
        env["SDL_AUDIODRIVER"] = "dummy"
    else:
        env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


class Window:
    """``tdream play --movie FILE`` in a window on ``display``; keys sent with xdotool (XTEST)."""

    def __init__(self, display: str, movie: Path, user: Path, seed: int, shots: Path | None) -> None:
        self.display = display
        self.env = user_env(user, display)
        self.shots = shots
        self.shot_n = 0
        self.movie = movie
        self.log = open(movie.with_suffix(".log"), "w")
        self.proc = subprocess.Popen([sys.executable, "-m", "tdream", "play", "--movie", str(movie), "--seed",
                                      str(seed)], cwd=ROOT, env=self.env, stdout=self.log, stderr=self.log)
        self.wid = None
        deadline = time.monotonic() + 180
        while time.monotonic() < deadline and self.proc.poll() is None:
            out = self.xdotool("search", "--onlyvisible", "--pid", str(self.proc.pid))
            if out:
                self.wid = out.split()[0]
                break
            time.sleep(0.5)
        while self.wid is not None and time.monotonic() < deadline and self.proc.poll() is None \
                and not self.grab(self.wid).any():
            time.sleep(0.5)                   # the window is up, the title not yet drawn: loading
        if self.wid is None or self.proc.poll() is not None:
            raise RuntimeError(f"no window came up for {movie.name} (see {movie.with_suffix('.log')})")
        self.xdotool("windowfocus", self.wid)
        self.xdotool("mousemove", "--window", self.wid, "40", "40")
        time.sleep(1.0)

    def xdotool(self, *args) -> str:
        r = subprocess.run(["xdotool", *args], env=self.env, capture_output=True, text=True)
        return r.stdout.strip()

    def press(self, *buttons: str, gap: float = GAP) -> None:
        for b in buttons:
            self.xdotool("key", KEYS[b])
            time.sleep(gap)

    def hold(self, button: str, seconds: float) -> None:
        self.xdotool("keydown", KEYS[button])
        time.sleep(seconds)
        self.xdotool("keyup", KEYS[button])
        time.sleep(GAP)

    def wait(self, seconds: float) -> None:
        time.sleep(seconds)

    def grab(self, wid: str | None = None):
        """The screen (or one window) now, as RGB pixels (xwd)."""
        where = ["-id", wid] if wid else ["-root"]
        xwd = subprocess.run(["xwd", *where, "-silent", "-display", self.display], capture_output=True)
        return xwd_pixels(xwd.stdout)

    def shot(self, what: str) -> None:
        if self.shots is None:
            return
        self.shot_n += 1
        save_png(self.grab(), self.shots / f"{self.movie.stem}-{self.shot_n}-{what}.png")

    def end(self, timeout: float = 15) -> str:
        """How the window ended: "quit" (by the title's Quit, at once or after RECOVER), "closed"
        (it had to be closed)."""
        try:
            for attempt in range(3):
                try:
                    self.proc.wait(timeout)
                    break
                except subprocess.TimeoutExpired:
                    if attempt == 2:
                        raise
                    self.shot("lost")
                    self.press(*RECOVER)
            how = ("quit" if attempt == 0 else "quit after a recovery") if self.proc.returncode == 0 \
                else f"exit {self.proc.returncode}"
        except subprocess.TimeoutExpired:          # not at Quit: close it (SDL takes SIGTERM as a closed window)
            self.proc.terminate()
            try:
                self.proc.wait(20)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            how = "closed"
        self.log.close()
        return how


# ---------------------------------------------------------------- what each title item does
def play_a_while(w: Window, seconds: float) -> None:
    """A human at the table: A (roll, choose, hurry) now and then, a move, a look at the status."""
    end = time.monotonic() + seconds
    k = 0
    while time.monotonic() < end:
        w.press(("A", "A", "Right", "A", "Down", "A")[k % 6], gap=0.4)
        k += 1


def to_title(w: Window) -> None:
    """Pause > Save and quit (the menu's last item) > Quit to the title (the title's menu then closed)."""
    w.press("Start", "Up", "A")
    w.press("A", gap=1.0)


def free_play(w: Window, seconds: float) -> str:
    w.press("A", gap=0.8)                   # the set-up screen
    w.shot("setup")
    w.press("Start", gap=1.5)               # play
    play_a_while(w, seconds)
    w.shot("table")
    to_title(w)
    return "closed"


def spectate(w: Window, seconds: float) -> str:
    w.press("A", gap=0.8)
    w.press("Start", gap=1.5)
    w.hold("Y", seconds)                    # fast-forward the characters' game
    w.shot("spectate")
    to_title(w)
    return "closed"


def campaign(w: Window, seconds: float) -> str:
    w.press("A", gap=0.8)                   # "Campaign: who?": a new profile (the movie's folder has none)
    w.press("A", gap=0.6)                   # New profile...
    w.press("A", "Right", "A")              # type "AB"
    w.press("Start", gap=0.6)               # done
    w.press("Start", gap=0.8)               # colour and pad as offered
    w.shot("campaign")
    w.press("A", gap=1.5)                   # the first board
    play_a_while(w, seconds)
    to_title(w)
    return "closed"


def continue_(w: Window, seconds: float) -> str:
    w.press("A", gap=0.8)                   # Continue: nothing saved in the movie's folder yet
    w.shot("continue-empty")
    w.press("A")                            # back
    w.press("Up", "A", gap=0.8)             # Free play
    w.press("Start", gap=1.5)
    play_a_while(w, seconds / 2)
    to_title(w)                             # the game is saved
    w.press("Start", "Down", "A", gap=0.8)  # Continue: it is listed
    w.shot("continue")
    w.press("A", gap=1.5)                   # go on with it
    play_a_while(w, seconds / 2)
    to_title(w)
    return "closed"


def records(w: Window, seconds: float) -> str:
    w.press("A", gap=0.8)
    w.press("Down", "A")                    # a line down, its last games (none in a blank folder)
    w.shot("records")
    w.press("B")
    return "open"


def options(w: Window, seconds: float) -> str:
    w.press("A", gap=0.6)                   # Options
    w.press("Down", "Right", "Down", "Right", "Left")     # animation speed fast; skip CPU on and off
    w.press("Up", "Up", "Up", "Up", "A", gap=0.6)   # Controls... (the keyboard's map: a movie reads no live pad)
    w.shot("controls")
    w.press("A")                             # any button: back
    w.press("B")
    return "open"


def how_to_play(w: Window, seconds: float) -> str:
    w.press("A", gap=0.8)                   # the first page
    w.shot("howto-1")
    w.press("Right", "Right", gap=0.6)      # two pages on
    w.shot("howto-3")
    w.press("A", gap=0.6)                   # the rules the page sums up
    w.shot("howto-rule")
    w.press("Right", gap=0.6)               # the next rule
    w.press("B", "B")                       # back to the page, back to the title's menu
    return "open"


def quit_(w: Window, seconds: float) -> str:
    return "quit"


def default(w: Window, seconds: float) -> str:
    w.press("A", gap=1.0)
    w.shot("item")
    w.press("B")
    return "open"


ROUTES = {"Free play": free_play, "Practice": free_play, "Spectate": spectate, "Campaign": campaign,
          "Continue": continue_, "Records": records, "Options": options, "How to play": how_to_play, "Quit": quit_}


def record(x: XServer, out: Path, template: Path, game_index: int, items: list[str], item: str, seed: int,
           seconds: float, shots: Path | None) -> tuple[Path, str]:
    """One movie: power on, L/R to the game, the menu, the item's route, then Quit."""
    user = out / f"user-{seed}"
    shutil.copytree(template, user)
    movie = out / f"{game_index}-{item.lower().replace(' ', '-')}.tdm"
    w = Window(x.display, movie, user, seed, shots)
    w.press(*["Right"] * game_index)
    w.shot("title")
    w.press("Start")
    if item == "demo":
        w.press("B", gap=17)                 # the menu closed, idle: the demo after 15 s
        w.shot("demo")
        w.press("A", gap=1.0)                # any button: back to the title
        state = "closed"
    else:
        w.press(*["Down"] * items.index(item))
        w.shot("menu")
        state = ROUTES.get(item, default)(w, seconds)
    if state == "closed":                    # the title anew: open its menu
        w.press("Start")
    if state != "quit":                      # Up from the first item wraps to the last, Quit
        here = 0 if state == "closed" else items.index(item)
        w.press(*["Up"] * (here + 1))
    w.shot("quit")
    w.press("A", gap=0.1)
    return movie, w.end()


def verify(movie: Path, fresh: Path) -> tuple[int, str]:
    """``tdream movie verify`` in a fresh user folder."""
    r = subprocess.run([sys.executable, "-m", "tdream", "movie", "verify", str(movie)], cwd=ROOT,
                       env=user_env(fresh), capture_output=True, text=True)
    return r.returncode, (r.stdout + r.stderr).strip().replace(str(movie), movie.name)


def visited(movie: Path) -> list[str]:
    """The screens the movie went through (its frames played headless), in the order first seen."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from tdream.frontend.movie import load_movie
    from tdream.frontend.run import run_movie
    seen: list[str] = []

    def look(h, n):
        for scene in h.machine.stack:
            name = type(scene).__name__
            if name not in seen:
                seen.append(name)
    try:
        run_movie(load_movie(movie), look)
    except Exception as e:               # a bad file: verify says so
        return [f"({e})"]
    return [s.replace("Scene", "") for s in seen]


def frames_of(movie: Path) -> str:
    import json
    for line in reversed(movie.read_text().splitlines()):
        if line.startswith("end: "):
            end = json.loads(line[5:])
            return f"{end['frames']} frames ({end['time']})"
    return "no end line"


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--games", default="", help="game ids (default: every playable game)")
    p.add_argument("--items", default="", help="title items (default: every one, and 'demo')")
    p.add_argument("--burners", type=int, default=2, help="CPU burners beside the window (default 2)")
    p.add_argument("--seconds", type=float, default=8, help="seconds at each table (default 8)")
    p.add_argument("--out", default=None, help="folder for the movies (default: a temporary one, removed)")
    p.add_argument("--shots", action="store_true", help="pictures of the screen in OUT/shots")
    args = p.parse_args(argv)
    gone = missing_tools()
    if gone:
        print(f"live_movies: {', '.join(gone)} missing (apt-get install xvfb xdotool x11-apps imagemagick)",
              file=sys.stderr)
        return 2
    menus = title_items()
    games = [g for g in args.games.split(",") if g] or list(menus)
    out = Path(args.out) if args.out else Path(tempfile.mkdtemp(prefix="tdream-live-"))
    out.mkdir(parents=True, exist_ok=True)
    shots = out / "shots" if args.shots else None
    if shots:
        shots.mkdir(exist_ok=True)
    template, fresh = out / "lived-in", out / "fresh"
    if not template.exists():
        lived_in(template)
    fresh.mkdir(exist_ok=True)
    x = XServer()
    burners = [subprocess.Popen([sys.executable, "-c", "while 1: pass"]) for _ in range(args.burners)]
    bad = 0
    seed = 100
    try:
        for gid in games:
            items = menus[gid]
            chosen = [i for i in args.items.split(",") if i] or items + ["demo"]
            for item in chosen:
                if item != "demo" and item not in items:
                    continue
                seed += 1
                movie, how = record(x, out, template, list(menus).index(gid), items, item, seed, args.seconds, shots)
                code, said = verify(movie, fresh)
                ok = code == 0 and how.startswith("quit")
                bad += not ok
                print(f"{'ok  ' if ok else 'FAIL'} {gid:10} {item:10} ended by {how}; {frames_of(movie)}\n"
                      f"     verify on a fresh user folder: {said}\n"
                      f"     visited: {', '.join(visited(movie))}", flush=True)
        left = [str(f.relative_to(fresh)) for f in fresh.rglob("*")]
        if left:                              # verify wrote into the user folder: it must not read one either
            print(f"FAIL verify left files in the fresh user folder: {', '.join(left)}")
            bad += 1
    finally:
        for b in burners:
            b.kill()
            b.wait()
        x.close()
        if not args.out:
            shutil.rmtree(out, ignore_errors=True)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    sys.exit(main())
