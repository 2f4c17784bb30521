"""Headless CPU-only matches of any game (``tdream simulate``, ``tournament``, ``bench``).

Each match's seed is derived from (series seed, match index), so results do not depend on how
many processes (``--jobs``) share the work. Every match is played by the drive loop (``Session``).
"""
from __future__ import annotations

import os
import sys
import tempfile
import time
from dataclasses import dataclass

from ..rng import derive_seed
from . import registry
from .cluster import check_fingerprint, code_fingerprint, pool_map, remote_record   # Ray itself: only for --cluster
from .options import full_options, seat_count
from .record import Setup, write_atomic, writer_for
from .replay import verify_record
from .session import CPU, DRAW, OFFER, OVER, Seat, Session


@dataclass
class GameResult:
    index: int
    seed: int
    turns: int                      # turns (or rounds) played: progress()
    reason: str
    kinds: tuple[str, ...]          # in seat (turn) order
    winners: tuple[int, ...]        # seats sharing first place
    scores: tuple[int, ...]         # each seat's final score (the game's ``score_label``)
    style: tuple = ()               # each seat's style figures (``GameDef.style``), when asked for
    ranks: tuple[int, ...] = ()     # each seat's rank (0 = first; equal scores share a rank)
    game: str = registry.DEFAULT


def seat_kinds(cpus: list[str], players: int) -> list[str]:
    """The kind of each seat: the ``--cpus`` list, repeated to fill the seats."""
    cpus = cpus or ["random"]
    return [cpus[i % len(cpus)] for i in range(players)]


def seat_names(kinds: list[str]) -> list[str]:
    return [f"{k}-{i + 1}" for i, k in enumerate(kinds)]


def play_game(game, kinds: list[str], seed: int, options: dict | None = None, index: int = 0,
              record: str | None = None, style: bool = False) -> GameResult:
    """One whole CPU-only match through the drive loop; ``record``: write its game record;
    ``style``: count each seat's style figures (a game that has them)."""
    seats = [Seat(n, k) for n, k in zip(seat_names(kinds), kinds)]
    session, _ = Session.start(game, seats, options, seed)
    if record is not None:
        session.writer = writer_for(record, game, Setup(game.id, seed, seats, session.options))
    counter = game.style.counter(len(kinds)) if style and game.style is not None else None
    if counter is not None:
        session.observers.append(lambda s, seat, answer, events, given: counter.observe(s.match, seat, answer, events))
    try:
        session.run()
    finally:
        session.close()
    result = result_of(session, index, seed)
    if counter is not None:
        result.style = tuple(counter.figures(session.match))
    return result


def result_of(session, index: int, seed: int) -> GameResult:
    match = session.match
    res = match.result()
    ranks = [0] * len(res.scores)
    for r, group in enumerate(res.ranking):
        for p in group:
            ranks[p] = r
    return GameResult(index, seed, match.progress(), res.reason, tuple(session.kinds), tuple(res.ranking[0]),
                      tuple(res.scores), (), tuple(ranks), session.game.id)


def record_name(index: int) -> str:
    return f"game-{index:05d}.tdr"


_WORKER: dict = {}


def _init_worker(game_id: str, options: dict | None, records: str | None, style: bool = False) -> None:
    _WORKER.update(game=registry.get(game_id), options=options, records=records, style=style)


def _play(index: int, seed: int, kinds: list[str], path: str | None) -> GameResult:
    """Match ``index`` of a series of ``seed`` in this process (``_WORKER``: its game and options)."""
    return play_game(_WORKER["game"], kinds, derive_seed(seed, index), _WORKER["options"], index, path,
                     _WORKER.get("style", False))


def _play_index(args) -> GameResult:
    index, seed, kinds = args
    records = _WORKER.get("records")
    return _play(index, seed, kinds, os.path.join(records, record_name(index)) if records else None)


def _play_remote(args) -> tuple:
    """A match on a cluster's worker (``--cluster``): (the worker's code fingerprint, its
    GameResult, its record's text or None)."""
    index, seed, kinds = args
    result, text = remote_record(lambda path: _play(index, seed, kinds, path), record_name(index),
                                 _WORKER.get("records"))
    return code_fingerprint(), result, text


