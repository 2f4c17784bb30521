"""The command line (FORMATS.md sections 1 and 6: every command knows the games by the registry). Errors a person can fix get one clear message per
problem on stderr and exit code 2, never a traceback."""
from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
import time
from typing import NoReturn

from . import __version__
from .errors import FormatError, TdreamError
from .platform import registry
from .platform.options import check_options, full_options, option, options_for, parse_option, seat_count
from .platform.protocol import GameDef
from .platform.roster import CHARACTER_IDS
from .platform.session import Seat, Session
from .rng import Rng


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


CLUSTER_HELP = ("play the games on a Ray cluster: its head's host:port (ray start --head), ray://host:port "
                "(Ray Client), or auto (this machine's, else a local one for the run); the same results as "
                "without it. Needs the cluster extra: pip install 'tdream[cluster]'")

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
    """A comma-separated list of CPU kinds (checked against the game once it is known)."""
    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise argparse.ArgumentTypeError("give one or more CPU ids, comma-separated")
    if names == ["all"]:
        return list(CHARACTER_IDS)
    return names


def _option(text: str) -> tuple[str, str]:
    name, sep, value = text.partition("=")
    if not sep or not name.strip():
        raise argparse.ArgumentTypeError(f"{text!r}: an option is NAME=VALUE, like size=10")
    return name.strip(), value.strip()


def _game_args(parser) -> None:
    """--game and --option: which game, and its options (every command that starts matches), and
    every game's flags that stand for one of its options (``Program.flags``)."""
    parser.add_argument("--game", default=None, choices=registry.ids(), metavar="ID",
                        help=f"the game: {', '.join(registry.ids())} (default {registry.DEFAULT})")
    parser.add_argument("--option", type=_option, action="append", default=[], metavar="NAME=VALUE",
                        help="one of the game's options (repeatable), like size=10 or starting_cash=3000")
    for flag, owners in _option_flags().items():
        parser.add_argument(f"--{flag.name}", default=None, dest=_flag_dest(flag.name), metavar=flag.metavar,
                            help=f"{_possessive(' and '.join(g.name for g in owners))}: {flag.help or flag.option}")


def _option_flags() -> dict:
    """Every game's option flags, each once ({flag as the first game declares it: the games declaring it})."""
    flags: dict = {}
    for gid in registry.ids():
        game = registry.get(gid)
        for flag in game.program.flags:
            first = next((f for f in flags if f.name == flag.name), flag)
            flags.setdefault(first, []).append(game)
    return flags


