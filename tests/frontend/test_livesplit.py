"""Splits for a LiveSplit Server (issue 7): start, each round, end, with the in-game time."""
import socket
import threading

from tdream.games.towerdream.frontend import FRONTEND
from tdream.frontend.livesplit import LiveSplit
from tdream.frontend.run import Headless
from tdream.frontend.scenes.results import ResultsScene


def test_a_game_gives_start_a_split_a_round_and_end():
    h = Headless(seed=1)
    m = h.machine
    ap = FRONTEND.autopilot()
    for _ in range(60000):
        h.step(ap.buttons(m))
        if isinstance(m.stack[-1], ResultsScene):
            break
    kinds = [k for k, _ in m.splits]
    game = m.stack[-2].game
    assert kinds[0] == "start" and kinds[-1] == "end"
    assert kinds.count("split") == game.round - 1
    times = [t for _, t in m.splits]
    assert times == sorted(times)


def test_splits_reach_a_server_and_no_server_is_one_warning():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(1)
    got = []

    def serve():
        conn, _ = server.accept()
        conn.settimeout(2)
        data = b""
        try:
            while b"split" not in data:
                chunk = conn.recv(4096)
                if not chunk:
                    break
                data += chunk
        finally:
            conn.close()
        got.append(data.decode())
    t = threading.Thread(target=serve)
    t.start()
    ls = LiveSplit(port=server.getsockname()[1])
    ls.send([("start", "0:00:01.00"), ("split", "0:01:00.50")])
    t.join(5)
    ls.close()
    server.close()
    assert got and "starttimer\r\n" in got[0] and "setgametime 0:01:00.50\r\nsplit\r\n" in got[0]
    free = socket.socket()
    free.bind(("127.0.0.1", 0))
    port = free.getsockname()[1]
    free.close()
    nobody = LiveSplit(port=port)
    nobody.send([("start", "0:00:00.00")])
    assert nobody.warning and "not reached" in nobody.warning
    nobody.warning = None
    nobody.send([("split", "0:00:02.00")])
    assert nobody.warning is None
