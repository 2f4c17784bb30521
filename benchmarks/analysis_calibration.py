"""How honest the analysis's win chances are (issue 40, item 4): a calibration table per game.

    python benchmarks/analysis_calibration.py [--game ID|all] [--positions N] [--jobs K] [--seed S]
                                              [--playouts N] [--policy KIND] [--json]

For each game: CPU games of its characters (``random`` and ``cpu`` left out) at its usual table
size (the seats its default options ask for, else ``default_seats``; no options), game ``i``
seeded by (S, i), its line-up ``n`` distinct characters drawn by an RNG of that seed (so the
line-ups vary from game to game). Each game is written as a record and replayed by the analysis
itself (``analysis.Positions``); the positions sampled are **8 turn starts** of each game
(``Positions.turn_starts`` but the last, the finished match, whose figures are exact), drawn by the
game's seed (``--per-game``: a game's turns share its ending, so few turns of many games judge a
tenth far better than every turn of a few). Each position's win chances are estimated exactly as
``tdream analyze`` estimates a turn of its chart, calibrated:
``analysis.Work.run`` on the position with the method of ``analysis.yaml`` (its policy and
playouts; analysis seed (S, i)). Each seat's estimate is paired with what that seat got at the end
of the real game: 1 for a win, 1/k for a k-way tie for first, else 0.

Games are taken in index order until at least ``--positions`` positions are in (whole games), so
the table is the same for any ``--jobs``. The table: for each tenth of the estimate (0-10%, ...,
90-100%; 100% falls in the last), the (position, seat) pairs in it, their mean estimate, the
observed win rate and the gap in points (observed minus mean). PASS when every tenth with at least
30 pairs is within 5 points. Pairs of one game are not independent (its positions share an end):
the table's noise is larger than a count of pairs suggests.

``--playouts`` and ``--policy`` try a variant of the method (not the analysis's; say so when
reporting it). Prints the table (``--json``: one JSON object, a list of tables for ``all``).
Exit 0 whether or not a table passes (it is a measure, not a test); 2 for bad arguments.
"""
from __future__ import annotations

import argparse
import dataclasses
import json
import multiprocessing as mp
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tdream.errors import TdreamError  # noqa: E402
from tdream.platform import analysis, registry  # noqa: E402
from tdream.platform.options import full_options, seat_count  # noqa: E402
from tdream.platform.simulate import play_game  # noqa: E402
from tdream.rng import derive_seed  # noqa: E402

GAMES = ("towerdream", "towers", "cattower", "towerup")
ENOUGH = 30          # pairs a tenth needs to be judged
WITHIN = 5.0         # points
NOT_CHARACTERS = ("random", "cpu")


def characters(game) -> list[str]:
    return [k for k in game.cpu_kinds() if k not in NOT_CHARACTERS]


def table_size(game) -> int:
    return seat_count(game, full_options(game, None)) or game.default_seats


def lineup(game, seed: int, index: int) -> list[str]:
    """Game ``index``'s seats: distinct characters drawn by an RNG of (seed, index)."""
    chars = characters(game)
    n = table_size(game)
    return random.Random(derive_seed(seed, index)).sample(chars, n)


_WORKER: dict = {}
PER_GAME = 8            # turn starts a game gives, drawn by its seed (0: every one)


def _init(game_id: str, seed: int, meth: analysis.Method, raw: bool = False, per_game: int = PER_GAME) -> None:
    _WORKER.update(game=registry.get(game_id), seed=seed, method=meth, raw=raw, per_game=per_game)


