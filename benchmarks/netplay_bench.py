"""Netplay measured (issue 39, "Done when"): a whole game at a fixed round trip, and how long a
watcher joining a long sitting takes to fast-forward to it.

    python benchmarks/netplay_bench.py [--game towerdream] [--humans 2] [--rtt 100] [--seed 5] [--delay D]
                                       [--minutes 30] [--part all|sitting|forward] [--movie FILE] [--json]

Parts:
- ``sitting``: a host and a guest (the Sitting API's ``Host`` and ``Guest``, in this process, over
  a TCP connection on the loopback), each ticked with the frames due at 60.0988 Hz as the window
  does (one sample a frame due), both adding half of ``--rtt`` ms to what they send
  (``TDREAM_NETPLAY_LAG=RTT-RTT/0/0``: no jitter, no stalls), every pad driven by the shell's
  autopilot (``--humans`` people at the set-up; ``netplay_run.ScriptPads``), from power on to the end of the first
  match (its results screen). Reports the input delay chosen, the frames, the stalled frames on each machine
  (frames due that could not be stepped), and the bytes a second each way (goal: no stall outside
  link stalls, at most 2 KB/s).
- ``forward``: a watcher joining at the end of a sitting of ``--minutes`` minutes (60.0988 frames
  a second) steps every frame so far as a guest does (``Sitting.step_known``: the machine, the
  movie writer, a state hash every 60 frames) before it is live. Timed on the ``sitting`` part's
  movie (or ``--movie``), its frames a second give the time for the whole sitting; ``tdream movie
  verify``'s time on the same movie is printed beside it.

Prints ``name: value unit`` lines (``--json``: one JSON object).
"""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tdream.frontend.constants import FRAME_S  # noqa: E402
from tdream.frontend.movie import load_movie  # noqa: E402
from tdream.frontend.netplay import Guest, Host, Sitting  # noqa: E402
from tdream.frontend.netplay_run import ScriptPads, turns_of  # noqa: E402
from tdream.frontend.pads import PadFrame  # noqa: E402
from tdream.frontend.scenes.results import ResultsScene  # noqa: E402
from tdream.frontend.settings import Settings  # noqa: E402

HZ = 1 / FRAME_S


def settings_for(game: str) -> Settings:
    """What ``tdream netplay --script`` plays with: quick text, the game on the title."""
    s = Settings()
    s.text_speed, s.anim_speed, s.skip_cpu = "instant", "fast", True
    s.last = {**s.last, "game": game}
    return s


def sitting(game: str, humans: int, rtt: int, seed: int, folder: Path, limit_s: float,
            delay: int | None = None) -> dict:
    """A host and a guest in this process over a loopback link of ``rtt`` ms, each ticked once
    a frame is due at 60.0988 Hz (as ``run_window`` does), through one whole match."""
    os.environ["TDREAM_NETPLAY_LAG"] = f"{rtt}-{rtt}/0/0"         # each side adds half of it
    quiet: list[str] = []
    host = Host(settings_for(game), str(folder / "host.tdm"), seed, bind="127.0.0.1", port=0, seats=1,
                name="Host", log=quiet.append, delay=delay)
    host.source = ScriptPads(host, game, humans)
    guest = Guest(settings_for(game), str(folder / "guest.tdm"), "127.0.0.1", host.port, role="play",
                  ident="bench-guest", name="Guest", log=quiet.append)
    guest.source = ScriptPads(guest, game, humans)
    seen_table = False
    began = time.monotonic()
    started = 0.0
    clock_next = 0.0
    try:
        while host.over is None and guest.over is None:
            now = time.monotonic()
            if now - began > limit_s:
                host.stop(f"the limit of {limit_s:g} s passed", 1)
                break
            host.poll(now)
            guest.poll(now)
            if host.machine is None:
                joined = [p for p in host.peers if p.state == "lobby" and p.role == "play"]
                if joined and all(p.rtt > 0 for p in joined):
                    host.start(now)
                    started = clock_next = now
                time.sleep(0.01)
                continue
            due = 0
            while now >= clock_next and due < 8:                  # the window's pacing
                due += 1
                clock_next += FRAME_S
            if now - clock_next > 0.25:
                clock_next = now
            if due:
                host.tick(now, due)
                guest.tick(now, due)
            m = host.machine
            seen_table = seen_table or turns_of(m) >= 0
            if seen_table and any(isinstance(sc, ResultsScene) for sc in m.stack):
                host.stop("the match ended")
                break
            wait = clock_next - time.monotonic()
            if wait > 0.001:
                time.sleep(wait)
        wall = time.monotonic() - started
        now = time.monotonic()
        host.poll(now)
        host.finish(host.over or "the host left", now)
        end = time.monotonic() + 30
        while guest.over is None and time.monotonic() < end:     # the guest steps to the host's last frame
            now = time.monotonic()
            guest.poll(now)
            if not guest.tick(now, 1 << 20):
                time.sleep(0.002)
    finally:
        host.close()
        guest.close()
    sent, received = host.traffic()
    frames = host.status()["frames"]
    same = (folder / "guest.tdm").read_bytes() == (folder / "host.tdm").read_bytes()
    return {
        "game": game, "humans": humans, "rtt_ms": rtt, "ended": host.over, "guest_ended": guest.over,
        "frames": frames, "seconds": round(wall, 1), "frames_per_s": round(frames / wall, 2),
        "input_delay": host.delay, "host_stalled": host.stalled, "guest_stalled": guest.stalled,
        "host_to_guest_bytes_per_s": round(sent / wall, 1), "guest_to_host_bytes_per_s": round(received / wall, 1),
        "movies_identical": same, "movie": str(folder / "host.tdm"), "folder": str(folder),
    }


