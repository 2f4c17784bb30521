"""Netplay's tests and bench: machines as processes (``tdream netplay host|join|watch --headless``)
on the loopback, each with its own user folders, log and movie, and a raw client that speaks the
wire protocol (or not) to a live host.

Every process runs under a timeout and is killed by ``Table.close`` if it is still there; every
wait is bounded in time.
"""
from __future__ import annotations

import functools
import json
import os
import random
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time
import traceback
from pathlib import Path

from tdream.frontend import wire
from tdream.frontend.movie import load_movie
from tdream.frontend.netplay import password_proof, program, sitting_hash
from tdream.frontend.netplay_run import turns_of
from tdream.frontend.run import run_movie
from tdream.frontend.table import TableScene

ROOT = Path(__file__).resolve().parents[2]
LAG = "80-150/30/400"            # the link: 80-150 ms round trip, 30 ms jitter, 400 ms stalls


def free_port() -> int:
    """A port on 127.0.0.1 in 40000-60000 nobody listens on now."""
    r = random.Random()
    for _ in range(200):
        port = r.randrange(40000, 60000)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return port
    raise RuntimeError("no free port in 40000-60000")


def base_env() -> dict[str, str]:
    """The children's environment: this tree's tdream, dummy SDL drivers, pure only if we are."""
    env = {k: v for k, v in os.environ.items()
           if k not in ("TDREAM_PURE", "TDREAM_NETPLAY_LAG", "TDREAM_NETPLAY_FLIP")}
    env["PYTHONPATH"] = str(ROOT) + (os.pathsep + env["PYTHONPATH"] if env.get("PYTHONPATH") else "")
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    if os.environ.get("TDREAM_PURE"):
        env["TDREAM_PURE"] = os.environ["TDREAM_PURE"]
    return env


