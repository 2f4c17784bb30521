"""Issue 39's first "Done when": a host, two guests and a watcher (four processes) on the loopback
in headless windows (each machine runs its window's loop on SDL's dummy driver, paced at 60.0988 Hz)
with the lag link (80-150 ms round trip, 30 ms jitter, 400 ms stalls), through the set-up and 30
turns of each of the four games, every machine's pads driven by the script (3 humans: the host's
pad 1, each guest's next pad); the four movies are the same bytes and verify, and no machine is
out of sync.

Long (minutes, four games at once: they mostly wait on the lag): run only when
TDREAM_NETPLAY_FULL=1.
"""
import os
import re

import pytest

from .netplay_helpers import LAG, Table, turns_played

pytestmark = pytest.mark.skipif(os.environ.get("TDREAM_NETPLAY_FULL") != "1",
                                reason="four machines through 30 turns of every game: minutes; "
                                       "run with TDREAM_NETPLAY_FULL=1")

GAMES = ("towerdream", "towers", "cattower", "towerup")
HUMANS = 3                 # every game seats 2 to 4: the host and two guests, a pad each
TURNS = 30
# frames at most: a match of CAT TOWER ends before its 30th turn (its turns are counted over the
# matches played in a row), so the host stops at 30 turns of one match or after these frames
FRAMES = {"towerdream": 12000, "towers": 7000, "cattower": 16000, "towerup": 6000}
TIMEOUT = 1500.0           # seconds a machine may take (a game's 30 turns take a few minutes)


@pytest.fixture(scope="module")
def sittings(tmp_path_factory):
    """Every game's four machines, all started at once: game -> its table."""
    tables = {}
    try:
        for game in GAMES:
            t = tables[game] = Table(tmp_path_factory.mktemp(game), game, HUMANS, lag=LAG, timeout=TIMEOUT,
                                        window=True)
            t.host("host", turns=TURNS, frames=FRAMES[game], expect=2)
            assert t.procs["host"].wait_for("hosting on port", 90), t.logs()
            t.join("guest1")
            t.join("guest2")
            t.watch("watch")
        yield tables
    finally:
        for t in tables.values():
            t.close()


@pytest.mark.parametrize("game", GAMES)
def test_four_machines_play_30_turns_in_step(sittings, game):
    t = sittings[game]
    codes = t.wait_all()
    logs = t.logs()
    wall = t.procs["host"].seconds()
    frames = re.search(r"(\d+) frames, (\d+) stalled, input delay (\d+)", t.procs["host"].log())
    print(f"{game}: {frames.group(1) if frames else '?'} frames, input delay "
          f"{frames.group(3) if frames else '?'}, {wall:.0f} s")
    assert codes == {"host": 0, "guest1": 0, "guest2": 0, "watch": 0}, logs
    assert "the script ended" in t.procs["host"].log(), logs           # its turns or frames, not a deadline
    assert "out of sync" not in logs, logs
    host = t.movie("host").read_bytes()
    for name in ("guest1", "guest2", "watch"):
        assert t.movie(name).read_bytes() == host, f"{name}'s movie differs from the host's"
    turns, ok, verdict = turns_played(t.movie("host"))                 # as ``movie verify`` re-runs it
    print(f"{game}: {turns} turns")
    assert ok, verdict
    assert turns >= TURNS, f"{game}: {turns} turns in {verdict}"
