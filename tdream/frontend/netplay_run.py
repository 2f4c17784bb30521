"""Running a netplay sitting: in a window (the lobby, then the game with the sitting's notices)
or headless (tests and the bench: a script's pads, as fast as the lockstep allows).

The wall clock paces the window and decides nothing in a frame: the host samples its pads once
a frame at 60.0988 Hz and steps a frame only when it is composed; a guest steps the frames the
host sends as they come. Headless, both run unpaced.
"""
from __future__ import annotations

import math
import os
import socket
import sqlite3
import sys
import time

import platformdirs
import pygame

from ..errors import TdreamError
from ..platform import registry
from .constants import (DIM, FRAME_S, GOLD, INFO, INK, LABEL, PADS, PLAYER_COLOURS, WARN, WHITE, H, W, A, B, LEFT,
                        RIGHT, START)
from .font import Font
from .frontends import frontend_of
from ..platform.database import default_path
from . import wire
from .movie import USER_LIMIT, UserFolder
from .netplay import DELAYS, PORT, Guest, Host, NetError, Sitting, machine_id
from .pads import Buttons, PadFrame, PadReader
from .run import frames_due, open_window
from .settings import load_settings
from .table import TableScene
from .widgets import window

LOBBY_POLL = 0.01
UNPACED = 64                 # frames a headless sitting steps between two looks at the network


