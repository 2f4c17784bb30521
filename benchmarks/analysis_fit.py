"""Fit each game's analysis calibration (``tdream/games/<id>/calibration.yaml``, issue 40).

Random playouts misjudge a game of skill: the share of first place they give a seat is not the
chance that seat wins as the game's CPU characters play it. This script plays seeded CPU games of
each game's characters (the same line-ups and positions as ``analysis_calibration.py``: 8 turn
starts of each game, drawn by its seed), estimates each position raw as ``tdream analyze`` does (the method of
``analysis.yaml``, no calibration), and fits a map from a raw estimate to the observed win rate:
a logistic curve of the raw estimate's logit (Platt's scaling: two figures), written down as
knots joined by straight lines from raw 0 to raw 1. Its games (seed 140 by default) are other
games than the calibration table's (seed 40), which checks the map on games it never saw.

    python benchmarks/analysis_fit.py --game all --positions 1000 --jobs 2 [--pairs DIR]
"""
from __future__ import annotations

import argparse
import inspect
import json
import math
import os
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "benchmarks")]

from analysis_calibration import games_in_order  # noqa: E402
from tdream.platform import analysis, registry  # noqa: E402
from tdream.platform.record import write_atomic  # noqa: E402



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


EPS = 0.005                     # raw estimates are held within EPS .. 1 - EPS before their logit
XS = (0, 0.01, 0.02, 0.03, 0.05, 0.075, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65,
      0.7, 0.75, 0.8, 0.85, 0.9, 0.925, 0.95, 0.97, 0.98, 0.99, 1)      # where the curve is written down


def _logit(p):
    p = np.clip(p, EPS, 1 - EPS)
    return np.log(p / (1 - p))


def fit_logistic(pairs: list) -> tuple[float, float]:
    """(a, b) of chance = 1 / (1 + exp(-(a logit(raw) + b))) that make the pairs likeliest (Newton's
    method with halving steps): two figures, so a few hundred games fit them steadily (a game's
    turns share its ending: bins of a free curve would follow its noise)."""
    data = np.array(pairs, dtype=float)
    x, y = _logit(data[:, 0]), data[:, 1]

    def nll(a: float, b: float) -> float:
        z = np.clip(a * x + b, -30, 30)
        return float(np.sum(np.logaddexp(0, z) - y * z))

    a, b = 1.0, 0.0
    for _ in range(200):
        z = np.clip(a * x + b, -30, 30)
        s = 1 / (1 + np.exp(-z))
        g = np.array([np.sum((s - y) * x), np.sum(s - y)])
        w = s * (1 - s)
        h = np.array([[np.sum(w * x * x), np.sum(w * x)], [np.sum(w * x), np.sum(w)]]) + 1e-6 * np.eye(2)
        step = np.linalg.solve(h, g)
        t, f0 = 1.0, nll(a, b)
        while t > 1e-6 and nll(a - t * step[0], b - t * step[1]) > f0:
            t /= 2
        a, b = a - t * step[0], b - t * step[1]
        if np.abs(t * step).max() < 1e-9:
            break
    return float(a), float(b)


def fit(pairs: list) -> list[tuple[float, float]]:
    """The calibration's knots: the fitted curve written down at ``XS`` (a rising curve when
    ``a`` > 0; never falling in any case)."""
    a, b = fit_logistic(pairs)
    knots: list[tuple[float, float]] = []
    for x in XS:
        c = min(1 - EPS, max(EPS, x))
        y = round(1 / (1 + math.exp(-(a * math.log(c / (1 - c)) + b))), 4)
        knots.append((float(x), max(y, knots[-1][1]) if knots else y))
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
    ap.add_argument("--seed", default="140", help="the games' seed, or several (140,40): their pairs together")
    ap.add_argument("--pairs", default=None, metavar="DIR", help="keep (or reuse) each game's pairs here")
    args = ap.parse_args(argv)
    ids = registry.ids() if args.game == "all" else [args.game]
    seeds = [int(x) for x in args.seed.split(",")]
    for gid in ids:
        start = time.perf_counter()
        data = {"pairs": [], "positions": 0, "games": 0}
        for seed in seeds:
            cached = Path(args.pairs) / f"{gid}-{seed}.json" if args.pairs else None
            if cached is not None and cached.exists():
                one = json.loads(cached.read_text())
            else:
                pairs, sampled, games = pairs_of(gid, args.positions, seed, args.jobs)
                one = {"pairs": pairs, "positions": sampled, "games": games}
                if cached is not None:
                    os.makedirs(cached.parent, exist_ok=True)
                    write_atomic(cached, json.dumps(one))
            for key in data:
                data[key] += one[key]
        knots = fit(data["pairs"])
        meth = analysis.method()
        a, b = fit_logistic(data["pairs"])
        measured = (f"{data['positions']} positions of {data['games']} CPU games (seed {args.seed}), "
                    f"{meth.playouts} playouts a position by the {meth.policy} player; "
                    f"chance = 1 / (1 + exp(-({a:.4f} logit(raw) + {b:.4f})))")
        path = write(gid, knots, measured)
        print(f"{gid}: {len(data['pairs'])} pairs, {len(knots)} knots -> {path} ({time.perf_counter() - start:.0f} s)",
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
