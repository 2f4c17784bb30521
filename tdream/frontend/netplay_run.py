"""Running a netplay sitting: in a window (the lobby, then the game with the sitting's notices)
or headless (tests and the bench: a script's pads, as fast as the lockstep allows).

The wall clock paces the window and decides nothing in a frame: the host samples its pads once
a frame at 60.0988 Hz and steps a frame only when it is composed; a guest steps the frames the
host sends as they come. Headless, both run unpaced.
"""
from __future__ import annotations

import os
import sqlite3
import sys
import time

import platformdirs
import pygame

from ..errors import TdreamError
from ..platform import registry
from .constants import FRAME_S, GOLD, INFO, INK, PLAYER_COLOURS, WHITE, H, W, A, B, LEFT, RIGHT, START
from .font import Font
from .frontends import frontend_of
from ..platform.database import default_path
from .display import Display
from .movie import USER_LIMIT, UserFolder
from .netplay import DELAYS, PORT, Guest, Host, NetError, Sitting, machine_id
from .pads import Buttons, PadFrame, PadReader
from .run import open_display, window_problem
from .settings import load_settings
from .table import TableScene
from .widgets import window

LOBBY_POLL = 0.01
UNPACED = 64                 # frames a headless sitting steps between two looks at the network


# ---------------------------------------------------------------- scripted pads (tests, bench)
class ScriptPads:
    """A machine's pads from the shell's autopilot (``Autopilot(game, pad=-1)``): at a table each
    pad this machine plays answers its own seat; elsewhere (title, set-up, results) only pad 1,
    the host's, presses. A press is made every ``every`` samples (the input delay and one more:
    each press is seen on the screen before the next is chosen, as a person's would be)."""

    def __init__(self, sitting: Sitting, game: str, humans: int, every: int | None = None, seed: int = 7,
                 mode: str = "", profile: str | None = None) -> None:
        self.sitting = sitting
        self.table_kind = TableScene
        self.pilot = frontend_of(game).autopilot(pad=-1, humans=humans, again=True, seed=seed, mode=mode,
                                                 profile=profile)
        self.every = every
        self.calls = 0

    def __call__(self, m) -> PadFrame:
        owned = self.sitting.owned
        every = self.every or self.sitting.delay + 1
        self.calls += 1
        bits = [0] * len(owned)
        if self.calls % every == 0 and m.stack:
            top = m.stack[-1]
            ap = self.pilot
            ap.count += 1
            at_table = isinstance(top, self.table_kind)
            for i, pad in enumerate(owned):
                if at_table or pad == 0:
                    bits[i] = ap.press(m, pad)
        return PadFrame(tuple(bits + [0] * (4 - len(bits))), (1 << len(owned)) - 1)  # type: ignore[arg-type]


def turns_of(m) -> int:
    """The turns played at the table on top (its match's progress), or -1 off a table."""
    for scene in reversed(m.stack):
        if isinstance(scene, TableScene):
            try:
                return scene.game.progress()
            except Exception:
                return -1
    return -1


def run_headless(sitting: Sitting, expect: int = 0, stop=None, deadline: float = 600.0, wait_s: float = 0.001,
                 lobby_s: float = 60.0, pace: bool = False) -> int:
    """Run a sitting without a window until it ends. The host starts once ``expect`` guests are
    in its lobby (or ``lobby_s`` passed) and ends the sitting when ``stop(machine)`` says so or
    after ``deadline`` seconds. ``pace``: frames are due at 60.0988 Hz as in the window (a host
    alone does not race ahead); else as fast as the lockstep allows, at most UNPACED frames
    between two looks at the network. Returns the exit code (0 ended, 1 out of sync or lost, 2
    refused)."""
    start = time.monotonic()
    clock_next = 0.0
    try:
        while sitting.over is None:
            now = time.monotonic()
            if now - start > deadline:
                sitting.stop(f"the deadline of {deadline:g} s passed", 1)
                break
            sitting.poll(now)
            if sitting.over is not None:
                break
            if sitting.machine is None:
                if isinstance(sitting, Host):
                    joined = [p for p in sitting.peers if p.state == "lobby" and p.role == "play"]
                    if len(joined) >= expect and all(p.rtt > 0 for p in joined) or now - start > lobby_s:
                        sitting.start(now)
                time.sleep(LOBBY_POLL)
                continue
            if pace:
                if clock_next == 0.0:
                    clock_next = now
                due = 0
                while now >= clock_next and due < 8:
                    due += 1
                    clock_next += FRAME_S
                if now - clock_next > 0.25:
                    clock_next = now
                stepped = sitting.tick(now, due) if due else 0
            else:
                stepped = sitting.tick(now, UNPACED)
            if isinstance(sitting, Host) and stop is not None and sitting.over is None and stop(sitting.machine):
                sitting.stop("the script ended")
                break
            if not stepped:
                time.sleep(wait_s)
    finally:
        _end(sitting)
    return sitting.code


