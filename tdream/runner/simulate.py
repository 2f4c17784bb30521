"""Headless CPU-only games (``tdream simulate``, ``tdream bench``).

Each game's seed is derived from (series seed, game index), so results do not depend on how many
processes (``--jobs``) share the work.
"""
from __future__ import annotations

import os
import sys
import time
from dataclasses import dataclass

from ..games.towerdream.ai import make_player
from ..games.towerdream.data import load_board, load_ruleset
from ..games.towerdream.rules import new_game
from ..rng import derive_seed


@dataclass
class GameResult:
    index: int
    seed: int
    turns: int
    reason: str
    kinds: tuple[str, ...]          # in turn order
    winners: tuple[int, ...]        # seats sharing first place
    wealth: tuple[int, ...]
    style: tuple = ()               # each seat's style figures (runner/style.py), when asked for
    ranks: tuple[int, ...] = ()     # each seat's rank (0 = first; equal Wealth shares a rank)


def seat_kinds(cpus: list[str], players: int) -> list[str]:
    """The kind of each seat: the ``--cpus`` list, repeated to fill the seats."""
    cpus = cpus or ["random"]
    return [cpus[i % len(cpus)] for i in range(players)]


def cpu_players(game, seed: int) -> dict:
    """The CPU players of a game's seats (by seat in turn order), each with its own seed."""
    return {i: make_player(k, derive_seed(seed, 1000 + i)) for i, k in enumerate(game.kinds) if k != "human"}


def play_game(ruleset, board, kinds: list[str], seed: int, options: dict | None = None, index: int = 0,
              record: str | None = None, style: bool = False) -> GameResult:
    """One whole CPU-only game through the engine's public API; ``record``: write its game record;
    ``style``: count each seat's style figures."""
    names = [f"{k}-{i + 1}" for i, k in enumerate(kinds)]
    game, events = new_game(ruleset, board, names, seed=seed, options=options, kinds=kinds)
    players = cpu_players(game, seed)
    writer = None
    if record is not None:
        from .record import RecordWriter, make_header
        from ..platform.replay import Setup
        opts = dict(ruleset.options)
        opts.update(options or {})
        writer = RecordWriter(record, make_header(ruleset, board, Setup(seed, names, list(kinds), opts)))
    counter = None
    if style:
        from ..games.towerdream.style import StyleCounter
        counter = StyleCounter(len(kinds))
    finish_game(game, players, writer, counter.observe if counter else None)
    result = result_of(game, index, seed)
    if counter is not None:
        result.style = tuple(counter.figures(game))
    return result


def finish_game(game, players: dict, writer=None, observe=None) -> None:
    """Play a game on to its end with CPU players (chance from the game's RNG); ``observe(game,
    seat, answer, events)`` sees every input and its events."""
    awaiting, apply, sample = game.awaiting, game.apply, game.sample_chance
    try:
        if observe is not None:
            while (aw := awaiting()) is not None:
                answer = sample() if aw.player < 0 else players[aw.player].choose(game)
                events = apply(answer, True)
                observe(game, aw.player, answer, events)
                if writer is not None:
                    writer.add(game, answer, events)
        elif writer is None:
            while (aw := awaiting()) is not None:
                apply(sample() if aw.player < 0 else players[aw.player].choose(game), True)
        else:
            while (aw := awaiting()) is not None:
                answer = sample() if aw.player < 0 else players[aw.player].choose(game)
                writer.add(game, answer, apply(answer, True))
    finally:
        if writer is not None:
            writer.close()


def result_of(game, index: int, seed: int) -> GameResult:
    wealth = game.wealth()
    ranking = game.ranking(wealth)
    ranks = [0] * len(wealth)
    for r, group in enumerate(ranking):
        for p in group:
            ranks[p] = r
    return GameResult(index, seed, game.turn - 1, game.over_reason, tuple(game.kinds), tuple(ranking[0]),
                      tuple(wealth), (), tuple(ranks))


def record_name(index: int) -> str:
    return f"game-{index:05d}.tdr"


_WORKER: dict = {}


def _init_worker(board_id: str, options: dict | None, records: str | None, style: bool = False) -> None:
    rs = load_ruleset()
    _WORKER.update(ruleset=rs, board=load_board(board_id, rs), options=options, records=records, style=style)


def _play_index(args) -> GameResult:
    index, seed, kinds = args
    records = _WORKER.get("records")
    path = os.path.join(records, record_name(index)) if records else None
    return play_game(_WORKER["ruleset"], _WORKER["board"], kinds, derive_seed(seed, index), _WORKER["options"],
                     index, path, _WORKER.get("style", False))