# ---------------------------------------------------------------- scripted pads (tests, bench)
class ScriptPads:
    """A machine's pads from the shell's autopilot (``Autopilot(game, pad=-1)``): at a table (and
    a seat's screen over it) each pad this machine plays answers its own seat; off every table
    (title, set-up) only pad 1, the host's, presses. A press is made every ``every`` samples (the input delay and one more:
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
            at_table = any(isinstance(scene, self.table_kind) for scene in m.stack)   # a seat's menu over it too
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


def run_headless(sitting: Sitting, expect: int = 0, stop=None, deadline: float = 600.0, wait_s: float = 0.005,
                 lobby_s: float = 60.0, pace: bool = False) -> int:
    """Run a sitting without a window until it ends. The host starts once ``expect`` guests are
    in its lobby (or ``lobby_s`` passed) and ends the sitting when ``stop(machine)`` says so or
    after ``deadline`` seconds. ``pace``: frames are due at 60.0988 Hz as in the window (a host
    alone does not race ahead); else as fast as the lockstep allows, at most UNPACED frames
    between two looks at the network. With nothing to step it waits on its sockets (at most
    ``wait_s``, or until the next frame is due), not spinning. Returns the exit code (0 ended, 1 out of sync or lost, 2
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
                due, clock_next = frames_due(now, clock_next or now)
                stepped = sitting.tick(now, due) if due else 0
            else:
                stepped = sitting.tick(now, UNPACED)
            if isinstance(sitting, Host) and stop is not None and sitting.over is None and stop(sitting.machine):
                sitting.stop("the script ended")
                break
            if not stepped or pace:              # nothing to do until a message comes or a frame is due
                until = clock_next if pace else now + wait_s
                sitting.wait(max(0.0, min(until - time.monotonic(), wait_s)))
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
    if sitting.machine is None:           # never started (refused, no host): its one line is the caller's
        return
    sent, got = sitting.traffic()
    st = sitting.status()
    sitting.log(f"{sitting.over or 'ended'}; {st['frames']} frames, {st['stalled']} stalled, input delay "
                f"{st['delay']}, {sent} bytes sent, {got} received; movie {sitting.movie_path}")


# ---------------------------------------------------------------- the window
REFUSAL_S = 4.0              # seconds a refusal (or a lost host) stays on the lobby before the window closes


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses a guest on the LAN may type (the loopback's left out; none
    known: an empty list). Asked once, when the window opens."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    out: list[str] = []
    for info in infos:
        ip = str(info[4][0])
        if not ip.startswith("127.") and ip not in out:
            out.append(ip)
    return out[:2]


def _colour_of(pads) -> tuple:
    first = pads[0] if pads and isinstance(pads[0], int) else 0
    return PLAYER_COLOURS[first - 1] if 1 <= first <= PADS else WHITE


def draw_lobby(sitting: Sitting, surface, font, now: float, addresses: list[str] | None = None,
               refused_at: float | None = None) -> None:
    """The lobby: the four pads and who holds each (in the players' colours) with each machine's
    round trip, the watchers, the input delay (frames and ms); the host's keys (Start begins,
    left/right the delay, B leaves), a guest's "waiting for the host"; a refusal or a lost host
    in its own line until the window closes (``refused_at``: when it came)."""
    surface.fill(INK)
    window(surface, (8, 8, W - 16, H - 16))
    host = isinstance(sitting, Host)
    owned = sitting.owned
    font.draw(surface, "NETPLAY", W // 2, 14, GOLD, align="centre")
    if isinstance(sitting, Host):
        rows = sitting.lobby()
        delay = sitting.delay_now()
        auto = sitting.fixed_delay is None
        ips = " or ".join(f"{a}:{sitting.port}" for a in addresses or []) or f"THIS-MACHINE:{sitting.port}"
        font.draw(surface, f"Your table, on port {sitting.port}", W // 2, 28, WHITE, "small", align="centre")
        font.draw(surface, f"Guests join {ips}"[:48], W // 2, 38, INFO, "small", align="centre")
    elif isinstance(sitting, Guest):
        rows = sitting.rows
        delay = sitting.lobby_delay
        auto = False
        where = f"{sitting.link.peer or 'the host'}"
        state = {"hello": "Connecting to", "sent": "Saying hello to"}.get(sitting.state, "At the table of")
        if sitting.over is not None and sitting.state != "lobby":
            state = "Not at the table of"
        font.draw(surface, f"{state} {where}"[:60], W // 2, 28, WHITE, "small", align="centre")
        if sitting.owned:
            mine = ", ".join(f"Pad {p + 1}" for p in sitting.owned)
            font.draw(surface, f"You hold {mine}" if sitting.role == "play" else "You watch", W // 2, 38,
                      _colour_of([sitting.owned[0] + 1]), "small", align="centre")
        elif sitting.state == "lobby":
            font.draw(surface, "You watch", W // 2, 38, INFO, "small", align="centre")
    else:
        return
    # the pads: who holds each (a machine with several pads: each of its rows); a guest not yet
    # (or never) at the table has no rows to show
    y = 52
    if not rows:
        watch = "" if sitting.over is not None else "Waiting for the host's answer" + "." * (1 + int(now * 2) % 3)
        font.draw(surface, watch, W // 2, 96, INFO, "small", align="centre")
    if rows:
        font.draw(surface, "PAD", 20, y, LABEL, "small")
        font.draw(surface, "MACHINE", 52, y, LABEL, "small")
        font.draw(surface, "ROUND TRIP", W - 20, y, LABEL, "small", align="right")
    y += 11
    holder: dict[int, dict] = {}
    watchers: list[dict] = []
    for r in rows:
        pads = [p for p in (r.get("pads") or []) if isinstance(p, int) and 1 <= p <= PADS]
        for p in pads:
            holder[p] = r
        if not pads:
            watchers.append(r)
    for p in range(1, PADS + 1) if rows else ():
        row = holder.get(p)
        colour = PLAYER_COLOURS[p - 1] if row else DIM
        font.draw(surface, f"P{p}", 22, y, colour)
        if row is None:
            font.draw(surface, "free", 52, y, DIM)
        else:
            you = row.get("role") == "host" and host or (not host and p - 1 in owned)
            name = str(row.get("name", ""))[:16] + (" (you)" if you else "")
            font.draw(surface, name, 52, y, colour)
            rtt = row.get("rtt", 0)
            shown = "-" if row.get("role") == "host" else (f"{rtt} ms" if rtt else "measuring")
            font.draw(surface, shown, W - 20, y, WHITE, align="right")
        y += 13
    if watchers:
        names = ", ".join(f"{str(r.get('name', ''))[:12]} ({r.get('rtt') or '?'} ms)" for r in watchers[:3])
        more = f" and {len(watchers) - 3} more" if len(watchers) > 3 else ""
        font.draw(surface, f"Watching: {names}{more}"[:60], 20, y + 2, INFO, "small")
    y = H - 62
    if delay:
        how = " (auto)" if auto else ""
        font.draw(surface, f"Input delay: {delay} frames, {delay * 1000 * FRAME_S:.0f} ms{how}", W // 2, y,
                  WHITE, "small", align="centre")
    if sitting.over is not None:
        left = math.ceil(max(0.0, REFUSAL_S - (now - refused_at)) if refused_at is not None else REFUSAL_S)
        over = sitting.over[:1].upper() + sitting.over[1:]
        oy = y + 12 if rows else 96                  # no table shown: the line in its place
        for i, line in enumerate(font.wrap(over, W - 40, "small")[:2]):
            font.draw(surface, line, W // 2, oy + 9 * i, WARN, "small", align="centre")
        font.draw(surface, f"The window closes in {left} s", W // 2, H - 26, LABEL, "small", align="centre")
        return
    if host:
        font.draw(surface, "Start: begin   Left/Right: delay   B: leave", W // 2, H - 26, LABEL, "small",
                  align="centre")
    else:
        font.draw(surface, "Waiting for the host to start" + "." * (1 + int(now * 2) % 3), W // 2, y + 14, GOLD,
                  "small", align="centre")
        font.draw(surface, "B: leave", W // 2, H - 26, LABEL, "small", align="centre")


def notice_at(machine) -> tuple[int, int, str]:
    """Where a sitting's notice goes on the screen shown now: the top scene's strip for the timer
    and the input display (``Scene.overlay_at``: placed where the screen shows nothing a player
    needs), a row lower when those are shown there."""
    top = machine.stack[-1] if machine.stack else None
    x, y, align = top.overlay_at if top is not None else (W - 2, 1, "right")
    if align == "column":
        align = "right"
    if machine.settings.timer or machine.settings.input_display:
        y = y + 11 if y < H // 2 else y - 11
    return x, y, align


def notice_line(sitting: Sitting, now: float) -> str | None:
    """The sitting's line over the game now (``Sitting.notice``), said to this machine's players:
    a secret answer awaited from a pad played here is theirs to give, not someone's to wait for."""
    if sitting.waiting is not None and sitting.stall_since is not None:
        own = sum(1 << p for p in sitting.owned)
        pads = sitting.waiting[1]
        if pads and not pads & ~own:
            return "The table waits for your secret answer"
        if pads & own:
            who = ", ".join(f"Player {p + 1}" for p in range(PADS) if pads >> p & 1 and not own >> p & 1)
            return f"Waiting for {who}'s secret answer"
    return sitting.notice(now)


def draw_notice(surface, font, text: str, at: tuple[int, int, str] = (W // 2, 1, "centre")) -> None:
    """A sitting's line over the game ("waiting for Player 3", a secret answer awaited, why it
    ended): the small face on an ink strip at ``at`` (x, y, align)."""
    x, y, align = at
    w = font.width(text, "small") + 6
    left = x - w // 2 if align == "centre" else x - w if align == "right" else x
    left = max(0, min(W - w, left))
    pygame.draw.rect(surface, INK, (left, y, w, 10))
    font.draw(surface, text, left + 3, y + 1, GOLD, "small")


def draw_over(surface, font, text: str) -> None:
    """Why the sitting ended here, over the game's last picture (nothing is played any more): a
    window in the middle, and how to leave."""
    lines = font.wrap(text[:1].upper() + text[1:], W - 56, "small")[:4]
    h = 30 + 9 * len(lines)
    y = (H - h) // 2
    window(surface, (20, y, W - 40, h))
    font.draw(surface, "NETPLAY", W // 2, y + 5, GOLD, "small", align="centre")
    for i, line in enumerate(lines):
        font.draw(surface, line, W // 2, y + 16 + 9 * i, WHITE, "small", align="centre")
    font.draw(surface, "Close the window to leave", W // 2, y + h - 11, LABEL, "small", align="centre")


def show_line(settings, text: str, fullscreen: bool = False, scale: int | None = None) -> None:
    """One line in a window for REFUSAL_S seconds (or until a button): a sitting the title's
    Netplay... asked for that could not be made (no such host, not an address)."""
    display = open_window(settings, fullscreen, scale)
    if display is None:
        return
    reader = PadReader(settings.mappings)
    font = Font()
    frame = pygame.Surface((W, H))
    end = time.monotonic() + REFUSAL_S
    lines = font.wrap(text, W - 48, "small")[:6]
    try:
        while time.monotonic() < end and not reader.quit:
            reader.poll()
            if any(reader.frame().buttons):
                break
            frame.fill(INK)
            window(frame, (16, 64, W - 32, 40 + 9 * len(lines)))
            font.draw(frame, "NETPLAY", W // 2, 72, GOLD, align="centre")
            for i, line in enumerate(lines):
                font.draw(frame, line, W // 2, 88 + 9 * i, WARN, "small", align="centre")
            display.present(frame)
            time.sleep(1 / 30)
    finally:
        display.close()


def run_window(sitting: Host | Guest, settings, fullscreen: bool = False, scale: int | None = None,
               expect: int | None = None, stop=None, deadline: float | None = None) -> int:
    """A sitting in a window: the lobby, then the game; closing the window leaves the sitting
    (the host's closing ends it for everyone at its last frame). A refusal or a lost host in the
    lobby stays on the screen REFUSAL_S seconds (a button closes it sooner).

    Scripted (``expect`` given; tests: a window on SDL's dummy driver, its pads the sitting's
    ``source`` already set, or none): the host starts once ``expect`` guests are in its lobby,
    ends the sitting when ``stop(machine)`` says so, and every machine closes its window when the
    sitting ends or after ``deadline`` seconds."""
    display = open_window(settings, fullscreen, scale)
    if display is None:
        return 2
    reader = PadReader(settings.mappings)
    font = Font()
    frame = pygame.Surface((W, H))
    lobby_pads = Buttons()
    scripted = expect is not None           # (a window nobody sees: it closes itself at the end)
    if sitting.source is None:
        sitting.source = lambda m: reader.frame()
    clock_next = time.perf_counter()
    began = time.monotonic()
    shown_end = False
    refused_at: float | None = None
    addresses = lan_addresses() if isinstance(sitting, Host) else []
    try:
        while not reader.quit:
            reader.poll()
            now = time.monotonic()
            sitting.poll(now)
            if sitting.over is not None and not shown_end:
                shown_end = True
                print(f"tdream netplay: {sitting.over}", file=sys.stderr)
            if scripted and (sitting.over is not None or (deadline is not None and now - began > deadline)):
                if sitting.over is None:
                    sitting.stop(f"the deadline of {deadline:g} s passed", 1)
                break
            if sitting.machine is None:
                lobby_pads.feed(reader.frame())
                if isinstance(sitting, Guest) and sitting.over is None and sitting.end_frame is not None:
                    # the host left before it started: nothing to step to (its goodbye's frame 0)
                    sitting.stop(f"the host ended the sitting ({sitting.bye or 'before it started'})", 2)
                if sitting.over is not None:
                    refused_at = now if refused_at is None else refused_at
                    if now - refused_at >= REFUSAL_S or (now - refused_at > 0.5 and lobby_pads.press(0, A | B | START)):
                        break
                elif lobby_pads.press(0, B):
                    break
                elif isinstance(sitting, Host):
                    joined = [p for p in sitting.peers if p.state == "lobby" and p.role == "play"]
                    if expect is not None and len(joined) >= expect and all(p.rtt > 0 for p in joined):
                        sitting.start(now)
                        clock_next = time.perf_counter()
                    elif lobby_pads.press(0, START | A):
                        sitting.start(now)
                        clock_next = time.perf_counter()
                    elif lobby_pads.repeat(0, LEFT | RIGHT):
                        d = sitting.delay_now() + (1 if lobby_pads.hold(0, RIGHT) else -1)
                        sitting.fixed_delay = max(DELAYS[0], min(DELAYS[1], d))
                draw_lobby(sitting, frame, font, now, addresses, refused_at)
                display.present(frame)
                time.sleep(1 / 60)
                continue
            due, clock_next = frames_due(time.perf_counter(), clock_next)
            if due and sitting.over is None:
                sitting.tick(now, due)
                if sitting.machine.quit:
                    break
                if stop is not None and isinstance(sitting, Host) and stop(sitting.machine):
                    sitting.stop("the script ended")
                    break
            sitting.machine.draw(frame)
            line = notice_line(sitting, now) if sitting.over is None else None
            if sitting.over is not None:
                draw_over(frame, font, sitting.over)
            elif line:
                draw_notice(frame, font, line, notice_at(sitting.machine))
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
    sitting = sitting_for(args.action, settings, address=getattr(args, "address", ""), movie=args.movie,
                          port=getattr(args, "port", None), bind=getattr(args, "bind", "0.0.0.0"),
                          seats=getattr(args, "seats", 1), pads=getattr(args, "pads", 1), password=args.password,
                          name=args.name, author=args.author, delay=getattr(args, "delay", None),
                          seed=getattr(args, "seed", None), blank=getattr(args, "blank", False))
    if isinstance(sitting, str):
        print(sitting, file=sys.stderr)
        return 2
    if script:
        sitting.source = ScriptPads(sitting, script[0], script[1], mode=script[2], profile=script[3])
    stop = None
    if args.turns is not None or args.frames is not None:
        def stop(m):
            return (args.turns is not None and turns_of(m) >= args.turns) or (
                args.frames is not None and m.frame >= args.frames)
    if args.headless:
        code = run_headless(sitting, expect=args.expect, stop=stop, deadline=args.deadline, pace=args.paced)
    elif script or os.environ.get("SDL_VIDEODRIVER") == "dummy":    # a window nobody sees (tests) closes itself
        code = run_window(sitting, settings, fullscreen=args.fullscreen, scale=args.scale, expect=args.expect,
                          stop=stop, deadline=args.deadline)
    else:
        code = run_window(sitting, settings, fullscreen=args.fullscreen, scale=args.scale)
    if sitting.over and args.headless and sitting.machine is None:    # refused: its one line (a window showed it)
        print(f"tdream netplay: {sitting.over}", file=sys.stderr)
    return code


def sitting_for(action: str, settings, address: str = "", movie: str | None = None, port: int | None = None,
                bind: str = "0.0.0.0", seats: int = 1, pads: int = 1, password: str = "", name: str | None = None,
                author: str = "", delay: int | None = None, seed: int | None = None,
                blank: bool = False) -> Host | Guest | str:
    """The sitting ``tdream netplay host|join|watch`` makes, and the title's Netplay...: a Host
    listening, or a Guest connected to ``address`` (HOST[:PORT]); or, when it cannot be made,
    the one line that says why (the caller prints it: exit 2)."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    movie = movie or os.path.join(_user_dir("netplay"), f"netplay-{stamp}-{action}.tdm")
    name = name or ("Host" if action == "host" else os.environ.get("USER", "") or "Guest")
    try:
        if action == "host":
            seed = seed if seed is not None else int(time.time())
            user = None if blank else host_folder()
            sitting = Host(settings, movie, seed, bind=bind, port=PORT if port is None else port, seats=seats,
                           password=password, author=author, name=name[:16], delay=delay, user=user)
            print(f"tdream netplay: hosting on port {sitting.port}", file=sys.stderr)
            return sitting
        host, port_of = _address(address)
        return Guest(settings, movie, host, port_of, role="play" if action == "join" else "watch", pads=pads,
                     password=password, ident=machine_id(), name=name[:16])
    except TdreamError as e:
        return str(e)
    except NetError as e:
        return f"tdream netplay: {e}"
    except OSError as e:
        return f"tdream netplay: cannot listen on {bind}:{PORT if port is None else port} ({e.strerror or e})"


def from_title(asked, settings, author: str = "", fullscreen: bool = False, scale: int | None = None) -> int:
    """The title's Netplay... (``Machine.net_asked``): (host, {seats}) or (join|watch, {address});
    the window then is ``tdream netplay host --seats N`` or ``join|watch ADDRESS``'s. A sitting
    that cannot be made (no such host, not an address) says its line in the terminal and on the
    screen: exit 2."""
    action, details = asked
    sitting = sitting_for(action, settings, address=str(details.get("address", "")),
                          seats=int(details.get("seats", 1)), author=author)
    if isinstance(sitting, str):
        print(sitting, file=sys.stderr)
        show_line(settings, sitting, fullscreen=fullscreen, scale=scale)
        return 2
    return run_window(sitting, settings, fullscreen=fullscreen, scale=scale)


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