def forward(movie_path: str, minutes: float) -> dict:
    """A watcher's fast-forward over a movie's frames (``Sitting.step_known``), and ``movie
    verify`` on it: frames a second, and the seconds for ``minutes`` of sitting."""
    movie = load_movie(movie_path)
    frames = [PadFrame(buttons, connected) for count, buttons, connected in movie.runs for _ in range(count)]
    with tempfile.TemporaryDirectory() as tmp:
        s = Sitting(None, os.path.join(tmp, "watch.tdm"), log=lambda line: None)
        s.begin(movie.seed, movie.settings, movie.author, 2)
        s.frames = frames
        t0 = time.perf_counter()
        stepped = s.step_known(len(frames))
        ff = time.perf_counter() - t0
        s.close()
    t0 = time.perf_counter()
    verify = subprocess.run([sys.executable, "-m", "tdream", "movie", "verify", movie_path], capture_output=True,
                            text=True, env={**os.environ, "PYTHONPATH": str(ROOT)})
    verify_s = time.perf_counter() - t0
    total = minutes * 60 * HZ
    return {"movie_frames": len(frames), "stepped": stepped, "forward_s": round(ff, 2),
            "forward_frames_per_s": round(stepped / ff), "sitting_frames": round(total),
            "forward_sitting_s": round(total / (stepped / ff), 1),
            "verify_s_with_start": round(verify_s, 2), "verify_ok": verify.returncode == 0,
            "verify_says": verify.stdout.strip()[:200]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="towerdream")
    ap.add_argument("--humans", type=int, default=2)
    ap.add_argument("--rtt", type=int, default=100, help="round trip in ms")
    ap.add_argument("--seed", type=int, default=5)
    ap.add_argument("--delay", type=int, default=None, help="the input delay in frames (default: the host's choice)")
    ap.add_argument("--minutes", type=float, default=30.0, help="the sitting a late watcher fast-forwards")
    ap.add_argument("--limit", type=float, default=3600.0, help="seconds the sitting may take at most")
    ap.add_argument("--part", choices=("all", "sitting", "forward"), default="all")
    ap.add_argument("--movie", default=None, help="the movie ``forward`` times (default: the sitting's)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict = {}
    folder = Path(tempfile.mkdtemp(prefix="netplay-bench-"))
    movie = args.movie
    if args.part in ("all", "sitting"):
        out["sitting"] = sitting(args.game, args.humans, args.rtt, args.seed, folder, args.limit, args.delay)
        movie = movie or out["sitting"]["movie"]
    if args.part in ("all", "forward"):
        if not movie:
            print("netplay_bench: --part forward needs --movie FILE", file=sys.stderr)
            return 2
        out["forward"] = forward(movie, args.minutes)
    if args.json:
        print(json.dumps(out, indent=1))
    else:
        for part, figures in out.items():
            for key, value in figures.items():
                print(f"{part}.{key}: {value}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