class Proc:
    """One ``tdream`` process: its log (stdout and stderr) in a file."""

    def __init__(self, name: str, args: list[str], folder: Path, env: dict[str, str], timeout: float) -> None:
        self.name = name
        self.log_path = folder / f"{name}.log"
        self.started = time.monotonic()
        self.started_at = time.time()
        self.timeout = timeout
        self.cpu: float | None = None
        with open(self.log_path, "w") as log:
            self.popen = subprocess.Popen(
                ["timeout", "-s", "KILL", str(int(timeout) + 5), sys.executable, "-m", "tdream", *args],
                cwd=folder, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        self.ended: float | None = None

    def wait(self, timeout: float | None = None) -> int:
        """Its exit code (killed if it outlives ``timeout``, or its own)."""
        left = self.timeout - (time.monotonic() - self.started) if timeout is None else timeout
        try:
            code = self.popen.wait(timeout=max(0.1, left))
        except subprocess.TimeoutExpired:
            self.kill()
            code = self.popen.wait(timeout=10)
        if self.ended is None:
            self.ended = time.monotonic()
        return code

    def alive(self) -> bool:
        return self.popen.poll() is None

    def seconds(self) -> float:
        """From its start to its log's last line (its closing figures, once it ended)."""
        try:
            return self.log_path.stat().st_mtime - self.started_at
        except OSError:
            return 0.0

    def kill(self, sig: int = signal.SIGKILL) -> None:
        """``sig`` to this process's group (the timeout wrapper and tdream), if it still runs."""
        if self.popen.poll() is None:
            try:
                os.killpg(self.popen.pid, sig)
            except ProcessLookupError:
                pass

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")
        except OSError:
            return ""

    def wait_for(self, text: str, timeout: float) -> bool:
        """Whether ``text`` shows in its log within ``timeout`` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if text in self.log():
                return True
            if not self.alive():
                return text in self.log()
            time.sleep(0.1)
        return False


class Table:
    """A sitting's machines in one folder: ``host``, ``join``, ``watch`` start them."""

    def __init__(self, folder: Path, game: str = "towers", humans: int = 2, lag: str | None = LAG,
                 timeout: float = 240.0, window: bool = False) -> None:
        self.window = window          # each machine in its window's loop (SDL's dummy driver: nobody sees it), paced
        self.folder = Path(folder)
        self.folder.mkdir(parents=True, exist_ok=True)
        self.game, self.humans, self.lag, self.timeout = game, humans, lag, timeout
        self.port = free_port()
        self.procs: dict[str, Proc] = {}

    def env(self, name: str, home: str | None = None, **extra: str) -> dict[str, str]:
        """A machine's environment: its own HOME and data folders (its own netplay id; ``home``:
        another machine's, to be that machine again)."""
        env = base_env()
        home_dir = self.folder / f"home-{home or name}"
        (home_dir / "data").mkdir(parents=True, exist_ok=True)
        env.update(HOME=str(home_dir), XDG_DATA_HOME=str(home_dir / "data"),
                   XDG_CONFIG_HOME=str(home_dir / "config"), XDG_STATE_HOME=str(home_dir / "state"),
                   XDG_CACHE_HOME=str(home_dir / "cache"))
        if self.lag:
            env["TDREAM_NETPLAY_LAG"] = self.lag
        env.update(extra)
        return env

    def movie(self, name: str) -> Path:
        return self.folder / f"{name}.tdm"

    def start(self, name: str, args: list[str], home: str | None = None, timeout: float | None = None,
              **extra: str) -> Proc:
        proc = Proc(name, args, self.folder, self.env(name, home, **extra), timeout or self.timeout)
        self.procs[name] = proc
        return proc

    def host(self, name: str = "host", *more: str, turns: int | None = None, frames: int | None = None,
             expect: int = 1, seed: int = 5, **extra: str) -> Proc:
        args = ["netplay", "host", *self.headless(), "--bind", "127.0.0.1", "--port", str(self.port),
                "--script", f"{self.game}:{self.humans}", "--expect", str(expect), "--seed", str(seed),
                "--movie", str(self.movie(name)), "--deadline", str(int(self.timeout - 20)), "--name", name[:16]]
        if turns is not None:
            args += ["--turns", str(turns)]
        if frames is not None:
            args += ["--frames", str(frames)]
        return self.start(name, args + list(more), **extra)

    def join(self, name: str, *more: str, home: str | None = None, role: str = "join", script: bool = True,
             timeout: float | None = None, **extra: str) -> Proc:
        args = ["netplay", role, f"127.0.0.1:{self.port}", *self.headless(), "--movie", str(self.movie(name)),
                "--name", name[:16], "--deadline", str(int((timeout or self.timeout) - 20))]
        if script and role == "join":
            args += ["--script", f"{self.game}:{self.humans}"]
        return self.start(name, args + list(more), home=home, timeout=timeout, **extra)

    def headless(self) -> list[str]:
        """``--headless``, unless the machines run their windows (``window``)."""
        return [] if self.window else ["--headless"]

    def watch(self, name: str = "watch", *more: str, **extra: str) -> Proc:
        return self.join(name, *more, role="watch", **extra)

    def wait_all(self) -> dict[str, int]:
        return {name: p.wait() for name, p in self.procs.items()}

    def close(self) -> None:
        """Every process still running killed (a test that failed half way leaves none)."""
        for p in self.procs.values():
            p.kill()
        for p in self.procs.values():
            try:
                p.popen.wait(timeout=10)
            except subprocess.TimeoutExpired:
                pass

    def logs(self) -> str:
        return "\n".join(f"---- {name}\n{p.log()}" for name, p in self.procs.items())


def cpu_of_children() -> float:
    """CPU seconds (user and system) of this process's children that ended and were waited for."""
    t = os.times()
    return t.children_user + t.children_system


def verify(movie: Path, timeout: float = 300.0) -> subprocess.CompletedProcess:
    """``tdream movie verify MOVIE``'s result (its output in ``stdout``)."""
    return subprocess.run([sys.executable, "-m", "tdream", "movie", "verify", str(movie)], cwd=movie.parent,
                          env=base_env(), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          timeout=timeout)


def out_of_sync_frame(log: str) -> int | None:
    """N of the first "out of sync at frame N" in a log, or None."""
    key = "out of sync at frame "
    at = log.find(key)
    if at < 0:
        return None
    digits = ""
    for ch in log[at + len(key):]:
        if not ch.isdigit():
            break
        digits += ch
    return int(digits) if digits else None


# ---------------------------------------------------------------- a raw client (hostile or not)
@functools.cache
def data_of_sitting() -> str:
    """``netplay.sitting_hash()`` (made once: it hashes every game's data)."""
    return sitting_hash()


def hello_body(**change) -> dict:
    """A guest's hello as this program sends it, with ``change`` over it."""
    body = {"program": program(), "data": data_of_sitting(), "role": "watch", "pads": 1, "proof": "",
            "id": os.urandom(16).hex(), "name": "Raw"}
    body.update(change)
    return body


def hello(**change) -> bytes:
    return wire.control(wire.HELLO, hello_body(**change))


def raw_hello(magic: bytes = wire.MAGIC, version: int = wire.PROTOCOL, body: dict | None = None) -> bytes:
    """A hello framed by hand (another magic, another version)."""
    payload = magic + bytes([version]) + json.dumps(body or hello_body()).encode()
    return struct.pack(">BH", wire.HELLO, len(payload)) + payload


PROOF = "P" * 64                 # in what a Raw sends: the password's proof of that connection's nonce


class Raw:
    """A socket to a host that sends what it is told and reads what comes back (bounded);
    PROOF in what it sends becomes the password's proof for this connection (read from the
    host's hello first)."""

    def __init__(self, port: int, rcvbuf: int | None = None, timeout: float = 5.0) -> None:
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        if rcvbuf:
            self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.settimeout(timeout)
        self.sock.connect(("127.0.0.1", port))
        self.decoder = wire.Decoder(wire.FROM_HOST)
        self.got: list[tuple[int, bytes]] = []
        self.eof = False
        self.error = ""

    def proof(self) -> str:
        """PASSWORD's proof of the nonce in the host's hello to this connection ("" if none came)."""
        for kind, payload in self.read_until({wire.HELLO}, 10):
            if kind == wire.HELLO:
                return password_proof(PASSWORD, wire.read_control(kind, payload, {"nonce": str})["nonce"])
        return ""

    def send(self, data: bytes) -> bool:
        """Whether all of ``data`` went (the host may close before it is all sent)."""
        mark = PROOF.encode()
        if mark in data:
            data = data.replace(mark, self.proof().encode().ljust(len(mark), b"0"))
        try:
            self.sock.sendall(data)
            return True
        except OSError as e:
            self.error = str(e)
            return False

    def read_until(self, kinds: set[int] | None = None, timeout: float = 5.0) -> list[tuple[int, bytes]]:
        """Messages until one of ``kinds`` comes (None: until the host closes), the host closes,
        or ``timeout`` seconds pass."""
        end = time.monotonic() + timeout
        while time.monotonic() < end and not self.eof:
            if kinds is not None and any(k in kinds for k, _ in self.got):
                break
            self.sock.settimeout(max(0.01, min(0.5, end - time.monotonic())))
            try:
                data = self.sock.recv(65536)
            except socket.timeout:
                continue
            except OSError as e:
                self.error = str(e)
                self.eof = True
                break
            if not data:
                self.eof = True
                break
            try:
                self.got += self.decoder.feed(data)
            except wire.WireError as e:
                self.error = str(e)
                self.eof = True
        return self.got

    def refusal(self) -> str | None:
        """The why of a refuse message read, or None."""
        for kind, payload in self.got:
            if kind == wire.REFUSE:
                return wire.read_control(kind, payload, {"why": str})["why"]
        return None

    def close(self) -> None:
        try:
            self.sock.close()
        except OSError:
            pass


# ---------------------------------------------------------------- test_netplay.py's sittings
# All four started at once (at collection, ``conftest.py``, or by the test module's fixture):
# they mostly wait on the lag link, so they overlap one another and the rest of the suite.
FLIP_AT = 200                    # the divergent guest's state flips after this frame
PASSWORD = "tower39"
KILL_AFTER_S = 10.0              # seconds after the start the rejoin test's guest is killed (paced: at the table)
FUZZ_CONNECTIONS = 240


class Suite:
    """test_netplay.py's sittings, each a ``Table`` and (for the rejoin and the hostile input)
    a thread that drives it; ``results`` what the threads saw; ``wait`` joins them."""

    def __init__(self, folder: Path) -> None:
        self.folder = Path(folder)
        self.started = time.monotonic()
        self.cpu_before = cpu_of_children()
        self.results: dict[str, dict] = {"rejoin": {}, "hostile": {}}
        self.tables: dict[str, Table] = {}
        self.threads: list = []
        try:
            three = self.tables["three"] = Table(self.folder / "three", "towers", 2, lag=LAG, timeout=180)
            three.host("host", turns=3)
            flip = self.tables["flip"] = Table(self.folder / "flip", "towers", 2, lag=None, timeout=120)
            flip.host("host", frames=3000)
            rejoin = self.tables["rejoin"] = Table(self.folder / "rejoin", "towers", 2, lag=LAG, timeout=110)
            rejoin.host("host", "--paced", turns=4)          # alone, a host unpaced would race ahead
            hostile = self.tables["hostile"] = Table(self.folder / "hostile", "towers", 2, lag=LAG, timeout=240)
            hostile.host("host", "--paced", "--password", PASSWORD, turns=8)     # paced: it outlasts the driver
            for table in self.tables.values():
                table.procs["host"].wait_for("hosting on port", 90)
            three.join("guest")
            three.watch("watch")
            flip.join("guest", TDREAM_NETPLAY_FLIP=str(FLIP_AT))
            rejoin.join("guest", "--paced")
            hostile.join("guest", "--paced", "--password", PASSWORD)
            for target, name in ((self.drive_rejoin, "rejoin"), (self.drive_hostile, "hostile")):
                thread = threading.Thread(target=self.guarded, args=(target, name), daemon=True)
                thread.start()
                self.threads.append(thread)
        except BaseException:
            self.close()
            raise

    def guarded(self, target, name: str) -> None:
        try:
            target(self.tables[name], self.results[name])
        except Exception as e:                   # the test reports it
            self.results[name]["error"] = f"{type(e).__name__}: {e}\n{traceback.format_exc()}"

    def wait(self, timeout: float = 300.0) -> None:
        end = time.monotonic() + timeout
        for thread in self.threads:
            thread.join(max(0.1, end - time.monotonic()))

    def close(self) -> None:
        for table in self.tables.values():
            table.close()

    # ---------------------------------------------------------------- the rejoin
    def drive_rejoin(self, t: Table, out: dict) -> None:
        """The guest killed (SIGKILL) mid-match, then the same machine (its HOME: its netplay id)
        joins again."""
        host = t.procs["host"]
        if not host.wait_for("started:", 60):
            out["error"] = "the host did not start"
            return
        time.sleep(KILL_AFTER_S)
        guest = t.procs["guest"]
        out["alive_when_killed"] = guest.alive()
        guest.kill(signal.SIGKILL)
        guest.wait(10)
        out["host_saw_it_leave"] = host.wait_for(" left: ", 15)
        t.join("again", "--paced", home="guest")
        out["rejoined"] = host.wait_for("is back for pads", 30)

    # ---------------------------------------------------------------- hostile input
    def drive_hostile(self, t: Table, out: dict) -> None:
        """Hostile connections against a live host (its guest plays on): what each got, by
        case (``out["cases"]``: name -> (local port, refusal or None, closed by the host))."""
        host = t.procs["host"]
        if not host.wait_for("started:", 60):
            out["error"] = "the host did not start"
            return
        t0 = time.monotonic()
        cases: dict[str, tuple] = {}
        out["cases"] = cases
        proof = PROOF                            # each connection's own (Raw.send puts it in)
        out["cli"] = {"password": t.join("cli-password", "--password", "wrong", script=False, timeout=60),
                      "pads": t.join("cli-pads", "--password", PASSWORD, "--pads", "3", script=False, timeout=60)}
        slow = [threading.Thread(target=self.half_sent, args=(t.port, cases), daemon=True),
                threading.Thread(target=self.never_reads, args=(t.port, proof, cases), daemon=True)]
        for thread in slow:
            thread.start()
        rng = random.Random(39)
        quick = {
            "wrong magic": raw_hello(magic=b"TDXX"),
            "other protocol version": raw_hello(version=wire.PROTOCOL + 1),
            "another program": hello(program="tdream 0.0.1", proof=proof),
            "other data hash": hello(data="0" * 16, proof=proof),
            "wrong password": hello(proof="0" * 64),
            "no such role": hello(role="referee", proof=proof),
            "too many pads": hello(role="play", pads=3, proof=proof),
            "hello with wrong types": hello(pads="two", proof=proof),
            "not a hello first": wire.pack_input(0, 1, [0]),
            "10 MB of random bytes": bytes(rng.getrandbits(8) for _ in range(1 << 16)) * 160,
            # after a hello the host welcomed (a watcher's, live in the sitting)
            "unknown kind": (hello(proof=proof), frame_raw(99, b"abcd")),
            "wrong size": (hello(proof=proof), frame_raw(wire.INPUT, b"\0\0")),
            "host-only kind": (hello(proof=proof), wire.pack_frames(0, [((0, 0, 0, 0), 1)])),
            "a flood": (hello(proof=proof), wire.message(wire.PING, b"\0" * 8) * 5000),
            "input of a watcher": (hello(proof=proof), wire.pack_input(10, 1, [1]) * 3 + wire.control(
                wire.BYE, {"why": "done"})),
        }
        for name, data in quick.items():
            cases[name] = self.throw(t.port, data)
        for thread in slow:
            thread.join(30)
        out["alive_after_cases"] = host.alive()
        out["seconds"] = {"cases": time.monotonic() - t0}
        cases["table full"] = self.fill_table(t.port)
        t1 = time.monotonic()
        out["fuzz"] = fuzz(t.port, proof, FUZZ_CONNECTIONS, seed=39)
        out["seconds"]["fuzz"] = time.monotonic() - t1
        out["alive_after_fuzz"] = host.alive()

    @staticmethod
    def throw(port: int, data: bytes | tuple[bytes, bytes], read_s: float = 5.0) -> tuple[int, str | None, bool]:
        """(local port, the refusal read or None, whether the host closed) after ``data`` is sent
        (a pair: the first, then once the host welcomed it, the second)."""
        raw = Raw(port)
        try:
            local = raw.sock.getsockname()[1]
            if isinstance(data, tuple):
                raw.send(data[0])
                raw.read_until({wire.WELCOME, wire.REFUSE}, read_s)
                if not any(k == wire.WELCOME for k, _ in raw.got):
                    return local, raw.refusal() or "not welcomed", raw.eof
                data = data[1]
            raw.send(data)
            raw.read_until(None, read_s)
            return local, raw.refusal(), raw.eof
        finally:
            raw.close()

    @staticmethod
    def half_sent(port: int, cases: dict) -> None:
        data = hello()
        t0 = time.monotonic()
        raw = Raw(port)
        try:
            local = raw.sock.getsockname()[1]
            raw.send(data[:len(data) // 2])
            raw.read_until(None, 12)
            cases["half a hello, then silence"] = (local, raw.refusal(), raw.eof, time.monotonic() - t0)
        finally:
            raw.close()

    @staticmethod
    def never_reads(port: int, proof: str, cases: dict) -> None:
        """A watcher that never reads what the host sends (its receive buffer small) and pings
        on (below the flood line) for a while."""
        raw = Raw(port, rcvbuf=2048)
        try:
            local = raw.sock.getsockname()[1]
            raw.send(hello(proof=proof, name="Deaf"))
            ping = wire.message(wire.PING, b"\0" * 8)
            sent = 0
            raw.sock.settimeout(0.5)
            for _ in range(25):                      # 5 s, 400 pings a second
                if not raw.send(ping * 80):
                    break
                sent += 80
                time.sleep(0.2)
            cases["never reads"] = (local, None, bool(raw.error), sent)
        finally:
            raw.close()

    @staticmethod
    def fill_table(port: int) -> tuple[int, str | None, bool]:
        """Connections that say nothing, until the host says the table is full (at most 12)."""
        raws = []
        try:
            for _ in range(12):
                raw = Raw(port)
                raws.append(raw)
                raw.read_until({wire.HELLO, wire.REFUSE}, 3)
                why = raw.refusal()
                if why is not None:
                    return raw.sock.getsockname()[1], why, raw.read_until(None, 3) is not None and raw.eof
            return 0, None, False
        finally:
            for raw in raws:
                raw.close()


def frame_raw(kind: int, payload: bytes) -> bytes:
    return struct.pack(">BH", kind, len(payload)) + payload




# ---------------------------------------------------------------- the fuzz
def fuzz_messages(rng: random.Random, proof: str) -> tuple[bytes, bytes]:
    """A connection's bytes: a hello (valid or mutated), then a few messages (valid, mutated or
    random), seeded."""
    valid = [
        lambda: hello(proof=proof, role=rng.choice(["watch", "watch", "play"]), pads=rng.randint(0, 5)),
        lambda: wire.pack_input(rng.randrange(0, 5000), rng.randrange(256), [rng.randrange(4096)]),
        lambda: wire.message(wire.PING, bytes(rng.getrandbits(8) for _ in range(8))),
        lambda: wire.message(wire.PONG, bytes(rng.getrandbits(8) for _ in range(8))),
        lambda: wire.pack_seal(rng.randrange(0, 5000), rng.randrange(4), bytes(32)),
        lambda: wire.pack_reveal(rng.randrange(0, 5000), rng.randrange(4), rng.randrange(4096), bytes(16)),
        lambda: wire.pack_frame_number(wire.READY, rng.randrange(1 << 32)),
        lambda: wire.control(wire.BYE, {"why": "x" * rng.randrange(50), "frame": rng.randrange(-5, 5)}),
    ]

    def mutated(data: bytes) -> bytes:
        b = bytearray(data)
        how = rng.randrange(7)
        if how == 0 and b:                           # flip bytes
            for _ in range(rng.randint(1, 4)):
                b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        elif how == 1:                               # cut short
            b = b[:rng.randrange(len(b) + 1)]
        elif how == 2:                               # longer
            b += bytes(rng.getrandbits(8) for _ in range(rng.randint(1, 40)))
        elif how == 3 and b:                         # another kind
            b[0] = rng.randrange(256)
        elif how == 4 and len(b) >= 3:               # another length
            b[1], b[2] = rng.randrange(256), rng.randrange(256)
        elif how == 5:                               # a JSON value of another type
            text = bytes(b).replace(b'"watch"', rng.choice([b"1", b"null", b"[]", b'{"a":[[[[1]]]]}', b'"play"']))
            b = bytearray(text.replace(b'"pads":', rng.choice([b'"pads":-', b'"pads":1e9,"x":', b'"pads":'])))
        else:                                        # random bytes
            b = bytearray(rng.getrandbits(8) for _ in range(rng.randint(1, 300)))
        return bytes(b)

    first = valid[0]() if rng.random() < 0.7 else mutated(valid[0]())
    rest = b""
    for _ in range(rng.randint(1, 3)):
        msg = rng.choice(valid)()
        rest += msg if rng.random() < 0.3 else mutated(msg)
    return first, rest


def fuzz(port: int, proof: str, connections: int, seed: int, at_once: int = 5) -> dict:
    """``connections`` connections, ``at_once`` at a time (with a guest and a watcher that
    never reads, under the host's 8), each sending a hello, then (once the host answered it,
    if it did) the rest of ``fuzz_messages`` and reading until the host closes it (or 2 s):
    counts of what happened."""
    rng = random.Random(seed)
    batches = [fuzz_messages(rng, proof) for _ in range(connections)]
    counts = {"sent": 0, "closed by the host": 0, "refused": 0, "welcome": 0, "connect failed": 0}
    lock = threading.Lock()

    def worker(items: list[tuple[bytes, bytes]]) -> None:
        for first, rest in items:
            try:
                raw = Raw(port, timeout=3)
            except OSError:
                with lock:
                    counts["connect failed"] += 1
                continue
            try:
                raw.send(first)
                raw.read_until({wire.WELCOME, wire.REFUSE}, 2)
                if not raw.eof:
                    raw.send(rest)
                try:
                    raw.sock.shutdown(socket.SHUT_WR)
                except OSError:
                    pass
                raw.read_until(None, 2)
                with lock:
                    counts["sent"] += 1
                    counts["closed by the host"] += raw.eof
                    counts["refused"] += raw.refusal() is not None
                    counts["welcome"] += any(k == wire.WELCOME for k, _ in raw.got)
            finally:
                raw.close()

    threads = [threading.Thread(target=worker, args=(batches[i::at_once],), daemon=True) for i in range(at_once)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return counts


def turns_at(movie: Path) -> tuple[dict[int, int], bool, str]:
    """A movie re-run (as ``movie verify`` does): (the first frame of each turn at the table,
    -1 off it; whether it verifies; the verdict's line)."""
    first: dict[int, int] = {}

    def seen(h, n: int) -> None:
        first.setdefault(turns_of(h.machine), n)

    _, verdict = run_movie(load_movie(movie), seen)
    return first, verdict.ok, verdict.message


def turns_played(movie: Path) -> tuple[int, bool, str]:
    """A movie re-run: (the turns played at every table of it, each match's counted to its last;
    whether it verifies; the verdict's line)."""
    tables: list = []                        # (the table scene, kept alive: its id stays its own; turns)

    def seen(h, n: int) -> None:
        for scene in reversed(h.machine.stack):
            if isinstance(scene, TableScene):
                if not tables or tables[-1][0] is not scene:
                    tables.append([scene, 0])
                tables[-1][1] = max(tables[-1][1], turns_of(h.machine))
                break

    _, verdict = run_movie(load_movie(movie), seen)
    return sum(turns for _, turns in tables), verdict.ok, verdict.message


_SUITE: list[Suite] = []


def suite(folder: Path | None = None) -> Suite:
    """The suite's sittings, started once (by conftest at collection, else now in ``folder``)."""
    if not _SUITE:
        _SUITE.append(Suite(Path(folder or tempfile.mkdtemp(prefix="tdream-netplay-"))))
    return _SUITE[0]


def stop_suite() -> None:
    for s in _SUITE:
        s.close()
