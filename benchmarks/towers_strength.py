"""Towers CPU strength and decision time (docs/games/towers.md, "Measured").

    .venv/bin/python benchmarks/towers_strength.py --games 400 --jobs 2
    .venv/bin/python benchmarks/towers_strength.py --pair cpu:hard,cpu --games 400 --jobs 2
    .venv/bin/python benchmarks/towers_strength.py --timing --games 40
    .venv/bin/python benchmarks/towers_strength.py --roster --games 40 --jobs 2
    .venv/bin/python benchmarks/towers_strength.py --timing --games 10 --kind joji:hard --kind hazumi:hard

Strength: whole games of two CPU kinds, seats alternated (game i puts the first kind in seat
i % 2), each game its own seed (``derive_seed(seed, i)``), default options unless ``--option``.
Targets (brief): ``cpu:hard`` beats ``cpu`` >= 70% and ``cpu`` beats ``random`` >= 95% of 400
games; a draw counts half. Timing: every ``place`` decision of ``cpu`` and ``cpu:hard`` in
``--games`` self-play games, then the busiest positions met (most legal placements) timed again;
targets p99 <= 20 ms (normal) and <= 150 ms (hard), as wall time and as the process's CPU time
(``cpu_p99_ms``: what a loaded, shared machine does not inflate). Not a test: never run by pytest.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from multiprocessing import Pool
from pathlib import Path
from tdream.platform.options import option

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tdream.platform import registry  # noqa: E402
from tdream.platform.session import Seat, Session  # noqa: E402
from tdream.rng import derive_seed  # noqa: E402

PAIRS = (("cpu:hard", "cpu"), ("cpu", "random"))
TARGETS = {("cpu:hard", "cpu"): 0.70, ("cpu", "random"): 0.95}


def play(args) -> tuple[int, float, int, str]:
    """One game: (index, points of the first kind: 1 win, 0.5 draw, 0 loss, turns, final fingerprint)."""
    i, a, b, seed, options = args
    game = registry.get("towers")
    kinds = (a, b) if i % 2 == 0 else (b, a)
    mine = 0 if i % 2 == 0 else 1
    s, _ = Session.start(game, [Seat("P1", kinds[0]), Seat("P2", kinds[1])], options, derive_seed(seed, i))
    s.run()
    res = s.match.result()
    first = res.ranking[0]
    pts = 0.5 if len(first) > 1 and mine in first else 1.0 if first == (mine,) else 0.0
    return i, pts, s.match.progress(), s.match.fingerprint()


def strength(a: str, b: str, games: int, jobs: int, seed: int, options: dict) -> dict:
    work = [(i, a, b, seed, options) for i in range(games)]
    t = time.time()
    if jobs > 1:
        with Pool(jobs) as pool:
            out = pool.map(play, work, chunksize=4)
    else:
        out = [play(w) for w in work]
    pts = [p for _, p, _, _ in out]
    wins = sum(1 for p in pts if p == 1.0)
    draws = sum(1 for p in pts if p == 0.5)
    return {"a": a, "b": b, "games": games, "wins": wins, "draws": draws, "losses": games - wins - draws,
            "score": round(sum(pts) / games, 4), "avg_turns": round(sum(t_ for _, _, t_, _ in out) / games, 1),
            "distinct_games": len({f for *_, f in out}),
            "seconds": round(time.time() - t, 1)}


def _p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(len(xs) * 0.99))] if xs else 0.0


def timing(kind: str, games: int, seed: int, options: dict) -> dict:
    """p99 and max of ``kind``'s place decisions in self-play, and on the busiest positions."""
    game = registry.get("towers")
    times: list[float] = []
    cpu: list[float] = []                        # process CPU time: the same under a loaded machine
    busy: list[tuple[int, int, dict]] = []       # (legal placements, order, state)
    for i in range(games):
        s, _ = Session.start(game, [Seat("P1", kind), Seat("P2", kind)], options, derive_seed(seed, i))
        m = s.match
        while (aw := m.awaiting()) is not None:
            if aw.others and s.interjections() is not None:
                continue
            seat = aw.player
            view = m.view(seat)
            if aw.kind == "place":
                n = len(view.legal_answers(seat))
                busy.append((n, len(busy), m.to_json()))
                busy.sort(key=lambda x: (-x[0], x[1]))
                del busy[10:]
            t, c = time.perf_counter(), time.process_time()
            a = s.players[seat].choose(view, seat)
            dt, dc = time.perf_counter() - t, time.process_time() - c
            if aw.kind == "place":
                times.append(dt)
                cpu.append(dc)
            s.give(a, seat)
    player = game.make_player(kind, 1)
    btimes = []
    for n, _, state in busy:
        m = game.match_from_json(state)
        for _ in range(3):
            v = m.view(m.to_move)
            t = time.perf_counter()
            player.choose(v, m.to_move)
            btimes.append(time.perf_counter() - t)
    return {"kind": kind, "decisions": len(times), "p99_ms": round(_p99(times) * 1000, 2),
            "max_ms": round(max(times) * 1000, 2), "cpu_p99_ms": round(_p99(cpu) * 1000, 2),
            "cpu_max_ms": round(max(cpu) * 1000, 2), "busiest_placements": busy[0][0] if busy else 0,
            "busiest_p99_ms": round(_p99(btimes) * 1000, 2), "busiest_max_ms": round(max(btimes) * 1000, 2)}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=2024)
    ap.add_argument("--pair", action="append", default=[], help="A,B: the first kind against the second")
    ap.add_argument("--timing", action="store_true", help="decision times instead of strength")
    ap.add_argument("--roster", action="store_true", help="every character (normal) against cpu")
    ap.add_argument("--kind", action="append", default=[], help="--timing: these kinds (default cpu, cpu:hard)")
    ap.add_argument("--option", action="append", default=[], help="NAME=VALUE (repeatable)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    game = registry.get("towers")
    options = {}
    for o in args.option:
        k, _, v = o.partition("=")
        options[k] = option(game, k).parse(v)
    results = []
    if args.timing:
        for kind in args.kind or ("cpu", "cpu:hard"):
            results.append(timing(kind, args.games, args.seed, options))
    else:
        pairs = [tuple(p.split(",")) for p in args.pair] or list(PAIRS)
        if args.roster:
            pairs = [(c, "cpu") for c in game.cpu_kinds() if c not in ("random", "cpu")]
        for a, b in pairs:
            r = strength(a, b, args.games, args.jobs, args.seed, options)
            target = TARGETS.get((a, b))
            if target is not None:
                r["target"] = target
                r["met"] = r["score"] >= target
            results.append(r)
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        for r in results:
            print("  ".join(f"{k}: {v}" for k, v in r.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