def _end(sitting: Sitting) -> None:
    now = time.monotonic()
    if isinstance(sitting, Host):
        sitting.poll(now)
        sitting.finish(sitting.over or "the host left", now)
    elif isinstance(sitting, Guest):
        sitting.finish(sitting.over or "the guest left", now)
    sitting.close()
    sent, got = sitting.traffic()
    st = sitting.status()
    sitting.log(f"{sitting.over or 'ended'}; {st['frames']} frames, {st['stalled']} stalled, input delay "
                f"{st['delay']}, {sent} bytes sent, {got} received; movie {sitting.movie_path}")


# ---------------------------------------------------------------- the window
def draw_lobby(sitting: Sitting, surface, font, now: float) -> None:
    """The lobby: who holds which pad, each machine's round trip, the input delay; the host
    starts with Start (left/right: the delay)."""
    surface.fill(INK)
    window(surface, (8, 8, W - 16, H - 16))
    host = isinstance(sitting, Host)
    title = "Netplay: your table" if host else "Netplay: at the host's table"
    font.draw(surface, title, W // 2, 16, GOLD, align="centre")
    if isinstance(sitting, Host):
        rows = sitting.lobby()
        where = f"Port {sitting.port}. Guests: tdream netplay join THIS-MACHINE:{sitting.port}"
        delay = sitting.delay_now()
    elif isinstance(sitting, Guest):
        rows = sitting.rows
        where = "Connected. The host starts when ready." if sitting.state == "lobby" else "Connecting..."
        delay = sitting.lobby_delay
    else:
        rows, where, delay = [], "", 0
    y = 34
    font.draw(surface, where, 16, y, INFO, "small")
    y += 14
    for row in rows:
        pads = row.get("pads") or []
        colour = PLAYER_COLOURS[pads[0] - 1] if pads and isinstance(pads[0], int) and 1 <= pads[0] <= 4 else WHITE
        label = ", ".join(f"Pad {p}" for p in pads) if pads else "watching"
        font.draw(surface, f"{label}: {str(row.get('name', ''))[:16]}", 16, y, colour)
        rtt = row.get("rtt", 0)
        font.draw(surface, "you" if row.get("role") == "host" and host else f"{rtt} ms", W - 18, y, WHITE,
                  align="right")
        y += 14
    frames = f"Input delay: {delay} frames ({delay * 1000 * FRAME_S:.0f} ms)" if delay else "Input delay: -"
    font.draw(surface, frames, 16, H - 48, WHITE)
    if host:
        font.draw(surface, "Start: begin   </>: delay   B: leave", 16, H - 32, INFO, "small")
    else:
        font.draw(surface, "B: leave", 16, H - 32, INFO, "small")


def draw_notice(surface, font, text: str) -> None:
    w = font.width(text, "small") + 8
    x = (W - w) // 2
    pygame.draw.rect(surface, INK, (x, 2, w, 11))
    font.draw(surface, text, W // 2, 3, GOLD, "small", align="centre")


def run_window(sitting: Sitting, settings, fullscreen: bool = False, scale: int | None = None) -> int:
    """A sitting in a window: the lobby, then the game; closing the window leaves the sitting
    (the host's closing ends it for everyone at its last frame)."""
    why = window_problem()
    if why:
        print(f"tdream: {why}", file=sys.stderr)
        return 2
    display = open_display(Display, settings, fullscreen, scale)
    if display is None:
        return 2
    reader = PadReader(settings.mappings)
    font = Font()
    frame = pygame.Surface((W, H))
    lobby_pads = Buttons()
    sitting.source = lambda m: reader.frame()
    clock_next = time.perf_counter()
    shown_end = False
    try:
        while not reader.quit:
            reader.poll()
            now = time.monotonic()
            sitting.poll(now)
            if sitting.over is not None and not shown_end:
                shown_end = True
                print(f"tdream netplay: {sitting.over}", file=sys.stderr)
            if sitting.machine is None:
                if sitting.over is not None:
                    break
                lobby_pads.feed(reader.frame())
                if lobby_pads.press(0, B):
                    break
                if isinstance(sitting, Host):
                    if lobby_pads.press(0, START | A):
                        sitting.start(now)
                        clock_next = time.perf_counter()
                    elif lobby_pads.press(0, LEFT | RIGHT):
                        d = sitting.delay_now() + (1 if lobby_pads.press(0, RIGHT) else -1)
                        sitting.fixed_delay = max(DELAYS[0], min(DELAYS[1], d))
                draw_lobby(sitting, frame, font, now)
                display.present(frame)
                time.sleep(1 / 60)
                continue
            pc = time.perf_counter()
            due = 0
            while pc >= clock_next and due < 8:
                due += 1
                clock_next += FRAME_S
            if pc - clock_next > 0.25:
                clock_next = pc
            if due and sitting.over is None:
                sitting.tick(now, due)
                if sitting.machine.quit:
                    break
            sitting.machine.draw(frame)
            line = sitting.over or sitting.notice(now)
            if line:
                draw_notice(frame, font, line)
            display.present(frame)
            wait = clock_next - time.perf_counter()
            if wait > 0.002:
                time.sleep(wait - 0.001)
    finally:
        _end(sitting)
        display.close()
    return sitting.code


# ---------------------------------------------------------------- the command line
def _address(text: str) -> tuple[str, int]:
    """HOST[:PORT] (an IPv6 address in brackets: [::1]:7476)."""
    host, port = text, PORT
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise TdreamError(f"tdream netplay: not an address: {text!r} (an IPv6 address goes in [brackets])")
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise TdreamError(f"tdream netplay: not an address: {text!r}")
            port = _port_of(rest[1:], text)
    elif text.count(":") == 1:
        host, rest = text.split(":")
        port = _port_of(rest, text)
    if not host:
        raise TdreamError(f"tdream netplay: not an address: {text!r} (HOST[:PORT])")
    return host, port


def _port_of(rest: str, text: str) -> int:
    if not rest.isdigit() or not 0 < int(rest) <= 65535:
        raise TdreamError(f"tdream netplay: not a port in {text!r} (1-65535)")
    return int(rest)


def command(args) -> int:
    """``tdream netplay host|join|watch``: a sitting over the network (FORMATS.md section 8)."""
    if args.movie and not os.path.isdir(os.path.dirname(os.path.abspath(args.movie))):
        print(f"{args.movie}: No such file or directory (its folder must exist)", file=sys.stderr)
        return 2
    script = None
    if args.script:                    # GAME:HUMANS[:MODE[:PROFILE]] (MODE: the title menu's item)
        game, humans, mode, profile = (args.script.split(":") + ["", ""])[:4]
        if game not in registry.ids() or not humans.isdigit():
            print(f"tdream netplay: --script GAME:HUMANS[:MODE[:PROFILE]], not {args.script!r}", file=sys.stderr)
            return 2
        script = (game, int(humans), mode, profile or None)
    settings, warning = load_settings()
    if warning:
        print(f"tdream: {warning}", file=sys.stderr)
    if script:                                     # the tests' and the bench's sittings: quick to play
        settings.text_speed, settings.anim_speed, settings.skip_cpu = "instant", "fast", True
        settings.last = {**settings.last, "game": script[0]}
    stamp = time.strftime("%Y%m%d-%H%M%S")
    movie = args.movie or os.path.join(_user_dir("netplay"), f"netplay-{stamp}-{args.action}.tdm")
    name = args.name or ("Host" if args.action == "host" else os.environ.get("USER", "") or "Guest")
    sitting: Host | Guest
    try:
        if args.action == "host":
            seed = args.seed if args.seed is not None else int(time.time())
            user = None if args.blank else host_folder()
            sitting = Host(settings, movie, seed, bind=args.bind, port=PORT if args.port is None else args.port,
                           seats=args.seats, password=args.password, author=args.author, name=name[:16],
                           delay=args.delay, user=user)
            print(f"tdream netplay: hosting on port {sitting.port}", file=sys.stderr)
        else:
            host, port = _address(args.address)
            sitting = Guest(settings, movie, host, port, role="play" if args.action == "join" else "watch",
                            pads=getattr(args, "pads", 1), password=args.password, ident=machine_id(),
                            name=name[:16])
    except NetError as e:
        print(f"tdream netplay: {e}", file=sys.stderr)
        return 2
    except OSError as e:
        print(f"tdream netplay: cannot listen on {args.bind}:{PORT if args.port is None else args.port} "
              f"({e.strerror or e})",
              file=sys.stderr)
        return 2
    if args.headless:
        if script:
            sitting.source = ScriptPads(sitting, script[0], script[1], mode=script[2], profile=script[3])
        stop = None
        if args.turns is not None or args.frames is not None:
            def stop(m):
                return (args.turns is not None and turns_of(m) >= args.turns) or (
                    args.frames is not None and m.frame >= args.frames)
        code = run_headless(sitting, expect=args.expect, stop=stop, deadline=args.deadline, pace=args.paced)
    else:
        code = run_window(sitting, settings, fullscreen=args.fullscreen, scale=args.scale)
    if sitting.over and (code or args.headless):
        print(f"tdream netplay: {sitting.over}", file=sys.stderr)
    return code


def host_folder() -> UserFolder | None:
    """The host's user folder, for the sitting to start on (its profiles, Campaign, Records and
    saved games): None, with a line, when it is too large to send."""
    db = None
    if default_path().exists():
        con = sqlite3.connect(str(default_path()), timeout=5)
        try:
            db = con.serialize()
        finally:
            con.close()
    folder = UserFolder.of(db, os.path.join(platformdirs.user_data_dir("tdream"), "records"))
    if folder.db is None and not folder.files:
        return None
    if folder.size() > USER_LIMIT:
        print(f"tdream netplay: your user folder is over {USER_LIMIT >> 20} MB: the sitting starts on a blank one",
              file=sys.stderr)
        return None
    return folder


def _user_dir(name: str) -> str:
    path = os.path.join(platformdirs.user_data_dir("tdream"), name)
    os.makedirs(path, exist_ok=True)
    return path
