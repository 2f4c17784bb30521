"""Netplay's connections: one TCP socket each, non-blocking, moving ``wire`` messages.

A ``Link`` never blocks the frame loop: ``send`` appends to a bounded buffer (a peer that stops
reading is dropped once BACKLOG bytes wait for it), ``pump`` writes what it can and reads what
has come, at most READ_MAX bytes a call, and hands back whole messages. Anything that is not one
of ours (``wire.WireError``), a flood (more than FLOOD messages in one second) or a closed
socket ends the link with one line in ``closed``; the sitting goes on without it.

``Lag`` is the test link (FORMATS.md section 8, ``TDREAM_NETPLAY_LAG``): each message sent is
held back by half a round trip drawn in a range, plus jitter, with a stall now and then, in
order (TCP keeps order). It changes when bytes arrive, never what they are: a frame is stepped
only with every pad's input for it, however late.
"""
from __future__ import annotations

import os
import random
import re
import select
import socket
import time
from collections import deque

from .wire import Decoder, WireError

BACKLOG = 1 << 20          # bytes waiting for a peer that does not read: past it, the peer is dropped
READ_MAX = 1 << 18         # bytes read from one peer in one pump
FLOOD = 2000               # messages from one peer in one second: past it, the peer is dropped


class Lag:
    """Half a round trip of ``rtt`` (lo, hi) ms, jitter up to ``jitter`` ms, and a stall of
    ``stall`` ms about every ``every`` seconds, on what this side sends."""

    def __init__(self, rtt: tuple[int, int], jitter: int = 0, stall: int = 0, every: float = 5.0, seed: int = 0) -> None:
        self.rtt, self.jitter, self.stall, self.every = rtt, jitter, stall, every
        self.random = random.Random(seed)
        self.last = 0.0
        self.next_stall = 0.0

    def release(self, now: float) -> float:
        """When a message sent now goes out."""
        r = self.random
        if self.stall and self.next_stall == 0.0:
            self.next_stall = now + r.uniform(0.5, 1.5) * self.every
        delay = r.uniform(*self.rtt) / 2000 + r.uniform(0, self.jitter) / 1000
        if self.stall and now >= self.next_stall:
            delay += self.stall / 1000
            self.next_stall = now + r.uniform(0.5, 1.5) * self.every
        self.last = max(self.last, now + delay)
        return self.last


LAG_SPEC = re.compile(r"^(\d+)-(\d+)(?:/(\d+))?(?:/(\d+))?$")


def lag_from_env(seed: int = 0) -> Lag | None:
    """``TDREAM_NETPLAY_LAG="LO-HI[/JITTER[/STALL]]"`` (ms of round trip; tests and benchmarks):
    the lag this side adds, or None."""
    spec = os.environ.get("TDREAM_NETPLAY_LAG", "")
    m = LAG_SPEC.match(spec)
    if not m:
        return None
    lo, hi = int(m.group(1)), int(m.group(2))
    return Lag((min(lo, hi), max(lo, hi)), int(m.group(3) or 0), int(m.group(4) or 0), seed=seed)


class Link:
    """One peer's connection."""

    def __init__(self, sock: socket.socket, accepts: frozenset[int], lag: Lag | None = None) -> None:
        sock.setblocking(False)
        try:
            sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
        except OSError:
            pass
        self.sock = sock
        self.decoder = Decoder(accepts)
        self.lag = lag
        self.out = bytearray()
        self.held: deque[tuple[float, bytes]] = deque()
        self.closed: str | None = None       # why it ended (one line), or None while it lives
        self.sent = 0                        # bytes, each way (the bench's figure)
        self.received = 0
        self.window = (0.0, 0)               # (second started, messages in it): the flood watch
        self.peer = ""
        try:
            host, port = sock.getpeername()[:2]
            self.peer = f"{host}:{port}"
        except OSError:
            pass

    def send(self, data: bytes, now: float = 0.0) -> None:
        if self.closed:
            return
        if self.lag is not None:
            self.held.append((self.lag.release(now), data))
            return
        self.out += data
        if len(self.out) > BACKLOG:
            self.close("stopped reading (over 1 MB waits for it)")

    def pump(self, now: float = 0.0) -> list[tuple[int, bytes]]:
        """Write what can go, read what has come: the whole messages read."""
        if self.closed:
            return []
        while self.held and self.held[0][0] <= now:
            self.out += self.held.popleft()[1]
        if len(self.out) > BACKLOG:
            self.close("stopped reading (over 1 MB waits for it)")
            return []
        if self.out:
            try:
                n = self.sock.send(self.out)
                self.sent += n
                del self.out[:n]
            except (BlockingIOError, InterruptedError):
                pass
            except OSError as e:
                self.close(f"the connection broke ({e.strerror or e})")
                return []
        got: list[tuple[int, bytes]] = []
        read = 0
        while read < READ_MAX:
            try:
                data = self.sock.recv(65536)
            except (BlockingIOError, InterruptedError):
                break
            except OSError as e:
                self.close(f"the connection broke ({e.strerror or e})")
                return got
            if not data:
                self.close("the connection closed")
                return got
            read += len(data)
            self.received += len(data)
            try:
                got += self.decoder.feed(data)
            except WireError as e:
                self.close(str(e))
                return []
        start, count = self.window
        if now - start >= 1.0:
            start, count = now, 0
        count += len(got)
        self.window = (start, count)
        if count > FLOOD:
            self.close(f"a flood ({count} messages in a second)")
            return []
        return got

    def flush(self, timeout: float = 0.5) -> None:
        """Send what waits (a last message before closing), for at most ``timeout`` seconds;
        held lag is sent at once."""
        self.out += b"".join(d for _, d in self.held)
        self.held.clear()
        end = time.monotonic() + timeout
        while self.out and not self.closed and time.monotonic() < end:
            try:
                n = self.sock.send(self.out)
                self.sent += n
                del self.out[:n]
            except (BlockingIOError, InterruptedError):
                select.select([], [self.sock], [], 0.02)
            except OSError:
                break

    def waiting(self) -> int:
        """Bytes sent and not yet gone (held by the lag or the buffer)."""
        return len(self.out) + sum(len(d) for _, d in self.held)

    def close(self, why: str, graceful: bool = False) -> None:
        """``graceful``: what was sent is let go first (no more is sent, what comes is read and
        dropped until the other side closes, 0.5 s at most), so the other side reads all of it
        rather than a reset."""
        if self.closed is None:
            self.closed = why
        try:
            if graceful:
                self.sock.shutdown(socket.SHUT_WR)
                end = time.monotonic() + 0.5
                while time.monotonic() < end:
                    ready, _, _ = select.select([self.sock], [], [], 0.05)
                    if ready and not self.sock.recv(65536):
                        break
            self.sock.close()
        except OSError:
            try:
                self.sock.close()
            except OSError:
                pass


CONNECT_AGAIN_S = 2.0       # seconds a refused connection is tried again (a host that is starting)


def connect(host: str, port: int, timeout: float = 5.0) -> socket.socket:
    """A connected socket, or OSError with what went wrong; a refused connection is tried again
    for CONNECT_AGAIN_S seconds (a host that is starting)."""
    end = time.monotonic() + CONNECT_AGAIN_S
    while True:
        try:
            return socket.create_connection((host, port), timeout=timeout)
        except ConnectionRefusedError:
            if time.monotonic() >= end:
                raise
            time.sleep(0.2)


__all__ = ["Lag", "Link", "WireError", "connect", "lag_from_env"]
