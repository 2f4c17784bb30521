"""The roster's strength figures of issue 4 (simulations, not timed tests).

    python benchmarks/roster_strength.py [--games N] [--duel N] [--jobs J] [--seed S] [--part vs-random|duel]
                                         [--characters ID,...]

- vs-random: each character against three ``random`` players on classic-10, N games (issue: 2,000;
  every character >= 40%, every A-grade >= 55%);
- duel: in 2-player games (G2.1), each character at ``hard`` against itself at ``normal``
  (issue: hard wins >= 60%).

The round robin is ``tdream tournament``. Prints one line a figure and a JSON summary last.
"""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tdream.games.towerdream.ai import CHARACTER_IDS, roster  # noqa: E402
from tdream.platform.simulate import simulate  # noqa: E402


def win_rate(results, kind: str) -> float:
    wins = seats = 0.0
    for r in results:
        for p, k in enumerate(r.kinds):
            if k == kind:
                seats += 1
                if p in r.winners:
                    wins += 1 / len(r.winners)
    return wins / seats if seats else 0.0


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=2000)
    ap.add_argument("--duel", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--part", choices=("vs-random", "duel", "all"), default="all")
    ap.add_argument("--characters", metavar="ID,...", help="only these characters (default: all nine)")
    args = ap.parse_args()
    chars = CHARACTER_IDS
    if args.characters:
        chars = tuple(c.strip() for c in args.characters.split(",") if c.strip())
        unknown = [c for c in chars if c not in CHARACTER_IDS]
        if unknown:
            ap.error(f"unknown characters: {', '.join(unknown)}")
    out: dict = {}
    if args.part in ("vs-random", "all"):
        out["vs_random"] = {}
        for c in chars:
            results = list(simulate(args.games, "towerdream", args.seed, [c, "random", "random", "random"], args.jobs,
                                    options={"board": "classic-10"}))
            rate = win_rate(results, c)
            out["vs_random"][c] = round(rate, 4)
            grade = roster()[c].grade
            need = 0.55 if grade == "A" else 0.40
            print(f"vs 3 random: {c:<12} {grade}  {100 * rate:5.1f}%  (needs {100 * need:.0f}%)"
                  f"{'' if rate >= need else '  NOT MET'}", flush=True)
    if args.part in ("duel", "all"):
        out["duel"] = {}
        for c in chars:
            results = list(simulate(args.duel, "towerdream", args.seed, [f"{c}:hard", c], args.jobs,
                                    options={"board": "classic-10", "players": 2}))
            rate = win_rate(results, f"{c}:hard")
            out["duel"][c] = round(rate, 4)
            print(f"2 players, hard vs normal: {c:<12} {100 * rate:5.1f}%  (needs 60%)"
                  f"{'' if rate >= 0.6 else '  NOT MET'}", flush=True)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
