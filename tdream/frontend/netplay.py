"""Netplay (issue 39, FORMATS.md section 8): a friend's pad over the network, frame-locked.

Every machine runs the same machine from the same power on and exchanges only pad input: the
front end is a pure function of the seed and every frame's pads (FORMATS.md section 4). The host
is the hub. It samples its own pads, takes each guest's, and composes each frame (the four pads'
buttons and which are connected); every machine, the host's too, steps frame N only with frame
N as composed, so no frame is ever guessed and nothing decided by a socket or a clock reaches
the machine. A machine sends its pads for frame N + D while it shows frame N (D: the input
delay, 2-10 frames, from the round trip measured in the lobby); a late frame stalls the sitting.

What a machine writes is an ordinary input movie of every composed frame: the movies of all
machines are the same bytes and verify. The machines send their state hash every HASH_EVERY
frames; the host compares, and a mismatch stops the sitting everywhere ("out of sync at frame
F") with each machine's movie and a report.

A secret answer (``Machine.secret_pads``: a prompt answered in secret on a pad) never leaves its
machine before every secret answer of that moment is in. While a pad answers in secret (judged
on the state D frames before the frame, which every machine shares when it samples), its
machine sends its buttons as up, and the press of A that answers as a *seal*: the frame it is
for and sha256 of a random nonce, the frame, the pad and the buttons. The host composes no frame
from the first sealed one on until every pad answering in secret has sealed (``WAIT`` tells the
machines who is left; a seal sent then is for that frame); then it asks each machine to open its
seals (``OPEN``), checks each opened answer against its commitment, and composes that frame
with all of them. So every secret answer enters the game in the same frame, after all were
given, and no machine, the host's neither, holds another's answer before its own is sealed.
"""
from __future__ import annotations

import dataclasses
import hmac
import json
import os
import select
import socket
import struct
import sys
import time
from pathlib import Path
from typing import Any

import platformdirs

from .. import __version__
from ..platform import registry
from ..platform.record import write_atomic
from . import wire
from .constants import FRAME_S, PADS, A
from ..errors import FormatError
from .movie import MOVIE_DATE, PLAY_SETTINGS, USER_LIMIT, BlankUser, MovieWriter, UserFolder, data_hash
from .netlink import Lag, Link, connect, lag_from_env
from .pads import PadFrame
from .run import make_machine
from .settings import Settings

PORT = 7476                  # the host's port unless told (FORMATS.md section 8)
HASH_EVERY = 60              # frames between state hashes
HELLO_WITHIN = 5.0           # seconds a new connection has to say hello
REJOIN_WITHIN = 300.0        # seconds a dropped guest's pads wait for it
PING_EVERY = 0.5
WAIT_NOTICE = 1.0            # seconds a stall lasts before the machine says who it waits for
SILENT_AFTER = 6.0           # seconds without a message (pings go every PING_EVERY) before a peer counts as gone
HISTORY_AHEAD = 1 << 18      # bytes of a sitting's history waiting for one peer at most (the rest follows)
MAX_PEERS = 8                # guests and watchers at once (connections past it are refused)
DELAYS = (2, 10)             # the input delay's bounds, in frames
CATCH_UP_S = 0.05            # seconds a loop spends fast-forwarding before it looks at the network


class NetError(Exception):
    """A sitting that cannot start or go on (one line: a refusal, a lost host)."""


def program() -> str:
    return f"tdream {__version__}"


def sitting_hash() -> str:
    """What the machines must share besides the program: every game's data (``movie.data_hash``)."""
    return data_hash(list(registry.ids()))


def auto_delay(rtt_ms: float) -> int:
    """The input delay for a round trip: the frames a round trip takes, and two more (each end
    samples and reads once a frame, which adds about a frame: at 100 ms, 8 frames stalled one
    frame in nine in the bench, 9 almost none)."""
    frames = int(rtt_ms / (FRAME_S * 1000)) + 3
    return max(DELAYS[0], min(DELAYS[1], frames))


def play_settings(settings) -> dict:
    return {k: getattr(settings, k) for k in PLAY_SETTINGS}


def password_proof(password: str, nonce: str) -> str:
    return hmac.new(password.encode(), nonce.encode(), "sha256").hexdigest() if password else ""


