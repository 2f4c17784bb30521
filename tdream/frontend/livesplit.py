"""Split events for a LiveSplit Server (its TCP "LiveSplit Server" component, port 16834 by
default): the game's start, each new round, and the end, with the in-game time set first so the
splits are frame-exact. Off by default (setting ``livesplit``); never required: a missing or
closed server is one line of warning, then silence.
"""
from __future__ import annotations

import socket

PORT = 16834


class LiveSplit:
    def __init__(self, host: str = "127.0.0.1", port: int = PORT) -> None:
        self.address = (host, port)
        self.sock: socket.socket | None = None
        self.failed = False
        self.warning: str | None = None

    def _connect(self) -> bool:
        if self.sock is not None:
            return True
        if self.failed:
            return False
        try:
            self.sock = socket.create_connection(self.address, timeout=0.2)
            self.sock.settimeout(0.2)
            return True
        except OSError as e:
            self.failed = True
            self.warning = f"LiveSplit Server not reached at {self.address[0]}:{self.address[1]} ({e.strerror or e}); splits are off"
            return False

    def send(self, events: list[tuple[str, str]]) -> None:
        """``events``: (kind, in-game time) with kind start, split or end."""
        if not events or not self._connect() or self.sock is None:
            return
        lines = []
        for kind, time in events:
            if kind == "start":
                lines += ["reset", "initgametime", "starttimer", f"setgametime {time}"]
            else:
                lines += [f"setgametime {time}", "split"]
        try:
            self.sock.sendall("".join(line + "\r\n" for line in lines).encode())
        except OSError as e:
            self.warning = f"LiveSplit Server went away ({e.strerror or e}); splits are off"
            self.close()
            self.failed = True

    def close(self) -> None:
        if self.sock is not None:
            try:
                self.sock.close()
            except OSError:
                pass
            self.sock = None
