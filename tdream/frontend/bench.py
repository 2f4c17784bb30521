"""Front-end figures for ``tdream bench`` (FORMATS.md section 5), after the games' own
(``tdream.platform.bench``: the platform is below the front end and never imports it).

- ``frame_ms_p50``/``frame_ms_p99``: one whole frame (logic step, composing the 256x224 frame,
  and presenting it through the renderer at the scale the game opens with, its own path) on the
  busiest screen each game's front end names (``bench_setup``: for the default game, section 5's
  busiest screen, all HUD up, a comment typing out), headless on SDL's dummy driver.
- ``movie_verify_frames_per_s``: a whole game's movie re-run headless.
- ``startup_s``: from process start to the first title frame (``tdream play --headless-frames 1``).
- ``peak_rss_mb``: the most memory a 1000-game simulation holds.
"""
from __future__ import annotations

import gc
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from ..native import compiled_loaded
from ..platform import registry
from .display import Display
from .frontends import frontend_of
from .movie import load_movie
from .pads import PadFrame
from .run import init_pygame, make_machine, record_headless, run_movie
from .scenes.results import ResultsScene
from .scenes.title import playable
from .settings import Settings


def frontend_figures(game_id: str | None = None) -> dict:
    """The front end's figures of every game that has one (or of ``game_id``'s), in the
    registry's order: its frames, its set pieces' frames, its movie; then, for every game,
    start-up and memory."""
    out: dict = {}
    for gid in [g for g in ([game_id] if game_id else registry.ids()) if g in playable()]:
        out.update(bench_frames(game_id=gid))         # each game's busiest screen, and its set pieces
        out.update(bench_frames(setpiece=True, game_id=gid))
        out.update(bench_movie(game_id=gid))
    if game_id is None:
        out.update(bench_tas())
        out.update(bench_startup())
        out.update(bench_rss())
    return out


