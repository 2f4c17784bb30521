"""Fit each game's analysis calibration (``tdream/games/<id>/calibration.yaml``, issue 40).

Random playouts misjudge a game of skill: the share of first place they give a seat is not the
chance that seat wins as the game's CPU characters play it. This script plays seeded CPU games of
each game's characters (the same line-ups and positions as ``analysis_calibration.py``: every
turn start but the last), estimates each position raw as ``tdream analyze`` does (the method of
``analysis.yaml``, no calibration), and fits a map from a raw estimate to the observed win rate:
the estimates in twenty equal tenths-of-halves (0-5%, ..., 95-100%), each bin's mean estimate and
its observed rate, made never falling (pool adjacent violators, weighted by the pairs), joined by
straight lines from raw 0 to raw 1. Its games (seed 140 by default) are other games than the
calibration table's (seed 40), which checks the map on games it never saw.

    python benchmarks/analysis_fit.py --game all --positions 1000 --jobs 2 [--pairs DIR]
"""
from __future__ import annotations

import argparse
import inspect
import json
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from analysis_calibration import games_in_order  # noqa: E402
from tdream.platform import analysis, registry  # noqa: E402
from tdream.platform.record import write_atomic  # noqa: E402

BINS = 20


def pairs_of(game_id: str, positions: int, seed: int, jobs: int) -> tuple[list, int, int]:
    meth = analysis.method()
    pairs: list = []
    sampled = games = 0
    gen = games_in_order(game_id, seed, meth, jobs, raw=True)     # 8 turn starts a game, as the table's
    try:
        for got in gen:
            pairs += got["pairs"]
            sampled += got["positions"]
            games += 1
            if sampled >= positions:
                break
    finally:
        gen.close()
    return pairs, sampled, games


def fit(pairs: list) -> list[tuple[float, float]]:
    bins: list[list[float]] = [[0.0, 0.0, 0.0] for _ in range(BINS)]      # sum raw, sum won, count
    for raw, won in pairs:
        b = bins[min(BINS - 1, int(raw * BINS))]
        b[0] += raw
        b[1] += won
        b[2] += 1
    blocks = [[b[0] / b[2], b[1] / b[2], b[2]] for b in bins if b[2] > 0]  # mean raw, rate, weight
    merged: list[list] = []                 # pool adjacent violators: rates never falling
    for x, y, w in blocks:
        merged.append([[x], y, w])
        while len(merged) > 1 and merged[-2][1] > merged[-1][1]:
            xs2, y2, w2 = merged.pop()
            xs1, y1, w1 = merged.pop()
            merged.append([xs1 + xs2, (y1 * w1 + y2 * w2) / (w1 + w2), w1 + w2])
    knots: list[tuple[float, float]] = []
    for xs, y, _ in merged:
        for x in xs:                         # every bin keeps its place; a pooled run shares its rate
            if not knots or x > knots[-1][0]:
                knots.append((round(x, 4), round(y, 4)))
    first, last = knots[0][1], knots[-1][1]
    if knots[0][0] > 0:
        knots.insert(0, (0.0, first))
    if knots[-1][0] < 1:
        knots.append((1.0, last))
    return knots


def write(game_id: str, knots: list, measured: str) -> Path:
    game = registry.get(game_id)
    path = Path(inspect.getfile(type(game))).parent / analysis.CALIBRATION
    lines = ["# The analysis's calibration of this game (docs/FORMATS.md section 9): a raw playout estimate",
             "# (raw) -> the chance the seat wins as the game's CPU characters play (chance). Measured, not",
             "# designed: python benchmarks/analysis_fit.py (written by it; do not edit by hand).",
             "format: tdream-analysis-calibration", "version: 1", f"measured: {json.dumps(measured)}", "knots:"]
    lines += [f"  - [{x}, {y}]" for x, y in knots]
    write_atomic(path, "\n".join(lines) + "\n")
    return path


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="Fit each game's analysis calibration (issue 40).")
    ap.add_argument("--game", default="all")
    ap.add_argument("--positions", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--seed", type=int, default=140)
    ap.add_argument("--pairs", default=None, metavar="DIR", help="keep (or reuse) each game's pairs here")
    args = ap.parse_args(argv)
    ids = registry.ids() if args.game == "all" else [args.game]
    for gid in ids:
        start = time.perf_counter()
        cached = Path(args.pairs) / f"{gid}-{args.seed}.json" if args.pairs else None
        if cached is not None and cached.exists():
            data = json.loads(cached.read_text())
        else:
            pairs, sampled, games = pairs_of(gid, args.positions, args.seed, args.jobs)
            data = {"pairs": pairs, "positions": sampled, "games": games}
            if cached is not None:
                os.makedirs(cached.parent, exist_ok=True)
                write_atomic(cached, json.dumps(data))
        knots = fit(data["pairs"])
        meth = analysis.method()
        measured = (f"{data['positions']} positions of {data['games']} CPU games (seed {args.seed}), "
                    f"{meth.playouts} playouts a position by the {meth.policy} player")
        path = write(gid, knots, measured)
        print(f"{gid}: {len(data['pairs'])} pairs, {len(knots)} knots -> {path} ({time.perf_counter() - start:.0f} s)",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