def simulate(games: int, board_id: str = "classic-10", seed: int = 0, cpus: list[str] | None = None,
             jobs: int = 1, options: dict | None = None, records: str | None = None, style: bool = False,
             lineups: list[list[str]] | None = None):
    """Play ``games`` games; yield each GameResult in index order. ``lineups``: the seats' kinds
    of each game in turn (cycled), instead of ``cpus``; ``style``: count style figures."""
    rs = load_ruleset()
    board = load_board(board_id, rs)
    opts = dict(rs.options)
    opts.update(options or {})
    lineups = lineups or [seat_kinds(cpus or [], opts["players"])]
    for k in {k for lineup in lineups for k in lineup}:
        make_player(k, 0)   # unknown kinds fail here, before any work
    tasks = [(i, seed, lineups[i % len(lineups)]) for i in range(games)]
    if jobs <= 1:
        _WORKER.update(ruleset=rs, board=board, options=options, records=records, style=style)
        for t in tasks:
            yield _play_index(t)
        return
    import multiprocessing as mp
    ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(board_id, options, records, style)) as pool:
        yield from pool.imap(_play_index, tasks, chunksize=max(1, min(64, games // (jobs * 8) or 1)))


def summarize(results: list[GameResult], seconds: float) -> dict:
    turns = sum(r.turns for r in results)
    wins: dict[str, int] = {}
    seats: dict[str, int] = {}
    reasons: dict[str, int] = {}
    for r in results:
        for k in r.kinds:
            seats[k] = seats.get(k, 0) + 1
            wins.setdefault(k, 0)
        for p in r.winners:
            wins[r.kinds[p]] += 1
        reasons[r.reason] = reasons.get(r.reason, 0) + 1
    n = len(results)
    return {
        "games": n, "turns": turns, "seconds": round(seconds, 3),
        "games_per_s": round(n / seconds, 1) if seconds > 0 else 0.0,
        "turns_per_s": round(turns / seconds, 1) if seconds > 0 else 0.0,
        "avg_turns": round(turns / n, 2) if n else 0.0,
        "wins": dict(sorted(wins.items())), "seats": dict(sorted(seats.items())),
        "endings": dict(sorted(reasons.items())),
    }


def progress_bar(done: int, total: int, stream) -> None:
    width = 30
    filled = width * done // total if total else width
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total}")
    if done == total:
        stream.write("\n")
    stream.flush()


def default_jobs() -> int:
    return max(1, min(os.cpu_count() or 1, 8))


def bench_engine(seconds: float = 3.0, board_id: str = "classic-10", windows: int = 5) -> dict:
    """``engine_turns_per_s`` and ``engine_games_per_s`` (FORMATS.md section 5): four ``random``
    players, one process, whole games. The time is cut into ``windows`` of whole games and the
    best window counts: the machine's load only ever slows a window down."""
    rs = load_ruleset()
    board = load_board(board_id, rs)
    kinds = ["random"] * 4
    play_game(rs, board, kinds, 12345)   # warm up
    best_turns = best_games = 0.0
    index = 0
    for _ in range(windows):
        start = time.perf_counter()
        games = turns = 0
        while True:
            r = play_game(rs, board, kinds, derive_seed(7, index))
            index += 1
            games += 1
            turns += r.turns
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / windows and games >= 3:
                break
        best_turns = max(best_turns, turns / elapsed)
        best_games = max(best_games, games / elapsed)
    return {"engine_turns_per_s": round(best_turns, 1), "engine_games_per_s": round(best_games, 1)}


def bench_replay(games: int = 20, board_id: str = "classic-10") -> dict:
    """``replay_verify_turns_per_s``: turns a second that ``replay verify`` checks, checkpoints
    included, over records of CPU-only games written for the purpose."""
    import tempfile

    from .record import verify_record
    rs = load_ruleset()
    board = load_board(board_id, rs)
    with tempfile.TemporaryDirectory(prefix="tdream-bench-") as tmp:
        paths = []
        for i in range(games):
            path = os.path.join(tmp, record_name(i))
            play_game(rs, board, ["random"] * 4, derive_seed(11, i), record=path)
            paths.append(path)
        cache: dict = {}
        verify_record(paths[0], cache=cache)       # warm up
        best = 0.0
        for _ in range(3):                         # the best of three passes (see bench_engine)
            start = time.perf_counter()
            turns = 0
            for path in paths:
                verdict = verify_record(path, cache=cache)
                if not verdict.ok:
                    raise AssertionError(f"{path} does not verify")
                turns += verdict.turns
            best = max(best, turns / (time.perf_counter() - start))
    return {"replay_verify_turns_per_s": round(best, 1)}


def bench_ai(games: int = 2, board_id: str = "classic-10", difficulty: str = "normal") -> dict:
    """``ai_decision_ms_p99``: the 99th percentile of one CPU decision's time, for the slowest
    character (each plays ``games`` whole games in a table of four characters)."""
    from ..games.towerdream.ai import CHARACTER_IDS, make_player
    rs = load_ruleset()
    board = load_board(board_id, rs)
    times: dict[str, list[float]] = {c: [] for c in CHARACTER_IDS}
    tables = [list(CHARACTER_IDS[i:i + 4]) for i in range(0, 9, 4)]
    tables[-1] += [CHARACTER_IDS[j] for j in range(4 - len(tables[-1]))]
    suffix = "" if difficulty == "normal" else f":{difficulty}"
    for g in range(games):
        for t, table in enumerate(tables):
            seed = derive_seed(13, g * 10 + t)
            kinds = [k + suffix for k in table]
            game, _ = new_game(rs, board, [f"{k}-{i}" for i, k in enumerate(kinds)], seed=seed, kinds=kinds)
            players = {i: make_player(k, derive_seed(seed, 1000 + i)) for i, k in enumerate(game.kinds)}
            while (aw := game.awaiting()) is not None:
                if aw.player < 0:
                    game.apply(game.sample_chance(), True)
                    continue
                start = time.perf_counter()
                answer = players[aw.player].choose(game)
                times[game.kinds[aw.player].split(":")[0]].append(time.perf_counter() - start)
                game.apply(answer, True)
    worst = 0.0
    for c, ts in times.items():
        if ts:
            ts.sort()
            worst = max(worst, ts[min(len(ts) - 1, int(0.99 * len(ts)))])
    key = "ai_decision_ms_p99" if difficulty == "normal" else f"ai_decision_ms_p99_{difficulty}"
    return {key: round(1000 * worst, 3)}