def _flag_dest(name: str) -> str:
    return "flag_" + name.replace("-", "_")


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") else "'s")


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
    p = _Parser(prog="tdream", description="Tower games on one program: "
                + ", ".join(registry.get(g).name for g in registry.ids()) + ".")
    p.add_argument("--version", action="version", version=f"tdream {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="play a game (the title chooses which, without --game)")
    _game_args(play)
    play.add_argument("--seed", type=_seed, default=None, help="the game's seed (default: from the clock)")
    play.add_argument("--humans", type=int, default=None, choices=range(0, 5), metavar="K",
                      help="human seats (pads 1-K); 0 spectates")
    play.add_argument("--cpus", type=_cpus, default=None, metavar="NAME,...", help=CPUS_HELP)
    play.add_argument("--players", type=int, default=None, choices=range(2, 5), metavar="N",
                      help="seats (2-4 within the game's; default: its option players, else its usual count)")
    _window_args(play)
    play.add_argument("--turns", type=_positive, default=None,
                      help="with --text: stop after this many turns (default: play to the end)")
    play.add_argument("--text", action="store_true", help="no window: a CPU game told in text")
    play.add_argument("--movie", default=None, metavar="FILE", help="record every frame's pad states (an input movie)")
    play.add_argument("--author", default="", metavar="NAME",
                      help="with --movie or --tas: the movie's author (its header)")
    play.add_argument("--scenario", default=None, metavar="FILE", help="practice: start at a scenario's position")
    play.add_argument("--resume", default=None, metavar="FILE", help="continue a game from its record")
    play.add_argument("--record", default=None, metavar="FILE", help="write the game record here")
    play.add_argument("--talk", default="sometimes", choices=("never", "rarely", "sometimes", "often", "always"),
                      help="how often the CPU characters comment")
    play.add_argument("--tas", nargs="?", const="", default=None, metavar="MOVIE",
                      help="make a TAS in the TAS window (--author too): MOVIE opened when it exists, else a new one "
                           "written there (no MOVIE: a new one in the user's data folder, tas/); H lists its keys")

    sim = sub.add_parser("simulate", help="CPU-only games, headless")
    _game_args(sim)
    sim.add_argument("--games", type=_positive, default=100, help="how many games (default: 100)")
    sim.add_argument("--seed", type=_seed, default=0, help="the series' seed: game i plays seed (S, i) (default 0)")
    sim.add_argument("--cpus", type=_cpus, default=None, metavar="NAME,...", help=CPUS_HELP + " (default: random)")
    sim.add_argument("--jobs", type=_positive, default=None,
                     help="processes sharing the games (default 1; with --cluster, one per CPU of the cluster)")
    sim.add_argument("--cluster", default=None, metavar="ADDRESS", help=CLUSTER_HELP)
    sim.add_argument("--records", default=None, metavar="DIR", help="write one game record per game here")
    sim.add_argument("--players", type=int, default=None, choices=range(2, 5), metavar="N",
                     help="seats (2-4; the game's option players)")
    sim.add_argument("--json", action="store_true", help="one JSON object: the game, each game's scores and winners, "
                                                         "and per-character style figures")

    tour = sub.add_parser("tournament", help="the CPU roster round robin: win rates, head to head, style")
    _game_args(tour)
    tour.add_argument("--rounds", type=_positive, default=1, help="times each seating is played")
    tour.add_argument("--seed", type=_seed, default=0, help="the series' seed (default 0)")
    tour.add_argument("--jobs", type=_positive, default=None,
                      help="processes sharing the games (default 1; with --cluster, one per CPU of the cluster)")
    tour.add_argument("--cluster", default=None, metavar="ADDRESS", help=CLUSTER_HELP)
    tour.add_argument("--difficulty", default="normal", choices=("easy", "normal", "hard"),
                      help="the level every character plays at (default normal)")
    tour.add_argument("--characters", type=_cpus, default=None, metavar="ID,...",
                      help="only these characters (as many as a game seats, or more; default all nine)")
    tour.add_argument("--players", type=int, default=None, choices=range(2, 5), metavar="N",
                      help="seats at each table (2-4 within the game's; default: its option players, else "
                           "its usual count)")
    tour.add_argument("--json", action="store_true", help="one JSON object instead of tables")

    sc = sub.add_parser("scenario", help="scenario files")
    scsub = sc.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    run = scsub.add_parser("run", help="run scenario files (folders: every *.yaml below them)")
    run.add_argument("paths", nargs="+", metavar="PATH")
    run.add_argument("--record", default=None, metavar="DIR", help="write each scenario's game record here")
    run.add_argument("--game", default=None, choices=registry.ids(), metavar="ID",
                     help="only the scenarios of this game (a file names its game; default: every game)")

    rpp = _verify_and_play(sub, "replay", "game records", "re-play records headless and check every checkpoint",
                           "watch a game record in the window")
    rpp.add_argument("--speed", type=int, default=1, choices=(1, 2, 4, 16), help="x1, x2, x4 or x16 (L/R change it)")
    _window_args(rpp)

    rec = sub.add_parser("records", help="per-profile and per-character records from the records database")
    rec.add_argument("--game", default=None, choices=registry.ids(), metavar="ID",
                     help="only this game's records (default: every game, and each game's)")
    rec.add_argument("--json", action="store_true", help="one JSON object instead of tables")

    mplay = _verify_and_play(sub, "movie", "input movies (speedrun replays)",
                             "re-run movies through the whole front end, headless", "show a movie in the window")
    _window_args(mplay, headless=False)
    msub = next(a for a in sub.choices["movie"]._actions if isinstance(a, argparse._SubParsersAction))
    mup = msub.add_parser(
        "upgrade", help="write a version-1 movie that plays the same here as version 2 (the old file kept as FILE.v1)")
    mup.add_argument("files", nargs="+", metavar="FILE")
    mex = msub.add_parser("export", help="write a movie as text, one line a frame, for editing (FORMATS.md section 4)")
    mex.add_argument("movie", metavar="MOVIE")
    mex.add_argument("text", metavar="TEXT")
    mim = msub.add_parser("import", help="make a movie from its text form: the frames re-run headless for its "
                                         "checkpoints and end")
    mim.add_argument("text", metavar="TEXT")
    mim.add_argument("movie", metavar="MOVIE")
    mim.add_argument("--force", action="store_true", help="accept a text made with other rules data")

    net = sub.add_parser("netplay", help="play with friends over the network: host a table, join it or watch it")
    nsub = net.add_subparsers(dest="action", metavar="ACTION", parser_class=_Parser)
    nhost = nsub.add_parser("host", help="open the window and wait for guests (the lobby shows them; Start begins)")
    nhost.add_argument("--port", type=_port, default=None, help="the port guests connect to (default 7476)")
    nhost.add_argument("--bind", default="0.0.0.0", metavar="ADDRESS",
                       help="the address listened on (default: every one of this machine's; 127.0.0.1: this machine "
                            "only)")
    nhost.add_argument("--seats", type=int, default=1, choices=range(1, 5), metavar="N",
                       help="pads this machine plays (1-4, default 1: pad 1); guests' pads take the next free numbers")
    nhost.add_argument("--delay", type=int, default=None, choices=range(2, 11), metavar="D",
                       help="the input delay in frames (2-10; default: from the round trip measured in the lobby)")
    nhost.add_argument("--seed", type=_seed, default=None, help="the sitting's seed (default: from the clock)")
    nhost.add_argument("--blank", action="store_true",
                       help="start the sitting on a blank user folder (default: on a copy of yours: your profiles, "
                            "Campaign, Records and saved games, sent to every machine; the sitting never writes yours)")
    njoin = nsub.add_parser("join", help="take the next free pads at a host's table")
    njoin.add_argument("address", metavar="HOST[:PORT]")
    njoin.add_argument("--pads", type=int, default=1, choices=range(1, 4), metavar="K",
                       help="pads this machine plays (1-3, default 1)")
    nwatch = nsub.add_parser("watch", help="watch a host's sitting (joining mid-sitting fast-forwards to it)")
    nwatch.add_argument("address", metavar="HOST[:PORT]")
    for np_ in (nhost, njoin, nwatch):
        np_.add_argument("--password", default="", metavar="WORD", help="the table's password (host: ask for it)")
        np_.add_argument("--name", default=None, metavar="NAME", help="this machine's name in the lobby")
        np_.add_argument("--movie", default=None, metavar="FILE",
                         help="where this machine writes the sitting's movie (default: the user's data folder, "
                              "netplay/)")
        np_.add_argument("--author", default="", metavar="NAME", help="the movie's author (the host's is every "
                                                                     "machine's)")
        _window_args(np_, headless=False)
        np_.add_argument("--headless", action="store_true", help=argparse.SUPPRESS)       # tests and the bench
        np_.add_argument("--script", default=None, help=argparse.SUPPRESS)               # GAME:HUMANS
        np_.add_argument("--expect", type=int, default=0, help=argparse.SUPPRESS)
        np_.add_argument("--turns", type=int, default=None, help=argparse.SUPPRESS)
        np_.add_argument("--frames", type=int, default=None, help=argparse.SUPPRESS)
        np_.add_argument("--deadline", type=float, default=600.0, help=argparse.SUPPRESS)
        np_.add_argument("--paced", action="store_true", help=argparse.SUPPRESS)

    bench = sub.add_parser("bench", help="the speed figures of FORMATS.md section 5")
    bench.add_argument("--game", default=None, choices=registry.ids(), metavar="ID",
                       help="only this game's figures (default: every game's, and the front end's)")
    bench.add_argument("--json", action="store_true", help="one JSON object instead of name: value lines")
    bench.add_argument("--seconds", type=_seconds, default=5.0,
                       help="time the engine figures for about this long (default 5)")

    an = sub.add_parser("analyze", help="each player's win chance turn by turn, luck and decision costs of records")
    an.add_argument("records", nargs="+", metavar="RECORD",
                    help="game records (or analysis files, RECORD.analysis.json, to show or draw again)")
    an.add_argument("--seed", type=_seed, default=0, help="the playouts' seed (default 0): the same seed gives "
                                                              "the same figures, whatever runs them")
    an.add_argument("--jobs", type=_positive, default=None,
                    help="processes sharing the playouts (default 1; with --cluster, one per CPU of the cluster)")
    an.add_argument("--cluster", default=None, metavar="ADDRESS", help=CLUSTER_HELP)
    an.add_argument("--decisions", default="human", choices=("human", "all"),
                    help="whose decisions are rated: the human seats' (default) or every seat's")
    an.add_argument("--json", action="store_true", help="the analysis as JSON (FORMATS.md section 9) on stdout")
    an.add_argument("--png", default=None, metavar="FILE", help="draw the chart: one line per player, the turns "
                                                                "across, the costly decisions marked")
    an.add_argument("--again", action="store_true", help="analyse anew, even when an analysis is kept beside the record")
    an.add_argument("--playouts", type=_positive, default=None, metavar="N",
                    help="playouts a position (default: analysis.yaml's 100): fewer is faster and rougher")
    an.add_argument("--force", action="store_true", help="analyse a record made with other rules data")
    an.add_argument("--no-keep", dest="keep", action="store_false",
                    help="do not keep the analysis beside the record")

    native = sub.add_parser("native", help="compile the engine with mypyc (optional; never fails)")
    native.add_argument("--background", action="store_true",
                        help="compile in a process of its own and return at once (the next start uses it)")

    for gid in registry.ids():           # each game's own commands (Program.commands)
        commands = registry.get(gid).program.commands
        if commands is not None:
            commands(sub)
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
            from .platform.scenario import run_paths  # start-up: only its command loads it
            record_dir = _make_dir(args.record) if args.record else None
            return run_paths(args.paths, sys.stdout, sys.stderr, record_dir, args.game)
        if args.command == "replay" and args.action == "play":
            return cmd_replay_play(args)
        if args.command == "replay":
            if args.action != "verify":
                parser.parse_args(["replay", "--help"])
            from .platform.replay import verify_paths  # start-up: records load with their commands
            return verify_paths(args.files, args.force, sys.stdout, sys.stderr)
        if args.command == "records":
            return cmd_records(args)
        if args.command == "movie":
            if args.action not in ("verify", "play", "upgrade", "export", "import"):
                parser.parse_args(["movie", "--help"])
            return cmd_movie(args)
        if args.command == "bench":
            return cmd_bench(args)
        if args.command == "netplay":
            if args.action not in ("host", "join", "watch"):
                parser.parse_args(["netplay", "--help"])
            from .frontend.netplay_run import command  # netplay's: only its command loads it
            return command(args)
        if args.command == "analyze":
            from .analyze import command as analyze  # start-up: only its command loads it
            return analyze(args, _jobs(args))
        if args.command == "native":
            from .native import build, start_background  # the build's tools: only its commands
            return start_background() if args.background else build()
        if getattr(args, "run", None) is not None:        # a game's own command
            return args.run(args)
        if args.command == "play":
            return cmd_play(args)
        parser.print_help()
        return 0
    except TdreamError as e:
        problems = getattr(e, "problems", None) or [str(e)]
        for line in problems:
            print(line, file=sys.stderr)
        return 2
    except BrokenPipeError:              # the reader went (``tdream records | head``): nothing to say
        _quiet_stdout()
        return 0
    except OSError as e:
        where = e.filename or ""
        print(f"{where}: {e.strerror or e}" if where else f"tdream: {e.strerror or e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130


def _quiet_stdout() -> None:
    """Standard output whose reader has gone: what is left unwritten goes nowhere (else Python
    says "Broken pipe" once more at exit)."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


def _make_dir(path: str) -> str:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        raise FormatError([f"{path}: cannot make the folder: {e.strerror or e}"]) from None
    return path


def _usage(command: str, what: str) -> NoReturn:
    """One line for a bad argument, exit 2 (as argparse's own)."""
    raise TdreamError(f"tdream {command}: {what} (see tdream {command} --help)")


def _game_and_options(args, command: str):
    """The game (--game) and its options (--option, the game's option flags, simulate's --players),
    every one checked: a bad one is one line and exit 2."""
    game = registry.get(getattr(args, "game", None))
    options: dict = {}
    for name, text in getattr(args, "option", []) or []:
        try:
            spec = option(game, name)
        except KeyError:
            _usage(command, f"--option {name}: {game.name} has no such option "
                            f"(its options: {', '.join(o.name for o in game.options)})")
        try:
            options[name] = parse_option(game, spec.name, text)
        except ValueError as e:
            _usage(command, f"--option {name}={text}: {e}")
    for flag, owners in _option_flags().items():
        text = getattr(args, _flag_dest(flag.name), None)
        if text is None:
            continue
        mine = next((f for f in game.program.flags if f.name == flag.name), None)
        if mine is None:
            _usage(command, f"--{flag.name} is {_possessive(' and '.join(g.name for g in owners))}; "
                            f"{_possessive(game.name)} choices are options (--option NAME=VALUE)")
        try:
            options[mine.option] = parse_option(game, mine.option, text)
        except ValueError as e:
            _usage(command, f"--{flag.name} {text}: {e}")
    for key, why in check_options(game, options):
        _usage(command, f"{key}: {why}")
    players = getattr(args, "players", None)
    if players is not None:
        try:                       # the seat count, checked against the game and its options
            options = {k: v for k, v in options_for(game, options, players).items()
                       if k in options or k == game.seat_option}
        except ValueError as e:
            _usage(command, f"--players {players}: {e}")
    args.seat_count = players or seat_count(game, options)     # the seats filled (every game)
    return game, options


def _check_cpus(game, cpus, command: str, seats: int | None = None) -> None:
    """Each --cpus name is a CPU kind of the game; and no more of them than the CPU seats there
    are (``seats``): a name left out would go unplayed, unsaid (issue 36). Fewer are repeated."""
    for k in cpus or []:
        try:
            game.split_kind(k)
        except ValueError as e:
            _usage(command, f"--cpus: {e}")
    if seats is not None and cpus and cpus != list(CHARACTER_IDS) and len(cpus) > seats:
        _usage(command, f"--cpus names {len(cpus)} CPU players, but {game.name} has {seats} CPU seat{'s' if seats != 1 else ''} here: "
                        f"name at most {seats}, or seat more players (--players)")


def _jobs(args) -> int:
    """--jobs, else 1 (with --cluster: 0, one process per CPU of the cluster)."""
    return args.jobs if args.jobs is not None else 0 if args.cluster else 1


def cmd_simulate(args) -> int:
    from .platform.simulate import progress_bar, seat_kinds, simulate, summarize  # start-up: only its command loads it
    game, options = _game_and_options(args, "simulate")
    _check_cpus(game, args.cpus, "simulate", _player_count(game, options, args))
    results = []
    start = time.perf_counter()
    show = sys.stderr.isatty() and not args.json
    records = _make_dir(args.records) if args.records else None
    lineups = None
    if args.cpus == list(CHARACTER_IDS):       # --cpus all: the round robin's seatings in turn
        from .platform.tournament import lineups as round_robin  # start-up: only its command loads it
        lineups = round_robin([c for c in CHARACTER_IDS if c in game.cpu_kinds()], _player_count(game, options, args))
    elif args.seat_count:
        lineups = [seat_kinds(args.cpus or [], args.seat_count)]
    style = args.json and game.style is not None
    for r in simulate(args.games, game.id, args.seed, args.cpus, _jobs(args), options=options or None, records=records,
                      style=style, lineups=lineups, cluster=args.cluster):
        results.append(r)
        if show and (len(results) % 10 == 0 or len(results) == args.games):
            progress_bar(len(results), args.games, sys.stderr)
    summary = summarize(results, time.perf_counter() - start)
    if args.json:
        if style and game.style is not None:
            figures = game.style.summary(results, sorted({k for r in results for k in r.kinds}))
            summary["style"] = figures["style"]
            summary["style_leaders"] = figures["style_leaders"]
        print(json.dumps(summary, sort_keys=True))
        return 0
    print(f"game: {game.name}")
    print(f"games: {summary['games']}")
    print(f"turns: {summary['turns']} (average {summary['avg_turns']} a game)")
    print(f"seconds: {summary['seconds']}")
    print(f"games/s: {summary['games_per_s']}")
    print(f"turns/s: {summary['turns_per_s']}")
    print("wins: " + ", ".join(f"{k} {v:g}/{summary['seats'][k]} seats" for k, v in summary["wins"].items()))
    print("endings: " + ", ".join(f"{k} {v}" for k, v in summary["endings"].items()))
    return 0


def cmd_tournament(args) -> int:
    from .platform.simulate import progress_bar  # start-up: only its command loads it
    from .platform.tournament import format_tournament, tournament  # start-up: only its command loads it
    game, options = _game_and_options(args, "tournament")
    show = sys.stderr.isatty() and not args.json
    chars = args.characters
    seats = _player_count(game, options, args)
    if seats != (seat_count(game, full_options(game, options)) or game.default_seats):
        _usage("tournament", f"--players {seats}: {_possessive(game.name)} round robin seats its usual "
                             f"{game.default_seats} (its seat count is no option to set)")
    if chars is not None and (len(set(chars)) < seats or any(":" in c or c not in game.cpu_kinds() or
                                                                c in ("random", "cpu") for c in chars)):
        raise TdreamError(f"tdream tournament: --characters: give {seats} or more different roster ids "
                          "(no difficulty, not random)")
    t = tournament(args.rounds, game.id, args.seed, _jobs(args), characters=chars, difficulty=args.difficulty,
                   progress=(lambda d, n: progress_bar(d, n, sys.stderr) if d % 10 == 0 or d == n else None)
                   if show else None, options=options or None, cluster=args.cluster)
    if args.json:
        print(json.dumps(t, sort_keys=True))
    else:
        print("\n".join(format_tournament(t)))
    return 0


def cmd_bench(args) -> int:
    """``tdream bench`` (FORMATS.md section 5): the games' figures (the platform's bench), then the
    front end's (the front end's bench), then which engine build ran."""
    from .frontend.bench import frontend_figures  # the window's modules (pygame): only its commands load them
    from .native import engine_kind  # the build's tools: only its commands
    from .platform.bench import figures, units  # start-up: only its command loads it
    out = figures(args.seconds, args.game)
    out.update(frontend_figures(args.game))
    out["engine"] = engine_kind()
    if args.json:
        print(json.dumps(out, sort_keys=True))
    else:
        for k, v in out.items():
            print(f"{k}: {v} {units(k)}".rstrip())
    return 0


def _player_count(game, options: dict, args) -> int:
    """The seats to fill: --players, else the game's option players, else its usual count."""
    return getattr(args, "seat_count", None) or seat_count(game, full_options(game, options)) or game.default_seats


def _seats_of(game, options: dict, seed: int, humans: int, cpus: list[str] | None, players: int) -> list[str]:
    """The seats of a game started from the command line: the humans, then the --cpus (repeated),
    or characters of the roster drawn by the seed."""
    if humans > players:
        _usage("play", f"--humans {humans}: {game.name} seats {players} here")
    if cpus:
        return ["human"] * humans + [cpus[i % len(cpus)] for i in range(players - humans)]
    pool = [c for c in CHARACTER_IDS if c in game.cpu_kinds()] or ["random"]
    Rng(seed).shuffle(pool)
    return ["human"] * humans + [pool[i % len(pool)] for i in range(players - humans)]


def cmd_play(args) -> int:
    """The game in a window (the front end); ``--text``: a CPU game told in text."""
    if args.turns is not None and not args.text:
        print("tdream play: --turns goes with --text (a game in the window plays to its end)", file=sys.stderr)
        return 2
    if args.text and args.humans:
        print(f"tdream play: --text plays CPU seats only (no human input): --humans {args.humans} needs the window "
              f"(leave out --text)", file=sys.stderr)
        return 2
    if args.text and args.tas is not None:
        print("tdream play: --tas opens the TAS window; leave out --text", file=sys.stderr)
        return 2
    if args.text:
        return cmd_play_text(args)
    from .frontend.setups import MatchSetup  # the window's modules (pygame): only its commands load them
    from .frontend.settings import load_settings  # the window's modules (pygame): only its commands load them
    settings, warning = load_settings()
    if args.talk != "sometimes":
        settings.talk = args.talk
    seed = args.seed if args.seed is not None else int(time.time())
    setup = None
    flags = [f.name for f in _option_flags()]          # the games' option flags (--board)
    direct = (args.game is not None or any(getattr(args, _flag_dest(f)) is not None for f in flags)
              or args.humans is not None or args.cpus or args.option or args.players is not None)
    if args.resume:
        from .platform.replay import resume_record  # start-up: records load with their commands
        r = resume_record(args.resume)
        if r.note:
            print(f"tdream: {r.note}; resuming from turn {r.session.match.progress() + 1}", file=sys.stderr)
        setup = MatchSetup(r.record.setup.game, r.record.setup.seed, r.record.setup.kinds,
                           dict(r.record.setup.options), resume=r)
    elif args.scenario:
        from .platform.scenario import load_scenario  # start-up: only its command loads it
        sc = load_scenario(args.scenario)
        setup = MatchSetup(sc.game.id, sc.seed, [s.kind for s in sc.seats], dict(sc.options), scenario=sc,
                           mode="practice")
    elif direct:
        game, options = _game_and_options(args, "play")
        humans = 1 if args.humans is None else args.humans
        _check_cpus(game, args.cpus, "play", max(0, _player_count(game, options, args) - humans))
        kinds = _seats_of(game, options, seed, humans, args.cpus, _player_count(game, options, args))
        setup = MatchSetup(game.id, seed, kinds, options, mode="free" if humans else "spectate")
    if setup is not None:
        from .frontend.frontends import has_frontend  # the window's modules (pygame): only its commands load them
        if not has_frontend(setup.game):
            raise TdreamError(f"tdream play: {setup.gamedef.name} has no front end yet; try tdream play --text "
                              f"--game {setup.game}")
    if args.tas is not None:
        if setup is not None or args.movie or args.record:
            print(f"tdream: --tas records from power on, a movie of its own: leave out --movie, --record, --resume, "
                  f"--scenario, --game, {''.join(f'--{f}, ' for f in flags)}"
                  "--humans, --cpus, --players and --option (the title chooses the game)", file=sys.stderr)
            return 2
        if args.tas and not os.path.isdir(os.path.dirname(os.path.abspath(args.tas))):
            print(f"{args.tas}: No such file or directory (its folder must exist)", file=sys.stderr)
            return 2
        return _tas_window(args.tas or None, settings, seed, args.author, fullscreen=args.fullscreen,
                           scale=args.scale, warning=warning)
    record_dir = None if args.record else _records_dir()
    if args.record and not os.path.isdir(os.path.dirname(os.path.abspath(args.record))):
        print(f"{args.record}: No such file or directory (its folder must exist)", file=sys.stderr)
        return 2
    if args.movie and not os.path.isdir(os.path.dirname(os.path.abspath(args.movie))):
        print(f"{args.movie}: No such file or directory (its folder must exist)", file=sys.stderr)
        return 2
    if args.movie and setup is not None:
        print(f"tdream: --movie records from power on: leave out --resume, --scenario, --game, "
              f"{''.join(f'--{f}, ' for f in flags)}"
              "--humans, --cpus, --players and --option (the title chooses the game)", file=sys.stderr)
        return 2
    if args.author and not args.movie:
        print("tdream play: --author names a movie's author: it goes with --movie FILE", file=sys.stderr)
        return 2
    if args.movie and args.record:
        print("tdream: --movie plays on a blank user folder of its own (FORMATS.md section 4): its games are "
              "recorded there, not with --record", file=sys.stderr)
        return 2
    if args.headless_frames:                          # a smoke run without a screen (tests, CI)
        if warning:
            print(f"tdream: {warning}", file=sys.stderr)
        from .frontend.run import Headless  # the window's modules (pygame): only its commands load them
        h = Headless(seed, settings, setup, record_path=args.record)
        for _ in range(args.headless_frames):
            h.step(draw=True)
        h.machine.close()
        return 0
    from .frontend.run import run_window  # the window's modules (pygame): only its commands load them

    def tas(settings) -> int:               # Options > TAS tools on the title: a new TAS from power on
        return _tas_window(None, settings, seed, args.author)

    def net(settings, asked) -> int:        # the title's Netplay...: the sitting tdream netplay would make
        from .frontend.netplay_run import from_title  # netplay's: only when the title asks for it
        return from_title(asked, settings, args.author, fullscreen=args.fullscreen, scale=args.scale)
    return run_window(seed, settings, warning, setup, record_dir=record_dir, record_path=args.record,
                      fullscreen=args.fullscreen, scale=args.scale, movie_path=args.movie, author=args.author,
                      tas=tas, net=net)


def cmd_records(args) -> int:
    """``tdream records``: every profile's and character's record, as a table or JSON. Over every
    game: games, wins, last places, win rate; in each game, also its largest lead, best score and
    favourite variant in the game's own words (``GameDef.words``: best, unit,
    ``variant_label``: "best sum 40", "favourite board size 8x8", no variant where a game names none)."""
    from .platform.database import RecordsDB  # start-up: only its command loads it
    db = RecordsDB()
    if db.warning:
        print(f"tdream: {db.warning}", file=sys.stderr)
    data = db.all_stats(args.game)
    db.close()
    if args.json:
        print(json.dumps(data, sort_keys=True))
        return 0

    def words(game, st: dict) -> str:
        unit, best = game.words.unit, game.words.best
        out = f"  largest lead {st['largest_lead']:,}{unit}  {best[:1].lower()}{best[1:]} {st['best_score']:,}{unit}"
        if game.words.variant:
            try:
                named = game.variant_text(st["favourite_variant"]) if st["favourite_variant"] else "-"
            except (TdreamError, KeyError):
                named = st["favourite_variant"]
            out += f"  favourite {game.words.variant} {named}"
        return out

    def table(data: dict, indent: str, game=None) -> None:
        for title, key in (("Profiles", "profiles"), ("CPU characters", "characters")):
            print(f"{indent}{title}:")
            if not data[key]:
                print(f"{indent}  (none yet)")
            for st in data[key]:
                print(f"{indent}  {st['name']:14} games {st['games']:4}  wins {st['wins']:4}  last {st['last_places']:4}  "
                      f"win rate {st['win_rate'] * 100:5.1f}%" + (words(game, st) if game is not None else ""))

    def game_of(gid: str):
        return registry.get(gid) if gid in registry.GAMES else GameDef()     # a game this tdream lacks: plain words

    if args.game:
        print(f"{registry.get(args.game).name}:")
        table(data, "  ", registry.get(args.game))
        return 0
    table(data, "")
    for gid, per in data.get("by_game", {}).items():
        print(f"\n{game_of(gid).name or gid}:")
        table(per, "  ", game_of(gid))
    return 0


def _tas_window(path: str | None, settings, seed: int, author: str, fullscreen: bool = False,
                scale: int | None = None, warning: str | None = None) -> int:
    """The TAS window. A process whose engine is compiled runs the same command again on the pure
    engine (``TDREAM_PURE=1``): savestates pickle the machine, which mypyc's classes do not allow
    (docs/ARCHITECTURE.md, "The TAS tools"); the movies are the same either way."""
    from .native import compiled_loaded  # the build's tools: only its commands
    if compiled_loaded():
        argv = [sys.executable, "-m", "tdream", "play", "--tas", *([path] if path else []), "--seed", str(seed),
                *(["--author", author] if author else []), *(["--fullscreen"] if fullscreen else []),
                *(["--scale", str(scale)] if scale else [])]
        sys.stdout.flush()
        sys.stderr.flush()
        os.execve(sys.executable, argv, {**os.environ, "TDREAM_PURE": "1"})
    from .frontend.tas_window import run_tas_window  # the window's modules (pygame): only its commands load them
    return run_tas_window(path, settings, seed, author, fullscreen=fullscreen, scale=scale, warning=warning)


def cmd_replay_play(args) -> int:
    """``replay play``: watch a game record in the front end."""
    from .frontend.setups import MatchSetup  # the window's modules (pygame): only its commands load them
    from .frontend.settings import load_settings  # the window's modules (pygame): only its commands load them
    from .platform.record import load_record  # start-up: records load with their commands
    from .platform.replay import check_data, start_of  # start-up: records load with their commands
    record = load_record(args.file)
    check_data(record)
    start_of(record)                    # a header that gives no game: one line, exit 2
    setup = MatchSetup(record.setup.game, record.setup.seed, record.setup.kinds, dict(record.setup.options),
                       replay=record, speed=args.speed)
    from .frontend.frontends import has_frontend  # the window's modules (pygame): only its commands load them
    if not has_frontend(setup.game):
        raise TdreamError(f"tdream replay play: {setup.gamedef.name} has no front end yet")
    settings, warning = load_settings()
    if args.headless_frames:
        from .frontend.run import Headless  # the window's modules (pygame): only its commands load them
        h = Headless(record.setup.seed, settings, setup)
        for _ in range(args.headless_frames):
            h.step(draw=True)
        return 0
    from .frontend.run import run_window  # the window's modules (pygame): only its commands load them
    return run_window(record.setup.seed, settings, warning, setup, fullscreen=args.fullscreen, scale=args.scale,
                      records=False)


def cmd_movie(args) -> int:
    """``movie verify``: re-run headless and compare hashes; ``movie play``: show one; ``upgrade``,
    ``export`` (its text form) and ``import`` (a movie from its text)."""
    from .frontend.movie import check_movie, load_movie, user_of  # the window's modules: only its commands load them
    from .frontend.run import upgrade_paths, verify_paths  # the window's modules (pygame): only its commands load them
    if args.action == "verify":
        return verify_paths(args.files, sys.stdout, sys.stderr, args.force)
    if args.action == "upgrade":
        return upgrade_paths(args.files, sys.stdout, sys.stderr)
    if args.action == "export":
        return cmd_movie_export(args)
    if args.action == "import":
        return cmd_movie_import(args)
    movie = load_movie(args.file)
    check_movie(movie)
    user = user_of(movie)
    from .frontend.pads import PadFrame  # the window's modules (pygame): only its commands load them
    from .frontend.run import run_window  # the window's modules (pygame): only its commands load them
    from .frontend.settings import Settings, load_settings  # the window's modules (pygame): only its commands load them
    mine, warning = load_settings()
    settings = Settings(**{**vars(mine), **movie.settings})     # the movie's speeds, the player's display
    frames = (PadFrame(b, c) for b, c in movie.frames())
    return run_window(movie.seed, settings, warning, None, record_dir=None, fullscreen=args.fullscreen, records=False,
                      scale=args.scale, source=frames, user=user)


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (a link to it too), there or not yet."""
    if os.path.exists(a) and os.path.exists(b):
        return os.path.samefile(a, b)
    return os.path.realpath(a) == os.path.realpath(b)


def _folder_missing(path: str) -> bool:
    """True (and one line said) when the folder ``path`` goes in is not there."""
    if os.path.isdir(os.path.dirname(os.path.abspath(path))):
        return False
    print(f"{path}: No such file or directory (its folder must exist)", file=sys.stderr)
    return True


def cmd_movie_export(args) -> int:
    """``movie export MOVIE TEXT``: the movie's text form (FORMATS.md section 4), written atomically."""
    from .frontend.movie import load_movie, movie_text, user_of  # the window's modules: only its commands load them
    from .platform.record import write_atomic  # start-up: records load with their commands
    movie = load_movie(args.movie)
    if _same_file(args.movie, args.text):
        print(f"{args.text}: that is the movie itself: export writes its text to another file", file=sys.stderr)
        return 2
    if _folder_missing(args.text):
        return 2
    write_atomic(args.text, movie_text(movie))
    if movie.user:                       # the user folder it starts on goes beside the text too
        user_of(movie).write(args.text + ".user")  # type: ignore[union-attr]
    frames = sum(count for count, _, _ in movie.runs)
    print(f"ok   {args.text}: {frames} frames of {args.movie}")
    return 0


def cmd_movie_import(args) -> int:
    """``movie import TEXT MOVIE``: the text form re-run headless from power on (``remake``: its
    checkpoints, end and games) and written as a movie, atomically, only once that succeeded."""
    from .frontend.movie import check_movie, read_movie_text, user_of, write_movie  # the window's: its commands alone
    from .frontend.run import remake  # the window's modules (pygame): only its commands load them
    text = read_movie_text(args.text)
    if not args.force:
        check_movie(text.movie)
    if _same_file(args.text, args.movie):
        print(f"{args.movie}: that is the text itself: import writes the movie to another file", file=sys.stderr)
        return 2
    if _folder_missing(args.movie):
        return 2
    user = None
    if text.movie.user:                  # it starts on a user folder: the one beside the text (export put it there)
        user = user_of(dataclasses.replace(text.movie, path=args.text))
    checks, end, games = remake(text.movie.header, text.frames, args.text, text.lines, user)
    if user is not None:
        user.write(args.movie + ".user")
    write_movie(args.movie, text.movie.header, text.frames, checks, end, games)
    print(f"ok   {args.movie}: {end['frames']} frames, {end['time']} (from {args.text})")
    return 0


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port: {text!r}") from None
    if not 0 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"not a port (0-65535): {n}")
    return n


def _records_dir() -> str:
    import platformdirs  # the user's folders: only when one is read or written
    return os.path.join(platformdirs.user_data_dir("tdream"), "records")


def cmd_play_text(args) -> int:
    """A CPU game told in text, recorded as it goes (no window needed)."""
    from .platform.record import RecordWriter, Setup, writer_for  # start-up: records load with their commands
    from .platform.replay import resume_record  # start-up: records load with their commands
    from .platform.textplay import play_text  # start-up: only its command loads it
    if args.resume:
        r = resume_record(args.resume)
        session = r.session
        if any(s.human for s in session.seats):
            print(f"{args.resume}: this game has human seats; resume it in the window (without --text)",
                  file=sys.stderr)
            return 2
        if r.note:
            print(f"({r.note}; resuming from turn {session.match.progress() + 1})")
        print(f"Resuming {r.record.path} at turn {session.match.progress() + 1}.")
        session.writer = RecordWriter(args.record or args.resume, session.game, prefix=r.kept, setup=r.record.setup,
                                      progress=session.match.progress())
        return play_text(session, sys.stdout, max_turns=args.turns, talk=args.talk)
    game, options = _game_and_options(args, "play")
    _check_cpus(game, args.cpus, "play", _player_count(game, options, args))
    seed = args.seed if args.seed is not None else int(time.time())
    kinds = _seats_of(game, options, seed, 0, args.cpus, _player_count(game, options, args))
    from .frontend.setups import seat_names  # the window's modules (pygame): only its commands load them
    seats = [Seat(n, k) for n, k in zip(seat_names(kinds), kinds)]
    session, events = Session.start(game, seats, options, seed)
    path = args.record or _records_path(seed)
    session.writer = writer_for(path, game, Setup(game.id, seed, seats, session.options))
    where = game.variant_name(game.variant(session.options))
    print(f"{game.name}" + (f": {where}" if where else "") + f", seed {seed}; recording to {path}")
    return play_text(session, sys.stdout, max_turns=args.turns, events=events, talk=args.talk)


def _records_path(seed: int) -> str:
    import platformdirs  # the user's folders: only when one is read or written
    folder = os.path.join(platformdirs.user_data_dir("tdream"), "records")
    _make_dir(folder)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return os.path.join(folder, f"{stamp}-{seed}.tdr")