def one_game(index: int) -> dict:
    """Game ``index`` played, its turn starts estimated: {"index", "kinds", "pairs": [(estimate, got)...]}."""
    game, seed, meth = _WORKER["game"], _WORKER["seed"], _WORKER["method"]
    kinds = lineup(game, seed, index)
    game_seed = derive_seed(seed, index)
    with tempfile.TemporaryDirectory(prefix="tdream-calibration-") as tmp:
        path = os.path.join(tmp, "game.tdr")
        play_game(game, kinds, game_seed, None, index, path)
        record = analysis.open_record(path)
    positions = analysis.Positions(record, "human")
    final = positions.states[-1]
    if final.awaiting() is not None:
        raise TdreamError(f"{game.id}: game {index} did not finish")
    got = analysis.share(final)
    work = analysis.Work(positions, game_seed, meth)
    pairs: list[tuple[float, float]] = []
    sampled = 0
    starts = [i for i in positions.turn_starts if positions.states[i].awaiting() is not None]   # not the finished
    per = _WORKER.get("per_game", PER_GAME)
    if per and len(starts) > per:      # a few turns of many games: one game's ending is shared by its turns
        starts = sorted(random.Random(game_seed).sample(starts, per))
    for i in starts:
        rows = work.run((i, -1, 0, meth.playouts))
        sampled += 1
        if _WORKER.get("raw"):           # the playouts' own share (benchmarks/analysis_fit.py fits on it)
            chances = [sum(r[s] for r in rows) / len(rows) for s in range(positions.seats)]
        else:                            # as tdream analyze shows it: calibrated
            chances = analysis.position_chances(game, rows, positions.seats)[0]
        for s in range(positions.seats):
            pairs.append((chances[s], got[s]))
    return {"index": index, "kinds": kinds, "positions": sampled, "pairs": pairs}


def games_in_order(game_id: str, seed: int, meth: analysis.Method, jobs: int, raw: bool = False,
                   per_game: int = PER_GAME):
    """Every game's result in index order, without end (the caller stops); ``raw``: the playouts'
    own estimates, not calibrated."""
    indices = iter(range(10**9))
    if jobs <= 1:
        _init(game_id, seed, meth, raw, per_game)
        for i in indices:
            yield one_game(i)
        return
    ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(jobs, initializer=_init, initargs=(game_id, seed, meth, raw, per_game)) as pool:
        yield from pool.imap(one_game, indices, chunksize=1)


def tenth(x: float) -> int:
    return min(9, int(x * 10))


def table(pairs: list[tuple[float, float]]) -> list[dict]:
    rows = []
    for t in range(10):
        inside = [(e, g) for e, g in pairs if tenth(e) == t]
        n = len(inside)
        mean = sum(e for e, _ in inside) / n if n else None
        observed = sum(g for _, g in inside) / n if n else None
        gap = 100 * (observed - mean) if n else None    # type: ignore[operator]
        rows.append({"tenth": f"{10 * t}-{10 * t + 10}%", "pairs": n,
                     "mean": None if mean is None else round(mean, 4),
                     "observed": None if observed is None else round(observed, 4),
                     "gap": None if gap is None else round(gap, 2),
                     "judged": n >= ENOUGH, "ok": n < ENOUGH or abs(gap) <= WITHIN})   # type: ignore[arg-type]
    return rows


def calibrate(game_id: str, positions: int, seed: int, meth: analysis.Method, jobs: int,
              per_game: int = PER_GAME) -> dict:
    start = time.perf_counter()
    pairs: list[tuple[float, float]] = []
    games = sampled = 0
    lineups: set[tuple[str, ...]] = set()
    gen = games_in_order(game_id, seed, meth, jobs, per_game=per_game)
    try:
        for got in gen:
            pairs += got["pairs"]
            sampled += got["positions"]
            games += 1
            lineups.add(tuple(got["kinds"]))
            if sampled >= positions:
                break
    finally:
        gen.close()                        # ends the pool (games in flight are dropped)
    return judged(game_id, pairs, games, len(lineups), sampled, seed, meth, start)


def from_raw(game_id: str, path: str, seed: int, meth: analysis.Method) -> dict:
    """The table of raw pairs kept by ``analysis_fit.py --pairs`` (the same games, positions and
    playouts: their raw estimates) calibrated as ``tdream analyze`` calibrates them now, so that a
    calibration is checked again without playing the positions out again."""
    start = time.perf_counter()
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    seats = table_size(registry.get(game_id))
    raw = data["pairs"]
    pairs: list[tuple[float, float]] = []
    for k in range(0, len(raw), seats):
        one = raw[k:k + seats]
        chances = analysis.position_chances(registry.get(game_id), [tuple(e for e, _ in one)], seats)[0]
        pairs += [(c, got) for c, (_, got) in zip(chances, one)]
    return judged(game_id, pairs, data["games"], 0, data["positions"], seed, meth, start)