# ---------------------------------------------------------------- what every machine does
class Sitting:
    """One machine's side of a sitting: the frames composed so far, its machine stepping them,
    its movie, its pads sampled D frames ahead, its seals, the hashes."""

    role = "guest"

    def __init__(self, settings, movie_path: str, log=None, source=None, name: str = "") -> None:
        self.settings = settings                 # this machine's (its display); play settings: the host's
        self.movie_path = movie_path
        self.log = log or (lambda line: print(f"tdream netplay: {line}", file=sys.stderr))
        self.source = source                     # this machine's pads: source(machine) -> PadFrame
        self.name = name
        self.machine: Any = None                 # the Machine, once the sitting starts
        self.blank: BlankUser | None = None
        self.writer: Any = None                  # the MovieWriter, once the sitting starts
        self.frames: list[PadFrame] = []         # the sitting's frames known here
        self.delay = 0
        self.owned: list[int] = []               # the table's pads this machine plays (its pad i: owned[i])
        self.next_sample = 0                     # the next frame this machine's pads are sent for
        self.last_local = [0] * PADS
        self.seals: dict[int, tuple[int, int, bytes]] = {}    # pad -> (frame, buttons, nonce): not yet opened
        self.waiting: tuple[int, int] | None = None          # (frame, pads) a sealed frame waits for
        self.own_hashes: dict[int, str] = {}
        self.host_hashes: dict[int, str] = {}
        self.secret_after: dict[int, int] = {}   # machine.frame -> its secret pads then
        self.stalled = 0                         # ticks a frame was due and not known
        self.stall_since: float | None = None
        self.over: str | None = None             # why the sitting ended here
        self.code = 0
        self.end_frame: int | None = None        # the host's last frame (a goodbye's)
        self.report: list[str] = []
        self.seed = 0
        self.play: dict = {}
        self.author = ""
        self.names: dict[int, str] = {}          # pad -> the machine's name that plays it
        flip = os.environ.get("TDREAM_NETPLAY_FLIP", "")     # the test hook: a bit of the state flipped
        self.flip_at = int(flip) if flip.isdigit() else -1

    # ---------------------------------------------------------------- the machine
    def begin(self, seed: int, play: dict, author: str, delay: int, user: UserFolder | None = None) -> None:
        self.seed, self.play, self.author, self.delay = seed, dict(play), author, delay
        local = dataclasses.asdict(self.settings) if isinstance(self.settings, Settings) else {}
        settings = Settings(**{**local, **play})
        self.settings = settings
        self.blank = BlankUser(user)
        self.machine = make_machine(seed, settings, records=self.blank.db, record_dir=self.blank.record_dir,
                                    today=MOVIE_DATE, movie=True)
        self.writer = MovieWriter(self.movie_path, seed, settings, author, user)
        self.next_sample = delay
        self.secret_after[0] = self.machine.secret_pads()

    def step_known(self, budget: int) -> int:
        """Step the frames known here, at most ``budget``; returns how many."""
        m, frames = self.machine, self.frames
        n = 0
        while n < budget and m.frame < len(frames) and not m.quit and self.over is None:
            if self.end_frame is not None and m.frame >= self.end_frame:
                break
            frame = frames[m.frame]
            m.step(frame)
            self.writer.add(frame, m)
            n += 1
            f = m.frame
            if f == self.flip_at:
                m.matches ^= 1 << 20             # TDREAM_NETPLAY_FLIP: this machine diverges (tests)
            self.secret_after[f] = m.secret_pads()
            self.secret_after.pop(f - 4 * DELAYS[1], None)
            if f % HASH_EVERY == 0:
                h = m.state_hash()[:16]
                self.own_hashes[f] = h
                self.own_hashes.pop(f - 20 * HASH_EVERY, None)
                self.hashed(f, h)
        return n

    def hashed(self, frame: int, h: str) -> None:
        """A state hash made here (the host compares; a guest sends it and compares the host's)."""

    def poll(self, now: float) -> None:
        """Read the network and answer what came."""
        raise NotImplementedError

    def tick(self, now: float, budget: int = 8) -> int:
        """Step what may be stepped (``budget`` frames at most); returns how many."""
        raise NotImplementedError

    def finish(self, why: str, now: float) -> None:
        """Leave the sitting (a goodbye sent)."""
        raise NotImplementedError

    def traffic(self) -> tuple[int, int]:
        """Bytes (sent, received) so far."""
        return 0, 0

    def links(self) -> list[Link]:
        """The connections this machine reads."""
        return []

    def listening(self) -> list[socket.socket]:
        """Sockets a new connection comes on (the host's)."""
        return []

    def wait(self, timeout: float) -> None:
        """Sleep until a message may have come (a socket readable) or ``timeout`` seconds, but no
        longer than until a message held by the lag link is due out or, with bytes waiting to
        go, 2 ms (a headless sitting's idle: it does not spin)."""
        links = [link for link in self.links() if not link.closed]
        now = time.monotonic()
        for link in links:
            if link.held:
                timeout = min(timeout, max(0.0, link.held[0][0] - now))
            if link.out:
                timeout = min(timeout, 0.002)
        socks = [link.sock for link in links] + self.listening()
        if not socks:
            time.sleep(timeout)
            return
        try:
            select.select(socks, [], [], timeout)
        except (OSError, ValueError):
            time.sleep(min(timeout, 0.002))

    def count_stall(self, budget: int, stepped: int) -> None:
        """A paced tick (``budget``: the frames due, at most 8) that stepped fewer: the frames
        stalled (an unpaced tick's budget is larger and counts nothing)."""
        if budget <= 8 and stepped < budget:
            self.stalled += budget - stepped

    def behind(self) -> int:
        return len(self.frames) - self.machine.frame if self.machine is not None else 0

    # ---------------------------------------------------------------- this machine's pads
    def read_local(self) -> PadFrame:
        return self.source(self.machine) if self.source is not None else PadFrame.idle()

    def read_pads(self, local: PadFrame) -> list[tuple[int, int, bool]]:
        """This machine's pads read once: (the table's pad, its buttons, A newly pressed) each."""
        out = []
        for i, pad in enumerate(self.owned):
            b = local.buttons[i] if i < len(local.buttons) else 0
            out.append((pad, b, bool(b & ~self.last_local[i] & A)))
            self.last_local[i] = b
        return out

    def sample(self, local: PadFrame, frame: int) -> tuple[int, list[int]]:
        """This machine's pads for ``frame`` (connected bits by its pad, buttons): a pad answering
        in secret then is sent as up, its A's press sealed."""
        secret = self.secret_after.get(frame - self.delay, 0)
        connected = sum(1 << i for i in range(len(self.owned)) if local.connected >> i & 1)
        bits = []
        for pad, b, a_pressed in self.read_pads(local):
            if secret >> pad & 1:
                if a_pressed and pad not in self.seals:
                    self.seal(frame, pad, b)
                b = 0
            bits.append(b)
        return connected, bits

    def awaits_mine(self) -> bool:
        """A sealed frame waits for a pad of this machine's (``WAIT``)."""
        return self.waiting is not None and any(self.waiting[1] >> pad & 1 for pad in self.owned)

    def watch_seals(self, local: PadFrame) -> None:
        """A stalled machine whose pads a sealed frame waits for: an A pressed on one seals it."""
        frame, pads = self.waiting or (0, 0)
        for pad, b, a_pressed in self.read_pads(local):
            if pads >> pad & 1 and a_pressed and pad not in self.seals:
                self.seal(frame, pad, b)

    def seal(self, frame: int, pad: int, bits: int) -> None:
        nonce = os.urandom(16)
        self.seals[pad] = (frame, bits, nonce)
        self.sealed(frame, pad, wire.commitment(frame, pad, bits, nonce))

    def sealed(self, frame: int, pad: int, commit: bytes) -> None:
        """A seal made here goes to the host (the host keeps its own)."""

    # ---------------------------------------------------------------- the end
    def stop(self, why: str, code: int = 0) -> None:
        if self.over is None:
            self.over, self.code = why, code

    def close(self) -> None:
        """The movie written (its end line: the state reached), a report when out of sync, the
        machine and its blank folder gone."""
        if self.writer is not None and self.machine is not None:
            self.writer.close(self.machine)
            if self.report:
                text = "\n".join(self.report) + "\n"
                write_atomic(Path(self.movie_path + ".report.txt"), text)
        if self.machine is not None:
            self.machine.close()
        if self.blank is not None:
            self.blank.close()
            self.blank = None

    def notice(self, now: float) -> str | None:
        """The line the window shows over the game now, or None."""
        if self.waiting is not None and self.stall_since is not None:
            pads = self.waiting[1]
            who = ", ".join(f"Player {p + 1}" for p in range(PADS) if pads >> p & 1)
            return f"Waiting for {who}'s secret answer"
        if self.stall_since is not None and now - self.stall_since >= WAIT_NOTICE:
            return self.waiting_for()
        return None

    def waiting_for(self) -> str:
        return "Waiting for the host"

    def status(self) -> dict:
        """Figures for the bench and the closing line."""
        return {"frames": self.machine.frame if self.machine else 0, "stalled": self.stalled, "delay": self.delay}


