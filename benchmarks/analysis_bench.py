"""How long ``tdream analyze`` takes on this machine (issue 40, "Done when"): a whole game's record
of each game analysed, locally and on a local Ray cluster.

    python benchmarks/analysis_bench.py [--game ID|all] [--seed S] [--repeat N] [--jobs 1,2]
                                        [--part chances|decisions|all] [--cluster chances|all|none] [--json]

The record: a CPU game of the game's characters at its usual table size (the line-up and seed of
game 0 of ``analysis_calibration.py --seed S``), written and opened as ``tdream analyze`` opens
one. Analysed with the method of ``analysis.yaml`` and analysis seed 0:
- ``chances``: win chances only (every seat is a CPU, so with ``who="human"`` no decision is rated):
  the chart's turns and the luck of every chance run;
- ``decisions``: the same and every decision rated as if all seats were human (``who="all"``);
each with ``--jobs`` local processes (``Analysis.run(jobs=K)``), and, when Ray is installed, the
parts ``--cluster`` names (default: ``chances``) on a local Ray cluster with 1 and 2 processes
(``Analysis.run(jobs=K, cluster="auto")``) two ways: ``ray_cold``, no cluster running (as
``tdream analyze --cluster auto`` alone: Ray is started and stopped by each of the analysis's two
phases), and ``ray_warm``, a cluster already running (started once by this script, as
``ray start --head`` would be). Every run's JSON (``analysis.dumps``) must be the same as the
first local run's (``same_json``).

Each figure is the best of ``--repeat`` runs (the machine may be shared). Prints
``name: value unit`` lines (``--json``: one JSON object); exit 1 if any JSON differs.
"""
from __future__ import annotations

import argparse
import importlib
import importlib.util
import json
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis_calibration import GAMES, lineup  # noqa: E402
from tdream.platform import analysis, registry  # noqa: E402
from tdream.platform.simulate import play_game  # noqa: E402
from tdream.rng import derive_seed  # noqa: E402

HAS_RAY = importlib.util.find_spec("ray") is not None     # the optional extra .[cluster]

WHO = {"chances": "human", "decisions": "all"}


def make_record(game_id: str, seed: int, folder: str):
    game = registry.get(game_id)
    path = os.path.join(folder, f"{game_id}.tdr")
    kinds = lineup(game, seed, 0)
    play_game(game, kinds, derive_seed(seed, 0), None, 0, path)
    return analysis.open_record(path), kinds


def timed(record, who: str, jobs: int, cluster: str | None, repeat: int) -> tuple[float, str, analysis.Analysis]:
    best = float("inf")
    text = ""
    a = None
    for _ in range(repeat):
        a = analysis.Analysis(record, seed=0, who=who)
        t = time.perf_counter()
        rep = a.run(jobs=jobs, cluster=cluster)
        best = min(best, time.perf_counter() - t)
        text = analysis.dumps(rep)
    assert a is not None
    return best, text, a


def bench_game(game_id: str, seed: int, repeat: int, jobs_list: list[int], parts: list[str], cluster: list[str],
               out: dict, say: bool) -> bool:
    same = True

    def put(name: str, value, unit: str) -> None:
        key = f"{game_id}_{name}"
        out[key] = value
        if say:
            print(f"{key}: {value} {unit}".rstrip(), flush=True)

    with tempfile.TemporaryDirectory(prefix="tdream-analysis-bench-") as tmp:
        record, kinds = make_record(game_id, seed, tmp)
        first = analysis.Analysis(record, seed=0, who="all")
        p = first.positions
        put("lineup", ",".join(kinds), "")
        put("turns", p.states[-1].progress(), registry.get(game_id).progress_unit)
        put("inputs", len(p.steps), "inputs")
        put("positions", len(p.evaluated), "positions (turn starts and chance runs' ends)")
        put("decisions_all", len(p.decisions), "decisions (all seats)")
        for part in parts:
            who = WHO[part]
            ref = None
            for jobs in jobs_list:
                s, text, a = timed(record, who, jobs, None, repeat)
                if ref is None:
                    ref = text
                    put(f"{part}_playouts", sum(len(v) for v in a.work.results.values()), "playouts")
                put(f"{part}_jobs{jobs}_s", round(s, 2), "s")
                if text != ref:
                    same = False
                    put(f"{part}_jobs{jobs}_same_json", 0, "(differs from jobs 1)")
            if part not in cluster:
                continue
            ray = importlib.import_module("ray")        # slow to import: only when it is used
            for how in ("cold", "warm"):
                if how == "warm":
                    ray.init(include_dashboard=False, logging_level="ERROR", log_to_driver=False)
                try:
                    for procs in (1, 2):
                        s, text, _ = timed(record, who, procs, "auto", repeat)
                        put(f"{part}_ray_{how}{procs}_s", round(s, 2), "s")
                        ok = text == ref
                        same = same and ok
                        put(f"{part}_ray_{how}{procs}_same_json", int(ok), "(1: the same JSON as local)")
                finally:
                    if how == "warm":
                        ray.shutdown()
    return same


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="tdream analyze's speed, locally and on a local Ray cluster (issue 40).")
    ap.add_argument("--game", default="all", help="a game id, or all (default)")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--repeat", type=int, default=2, help="runs of each figure; the best is reported (default 2)")
    ap.add_argument("--jobs", default="1,2", help="local process counts (default 1,2)")
    ap.add_argument("--part", choices=("chances", "decisions", "all"), default="all")
    ap.add_argument("--cluster", choices=("chances", "all", "none"), default="chances",
                    help="the parts also run on Ray (default chances: the decisions' part takes long)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    ids = list(GAMES) if args.game == "all" else [args.game]
    for g in ids:
        if g not in registry.ids():
            ap.exit(2, f"analysis_bench: --game {g}: no such game (one of {', '.join(registry.ids())}, or all)\n")
    try:
        jobs_list = [int(j) for j in args.jobs.split(",") if j.strip()]
    except ValueError:
        jobs_list = []
    if not jobs_list or min(jobs_list) < 1 or args.repeat < 1:
        ap.exit(2, "analysis_bench: --jobs: process counts of at least 1, comma-separated; --repeat at least 1\n")
    parts = ["chances", "decisions"] if args.part == "all" else [args.part]
    cluster = [] if not HAS_RAY or args.cluster == "none" else ["chances"] if args.cluster == "chances" else parts
    out: dict = {"cpus": os.cpu_count(), "repeat": args.repeat, "ray": cluster}
    same = True
    for g in ids:
        same = bench_game(g, args.seed, args.repeat, jobs_list, parts, cluster, out, not args.json) and same
    out["same_json"] = int(same)
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        print(f"same_json: {int(same)} (1: every run gave the first local run's JSON)")
    return 0 if same else 1


if __name__ == "__main__":
    raise SystemExit(main())
