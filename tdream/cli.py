"""The command line (FORMATS.md section 1). Errors a person can fix get one clear message per
problem on stderr and exit code 2, never a traceback."""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

from . import __version__
from .errors import TdreamError


class _Parser(argparse.ArgumentParser):
    def error(self, message: str):  # one line, exit 2
        self.exit(2, f"{self.prog}: {message} (see {self.prog} --help)\n")


def _positive(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if v < 1:
        raise argparse.ArgumentTypeError(f"{v} must be 1 or more")
    return v


BOARD_HELP = "the board's id (tdream board list; default classic-10)"
CPUS_HELP = ("CPU players, comma-separated, repeated to fill the seats: random, a character id "
             "(kenta, yuka, joji, ...) or id:level (joji:hard; easy, normal, hard)")


def _seconds(text: str) -> float:
    try:
        v = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not v > 0 or v > 3600:
        raise argparse.ArgumentTypeError(f"{text} must be more than 0 and at most 3600")
    return v


def _seed(text: str) -> int:
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if not 0 <= v < 1 << 64:
        raise argparse.ArgumentTypeError(f"{v} is out of range (0 .. 2^64-1)")
    return v


def _cpus(text: str) -> list[str]:
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more CPU ids, comma-separated")
    from .games.towerdream.ai import split_kind
    if names == ["all"]:
        from .games.towerdream.ai import CHARACTER_IDS
        return list(CHARACTER_IDS)
    for n in names:
        try:
            split_kind(n)
        except ValueError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return names


def _window_args(parser, headless: bool = True) -> None:
    """The options of every command that opens the window."""
    parser.add_argument("--fullscreen", action="store_true", help="start fullscreen (F11 or Alt+Enter toggles it)")
    parser.add_argument("--scale", type=_positive, default=None,
                        help="the window's whole-number scale (default: the largest that fits)")
    if headless:         # a smoke run without a screen (tests, CI)
        parser.add_argument("--headless-frames", type=_positive, default=None, help=argparse.SUPPRESS)


def _verify_and_play(sub, name: str, what: str, verify_help: str, play_help: str):
    """``NAME verify FILE... [--force]`` and ``NAME play FILE`` (game records, movies); returns the play parser."""
    p = sub.add_parser(name, help=what)
    psub = p.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    ver = psub.add_parser("verify", help=verify_help)
    ver.add_argument("files", nargs="+", metavar="FILE")
    ver.add_argument("--force", action="store_true", help="accept files made with other rules data")
    play = psub.add_parser("play", help=play_help)
    play.add_argument("file", metavar="FILE")
    return play


def build_parser() -> argparse.ArgumentParser:
    p = _Parser(prog="tdream", description="Tower Dream (ASCII, 1996), reimplemented.")
    p.add_argument("--version", action="version", version=f"tdream {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="play the game")
    play.add_argument("--board", default="classic-10", help=BOARD_HELP)
    play.add_argument("--seed", type=_seed, default=None, help="the game's seed (default: from the clock)")
    play.add_argument("--humans", type=int, default=None, choices=range(0, 5), metavar="K",
                      help="human seats (pads 1-K); 0 spectates")
    play.add_argument("--cpus", type=_cpus, default=None, metavar="NAME,...", help=CPUS_HELP)
    _window_args(play)
    play.add_argument("--turns", type=_positive, default=None,
                      help="with --text: stop after this many turns (default: play to the end)")
    play.add_argument("--text", action="store_true", help="no window: a CPU game told in text")
    play.add_argument("--movie", default=None, metavar="FILE", help="record every frame's pad states (an input movie)")
    play.add_argument("--scenario", default=None, metavar="FILE", help="practice: start at a scenario's position")
    play.add_argument("--resume", default=None, metavar="FILE", help="continue a game from its record")
    play.add_argument("--record", default=None, metavar="FILE", help="write the game record here")
    play.add_argument("--talk", default="sometimes", choices=("never", "rarely", "sometimes", "often", "always"),
                      help="how often the CPU characters comment")

    sim = sub.add_parser("simulate", help="CPU-only games, headless")
    sim.add_argument("--games", type=_positive, required=True, help="how many games")
    sim.add_argument("--board", default="classic-10", help=BOARD_HELP)
    sim.add_argument("--seed", type=_seed, default=0, help="the series' seed: game i plays seed (S, i) (default 0)")
    sim.add_argument("--cpus", type=_cpus, default=None, metavar="NAME,...", help=CPUS_HELP + " (default: random)")
    sim.add_argument("--jobs", type=_positive, default=1, help="processes sharing the games (default 1)")
    sim.add_argument("--records", default=None, metavar="DIR", help="write one game record per game here")
    sim.add_argument("--players", type=int, default=None, choices=range(2, 5), metavar="N",
                     help="seats (house rule G2.1: 2-4)")
    sim.add_argument("--json", action="store_true", help="one JSON object, with per-character style figures")

    tour = sub.add_parser("tournament", help="the CPU roster round robin: win rates, head to head, style")
    tour.add_argument("--rounds", type=_positive, default=1, help="times each seating is played (504 games each)")
    tour.add_argument("--board", default="classic-10", help=BOARD_HELP)
    tour.add_argument("--seed", type=_seed, default=0, help="the series' seed (default 0)")
    tour.add_argument("--jobs", type=_positive, default=1, help="processes sharing the games (default 1)")
    tour.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"),
                      help="the level every character plays at (default normal)")
    tour.add_argument("--characters", type=_cpus, default=None, metavar="ID,...",
                      help="only these characters (4 or more; default all nine)")
    tour.add_argument("--json", action="store_true", help="one JSON object instead of tables")

    sc = sub.add_parser("scenario", help="scenario files")
    scsub = sc.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    run = scsub.add_parser("run", help="run scenario files (folders: every *.yaml below them)")
    run.add_argument("paths", nargs="+", metavar="PATH")
    run.add_argument("--record", default=None, metavar="DIR", help="write each scenario's game record here")

    rpp = _verify_and_play(sub, "replay", "game records", "re-play records headless and check every checkpoint",
                           "watch a game record in the window")
    rpp.add_argument("--speed", type=int, default=1, choices=(1, 2, 4, 16), help="x1, x2, x4 or x16 (L/R change it)")
    _window_args(rpp)

    rec = sub.add_parser("records", help="per-profile and per-character records from the records database")
    rec.add_argument("--json", action="store_true", help="one JSON object instead of tables")

    mplay = _verify_and_play(sub, "movie", "input movies (speedrun replays)",
                             "re-run movies through the whole front end, headless", "show a movie in the window")
    _window_args(mplay, headless=False)

    bench = sub.add_parser("bench", help="the speed figures of FORMATS.md section 5")
    bench.add_argument("--json", action="store_true", help="one JSON object instead of name: value lines")
    bench.add_argument("--seconds", type=_seconds, default=5.0,
                       help="time the engine figures for about this long (default 5)")

    sub.add_parser("native", help="compile the engine with mypyc (optional; never fails)")

    board = sub.add_parser("board", help="boards")
    bsub = board.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    bsub.add_parser("list", help="the boards")
    show = bsub.add_parser("show", help="a board's Lands and Road, with every Line")
    show.add_argument("board")
    return p


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "simulate":
            return cmd_simulate(args)
        if args.command == "tournament":
            return cmd_tournament(args)
        if args.command == "scenario":
            if args.action != "run":
                parser.parse_args(["scenario", "--help"])
            from .runner.scenario import run_paths
            record_dir = _make_dir(args.record) if args.record else None
            return run_paths(args.paths, sys.stdout, sys.stderr, record_dir)
        if args.command == "replay" and args.action == "play":
            return cmd_replay_play(args)
        if args.command == "replay":
            if args.action != "verify":
                parser.parse_args(["replay", "--help"])
            from .runner.record import verify_paths
            return verify_paths(args.files, args.force, sys.stdout, sys.stderr)
        if args.command == "records":
            return cmd_records(args)
        if args.command == "movie":
            if args.action not in ("verify", "play"):
                parser.parse_args(["movie", "--help"])
            return cmd_movie(args)
        if args.command == "bench":
            return cmd_bench(args)
        if args.command == "board":
            return cmd_board(args)
        if args.command == "native":
            from .native import build
            return build()
        if args.command == "play":
            return cmd_play(args)
        parser.print_help()
        return 0
    except TdreamError as e:
        problems = getattr(e, "problems", None) or [str(e)]
        for line in problems:
            print(line, file=sys.stderr)
        return 2
    except OSError as e:
        where = e.filename or ""
        print(f"{where}: {e.strerror or e}" if where else f"tdream: {e.strerror or e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


def _make_dir(path: str) -> str:
    from .errors import FormatError
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise FormatError([f"{path}: cannot make the folder: {e.strerror or e}"]) from None
    return path


def _board_and_ruleset(board_id: str):
    from .games.towerdream.data import load_board, load_ruleset
    rs = load_ruleset()
    return rs, load_board(board_id, rs)


def cmd_simulate(args) -> int:
    from .runner.simulate import progress_bar, simulate, summarize
    _board_and_ruleset(args.board)       # a bad board fails before any game
    results = []
    start = time.perf_counter()
    show = sys.stderr.isatty() and not args.json
    records = _make_dir(args.records) if args.records else None
    options = {"players": args.players} if args.players else None
    lineups = None
    from .games.towerdream.ai import CHARACTER_IDS
    if args.cpus == list(CHARACTER_IDS):       # --cpus all: the round robin's seatings in turn
        from .runner.tournament import lineups as round_robin
        lineups = round_robin(list(CHARACTER_IDS), args.players or 4)
    for r in simulate(args.games, args.board, args.seed, args.cpus, args.jobs, options=options, records=records,
                      style=args.json, lineups=lineups):
        results.append(r)
        if show and (len(results) % 10 == 0 or len(results) == args.games):
            progress_bar(len(results), args.games, sys.stderr)
    summary = summarize(results, time.perf_counter() - start)
    if args.json:
        from .games.towerdream.style import average_by_kind, leaders
        summary["style"] = average_by_kind(results)
        summary["style_leaders"] = leaders(summary["style"])
        print(json.dumps(summary, sort_keys=True))
        return 0
    print(f"games: {summary['games']}")
    print(f"turns: {summary['turns']} (average {summary['avg_turns']} a game)")
    print(f"seconds: {summary['seconds']}")
    print(f"games/s: {summary['games_per_s']}")
    print(f"turns/s: {summary['turns_per_s']}")
    print("wins: " + ", ".join(f"{k} {v}/{summary['seats'][k]} seats" for k, v in summary["wins"].items()))
    print("endings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
    return 0


def cmd_tournament(args) -> int:
    from .runner.simulate import progress_bar
    from .runner.tournament import format_tournament, tournament
    _board_and_ruleset(args.board)
    show = sys.stderr.isatty() and not args.json
    chars = args.characters
    if chars is not None and (len(set(chars)) < 4 or any(":" in c or c == "random" for c in chars)):
        raise TdreamError("tdream tournament: --characters: give 4 or more different roster ids "
                          "(no difficulty, not random)")
    t = tournament(args.rounds, args.board, args.seed, args.jobs, characters=chars, difficulty=args.difficulty,
                   progress=(lambda d, n: progress_bar(d, n, sys.stderr) if d % 10 == 0 or d == n else None)
                   if show else None)
    if args.json:
        print(json.dumps(t, sort_keys=True))
    else:
        print("\n".join(format_tournament(t)))
    return 0


def cmd_bench(args) -> int:
    from .native import engine_kind
    from .runner.simulate import bench_ai, bench_engine, bench_replay
    figures = bench_engine(args.seconds)
    figures.update(bench_replay())
    figures.update(bench_ai())
    figures.update(bench_ai(difficulty="hard"))
    from .frontend.bench import bench_frames, bench_movie, bench_rss, bench_startup
    figures.update(bench_frames())
    figures.update(bench_frames(setpiece=True))
    figures.update(bench_movie())
    figures.update(bench_startup())
    figures.update(bench_rss())
    figures["engine"] = engine_kind()
    if args.json:
        print(json.dumps(figures, sort_keys=True))
    else:
        units = {"engine_turns_per_s": "turns/s", "engine_games_per_s": "games/s",
                 "replay_verify_turns_per_s": "turns/s", "ai_decision_ms_p99": "ms",
                 "ai_decision_ms_p99_hard": "ms", "frame_ms_p50": "ms", "frame_ms_p99": "ms", "startup_s": "s",
                 "frame_ms_p50_setpiece": "ms", "frame_ms_p99_setpiece": "ms",
                 "movie_verify_frames_per_s": "frames/s", "peak_rss_mb": "MB"}
        for k, v in figures.items():
            print(f"{k}: {v} {units.get(k, '')}".rstrip())
    return 0


def cmd_board(args) -> int:
    from .games.towerdream.data import board_ids, load_board, load_ruleset
    rs = load_ruleset()
    if args.action == "list" or args.action is None:
        for b in board_ids():
            board = load_board(b, rs)
            print(f"{b:14} {board.name:26} {board.land_count:4} Lands {board.road_length:3} Road spaces  luck {board.luck}")
        return 0
    board = load_board(args.board, rs)
    print(f"{board.id}: {board.name} ({board.land_count} Lands, {board.road_length} Road spaces, luck {board.luck})")
    for li, rows in enumerate(board.levels):
        print(f"level {li}:" if len(board.levels) > 1 else "map:")
        first = board.first_rows[li]
        print("     " + " ".join("abcdefghijklmnopqrstuvwxyz"[c] for c in range(len(rows[0]))))
        for r, row in enumerate(rows):
            print(f"{first + r + 1:4} " + " ".join(row))
    print("road:")
    for s in board.spaces:
        if s.kind == "line":
            print(f"{s.index:4}  {s.axis:10} Line: {' '.join(board.land_names[x] for x in s.line)}")
        else:
            print(f"{s.index:4}  {s.kind}")
    return 0


def cmd_play(args) -> int:
    """The game in a window (the front end); ``--text``: a CPU game told in text."""
    if args.turns is not None and not args.text:
        print("tdream play: --turns goes with --text (a game in the window plays to its end)", file=sys.stderr)
        return 2
    if args.text:
        return cmd_play_text(args)
    from .games.towerdream.data import load_board, load_ruleset
    from .frontend.scenes.table import GameSetup
    from .frontend.settings import load_settings
    settings, warning = load_settings()
    if args.talk != "sometimes":
        settings.talk = args.talk
    seed = args.seed if args.seed is not None else int(time.time())
    setup = None
    rs = load_ruleset()
    if args.resume:
        from .runner.record import resume_record
        from .runner.simulate import cpu_players
        record, game, kept, note, players = resume_record(args.resume, cpu_players)
        if note:
            print(f"tdream: {note}; resuming from turn {game.turn}", file=sys.stderr)
        setup = GameSetup(game.board.id, record.setup.seed, list(game.kinds), dict(game.options),
                          resume=(record, game, kept, players))
    elif args.scenario:
        from .runner.scenario import load_scenario
        sc = load_scenario(args.scenario, rs)
        setup = GameSetup(sc.game.board.id, sc.seed, list(sc.game.kinds), dict(sc.game.options), scenario=sc)
    elif args.board != "classic-10" or args.humans is not None or args.cpus:
        load_board(args.board, rs)                    # a bad board id: one line, exit 2
        players = rs.options["players"]
        humans = 1 if args.humans is None else args.humans
        if args.cpus:
            cpus = [args.cpus[i % len(args.cpus)] for i in range(players - humans)]
        else:
            from .games.towerdream.ai import CHARACTER_IDS
            from .rng import Rng
            pool = list(CHARACTER_IDS)
            Rng(seed).shuffle(pool)
            cpus = pool[:players - humans]
        setup = GameSetup(args.board, seed, ["human"] * humans + cpus, {})
    record_dir = None if args.record else _records_dir()
    if args.record and not os.path.isdir(os.path.dirname(os.path.abspath(args.record))):
        print(f"{args.record}: No such file or directory (its folder must exist)", file=sys.stderr)
        return 2
    if args.movie and not os.path.isdir(os.path.dirname(os.path.abspath(args.movie))):
        print(f"{args.movie}: No such file or directory (its folder must exist)", file=sys.stderr)
        return 2
    if args.movie and (args.resume or setup is not None):
        print("tdream: --movie records from power on: leave out --resume, --board, --humans and --cpus",
              file=sys.stderr)
        return 2
    if args.headless_frames:                          # a smoke run without a screen (tests, CI)
        if warning:
            print(f"tdream: {warning}", file=sys.stderr)
        from .frontend.run import Headless
        h = Headless(seed, settings, setup, record_path=args.record)
        for _ in range(args.headless_frames):
            h.step(draw=True)
        h.machine.close()
        return 0
    from .frontend.run import run_window
    return run_window(seed, settings, warning, setup, record_dir=record_dir, record_path=args.record,
                      fullscreen=args.fullscreen, scale=args.scale, movie_path=args.movie)


def cmd_records(args) -> int:
    """``tdream records``: every profile's and character's record, as a table or JSON."""
    from .runner.database import RecordsDB
    db = RecordsDB()
    if db.warning:
        print(f"tdream: {db.warning}", file=sys.stderr)
    data = db.all_stats()
    db.close()
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0
    for title, key in (("Profiles", "profiles"), ("CPU characters", "characters")):
        print(f"{title}:")
        if not data[key]:
            print("  (none yet)")
        for st in data[key]:
            print(f"  {st['name']:14} games {st['games']:4}  wins {st['wins']:4}  last {st['last_places']:4}  "
                  f"win rate {st['win_rate'] * 100:5.1f}%  best lead {st['largest_lead']:7}  "
                  f"best Wealth {st['best_wealth']:7}  favourite {st['favourite_board'] or '-'}")
    return 0


def cmd_replay_play(args) -> int:
    """``replay play``: watch a game record in the front end."""
    from .frontend.scenes.table import GameSetup
    from .frontend.settings import load_settings
    from .runner.record import _game_data, _start, load_record
    record = load_record(args.file)
    rs, board = _game_data(record, False, {})
    _start(record, rs, board)                    # a header that gives no game: one line, exit 2
    setup = GameSetup(board.id, record.setup.seed, list(record.setup.kinds), dict(record.setup.options),
                      replay=(record, rs, board), speed=args.speed)
    settings, warning = load_settings()
    if args.headless_frames:
        from .frontend.run import Headless
        h = Headless(record.setup.seed, settings, setup)
        for _ in range(args.headless_frames):
            h.step(draw=True)
        return 0
    from .frontend.run import run_window
    return run_window(record.setup.seed, settings, warning, setup, fullscreen=args.fullscreen, scale=args.scale,
                      records=False)


def cmd_movie(args) -> int:
    """``movie verify``: re-run headless and compare hashes; ``movie play``: show one."""
    from .frontend.movie import load_movie, verify_paths
    if args.action == "verify":
        return verify_paths(args.files, sys.stdout, sys.stderr, args.force)
    movie = load_movie(args.file)
    from .frontend.movie import data_hash
    if movie.data_hash != data_hash():
        print(f"{args.file}:0: made with other rules data; it would not play the same here", file=sys.stderr)
        return 2
    from .frontend.pads import PadFrame
    from .frontend.run import run_window
    from .frontend.settings import Settings, load_settings
    mine, warning = load_settings()
    settings = Settings(**{**vars(mine), **movie.settings})     # the movie's speeds, the player's display
    frames = (PadFrame(b, c) for b, c in movie.frames())
    return run_window(movie.seed, settings, warning, None, record_dir=None, fullscreen=args.fullscreen, records=False,
                      scale=args.scale, source=frames)



def _records_dir() -> str:
    import platformdirs
    return os.path.join(platformdirs.user_data_dir("tdream"), "records")


def cmd_play_text(args) -> int:
    """A CPU game told in text, recorded as it goes (no window needed)."""
    from .games.towerdream.data import load_board, load_ruleset
    from .games.towerdream.rules import new_game
    from .platform.replay import Setup
    from .runner.record import RecordWriter, make_header, resume_record
    from .runner.simulate import cpu_players
    from .games.towerdream.narrate import play_text
    if args.resume:
        record, game, kept, note, players = resume_record(args.resume, cpu_players)
        if any(k == "human" for k in game.kinds):
            print(f"{args.resume}: this game has human seats; resume it in the window (without --text)",
                  file=sys.stderr)
            return 2
        if note:
            print(f"({note}; resuming from turn {game.turn})")
        print(f"Resuming {record.path} at turn {game.turn}.")
        writer = RecordWriter(args.record or args.resume, prefix=kept)
        return play_text(game, players, sys.stdout, max_turns=args.turns, writer=writer, talk=args.talk,
                         seed=record.setup.seed)
    rs = load_ruleset()
    board = load_board(args.board, rs)
    seed = args.seed if args.seed is not None else int(time.time())
    if args.cpus:
        kinds = [args.cpus[i % len(args.cpus)] for i in range(rs.options["players"])]
    else:                                  # four of the roster, drawn by the seed
        from .games.towerdream.ai import CHARACTER_IDS
        from .rng import Rng
        pool = list(CHARACTER_IDS)
        Rng(seed).shuffle(pool)
        kinds = pool[:rs.options["players"]]
    names = [_seat_name(k, i, kinds) for i, k in enumerate(kinds)]
    game, events = new_game(rs, board, names, seed=seed, kinds=kinds)
    path = args.record or _records_path(seed)
    writer = RecordWriter(path, make_header(rs, board, Setup(seed, names, kinds, dict(rs.options))))
    print(f"{board.name} ({board.id}), seed {seed}; recording to {path}")
    return play_text(game, cpu_players(game, seed), sys.stdout, max_turns=args.turns, writer=writer,
                     events=events, talk=args.talk, seed=seed)


def _seat_name(kind: str, i: int, kinds: list[str]) -> str:
    from .games.towerdream.ai.commentary import speaker_name
    base = kind.split(":")[0]
    name = speaker_name(base)
    return name if sum(1 for k in kinds if k.split(":")[0] == base) == 1 else f"{name} {i + 1}"


def _records_path(seed: int) -> str:
    import platformdirs
    folder = os.path.join(platformdirs.user_data_dir("tdream"), "records")
    _make_dir(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return os.path.join(folder, f"{stamp}-{seed}.tdr")
