"""Netplay end to end (issue 39): machines as processes (``tdream netplay host|join|watch
--headless``) on the loopback, with the lag link where a test says so.

- three machines (a host, a guest, a watcher) play Towers (its sealed secret picks) with 80-150 ms
  of round trip, 30 ms of jitter and 400 ms stalls: the same movie everywhere, and it verifies;
- a guest whose state flips a bit (``TDREAM_NETPLAY_FLIP``) is out of sync within 60 frames on
  both machines, each keeps its movie and a report, and ``movie verify`` tells which diverged;
- a guest killed with SIGKILL mid-match joins again from the same machine and the sitting ends;
- hostile connections (and a seeded fuzz) against a live host whose guest plays on.

The four sittings start together (at collection: ``conftest.py``), so they wait on the network
beside each other and beside the rest of the suite; each test waits for its own.
"""
import re
import time

import pytest

from . import netplay_helpers as nh
from .netplay_helpers import verify

ONE_LINE = re.compile(r"^tdream netplay: the host refused: (.+)$")


@pytest.fixture(scope="module")
def suite(tmp_path_factory):
    s = nh.suite(tmp_path_factory.mktemp("netplay"))
    try:
        yield s
    finally:
        s.close()
        for t in s.tables.values():
            for p in t.procs.values():
                p.wait(1)
        used = nh.cpu_of_children() - s.cpu_before
        print(f"\nnetplay sittings: {time.monotonic() - s.started:.1f} s wall, {used:.1f} s of CPU in the machines")


def ended(t: nh.Table, *names: str) -> dict[str, int]:
    return {name: t.procs[name].wait() for name in names}


def movie_ok(path) -> None:
    result = verify(path)
    assert result.returncode == 0 and result.stdout.startswith("ok"), result.stdout


def test_a_host_a_guest_and_a_watcher_keep_the_same_movie_over_a_lagging_link(suite):
    t = suite.tables["three"]
    codes = ended(t, "host", "guest", "watch")
    logs = t.logs()
    assert codes == {"host": 0, "guest": 0, "watch": 0}, logs
    assert "the script ended" in t.procs["host"].log(), logs          # its turns played, not a deadline
    assert "out of sync" not in logs, logs
    host = t.movie("host").read_bytes()
    assert t.movie("guest").read_bytes() == host
    assert t.movie("watch").read_bytes() == host
    assert host.count(b"\n") > 20
    movie_ok(t.movie("host"))


def test_a_divergent_guest_is_out_of_sync_on_both_machines(suite):
    t = suite.tables["flip"]
    codes = ended(t, "host", "guest")
    logs = t.logs()
    assert codes == {"host": 1, "guest": 1}, logs
    for name in ("host", "guest"):
        log = t.procs[name].log()
        frame = nh.out_of_sync_frame(log)
        assert frame is not None and nh.FLIP_AT < frame <= nh.FLIP_AT + 60, log
        assert f"tdream netplay: out of sync at frame {frame}" in log, log
        report = t.folder / f"{name}.tdm.report.txt"
        assert report.read_text().startswith(f"out of sync at frame {frame}\n"), logs
    guest = verify(t.movie("guest"))
    assert guest.returncode != 0 and "FAIL" in guest.stdout, guest.stdout     # the guest diverged
    movie_ok(t.movie("host"))                                                 # the host did not


def test_a_guest_killed_mid_match_joins_again_and_the_sitting_ends(suite):
    t = suite.tables["rejoin"]
    suite.wait()
    out = suite.results["rejoin"]
    codes = ended(t, "host", "again")
    logs = t.logs()
    assert "error" not in out, out.get("error", "") + logs
    assert out["alive_when_killed"] and out["host_saw_it_leave"], logs
    assert out["rejoined"], logs
    assert codes == {"host": 0, "again": 0}, logs
    assert "caught up at frame" in t.procs["again"].log(), logs
    assert "out of sync" not in logs, logs
    assert t.movie("again").read_bytes() == t.movie("host").read_bytes()
    back = re.search(r"again's pads play from frame (\d+)", t.procs["host"].log())
    assert back, logs
    turns, ok, verdict = nh.turns_at(t.movie("host"))
    assert ok, verdict
    assert 0 in turns and turns[0] < int(back.group(1)), (turns, back.group(0))     # back in mid-match


