"""Tower Up's CPU figures (docs/games/towerup.md "Measured"): simulations and timings, not tests.

    python benchmarks/towerup_strength.py [--games N] [--jobs J] [--seed S]
                                          [--part hard|random|timing|characters|all] [--players N]

- hard: ``cpu:hard`` against three ``cpu`` in four-player games, N games with the hard seat
  rotating through the four seats (target: wins >= 40%; a tie shares the win);
- random: ``cpu`` against three ``random`` the same way (target: >= 80%);
- characters: each character (normal) against three ``cpu``, N games each (a style check, no target);
- timing: every decision of ``cpu`` and ``cpu:hard`` in the games played (p50, p99, max), and the
  busiest position met (the most legal answers), timed 200 times at each level (targets: p99
  normal <= 20 ms, hard <= 150 ms). Pure Python, one process; wall time and the process's CPU
  time (the same on an idle machine; CPU time is the fair figure when other work shares the cores).

Prints one line a figure, then a JSON summary.
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
from tdream.rng import derive_seed  # noqa: E402

GAME = registry.get("towerup")


def play(args) -> dict:
    """One game: ``kinds`` by seat; the winners, scores, decision times by kind, the busiest view."""
    kinds, seed, timed = args
    names = [f"P{i + 1}" for i in range(len(kinds))]
    match, _ = GAME.new_match(names, {}, seed)
    players = {i: GAME.make_player(k, derive_seed(seed, 1000 + i)) for i, k in enumerate(kinds)}
    times: dict[str, list[float]] = {}
    busiest = (0, None, -1)
    while (aw := match.awaiting()) is not None:
        if aw.player == CHANCE:
            match.apply(match.sample_chance(), True, CHANCE)
            continue
        p = aw.player
        view = match.view(p)
        if timed and aw.kind == "turn":
            n = len(match.legal_answers(p))
            if n > busiest[0]:
                busiest = (n, match.to_json(), p)
        t0, c0 = time.perf_counter(), time.process_time()
        answer = players[p].choose(view, p)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        if timed:
            times.setdefault(kinds[p], []).append(dt)
            times.setdefault(kinds[p] + "@cpu", []).append(dc)
        match.apply(answer, False, p)
    res = match.result()
    return {"kinds": kinds, "winners": list(res.ranking[0]), "scores": list(res.scores), "times": times,
            "busiest": busiest if timed else None, "turns": match.progress(), "reason": res.reason}


def seatings(kind: str, rivals: str, games: int, seed: int, players: int = 4):
    for g in range(games):
        at = g % players
        kinds = [rivals] * players
        kinds[at] = kind
        yield (kinds, derive_seed(seed, g), False)


def run(jobs: int, tasks):
    tasks = list(tasks)
    if jobs <= 1:
        return [play(t) for t in tasks]
    with Pool(jobs) as pool:
        return pool.map(play, tasks, chunksize=max(1, len(tasks) // (jobs * 8)))


def win_rate(results, kind: str) -> float:
    wins = seats = 0.0
    for r in results:
        for p, k in enumerate(r["kinds"]):
            if k == kind:
                seats += 1
                if p in r["winners"]:
                    wins += 1 / len(r["winners"])
    return wins / seats if seats else 0.0


def quantiles(ts: list[float]) -> dict:
    ts = sorted(ts)
    if not ts:
        return {}
    return {"p50_ms": round(1000 * ts[len(ts) // 2], 2), "p99_ms": round(1000 * ts[min(len(ts) - 1, int(len(ts) * 0.99))], 2),
            "max_ms": round(1000 * ts[-1], 2), "decisions": len(ts)}


def busiest_timing(state: dict, seat: int, kind: str, runs: int = 200) -> dict:
    match = GAME.match_from_json(state)
    player = GAME.make_player(kind, 7)
    ts, cs = [], []
    for _ in range(runs):
        view = match.view(seat)
        t0, c0 = time.perf_counter(), time.process_time()
        player.choose(view, seat)
        ts.append(time.perf_counter() - t0)
        cs.append(time.process_time() - c0)
    out = quantiles(ts)
    out.update({f"cpu_{k}": v for k, v in quantiles(cs).items() if k != "decisions"})
    return out


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--part", choices=("hard", "random", "timing", "characters", "all"), default="all")
    args = ap.parse_args()
    out: dict = {"games": args.games, "seed": args.seed, "players": args.players}
    t0 = time.time()
    if args.part in ("hard", "all"):
        res = run(args.jobs, seatings("cpu:hard", "cpu", args.games, args.seed, args.players))
        rate = win_rate(res, "cpu:hard")
        out["hard_vs_3_cpu"] = round(rate, 4)
        print(f"cpu:hard vs {args.players - 1} cpu: {100 * rate:5.1f}% wins over {len(res)} games (target 40%)"
              f"{'' if rate >= 0.40 else '  NOT MET'}", flush=True)
    if args.part in ("random", "all"):
        res = run(args.jobs, seatings("cpu", "random", args.games, args.seed, args.players))
        rate = win_rate(res, "cpu")
        out["cpu_vs_3_random"] = round(rate, 4)
        print(f"cpu vs {args.players - 1} random: {100 * rate:5.1f}% wins over {len(res)} games (target 80%)"
              f"{'' if rate >= 0.80 else '  NOT MET'}", flush=True)
    if args.part in ("characters",):
        from tdream.platform.roster import CHARACTER_IDS
        out["characters_vs_3_cpu"] = {}
        for c in CHARACTER_IDS:
            res = run(args.jobs, seatings(c, "cpu", args.games, args.seed, args.players))
            rate = win_rate(res, c)
            out["characters_vs_3_cpu"][c] = round(rate, 4)
            print(f"{c:<12} vs {args.players - 1} cpu: {100 * rate:5.1f}%", flush=True)
    if args.part in ("timing", "all"):
        n = max(4, min(args.games, 40))
        tasks = [(["cpu:hard", "cpu", "cpu", "cpu"][: args.players][g % args.players:]
                  + ["cpu:hard", "cpu", "cpu", "cpu"][: args.players][: g % args.players],
                  derive_seed(args.seed, 10_000 + g), True) for g in range(n)]
        res = [play(t) for t in tasks]
        for kind in ("cpu", "cpu:hard"):
            q = quantiles([t for r in res for t in r["times"].get(kind, [])])
            c = quantiles([t for r in res for t in r["times"].get(kind + "@cpu", [])])
            q.update({f"cpu_{k}": v for k, v in c.items() if k != "decisions"})
            out[f"decision_{kind}"] = q
            print(f"decision {kind}: p50 {q['p50_ms']} ms, p99 {q['p99_ms']} ms, max {q['max_ms']} ms wall; "
                  f"p99 {q['cpu_p99_ms']} ms CPU time ({q['decisions']} decisions, {n} games)", flush=True)
        legal, state, seat = max((r["busiest"] for r in res), key=lambda b: b[0])
        out["busiest_legal_answers"] = legal
        for kind, target in (("cpu", 20), ("cpu:hard", 150)):
            q = busiest_timing(state, seat, kind)
            out[f"busiest_{kind}"] = q
            print(f"busiest position ({legal} legal answers), {kind}: p50 {q['p50_ms']} ms, p99 {q['p99_ms']} ms wall, "
                  f"p99 {q['cpu_p99_ms']} ms CPU time (target p99 <= {target} ms)"
                  f"{'' if min(q['p99_ms'], q['cpu_p99_ms']) <= target else '  NOT MET'}", flush=True)
    out["seconds"] = round(time.time() - t0, 1)
    print(json.dumps(out, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
