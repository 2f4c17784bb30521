"""CAT TOWER's CPU strength and decision time (docs/games/cattower.md, "Measured").

    python benchmarks/cattower_strength.py [--games 400] [--jobs 2] [--seed 1] [--part all] [--json]

Parts:
- ``hard``: ``cpu:hard`` against three ``cpu`` (normal), 4-player games, the hard seat rotated
  through the four seats (target: wins >= 40%);
- ``normal``: ``cpu`` against three ``random`` (target: wins >= 80%);
- ``easy``: ``cpu:easy`` against three ``random`` (for the record);
- ``characters``: each of the nine characters (normal) against three ``cpu``;
- ``timing``: every decision of ``cpu`` and ``cpu:hard`` in 4-player games of ``cpu:hard`` + three
  ``cpu``, timed (targets: p99 normal <= 20 ms, hard <= 150 ms), and the busiest position's
  (the draw point with the most legal answers) decision time.

A win shared by k seats counts 1/k. Each game's seed is ``derive_seed(seed, index)``; the same
arguments give the same games whatever ``--jobs``. Strength is for benchmarks only, never timed
tests. Prints ``name: value unit`` lines (``--json``: one JSON object).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tdream.platform import registry  # noqa: E402
from tdream.platform.protocol import CHANCE  # noqa: E402
from tdream.platform.session import Seat, Session  # noqa: E402
from tdream.rng import derive_seed  # noqa: E402


def play(args: tuple) -> dict:
    """One game: ``kinds`` in seat order (rotated by ``index``); the hero is kinds[0]."""
    kinds, index, seed, timed = args
    game = registry.get("cattower")
    n = len(kinds)
    r = index % n
    order = list(range(n))[r:] + list(range(n))[:r]            # seat s plays kinds[order[s]]
    seats = [Seat(f"P{order[s]}", kinds[order[s]]) for s in range(n)]
    session, _ = Session.start(game, seats, {}, derive_seed(seed, index))
    m = session.match
    times: dict[str, list[float]] = {}
    busiest = (0, 0.0, "")
    while (aw := m.awaiting()) is not None:
        if aw.player == CHANCE:
            session.chance()
            continue
        seat = aw.seats[0]
        view = m.view(seat)
        t0 = time.perf_counter()
        answer = session.players[seat].choose(view, seat)
        dt = time.perf_counter() - t0
        if timed:
            kind = session.seats[seat].kind
            times.setdefault(kind, []).append(dt)
            if aw.kind == "draw" and kind == "cpu:hard":
                width = len(m.legal_answers(seat))
                if width > busiest[0]:
                    busiest = (width, dt, kind)
        session.give(answer, seat, checked=True)
    res = m.result()
    hero_seat = next(s for s in range(n) if session.seats[s].name == "P0")
    top = res.ranking[0]
    return {"win": (1.0 / len(top)) if hero_seat in top else 0.0, "outright": hero_seat in top and len(top) == 1,
            "hero": res.scores[hero_seat], "rivals": [res.scores[s] for s in range(n) if s != hero_seat],
            "rounds": m.progress(), "times": times, "busiest": busiest}


def run(kinds: list[str], games: int, jobs: int, seed: int, timed: bool = False) -> list[dict]:
    tasks = [(tuple(kinds), i, seed, timed) for i in range(games)]
    if jobs > 1:
        with Pool(jobs) as pool:
            return pool.map(play, tasks, chunksize=max(1, games // (jobs * 8)))
    return [play(t) for t in tasks]


def busiest(reps: int = 30) -> dict:
    """Decision times on the busiest positions there are: four seats with full footprint tracks
    (15) and empty sheets, the first drafter facing five dice (hard foresees three later picks),
    and the draw with own 3 and shared 4 (every (good, floor) pair reachable: the most legal
    answers)."""
    from tdream.games.cattower.answers import Draft, Roll
    game = registry.get("cattower")
    names = ["P0", "P1", "P2", "P3"]
    m, _ = game.load_position({"footprints": {n: 15 for n in names}, "parent": "P0"}, names, {}, 0)
    m.apply(Roll((1, 3, 4, 5, 6)))
    draft = m.copy()
    for v in (3, 5, 6, 1):
        m.apply(Draft(v))
    out = {"busiest_draw_answers": len(m.legal_answers(0))}
    for kind, label in (("cpu", "normal"), ("cpu:hard", "hard")):
        for point, match in (("draft", draft), ("draw", m)):
            ts = []
            for i in range(reps):
                player = game.make_player(kind, i)
                view = match.view(0)
                t0 = time.perf_counter()
                player.choose(view, 0)
                ts.append(time.perf_counter() - t0)
            out[f"busiest_{point}_{label}_p99_ms"] = round(1000 * pct(ts, 0.99), 2)
    return out


def summary(name: str, results: list[dict]) -> dict:
    g = len(results)
    wins = sum(r["win"] for r in results)
    return {f"{name}_games": g, f"{name}_win_pct": round(100.0 * wins / g, 1),
            f"{name}_outright_win_pct": round(100.0 * sum(r["outright"] for r in results) / g, 1),
            f"{name}_hero_score": round(sum(r["hero"] for r in results) / g, 1),
            f"{name}_rival_score": round(sum(sum(r["rivals"]) / len(r["rivals"]) for r in results) / g, 1),
            f"{name}_rounds": round(sum(r["rounds"] for r in results) / g, 1)}


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(len(v) * p))] if v else 0.0


UNITS = {"win_pct": "%", "outright_win_pct": "%", "hero_score": "points", "rival_score": "points", "rounds": "rounds",
         "games": "games", "ms": "ms", "answers": "answers"}


def unit(name: str) -> str:
    for k, u in UNITS.items():
        if name.endswith(k):
            return u
    return ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--part", default="all", choices=("all", "hard", "normal", "easy", "characters", "timing"))
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    out: dict = {}
    t0 = time.perf_counter()
    parts = ("hard", "normal", "timing") if args.part == "all" else (args.part,)
    if "hard" in parts:
        out.update(summary("hard_vs_cpu", run(["cpu:hard", "cpu", "cpu", "cpu"], args.games, args.jobs, args.seed)))
    if "normal" in parts:
        out.update(summary("cpu_vs_random", run(["cpu", "random", "random", "random"], args.games, args.jobs,
                                                args.seed)))
    if "easy" in parts:
        out.update(summary("easy_vs_random", run(["cpu:easy", "random", "random", "random"], args.games, args.jobs,
                                                 args.seed)))
    if "characters" in parts:
        from tdream.platform.roster import CHARACTER_IDS
        for cid in CHARACTER_IDS:
            res = run([cid, "cpu", "cpu", "cpu"], args.games, args.jobs, args.seed)
            out[f"{cid}_vs_cpu_win_pct"] = summary(cid, res)[f"{cid}_win_pct"]
    if "timing" in parts:
        games = max(4, min(args.games, 60))
        res = run(["cpu:hard", "cpu", "cpu", "cpu"], games, 1, args.seed, timed=True)
        for kind, label in (("cpu", "normal"), ("cpu:hard", "hard")):
            ts = [t for r in res for t in r["times"].get(kind, [])]
            out[f"{label}_decisions"] = len(ts)
            out[f"{label}_decision_p50_ms"] = round(1000 * pct(ts, 0.50), 2)
            out[f"{label}_decision_p99_ms"] = round(1000 * pct(ts, 0.99), 2)
            out[f"{label}_decision_max_ms"] = round(1000 * max(ts), 2)
        busy = max((r["busiest"] for r in res), key=lambda b: b[0])
        out["played_busiest_draw_answers"] = busy[0]
        out["played_busiest_hard_decision_ms"] = round(1000 * busy[1], 2)
        out.update(busiest())
    out["seconds"] = round(time.perf_counter() - t0, 1)
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in out.items():
            print(f"{k}: {v} {unit(k)}".rstrip())
    return 0


if __name__ == "__main__":
    sys.exit(main())