# what the host's log says of each hostile connection (its line names the connection's port)
HOSTILE = {
    "wrong magic": "not a tdream netplay peer",
    "other protocol version": f"netplay protocol {nh.wire.PROTOCOL + 1}, this program speaks",
    "another program": "another program: the host runs tdream",
    "other data hash": "other game data",
    "wrong password": "wrong password",
    "no such role": "no such role",
    "too many pads": "the table has 2 pad(s) free, not 3",
    "hello with wrong types": "a hello message whose 'pads' is not int",
    "not a hello first": "input message before its hello",
    "10 MB of random bytes": "",
    "unknown kind": ") left: unknown message kind 99",
    "wrong size": "input message of 2 bytes (its bounds: 6-13)",
    "host-only kind": ") left: a frames message is not one this side takes",
    "a flood": ") left: a flood (",
    "input of a watcher": "said goodbye (done)",
    "half a hello, then silence": "no hello within 5 s",
    "table full": "the table is full",
}
REFUSED = {"another program", "other data hash", "wrong password", "no such role", "too many pads", "table full"}


def test_hostile_connections_are_dropped_and_the_sitting_goes_on(suite):
    t = suite.tables["hostile"]
    suite.wait()
    out = suite.results["hostile"]
    codes = ended(t, "host", "guest")
    logs = t.logs()
    assert "error" not in out, out.get("error", "") + logs
    print(f"hostile input: {out.get('seconds')}, fuzz {out.get('fuzz')}")
    assert out["alive_after_cases"] and out["alive_after_fuzz"], logs
    host_log = t.procs["host"].log()
    cases = out["cases"]
    assert set(HOSTILE) <= set(cases) and len(cases) >= 10
    for name, said in HOSTILE.items():
        local, refusal, closed = cases[name][:3]
        lines = [line for line in host_log.splitlines() if f"127.0.0.1:{local}" in line]
        assert any(said in line for line in lines), f"{name}: {lines}\n{logs}"
        assert closed, f"{name}: the host did not close the connection"
        if name in REFUSED:
            assert refusal and said in refusal, f"{name}: refused with {refusal!r}"
    half = cases["half a hello, then silence"]
    assert 4.0 <= half[3] <= 9.0, half                                # the host's hello timeout, 5 s
    deaf = cases["never reads"]
    assert deaf[3] > 0, deaf
    # the CLI's refused guests: exit 2 and one line
    for name, why in (("password", "wrong password"), ("pads", "the table has 2 pad(s) free, not 3")):
        proc = out["cli"][name]
        code = proc.wait()
        lines = [line for line in proc.log().splitlines() if line.strip()]
        assert code == 2, proc.log()
        refusals = [m.group(1) for m in map(ONE_LINE.match, lines) if m]
        assert refusals and why in refusals[-1], proc.log()
    # the fuzz: every connection went, the host closed each (its end or ours), some were welcome
    fuzz = out["fuzz"]
    assert fuzz["sent"] == nh.FUZZ_CONNECTIONS and fuzz["connect failed"] == 0, fuzz
    assert fuzz["closed by the host"] == fuzz["sent"], fuzz
    assert 0 < fuzz["welcome"] < fuzz["sent"], fuzz
    # and the sitting went on to its end: the guest's movie is the host's, and it verifies
    assert codes == {"host": 0, "guest": 0}, logs
    assert "the script ended" in host_log and "Traceback" not in logs, logs
    assert t.movie("guest").read_bytes() == t.movie("host").read_bytes()
    movie_ok(t.movie("host"))


def test_a_refused_guest_says_one_line(suite):
    t = suite.tables["hostile"]
    suite.wait()
    assert "cli" in suite.results["hostile"], suite.results["hostile"].get("error")
    for proc in suite.results["hostile"]["cli"].values():
        assert proc.wait() == 2, proc.log()
        lines = [line for line in proc.log().splitlines() if line.strip()]
        assert len(lines) == 1 and ONE_LINE.match(lines[0]), f"{proc.name} said: {lines}\n{t.logs()}"
