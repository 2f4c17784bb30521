"""Today's build and an earlier commit, measured side by side in one sitting (issue 25, point 4).

    python benchmarks/side_by_side.py REF                       # every figure of `tdream bench`
    python benchmarks/side_by_side.py REF --game towers --rounds 5 --seconds 3
    python benchmarks/side_by_side.py REF --only towers_turns_per_s,towers_ai_decision_ms_p99
    python benchmarks/side_by_side.py REF --pure --json         # both builds pure Python; JSON

"Today" is this working tree (uncommitted edits included); REF is any commit, checked out in a
temporary clone. Both run with this Python (the same virtual environment, each build's own
``tdream`` package first on the path), each compiled with ``tdream native`` first unless
``--pure`` (then ``TDREAM_PURE=1`` for both). The rounds go round robin, the order alternating
(today, REF; then REF, today; ...), so a machine that grows busier slows both alike; each figure
is given as the min and median over the rounds, and today's median over REF's (for times in ms,
REF's over today's: above 1 is faster either way). This machine is noisy: trust a ratio only
from one sitting, and only beyond the spread the rounds show.
"""
from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def checkout(ref: str, where: Path) -> Path:
    """A clone of this repository at ``ref`` in ``where``."""
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(ROOT), str(where)], check=True)
    subprocess.run(["git", "-C", str(where), "checkout", "-q", "--detach", ref], check=True)
    return where


def env_for(root: Path, pure: bool) -> dict:
    env = dict(os.environ, PYTHONPATH=str(root), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    env.pop("TDREAM_PURE", None)
    if pure:
        env["TDREAM_PURE"] = "1"
    return env


def which_tdream(root: Path, pure: bool) -> str:
    out = subprocess.run([sys.executable, "-c", "import tdream; print(tdream.__file__)"], cwd=root,
                         env=env_for(root, pure), capture_output=True, text=True, check=True)
    return out.stdout.strip()


def bench(root: Path, pure: bool, game: str | None, seconds: float) -> dict:
    cmd = [sys.executable, "-m", "tdream", "bench", "--json", "--seconds", str(seconds)]
    if game:
        cmd += ["--game", game]
    out = subprocess.run(cmd, cwd=root, env=env_for(root, pure), capture_output=True, text=True)
    if out.returncode != 0:
        raise SystemExit(f"{root}: tdream bench failed:\n{out.stderr}")
    return json.loads(out.stdout)


def lower_is_better(name: str) -> bool:
    return "_ms_" in name or name.endswith(("_s", "_mb")) and not name.endswith("_per_s")


def summary(now: list[dict], ref: list[dict], only: list[str] | None) -> dict:
    names = [k for k in now[0] if isinstance(now[0][k], (int, float)) and all(k in r for r in ref)]
    if only:
        names = [k for k in names if k in only]
    out = {}
    for k in names:
        a, b = [r[k] for r in now], [r[k] for r in ref]
        ma, mb = statistics.median(a), statistics.median(b)
        if lower_is_better(k):
            ratio = mb / ma if ma else 0.0
        else:
            ratio = ma / mb if mb else 0.0
        out[k] = {"today_min": min(a), "today_median": ma, "ref_min": min(b), "ref_median": mb,
                  "speedup": round(ratio, 3)}
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("ref", help="the earlier commit (any git revision)")
    ap.add_argument("--rounds", type=int, default=3, help="round-robin rounds (default 3)")
    ap.add_argument("--game", default=None, help="only this game's figures (tdream bench --game)")
    ap.add_argument("--seconds", type=float, default=3.0, help="tdream bench --seconds (default 3)")
    ap.add_argument("--only", default=None, help="comma-separated figure names to report")
    ap.add_argument("--pure", action="store_true", help="both builds in pure Python (TDREAM_PURE=1)")
    ap.add_argument("--json", action="store_true", help="one JSON object")
    args = ap.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="tdream-sbs-") as tmp:
        ref_root = checkout(args.ref, Path(tmp) / "ref")
        builds = {"today": ROOT, "ref": ref_root}
        for name, root in builds.items():
            found = which_tdream(root, args.pure)
            if not found.startswith(str(root)):
                raise SystemExit(f"{name}: tdream imported from {found}, not from {root}")
            if not args.pure:
                subprocess.run([sys.executable, "-m", "tdream", "native"], cwd=root, env=env_for(root, False),
                               check=True, capture_output=True)
        runs: dict[str, list[dict]] = {"today": [], "ref": []}
        for r in range(args.rounds):
            order = ("today", "ref") if r % 2 == 0 else ("ref", "today")
            for name in order:
                runs[name].append(bench(builds[name], args.pure, args.game, args.seconds))
                print(f"round {r + 1}/{args.rounds}: {name} done", file=sys.stderr)
        kinds = {n: runs[n][0].get("engine", "?") for n in runs}
    out = {"ref": args.ref, "rounds": args.rounds, "engine": kinds,
           "figures": summary(runs["today"], runs["ref"], args.only.split(",") if args.only else None)}
    if args.json:
        print(json.dumps(out, sort_keys=True))
        return 0
    print(f"today vs {args.ref}, {args.rounds} rounds (engine: today {kinds['today']}, ref {kinds['ref']})")
    print(f"{'figure':40} {'today min':>11} {'median':>11} {'ref min':>11} {'median':>11} {'speedup':>8}")
    for k, f in out["figures"].items():
        print(f"{k:40} {f['today_min']:>11} {f['today_median']:>11} {f['ref_min']:>11} {f['ref_median']:>11} "
              f"{f['speedup']:>7}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