# ---------------------------------------------------------------- the host
@dataclasses.dataclass
class Peer:
    link: Link
    since: float
    state: str = "hello"               # hello, lobby, live, gone
    role: str = "play"                 # play, watch
    name: str = ""
    ident: str = ""
    pads: list[int] = dataclasses.field(default_factory=list)
    rtt: float = 0.0                   # ms, smoothed
    inputs: dict[int, tuple[int, list[int]]] = dataclasses.field(default_factory=dict)
    live_from: int | None = None       # the first frame its pads count in (None: not yet)
    sent_to: int = 0                   # frames sent to it so far
    pinged: float = 0.0
    seals: dict[int, tuple[int, bytes]] = dataclasses.field(default_factory=dict)   # pad -> (frame, commit)
    opened: dict[int, int] = dataclasses.field(default_factory=dict)   # pad -> buttons
    asked_open: bool = False
    heard: float = 0.0                 # when its last message came
    nonce: str = ""                    # the host's hello to it (a password proof is of this)
    opened_at: float = 0.0             # when it was asked to open its seals


class Host(Sitting):
    """The hub: listens, takes guests and watchers, composes every frame."""

    role = "host"

    def __init__(self, settings, movie_path: str, seed: int, bind: str = "0.0.0.0", port: int = PORT,
                 seats: int = 1, password: str = "", author: str = "", log=None, source=None,
                 name: str = "Host", delay: int | None = None, user: UserFolder | None = None) -> None:
        super().__init__(settings, movie_path, log, source, name)
        self.user = user                         # the folder every machine's sitting starts on (None: a blank one)
        self.user_bytes = user.to_bytes() if user is not None else b""
        self.seed = seed
        self.author = author[:200]
        self.password = password
        self.owned = list(range(seats))
        self.fixed_delay = delay
        family = socket.AF_INET6 if ":" in bind else socket.AF_INET
        self.listener = socket.create_server((bind, port), family=family)
        self.listener.setblocking(False)
        self.port = self.listener.getsockname()[1]
        self.peers: list[Peer] = []
        self.departed: dict[str, tuple[list[int], float, str]] = {}   # id -> (pads, when, name)
        self.local_inputs: dict[int, tuple[int, list[int]]] = {}
        self.data = sitting_hash()
        self.waited: dict[int, int] = {}         # frame -> pads a WAIT was sent for
        self.lag = lag_from_env(1)
        self.stall_who = ""
        self.sealing = False                     # the frame being composed waits on seals
        self.opened_local: set[int] = set()       # this machine's own seals, opened
        self.gone_traffic = (0, 0)               # bytes (sent, received) of the links that ended
        self.told_lobby: tuple = ()              # the lobby last sent (rows, delay)

    # ---------------------------------------------------------------- who is here
    def taken(self, now: float) -> set[int]:
        pads = set(self.owned)
        for p in self.peers:
            if p.state in ("lobby", "live"):
                pads.update(p.pads)
        for ident, (pads_of, when, _) in list(self.departed.items()):
            if now - when > REJOIN_WITHIN:
                del self.departed[ident]
            else:
                pads.update(pads_of)
        return pads

    def delay_now(self) -> int:
        if self.fixed_delay is not None:
            return self.fixed_delay
        rtt = max([p.rtt for p in self.peers if p.state in ("lobby", "live") and p.role == "play"], default=0.0)
        return auto_delay(rtt)

    def lobby(self) -> list[dict]:
        """Who holds which pad (the lobby screen, the lobby message)."""
        rows = [{"name": self.name, "pads": [p + 1 for p in self.owned], "rtt": 0, "role": "host"}]
        for p in self.peers:
            if p.state in ("lobby", "live"):
                rows.append({"name": p.name, "pads": [q + 1 for q in p.pads], "rtt": round(p.rtt), "role": p.role})
        return rows

    def send(self, peer: Peer, data: bytes, now: float) -> None:
        peer.link.send(data, now)

    def broadcast(self, data: bytes, now: float, watchers: bool = True) -> None:
        for p in self.peers:
            if p.state in ("lobby", "live") and (watchers or p.role == "play"):
                p.link.send(data, now)

    # ---------------------------------------------------------------- the network
    def poll(self, now: float) -> None:
        """Take new connections, read every peer, answer what came."""
        for _ in range(4):
            try:
                sock, _addr = self.listener.accept()
            except (BlockingIOError, InterruptedError):
                break
            except OSError:
                break
            link = Link(sock, wire.FROM_GUEST, self.lag)
            peer = Peer(link, now)
            if len([p for p in self.peers if p.state != "gone"]) >= MAX_PEERS:
                self.refuse(peer, "the table is full", now)
                continue
            peer.nonce = os.urandom(8).hex()
            link.send(wire.control(wire.HELLO, {"program": program(), "nonce": peer.nonce}), now)
            self.peers.append(peer)
        for peer in list(self.peers):
            if peer.state == "gone":
                continue
            got = peer.link.pump(now)
            if got:
                peer.heard = now
            elif peer.state in ("lobby", "live") and peer.heard and now - peer.heard > SILENT_AFTER:
                peer.link.close(f"silent for {SILENT_AFTER:g} s")
            for kind, payload in got:
                try:
                    self.take(peer, kind, payload, now)
                except wire.WireError as e:
                    peer.link.close(str(e))
                    break
                if peer.state == "gone":
                    break
            if peer.state == "hello" and now - peer.since > HELLO_WITHIN and not peer.link.closed:
                peer.link.close(f"no hello within {HELLO_WITHIN:g} s")
            if peer.link.closed:
                self.drop(peer, peer.link.closed, now)
            elif now - peer.pinged >= PING_EVERY and peer.state in ("lobby", "live"):
                peer.pinged = now
                peer.link.send(wire.message(wire.PING, struct.pack(">d", now)), now)
        for p in self.peers:
            if p.state == "gone":
                self.gone_traffic = (self.gone_traffic[0] + p.link.sent, self.gone_traffic[1] + p.link.received)
        self.peers = [p for p in self.peers if p.state != "gone"]
        if self.machine is None:                 # the lobby as the host's screen shows it, to every guest,
            rows, delay = self.lobby(), self.delay_now()     # whenever it changed (an arrival, a leave, a
            if (repr(rows), delay) != self.told_lobby:       # round trip measured, the delay chosen)
                self.told_lobby = (repr(rows), delay)
                self.broadcast(wire.control(wire.LOBBY, {"rows": rows, "delay": delay}), now)

    def refuse(self, peer: Peer, why: str, now: float) -> None:
        self.log(f"refused {peer.link.peer or 'a guest'}: {why}")
        peer.link.send(wire.control(wire.REFUSE, {"why": why}), now)
        peer.link.flush(0.2)
        peer.link.close(why)
        peer.state = "gone"

    def drop(self, peer: Peer, why: str, now: float) -> None:
        was = peer.state
        if was == "gone":
            return
        peer.state = "gone"
        if was == "hello":
            self.log(f"dropped {peer.link.peer or 'a connection'}: {why}")
            return
        self.log(f"{peer.name} ({peer.link.peer}) left: {why}")
        if peer.role == "play" and peer.pads and self.machine is not None and self.over is None:
            self.departed[peer.ident] = (peer.pads, now, peer.name)
        self.waited.clear()
        peer.seals.clear()

    def take(self, peer: Peer, kind: int, payload: bytes, now: float) -> None:
        if peer.state == "hello":
            if kind != wire.HELLO:
                raise wire.WireError(f"a {wire.NAMES[kind]} message before its hello")
            self.hello(peer, payload, now)
            return
        if kind == wire.PONG:
            sent = struct.unpack(">d", payload)[0]
            if 0 <= now - sent < 30:
                ms = (now - sent) * 1000
                peer.rtt = ms if peer.rtt == 0 else 0.7 * peer.rtt + 0.3 * ms
        elif kind == wire.PING:
            peer.link.send(wire.message(wire.PONG, payload), now)
        elif kind == wire.BYE:
            why = wire.read_control(kind, payload, {"why": str})["why"]
            peer.link.close(f"said goodbye ({why[:80]})")
        elif peer.role != "play":
            return                               # a watcher sends nothing else that counts
        elif kind == wire.INPUT:
            frame, connected, bits = wire.read_input(payload)
            if len(bits) != len(peer.pads):
                raise wire.WireError(f"an input for {len(bits)} pads from a guest that has {len(peer.pads)}")
            now_at = len(self.frames)
            if self.machine is None or frame > now_at + 4 * DELAYS[1] + 600:
                return                           # far ahead: not used
            if peer.live_from is None:           # its first input (a guest come mid-sitting): its pads play
                # from this frame, or, when it comes too late (the host does not wait for a guest that
                # is not playing yet), from as far ahead as it was late and the delay more: by then
                # its inputs are in (the host waits for them from there, as for every player's)
                peer.live_from = frame if frame >= now_at else now_at + (now_at - frame) + self.delay
                self.log(f"{peer.name}'s pads play from frame {peer.live_from}")
            if frame < max(now_at, peer.live_from):
                return                           # too late (composed already), or before its pads play
            peer.inputs[frame] = (connected, bits)
        elif kind == wire.HASH:
            frame, h = wire.read_hash(payload)
            mine = self.own_hashes.get(frame)
            if mine is not None and mine != h:
                self.out_of_sync(frame, f"{peer.name}'s state hash {h}, the host's {mine}", now)
        elif kind == wire.SEAL:
            frame, pad, commit = wire.read_seal(payload)
            if pad in peer.pads and pad not in peer.seals:
                peer.seals[pad] = (frame, commit)
        elif kind == wire.REVEAL:
            frame, pad, answer, nonce = wire.read_reveal(payload)
            sealed = peer.seals.get(pad)
            if sealed is None or sealed[0] != frame or wire.commitment(frame, pad, answer, nonce) != sealed[1]:
                raise wire.WireError(f"an answer for pad {pad + 1} that is not the one it sealed")
            peer.opened[pad] = answer
        elif kind == wire.READY:
            pass

    def hello(self, peer: Peer, payload: bytes, now: float) -> None:
        got = wire.read_control(wire.HELLO, payload, {"program": str, "data": str, "role": str, "pads": int,
                                                      "proof": str, "id": str, "name": str})
        if got["program"] != program():
            return self.refuse(peer, f"another program: the host runs {program()}, the guest {got['program'][:40]}", now)
        if got["data"] != self.data:
            return self.refuse(peer, f"other game data (the host's {self.data}, the guest's {got['data'][:16]})", now)
        if got["role"] not in ("play", "watch"):
            return self.refuse(peer, f"no such role {got['role'][:20]!r}", now)
        if self.password and not hmac.compare_digest(got["proof"], password_proof(self.password, peer.nonce)):
            return self.refuse(peer, "wrong password", now)
        peer.name = "".join(ch for ch in got["name"][:16] if ch.isprintable()) or "Guest"
        peer.ident = got["id"][:64]
        peer.role = got["role"]
        self.taken(now)                          # forget guests gone for longer than REJOIN_WITHIN
        if peer.role == "play":
            old = next((p for p in self.peers if p is not peer and p.ident == peer.ident
                        and p.state in ("lobby", "live") and p.role == "play"), None)
            if old is not None:                  # the same machine again: its old connection is gone
                old.link.close("the same machine joined again")
                self.drop(old, "the same machine joined again", now)
            back = self.departed.pop(peer.ident, None)
            if back is not None:
                peer.pads = list(back[0])
                self.log(f"{peer.name} is back for pads {', '.join(str(p + 1) for p in peer.pads)}")
            else:
                want = max(1, min(PADS, got["pads"]))
                free = [p for p in range(PADS) if p not in self.taken(now)]
                if len(free) < want:
                    return self.refuse(peer, "the table is full" if not free else
                                       f"the table has {len(free)} pad(s) free, not {want}", now)
                peer.pads = free[:want]
        peer.state = "lobby" if self.machine is None else "live"
        peer.link.send(wire.control(wire.WELCOME, {"pads": peer.pads, "name": peer.name}), now)
        self.log(f"{peer.name} ({peer.link.peer}) {'watches' if peer.role == 'watch' else 'joins'}"
                 + (f": pads {', '.join(str(p + 1) for p in peer.pads)}" if peer.pads else ""))
        if self.machine is not None:             # mid-sitting: the sitting so far, then live
            self.send_start(peer, now)           # (in the lobby, ``poll`` tells everyone the lobby anew)

    def send_start(self, peer: Peer, now: float) -> None:
        names = {str(p): self.names.get(p, "") for p in range(PADS)}
        data = self.user_bytes
        for at in range(0, len(data), wire.USER_CHUNK):
            peer.link.send(wire.pack_user(at, len(data), data[at:at + wire.USER_CHUNK]), now)
        peer.link.send(wire.control(wire.START, {"seed": self.seed, "settings": self.play, "author": self.author,
                                                 "delay": self.delay, "names": names, "frame": len(self.frames),
                                                 "user": self.user.digest() if self.user is not None else ""}), now)
        peer.sent_to = 0
        self.send_frames(peer, now)

    def send_frames(self, peer: Peer, now: float) -> None:
        """The frames it has not had yet; a long history (a watcher or a guest joining mid-sitting)
        goes a piece at a time, as the link drains (never more than HISTORY_AHEAD bytes waiting)."""
        while peer.sent_to < len(self.frames) and peer.link.waiting() < HISTORY_AHEAD:
            chunk = self.frames[peer.sent_to:peer.sent_to + wire.MAX_FRAMES]
            peer.link.send(wire.pack_frames(peer.sent_to, [(f.buttons, f.connected) for f in chunk]), now)
            peer.sent_to += len(chunk)

    # ---------------------------------------------------------------- the sitting
    def start(self, now: float) -> None:
        """The host starts: every guest in the lobby plays from frame 0."""
        self.play = play_settings(self.settings)
        delay = self.delay_now()
        self.begin(self.seed, self.play, self.author, delay, self.user)
        for p in self.owned:
            self.names[p] = self.name
        for peer in self.peers:
            if peer.state == "lobby":
                peer.state = "live"
                if peer.role == "play":
                    peer.live_from = 0
                    for p in peer.pads:
                        self.names[p] = peer.name
                    for f in range(delay):           # the first D frames: nothing pressed yet
                        peer.inputs[f] = ((1 << len(peer.pads)) - 1, [0] * len(peer.pads))
        for f in range(delay):
            self.local_inputs[f] = ((1 << len(self.owned)) - 1, [0] * len(self.owned))
        for peer in self.peers:
            if peer.state == "live":
                self.send_start(peer, now)
        self.log(f"started: seed {self.seed}, input delay {delay} frames")

    def tick(self, now: float, budget: int = 8) -> int:
        """One tick of the sitting: this machine's pads sampled for the next frame due, frames
        composed and stepped while every pad's input is in (at most ``budget``). Returns the
        frames stepped."""
        m = self.machine
        if self.over is not None or m.quit:
            return 0
        stepped = 0
        while stepped < budget:
            if self.next_sample <= m.frame + self.delay:
                local = self.read_local()
                self.local_inputs[self.next_sample] = self.sample(local, self.next_sample)
                self.next_sample += 1
            elif self.awaits_mine():
                self.watch_seals(self.read_local())
            n = len(self.frames)
            if n == m.frame:
                if not self.compose(n, now):
                    if self.stall_since is None:
                        self.stall_since = now
                    break
            self.stall_since = None
            stepped += self.step_known(1)
            if m.quit or self.over is not None:
                break
        for peer in self.peers:
            if peer.state == "live":
                self.send_frames(peer, now)
        if m.quit and self.over is None:
            self.stop("the game quit")
        self.count_stall(budget, stepped)
        return stepped

    def compose(self, n: int, now: float) -> bool:
        """Frame ``n`` from every pad's input, if all is in (and every seal of it opened)."""
        local = self.local_inputs.get(n)
        if local is None:
            return False
        players = [p for p in self.peers if p.state == "live" and p.role == "play" and p.live_from is not None
                   and p.live_from <= n]
        for p in players:
            if n not in p.inputs:
                self.stall_who = ", ".join(f"Player {q + 1}" for q in p.pads)
                return False
        if not self.seals_open(n, players, now):
            return False
        buttons = [0] * PADS
        connected = 0
        lc, lb = local
        for i, pad in enumerate(self.owned):
            buttons[pad] = lb[i]
            if lc >> i & 1:
                connected |= 1 << pad
        for p in players:
            pc, pb = p.inputs.pop(n)
            for i, pad in enumerate(p.pads):
                buttons[pad] = pb[i]
                if pc >> i & 1:
                    connected |= 1 << pad
        for pad, (_, bits, _) in list(self.seals.items()):
            if pad in self.opened_local:
                buttons[pad] = bits
        for p in players:
            for pad, bits in p.opened.items():
                buttons[pad] = bits
        if self.sealing:
            self.seals.clear()
            self.opened_local = set()
            for p in players:
                p.seals.clear()
                p.opened.clear()
                p.asked_open = False
            self.waiting = None
            self.sealing = False
            self.broadcast(wire.pack_wait(n, 0), now)
        del self.local_inputs[n]
        self.frames.append(PadFrame(tuple(buttons), connected))  # type: ignore[arg-type]
        return True

    def seals_open(self, n: int, players: list[Peer], now: float) -> bool:
        """Whether frame ``n`` may be composed as far as seals go: no seal for it or before it,
        or every pad answering in secret has sealed and every seal is open."""
        first = min([f for f, _, _ in self.seals.values()] + [f for p in players for f, _ in p.seals.values()],
                    default=None)
        if first is None or first > n:
            return True
        self.sealing = True
        live = set(self.owned)
        for p in players:
            live.update(p.pads)
        secret = self.secret_after.get(n - self.delay, 0)
        have = set(self.seals)
        for p in players:
            have.update(p.seals)
        pending = sum(1 << pad for pad in range(PADS) if secret >> pad & 1 and pad in live and pad not in have)
        if pending:
            if self.waited.get(n) != pending:
                self.waited = {n: pending}
                self.broadcast(wire.pack_wait(n, pending), now)
            self.waiting = (n, pending)
            self.stall_who = ", ".join(f"Player {q + 1}" for q in range(PADS) if pending >> q & 1)
            return False
        self.waiting = None
        self.opened_local = set(self.seals)
        opened = True
        for p in players:
            if p.seals and len(p.opened) < len(p.seals):
                if not p.asked_open:
                    p.asked_open, p.opened_at = True, now
                    p.link.send(wire.pack_frame_number(wire.OPEN, n), now)
                elif now - p.opened_at > SILENT_AFTER:
                    p.link.close(f"did not open its sealed answer within {SILENT_AFTER:g} s")
                opened = False
        return opened

    def hashed(self, frame: int, h: str) -> None:
        self.broadcast(wire.pack_hash(frame, h), time.monotonic())

    def out_of_sync(self, frame: int, detail: str, now: float) -> None:
        why = f"out of sync at frame {frame}"
        self.log(f"{why}: {detail}")
        self.report = [why, detail, f"this machine: the host; its state hash at frame {frame}: "
                       f"{self.own_hashes.get(frame, '?')}", f"movie: {self.movie_path}"]
        self.broadcast(wire.control(wire.DESYNC, {"frame": frame, "why": detail}), now)
        self.stop(why, 1)

    def waiting_for(self) -> str:
        return f"Waiting for {self.stall_who or 'a guest'}"

    def finish(self, why: str, now: float) -> None:
        """The host leaves: every machine steps to the host's last frame and stops."""
        for peer in self.peers:
            if peer.state in ("lobby", "live"):
                peer.link.send(wire.control(wire.BYE, {"why": why, "frame": len(self.frames)}), now)
                peer.link.flush(0.5)
                peer.link.close("the sitting ended", graceful=True)
        try:
            self.listener.close()
        except OSError:
            pass

    def links(self) -> list[Link]:
        return [p.link for p in self.peers if p.state != "gone"]

    def listening(self) -> list[socket.socket]:
        return [self.listener] if self.listener.fileno() >= 0 else []

    def traffic(self) -> tuple[int, int]:
        """Bytes (sent, received) over every link so far."""
        return (self.gone_traffic[0] + sum(p.link.sent for p in self.peers),
                self.gone_traffic[1] + sum(p.link.received for p in self.peers))


