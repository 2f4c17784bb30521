"""Tower Up's balance (issue 24; docs/games/towerup.md "Balance"): mirrors of one CPU kind, the
win share by turn position (the drawn first seat first; a tie shares the win), the endings and
the turns a game. A simulation, not a test.

    python benchmarks/towerup_balance.py --players 4 --games 400 --seed 11 [--cpu cpu:hard] [--jobs 2]
    python benchmarks/towerup_balance.py --players 4 --counts 9,36,2-3-4    # other counts, for the run only

Game i plays seed ``derive_seed(S, i)`` as ``tdream simulate --game towerup --players N --seed S
--cpus CPU`` does (so its endings and turns are the same as that command's ``--json``); the share
by turn position needs the first seat, read from the set-up's ``FirstPlayerDrawn`` event. Prints
one JSON line. ``--counts ROOFS,SUPPLY,L1-L2-...`` plays the ``--players`` count with other UG1.1
numbers (roofs a player, floors a colour, ``later_floors``) in place of ``components.yaml``'s, by
replacing ``Components``' look-ups for that count in this process (the workers are forked after);
the data files are not touched.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from multiprocessing import Pool
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from tdream.games.towerup import events as ev  # noqa: E402
from tdream.platform import registry  # noqa: E402
from tdream.platform.session import Session  # noqa: E402
from tdream.platform.simulate import Seat, seat_names  # noqa: E402
from tdream.rng import derive_seed  # noqa: E402


def play(args) -> tuple[list[int], int, str, int, int, list[list[int]]]:
    """One mirror game: (its winners by turn position, how many share, the ending, its turns, the
    turn position of who began the end, each position's [vehicles, chips] points)."""
    players, seed, index, kind = args
    game = registry.get("towerup")
    kinds = [kind] * players
    seats = [Seat(n, k) for n, k in zip(seat_names(kinds), kinds)]
    session, events = Session.start(game, seats, {"players": players}, derive_seed(seed, index))
    first = next(e.player for e in events if type(e) is ev.FirstPlayerDrawn)
    seen: list = []
    session.observers.append(lambda _s, _seat, _a, evs, _g: seen.extend(evs))
    try:
        session.run()
    finally:
        session.close()
    res = session.match.result()
    trigger = next(e.player for e in seen if type(e) is ev.EndBegun)
    parts = [[0, 0] for _ in range(players)]
    for e in seen:
        if type(e) is ev.Scored:
            parts[(e.player - first) % players] = [e.vehicles, e.chips]
    return ([(p - first) % players for p in res.ranking[0]], len(res.ranking[0]), res.reason,
            session.match.progress(), (trigger - first) % players, parts)


def switch_counts(players: int, text: str) -> None:
    """``--counts``: Components' roofs, supply and later floors for ``players`` read from ``text``."""
    from tdream.games.towerup.data import Components
    roofs, supply, later = text.split(",")
    numbers = {"roofs_for": int(roofs), "supply_for": int(supply),
               "later_for": tuple(int(x) for x in later.split("-"))}
    for name, value in numbers.items():
        shipped = getattr(Components, name)
        setattr(Components, name, lambda self, n, v=value, f=shipped: v if n == players else f(self, n))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    ap.add_argument("--games", type=int, default=400)
    ap.add_argument("--seed", type=int, default=11)
    ap.add_argument("--cpu", default="cpu", help="the kind every seat plays (cpu, cpu:hard, a character)")
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--counts", help="ROOFS,SUPPLY,L1-L2-...: other counts for this player count")
    args = ap.parse_args(argv)
    if args.counts:
        switch_counts(args.players, args.counts)
    tasks = [(args.players, args.seed, i, args.cpu) for i in range(args.games)]
    t0 = time.perf_counter()
    if args.jobs > 1:
        with Pool(args.jobs) as pool:
            games = pool.map(play, tasks, chunksize=8)
    else:
        games = [play(t) for t in tasks]
    wins = [0.0] * args.players
    ends: Counter = Counter()
    began: Counter = Counter()          # who began the end, by turn position
    began_won = 0.0                     # games he won (a shared win counts its share)
    points = [[0, 0] for _ in range(args.players)]
    turns = []
    for positions, shared, reason, n, trigger, parts in games:
        for q in positions:
            wins[q] += 1 / shared
        ends[reason] += 1
        turns.append(n)
        began[trigger] += 1
        began_won += (trigger in positions) / shared
        for q, (vehicles, chips) in enumerate(parts):
            points[q][0] += vehicles
            points[q][1] += chips
    n = len(games)
    print(json.dumps({"players": args.players, "games": n, "seed": args.seed, "cpu": args.cpu,
                      **({"counts": args.counts} if args.counts else {}),
                      "win_share_by_position": [round(100 * w / n, 1) for w in wins],
                      "endings": {k: round(100 * v / n, 1) for k, v in sorted(ends.items())},
                      "turns": {"mean": round(sum(turns) / n, 1), "min": min(turns), "max": max(turns)},
                      "end_begun_by_position": [round(100 * began[q] / n, 1) for q in range(args.players)],
                      "end_beginner_wins": round(100 * began_won / n, 1),
                      "vehicles_chips_by_position": [[round(v / n, 1), round(c / n, 1)] for v, c in points],
                      "seconds": round(time.perf_counter() - t0, 1)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