def judged(game_id: str, pairs: list, games: int, lineups: int, sampled: int, seed: int, meth: analysis.Method,
           start: float) -> dict:
    rows = table(pairs)
    return {"game": game_id, "seats": table_size(registry.get(game_id)), "games": games, "lineups": lineups,
            "positions": sampled, "pairs": len(pairs), "seed": seed,
            "method": {"policy": meth.policy, "playouts": meth.playouts, "analysis_yaml": meth == analysis.method()},
            "tenths": rows, "pass": all(r["ok"] for r in rows),
            "worst_gap": max((abs(r["gap"]) for r in rows if r["judged"]), default=0.0),
            "seconds": round(time.perf_counter() - start, 1)}


def show(t: dict) -> str:
    m = t["method"]
    lineups = f"{t['lineups']} line-ups, " if t["lineups"] else ""
    out = [f"{t['game']}: {t['positions']} positions (turn starts) of {t['games']} games, {t['seats']} seats, "
           f"{lineups}{t['pairs']} (position, seat) pairs; policy {m['policy']}, "
           f"{m['playouts']} playouts{'' if m['analysis_yaml'] else ' (a variant, not analysis.yaml)'}; "
           f"{t['seconds']} s",
           f"  {'tenth':<9} {'pairs':>6} {'mean':>7} {'won':>7} {'gap':>7}"]
    for r in t["tenths"]:
        if not r["pairs"]:
            out.append(f"  {r['tenth']:<9} {0:>6}")
            continue
        flag = "" if not r["judged"] else ("" if r["ok"] else "  OVER 5")
        note = "" if r["judged"] else "  (too few to judge)"
        out.append(f"  {r['tenth']:<9} {r['pairs']:>6} {100 * r['mean']:>6.1f}% {100 * r['observed']:>6.1f}% "
                   f"{r['gap']:>+7.1f}{flag}{note}")
    out.append(f"  {'PASS' if t['pass'] else 'FAIL'} (every tenth with >= {ENOUGH} pairs within {WITHIN:g} points; "
               f"worst gap {t['worst_gap']:.1f})")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="The analysis's calibration table per game (issue 40).")
    ap.add_argument("--game", default="all", help="a game id, or all (default)")
    ap.add_argument("--positions", type=int, default=2000, help="positions a game, at least (default 2000)")
    ap.add_argument("--jobs", type=int, default=1, help="processes (the table is the same for any)")
    ap.add_argument("--seed", type=int, default=40)
    ap.add_argument("--per-game", type=int, default=PER_GAME,
                    help=f"turn starts a game gives, drawn by its seed (default {PER_GAME}; 0: every one)")
    ap.add_argument("--playouts", type=int, help="a variant: playouts a position (default: analysis.yaml's)")
    ap.add_argument("--policy", help="a variant: the playout policy, a CPU kind (default: analysis.yaml's)")
    ap.add_argument("--json", action="store_true", help="one JSON object (a list of them for all)")
    ap.add_argument("--raw", default=None, metavar="DIR", help="the raw pairs analysis_fit.py --pairs DIR kept "
                                                                "(GAME-SEED.json): calibrated now, not played again")
    args = ap.parse_args(argv)
    ids = list(GAMES) if args.game == "all" else [args.game]
    for g in ids:
        if g not in registry.ids():
            ap.exit(2, f"analysis_calibration: --game {g}: no such game (one of {', '.join(registry.ids())}, or all)\n")
    if args.positions < 1 or args.jobs < 1 or (args.playouts is not None and args.playouts < 2):
        ap.exit(2, "analysis_calibration: --positions and --jobs must be at least 1, --playouts at least 2\n")
    meth = analysis.method()
    if args.playouts is not None:
        meth = dataclasses.replace(meth, playouts=args.playouts)
    if args.policy is not None:
        meth = dataclasses.replace(meth, policy=args.policy)
        for g in ids:
            try:
                registry.get(g).make_player(args.policy, 0)
            except (TdreamError, ValueError, KeyError) as e:
                ap.exit(2, f"analysis_calibration: --policy {args.policy}: not a CPU kind of {g} ({e})\n")
    tables = []
    for g in ids:
        kept = Path(args.raw) / f"{g}-{args.seed}.json" if args.raw else None
        t = (from_raw(g, str(kept), args.seed, meth) if kept is not None and kept.exists()
             else calibrate(g, args.positions, args.seed, meth, args.jobs, args.per_game))
        tables.append(t)
        if not args.json:
            print(show(t), flush=True)
    if args.json:
        print(json.dumps(tables[0] if len(tables) == 1 else tables, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