# ---------------------------------------------------------------- a guest or a watcher
class Guest(Sitting):
    """A machine at the host's table (``role`` "play") or watching it ("watch")."""

    def __init__(self, settings, movie_path: str, address: str, port: int = PORT, role: str = "play",
                 pads: int = 1, password: str = "", ident: str = "", log=None, source=None,
                 name: str = "Guest", timeout: float = 5.0) -> None:
        super().__init__(settings, movie_path, log, source, name)
        self.role = role
        try:
            sock = connect(address, port, timeout)
        except OSError as e:
            raise NetError(f"cannot reach {address}:{port} ({e.strerror or e})") from None
        self.link = Link(sock, wire.FROM_HOST, lag_from_env(2))
        self.want_pads = pads
        self.password = password
        self.ident = ident
        self.state = "hello"
        self.rows: list[dict] = []
        self.lobby_delay = 0
        self.since = time.monotonic()
        self.catching = False                  # joined mid-sitting: pads sent once near the live frame
        self.bye = ""
        self.joined_at = 0
        self.heard = 0.0
        self.user_bytes = bytearray()          # the user folder the sitting starts on, as it comes

    def poll(self, now: float) -> None:
        got = self.link.pump(now)
        if got or self.heard == 0.0:
            self.heard = now
        elif now - self.heard > SILENT_AFTER and self.state != "hello" and self.over is None and self.end_frame is None:
            self.link.close(f"silent for {SILENT_AFTER:g} s")
        for kind, payload in got:
            try:
                self.take(kind, payload, now)
            except wire.WireError as e:
                self.link.close(str(e))
                break
            if self.over is not None:
                break
        if self.link.closed and self.over is None:
            if self.end_frame is None:
                self.stop(f"the host is gone: {self.link.closed}", 2 if self.machine is None else 1)
        if self.state == "hello" and now - self.since > HELLO_WITHIN and self.over is None:
            self.stop("the host did not answer", 2)

    def take(self, kind: int, payload: bytes, now: float) -> None:
        if kind == wire.HELLO and self.state == "hello":
            got = wire.read_control(kind, payload, {"program": str, "nonce": str})
            self.link.send(wire.control(wire.HELLO, {
                "program": program(), "data": sitting_hash(), "role": self.role, "pads": self.want_pads,
                "proof": password_proof(self.password, got["nonce"]), "id": self.ident, "name": self.name}), now)
            self.state = "sent"
        elif kind == wire.REFUSE:
            why = wire.read_control(kind, payload, {"why": str})["why"]
            self.stop(f"the host refused: {why[:200]}", 2)
        elif kind == wire.WELCOME:
            got = wire.read_control(kind, payload, {"pads": list})
            self.owned = [int(p) for p in got["pads"] if isinstance(p, int) and 0 <= p < PADS][:PADS]
            self.state = "lobby"
        elif kind == wire.LOBBY:
            got = wire.read_control(kind, payload, {"rows": list, "delay": int})
            self.rows = [r for r in got["rows"] if isinstance(r, dict)]
            self.lobby_delay = got["delay"]
        elif kind == wire.PING:
            self.link.send(wire.message(wire.PONG, payload), now)
        elif kind == wire.PONG:
            pass
        elif kind == wire.START:
            if self.machine is not None:
                raise wire.WireError("a second start")
            got = wire.read_control(kind, payload, {"seed": int, "settings": dict, "author": str, "delay": int,
                                                    "names": dict, "frame": int, "user": str})
            delay = got["delay"]
            if not DELAYS[0] <= delay <= DELAYS[1]:
                raise wire.WireError(f"an input delay of {delay} frames")
            user = None
            if got["user"]:
                try:
                    user = UserFolder.from_bytes(bytes(self.user_bytes), "the host's user folder")
                except FormatError as e:
                    raise wire.WireError(e.problems[0]) from None
                if user.digest() != got["user"]:
                    raise wire.WireError("the host's user folder came damaged (its digest differs)")
            self.user_bytes = bytearray()
            try:
                self.begin(got["seed"], _play_of(got["settings"]), got["author"][:200], delay, user)
            except (TypeError, ValueError) as e:
                raise wire.WireError(f"a start whose settings cannot be played ({e})") from None
            self.names = {int(k): str(v)[:16] for k, v in got["names"].items() if k.isdigit() and int(k) < PADS}
            self.state = "live"
            self.joined_at = got["frame"]
            self.catching = got["frame"] > 0
            if self.role == "play" and got["frame"] == 0:
                for f in range(delay):
                    self.link.send(wire.pack_input(f, (1 << len(self.owned)) - 1, [0] * len(self.owned)), now)
            elif self.role == "play":
                self.next_sample = 1 << 62      # a rejoin: pads are sent once caught up (``tick``)
        elif kind == wire.USER:
            offset, total, data = wire.read_user(payload)
            if self.machine is not None or offset != len(self.user_bytes) or total > USER_LIMIT + (1 << 20) \
                    or offset + len(data) > total:
                raise wire.WireError(f"a piece of a user folder at {offset} where {len(self.user_bytes)} was next")
            self.user_bytes += data
        elif kind == wire.FRAMES:
            first, frames = wire.read_frames(payload)
            if self.machine is None or first != len(self.frames):
                raise wire.WireError(f"frames from {first} where {len(self.frames)} was next")
            self.frames.extend(PadFrame(b, c) for b, c in frames)
        elif kind == wire.HASH:
            frame, h = wire.read_hash(payload)
            self.host_hashes[frame] = h
            self.host_hashes.pop(frame - 20 * HASH_EVERY, None)
            self.compare(frame)
        elif kind == wire.DESYNC:
            got = wire.read_control(kind, payload, {"frame": int, "why": str})
            self.out_of_sync(got["frame"], got["why"][:300])
        elif kind == wire.WAIT:
            frame, pads = wire.read_wait(payload)
            self.waiting = (frame, pads) if pads else None
        elif kind == wire.OPEN:
            frame = wire.read_frame_number(payload)
            for pad, (f, bits, nonce) in list(self.seals.items()):
                self.link.send(wire.pack_reveal(f, pad, bits, nonce), now)
            self.seals.clear()
            self.waiting = None
        elif kind == wire.BYE and self.machine is None:
            why = wire.read_control(kind, payload, {"why": str})["why"][:200]
            self.stop(f"the host left before the start ({why})", 2)
        elif kind == wire.BYE:
            got = wire.read_control(kind, payload, {"why": str})
            data = json.loads(payload.decode())
            end = data.get("frame")
            self.end_frame = end if isinstance(end, int) and not isinstance(end, bool) else len(self.frames)
            self.bye = got["why"][:200]
        else:
            raise wire.WireError(f"a {wire.NAMES[kind]} message here")

    def sealed(self, frame: int, pad: int, commit: bytes) -> None:
        self.link.send(wire.pack_seal(frame, pad, commit), time.monotonic())

    def hashed(self, frame: int, h: str) -> None:
        if self.role == "play":
            self.link.send(wire.pack_hash(frame, h), time.monotonic())
        self.compare(frame)

    def compare(self, frame: int) -> None:
        mine, theirs = self.own_hashes.get(frame), self.host_hashes.get(frame)
        if mine is not None and theirs is not None and mine != theirs and self.over is None:
            self.out_of_sync(frame, f"this machine's state hash {mine}, the host's {theirs}")

    def out_of_sync(self, frame: int, detail: str) -> None:
        why = f"out of sync at frame {frame}"
        self.log(f"{why}: {detail}")
        self.report = [why, detail, f"this machine: {self.name} ({self.role}); its state hash at frame {frame}: "
                       f"{self.own_hashes.get(frame, '?')}", f"movie: {self.movie_path}"]
        self.stop(why, 1)

    def tick(self, now: float, budget: int = 8) -> int:
        """Send this machine's pads for the next frame due (once a tick), step the frames
        known (``budget``; far behind, as many as CATCH_UP_S of fast-forward allows)."""
        m = self.machine
        if m is None or self.over is not None:
            return 0
        if self.catching and self.behind() <= max(budget, self.delay):
            self.catching = False
            if self.role == "play" and self.next_sample > m.frame + 4 * DELAYS[1]:
                self.next_sample = m.frame + self.delay
                self.log(f"caught up at frame {m.frame}")
        if self.role == "play" and self.end_frame is None and not self.catching:
            if self.next_sample <= m.frame + self.delay:
                local = self.read_local()
                connected, bits = self.sample(local, self.next_sample)
                self.link.send(wire.pack_input(self.next_sample, connected, bits), now)
                self.next_sample += 1
            elif self.awaits_mine():
                self.watch_seals(self.read_local())
        if self.behind() == 0:
            if self.end_frame is not None and m.frame >= self.end_frame:
                self.stop(f"the host ended the sitting ({self.bye})")
                return 0
            if self.stall_since is None:
                self.stall_since = now
            self.count_stall(budget, 0)
            return 0
        self.stall_since = None
        if self.behind() > 60:                   # far behind (joined mid-sitting, a long stall): fast-forward
            stepped = 0
            end = time.perf_counter() + CATCH_UP_S
            while self.behind() > 0 and time.perf_counter() < end and self.over is None and not m.quit:
                stepped += self.step_known(64)
        else:
            stepped = self.step_known(max(budget, self.behind() - self.delay))
        if m.quit and self.over is None:
            self.stop("the game quit")
        self.count_stall(budget, stepped)
        return stepped

    def finish(self, why: str, now: float) -> None:
        if not self.link.closed:
            self.link.send(wire.control(wire.BYE, {"why": why}), now)
            self.link.flush(0.5)
            self.link.close("left", graceful=True)

    def links(self) -> list[Link]:
        return [self.link]

    def traffic(self) -> tuple[int, int]:
        return self.link.sent, self.link.received


def _play_of(settings: dict) -> dict:
    """The host's settings that change play, as a guest takes them (only those keys)."""
    return {k: settings[k] for k in PLAY_SETTINGS if k in settings}


def machine_id() -> str:
    """This machine's netplay id (kept in the user's data folder): a dropped guest that joins
    again from it gets its pads back."""
    path = Path(platformdirs.user_data_dir("tdream")) / "netplay-id"
    try:
        text = path.read_text(encoding="ascii").strip()
        if len(text) == 32 and all(c in "0123456789abcdef" for c in text):
            return text
    except OSError:
        pass
    ident = os.urandom(16).hex()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomic(path, ident + "\n")
    except OSError:
        pass
    return ident


__all__ = ["Guest", "Host", "Lag", "NetError", "PORT", "Sitting", "auto_delay", "machine_id"]