def bench_frames(frames: int = 1200, seed: int = 11, setpiece: bool = False, game_id: str | None = None) -> dict:
    """One game's busiest frames (FORMATS.md section 5): its front end names the set-up
    (``bench_setup``), how far to play before timing (``bench_ready``) and which frames count
    (``bench_busy``: a comment typing out; with ``setpiece``, a set piece on screen). The default game's
    figures keep section 5's names (``frame_ms_p99``); another game's carry its id."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    init_pygame(True)
    import pygame  # pygame: only where a surface or the window is made
    game_id = game_id or registry.DEFAULT
    front = frontend_of(game_id)
    settings = Settings(talk="always")          # the window at the largest scale that fits, as the game opens it
    display = Display(settings)
    machine = make_machine(seed, settings, front.bench_setup(seed, setpiece))
    table = machine.stack[0]
    idle = PadFrame.idle()
    surface = pygame.Surface((256, 224))
    guard = 0
    while not setpiece and not front.bench_ready(table) and guard < 200000:     # a built-up table
        guard += 1
        machine.step(idle)

    gc.collect()
    gc.freeze()                      # as the window does after start-up
    times: list[float] = []
    guard = 0
    while len(times) < frames and guard < frames * 200 and not table.host.match.over:
        guard += 1
        if not front.bench_busy(table, setpiece):
            machine.step(idle)
            continue
        t0 = time.perf_counter()
        machine.step(idle)
        machine.draw(surface)
        display.present(surface)
        times.append((time.perf_counter() - t0) * 1000)
    display.close()
    times.sort()
    if not times:
        return {}
    head = "frame" if game_id == registry.LEGACY else f"{game_id}_frame"      # section 5's names
    tail = "_setpiece" if setpiece else ""
    return {f"{head}_ms_p50{tail}": round(times[len(times) // 2], 3),
            f"{head}_ms_p99{tail}": round(times[min(len(times) - 1, int(len(times) * 0.99))], 3)}


def bench_startup(runs: int = 3) -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    best = []
    for _ in range(runs):
        t0 = time.perf_counter()
        subprocess.run([sys.executable, "-m", "tdream", "play", "--headless-frames", "1", "--seed", "1"],
                       env=env, check=True, capture_output=True)
        best.append(time.perf_counter() - t0)
    best.sort()
    return {"startup_s": round(best[len(best) // 2], 3)}


def bench_movie(seed: int = 1, game_id: str | None = None) -> dict:
    """``movie_verify_frames_per_s``: a whole game's movie (its front end's autopilot on pad 1
    with CPUs, from power on) re-run through the whole front end headless, as ``movie verify``
    does (another game's figure carries its id)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    game_id = game_id or registry.DEFAULT
    ap = frontend_of(game_id).autopilot()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "bench.tdm"
        record_headless(path, seed, Settings(), lambda m: PadFrame(ap.buttons(m), 1), 200000,
                        lambda m: isinstance(m.stack[-1], ResultsScene))
        movie = load_movie(path)
        t0 = time.perf_counter()
        _, verdict = run_movie(movie)
        seconds = time.perf_counter() - t0
    assert verdict.ok, verdict.message
    name = "movie_verify_frames_per_s" if game_id == registry.LEGACY else f"{game_id}_movie_verify_frames_per_s"
    return {name: round(verdict.frames / seconds, 1)}


def _rss_mb() -> float:
    """This process's resident memory now (Linux; 0 elsewhere)."""
    try:
        with open("/proc/self/statm") as f:
            return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / (1 << 20)
    except (OSError, ValueError, IndexError):
        return 0.0


def bench_tas(frames: int = 108_000, seed: int = 1, points: int = 20) -> dict:
    """The TAS tools on a 30-minute movie (issue 38): the default game's autopilot recorded into
    a TAS for ``frames`` frames (game after game), then
    - ``tas_load_ms_p50``/``_max``: a savestate loaded (read-only) at ``points`` random frames,
      each saved there and loaded from ``points`` frames elsewhere;
    - ``tas_seek_ms_p50``/``_max``: going to a random frame from the greenzone (no savestate there);
    - ``tas_toggle_ms``: one button toggled 1,000 frames back and the game re-run to the frame
      it was on, at the end of the recording (where the runner works, the greenzone dense);
    - ``tas_snapshots`` and ``tas_snapshots_mb``: the greenzone's snapshots kept, and the
      process's memory grown while recording (all of it counted against the snapshots: an
      upper bound).
    The TAS tools run the pure engine (``tas.py``): from a compiled process, in a pure one."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    if compiled_loaded():
        code = ("import json; from tdream.frontend.bench import bench_tas; "
                f"print(json.dumps(bench_tas({frames}, {seed}, {points})))")
        out = subprocess.run([sys.executable, "-c", code], env={**os.environ, "TDREAM_PURE": "1"}, check=True,
                             capture_output=True, text=True)
        return json.loads(out.stdout.strip().splitlines()[-1])
    import random  # the bench's random frames: only this figure draws them
    from .tas import Tas  # the TAS tools: only their figure loads them
    ap = frontend_of(registry.DEFAULT).autopilot()
    ap.again = True
    gc.collect()
    before = _rss_mb()
    tas = Tas(seed, Settings())
    try:
        while tas.frame < frames and tas.advance(PadFrame(ap.buttons(tas.machine), 1)):
            pass
        gc.collect()
        grown = _rss_mb() - before
        end = tas.frame
        t0 = time.perf_counter()
        tas.toggle(end - 1000, 0, 11)            # Select on pad 1, 1,000 frames back, where the runner works
        toggle = (time.perf_counter() - t0) * 1000
        tas.toggle(end - 1000, 0, 11)
        tas.readonly = True
        rnd = random.Random(seed)
        loads, seeks = [], []
        for _ in range(points):
            at = rnd.randrange(end)
            t0 = time.perf_counter()
            tas.seek(at)
            seeks.append((time.perf_counter() - t0) * 1000)
            tas.save(1)
            tas.seek(rnd.randrange(end))
            t0 = time.perf_counter()
            assert tas.load(1), tas.message
            loads.append((time.perf_counter() - t0) * 1000)
        kept = len(tas.zone.frames)
    finally:
        tas.close()
    loads.sort()
    seeks.sort()
    return {"tas_load_ms_p50": round(loads[len(loads) // 2], 1), "tas_load_ms_max": round(loads[-1], 1),
            "tas_seek_ms_p50": round(seeks[len(seeks) // 2], 1), "tas_seek_ms_max": round(seeks[-1], 1),
            "tas_toggle_ms": round(toggle, 1), "tas_snapshots": kept, "tas_snapshots_mb": round(grown, 1),
            "tas_frames": end}


def bench_rss(games: int = 1000) -> dict:
    """``peak_rss_mb``: the most memory a 1000-game simulation holds (one process, one job)."""
    # A fresh parent, so that only the simulation is among its children (ru_maxrss: the largest, KiB).
    code = ("import resource, subprocess, sys; subprocess.run([sys.executable, '-m', 'tdream', 'simulate', "
            f"'--games', '{games}', '--seed', '1'], check=True, capture_output=True); "
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    return {"peak_rss_mb": round(int(out.stdout.strip()) / 1024, 1)}