def simulate(games: int, game_id: str | None = None, seed: int = 0, cpus: list[str] | None = None, jobs: int = 1,
             options: dict | None = None, records: str | None = None, style: bool = False,
             lineups: list[list[str]] | None = None, cluster: str | None = None):
    """Play ``games`` matches of ``game_id``; yield each GameResult in index order. ``lineups``: the
    seats' kinds of each match in turn (cycled), instead of ``cpus``; ``style``: style figures;
    ``cluster``: a Ray cluster's address (``jobs`` >= 1: that many of its processes; 0: one per CPU)."""
    game = registry.get(game_id)
    opts = full_options(game, options)
    players = seat_count(game, opts) or game.default_seats
    lineups = lineups or [seat_kinds(cpus or [], players)]
    for k in {k for lineup in lineups for k in lineup}:
        game.make_player(k, 0)   # unknown kinds fail here, before any work
    tasks = [(i, seed, lineups[i % len(lineups)]) for i in range(games)]
    if cluster is not None:
        for theirs, result, text in pool_map(cluster, jobs if jobs >= 1 else None, _init_worker,
                                             (game.id, options, records, style), _play_remote, tasks, games):
            check_fingerprint(theirs)
            if text is not None and records:
                write_atomic(os.path.join(records, record_name(result.index)), text)
            yield result
        return
    if jobs <= 1:
        _WORKER.update(game=game, options=options, records=records, style=style)
        for t in tasks:
            yield _play_index(t)
        return
    import multiprocessing as mp  # processes: only for --jobs above 1
    ctx = mp.get_context("spawn" if sys.platform == "win32" else "fork")
    with ctx.Pool(jobs, initializer=_init_worker, initargs=(game.id, options, records, style)) as pool:
        yield from pool.imap(_play_index, tasks, chunksize=max(1, min(64, games // (jobs * 8) or 1)))


def summarize(results: list[GameResult], seconds: float) -> dict:
    turns = sum(r.turns for r in results)
    wins: dict[str, float] = {}
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
        "game": results[0].game if results else registry.DEFAULT,
        "games": n, "turns": turns, "seconds": round(seconds, 3),
        "games_per_s": round(n / seconds, 1) if seconds > 0 else 0.0,
        "turns_per_s": round(turns / seconds, 1) if seconds > 0 else 0.0,
        "avg_turns": round(turns / n, 2) if n else 0.0,
        "wins": dict(sorted(wins.items())), "seats": dict(sorted(seats.items())),
        "endings": dict(sorted(reasons.items())),
        "scores": [list(r.scores) for r in results], "winners": [list(r.winners) for r in results],
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


# ---------------------------------------------------------------------- bench (FORMATS.md section 5)
def bench_matches(game, seconds: float = 3.0, windows: int = 5, kinds: list[str] | None = None,
                  options: dict | None = None) -> tuple[float, float]:
    """(turns a second, matches a second) of whole ``random`` matches, one process: the best of
    ``windows`` time windows of whole matches (the machine's load only ever slows one down)."""
    kinds = kinds or ["random"] * game.default_seats
    play_game(game, kinds, 12345, options)   # warm up
    best_turns = best_games = 0.0
    index = 0
    for _ in range(windows):
        start = time.perf_counter()
        games = turns = 0
        while True:
            r = play_game(game, kinds, derive_seed(7, index), options)
            index += 1
            games += 1
            turns += r.turns
            elapsed = time.perf_counter() - start
            if elapsed >= seconds / windows and games >= 3:
                break
        best_turns = max(best_turns, turns / elapsed)
        best_games = max(best_games, games / elapsed)
    return round(best_turns, 1), round(best_games, 1)


def bench_replay(game, games: int = 20, options: dict | None = None) -> float:
    """Turns a second that ``replay verify`` checks, checkpoints included, over records of
    ``random`` matches written for the purpose."""

    kinds = ["random"] * game.default_seats
    with tempfile.TemporaryDirectory(prefix="tdream-bench-") as tmp:
        paths = []
        for i in range(games):
            path = os.path.join(tmp, record_name(i))
            play_game(game, kinds, derive_seed(11, i), options, record=path)
            paths.append(path)
        verify_record(paths[0])       # warm up
        best = 0.0
        for _ in range(3):
            start = time.perf_counter()
            turns = 0
            for path in paths:
                verdict = verify_record(path)
                if not verdict.ok:
                    raise AssertionError(f"{path} does not verify")
                turns += verdict.turns
            best = max(best, turns / (time.perf_counter() - start))
    return round(best, 1)


def bench_decisions(game, lineups: list[list[str]], games: int = 2, options: dict | None = None,
                    seed: int = 13) -> float:
    """The 99th percentile of one CPU decision's time (ms), for the slowest kind, over
    ``games`` matches of each line-up."""
    times: dict[str, list[float]] = {}
    for g in range(games):
        for t, kinds in enumerate(lineups):
            s = derive_seed(seed, g * 10 + t)
            seats = [Seat(n, k) for n, k in zip(seat_names(kinds), kinds)]
            session, _ = Session.start(game, seats, options, s)
            match = session.match
            while (n := session.next()).what != OVER:
                if n.what == DRAW:
                    session.chance()
                elif n.what == OFFER:
                    session.offer(n.offered)
                elif n.what == CPU:
                    seat = n.seat
                    start = time.perf_counter()
                    answer = session.players[seat].choose(match.view(seat), seat)
                    times.setdefault(session.kinds[seat].split(":")[0], []).append(time.perf_counter() - start)
                    session.give(answer, seat)
                else:                               # pragma: no cover - every seat is a CPU's
                    raise RuntimeError("a human seat in a CPU-only match")
    worst = 0.0
    for ts in times.values():
        ts.sort()
        worst = max(worst, ts[min(len(ts) - 1, int(0.99 * len(ts)))])
    return round(1000 * worst, 3)


__all__ = ["GameResult", "seat_kinds", "seat_names", "play_game", "result_of", "record_name", "simulate", "summarize",
           "progress_bar", "default_jobs", "bench_matches", "bench_replay", "bench_decisions"]
