"""The command line (FORMATS.md section 1): simulate, bench, play (text), errors, layering."""
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from .conftest import ROOT, run_cli


def test_simulate_json_has_the_contract_keys():
    r = run_cli("simulate", "--games", "6", "--board", "classic-7", "--seed", "1", "--json")
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for key in ("games", "turns", "seconds", "games_per_s", "turns_per_s", "avg_turns", "wins", "seats"):
        assert key in out
    assert out["games"] == 6 and out["seats"] == {"random": 24}
    assert sum(out["wins"].values()) >= 6


def test_simulate_results_do_not_depend_on_jobs():
    a = json.loads(run_cli("simulate", "--games", "12", "--board", "classic-7", "--seed", "9", "--json").stdout)
    b = json.loads(run_cli("simulate", "--games", "12", "--board", "classic-7", "--seed", "9", "--json",
                           "--jobs", "2").stdout)
    for key in ("games", "turns", "wins", "avg_turns", "endings"):
        assert a[key] == b[key]


def test_simulate_results_do_not_depend_on_pythonhashseed():
    args = ("simulate", "--games", "5", "--board", "hong-kong", "--seed", "4", "--json")
    a = json.loads(run_cli(*args, env={"PYTHONHASHSEED": "1"}).stdout)
    b = json.loads(run_cli(*args, env={"PYTHONHASHSEED": "999"}).stdout)
    assert (a["turns"], a["wins"]) == (b["turns"], b["wins"])


def test_simulate_text_output():
    r = run_cli("simulate", "--games", "2", "--board", "classic-7")
    assert r.returncode == 0 and "games: 2" in r.stdout and "turns/s:" in r.stdout


def test_bad_arguments_exit_2_with_one_line():
    for args in (["simulate", "--games", "0"], ["simulate", "--games", "x"],
                 ["simulate", "--games", "1", "--cpus", "nobody"], ["frobnicate"],
                 ["simulate", "--games", "1", "--seed", "-3"]):
        r = run_cli(*args)
        assert r.returncode == 2, args
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def test_bench_prints_name_value_unit():
    # one game each way: the whole bench (every game and front end) takes a minute, twice that here
    r = run_cli("bench", "--game", "towerdream", "--seconds", "0.3")
    assert r.returncode == 0
    lines = dict(line.split(": ", 1) for line in r.stdout.strip().splitlines())
    assert float(lines["engine_turns_per_s"].split()[0]) > 0
    assert float(lines["engine_games_per_s"].split()[0]) > 0
    assert lines["replay_verify_turns_per_s"].endswith("turns/s") and lines["frame_ms_p99"].endswith("ms")
    names = list(lines)          # section 5's order: the engine's, the front end's, which engine ran
    assert names[0] == "engine_turns_per_s" and names[-1] == "engine"
    assert names.index("ai_decision_ms_p99_hard") < names.index("frame_ms_p99") < names.index("movie_verify_frames_per_s")
    r = run_cli("bench", "--game", "cattower", "--seconds", "0.3", "--json")
    figures = json.loads(r.stdout)
    # FORMATS.md section 5: another game's figures carry its id, and CAT TOWER counts rounds
    assert set(figures) >= {"cattower_rounds_per_s", "cattower_games_per_s", "cattower_replay_verify_rounds_per_s",
                            "cattower_ai_decision_ms_p99", "cattower_ai_decision_ms_p99_hard", "cattower_frame_ms_p99"}
    assert all(v > 0 for k, v in figures.items() if k != "engine")


def test_play_runs_a_text_game_without_crashing():
    r = run_cli("play", "--text", "--seed", "3", "--board", "classic-7", "--turns", "12")
    assert r.returncode == 0, r.stderr
    assert "Turn order:" in r.stdout and "rolls" in r.stdout


def test_the_suite_keeps_out_of_the_real_user_folders():
    """Issue 14 (11): a text game records into the user data folder, which in the suite is ours."""
    import platformdirs
    data = Path(platformdirs.user_data_dir("tdream"))
    assert str(data).startswith(os.environ["XDG_DATA_HOME"]) and Path.home() / ".local" not in data.parents
    r = run_cli("play", "--text", "--seed", "4", "--board", "classic-7", "--turns", "2")
    assert r.returncode == 0 and list((data / "records").glob("*.tdr"))


def test_play_without_a_display_says_so_and_exits_2(tmp_path):
    """Issue 14 (2): with no X or Wayland display SDL would fall back to an offscreen driver and
    the game would run unseen (writing a record). It says so, exits 2 and writes nothing."""
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER")}
    env["XDG_DATA_HOME"] = str(tmp_path / "data")
    r = subprocess.run([sys.executable, "-m", "tdream", "play"], capture_output=True, text=True, cwd=ROOT, env=env,
                       timeout=60)
    assert r.returncode == 2 and "no display" in r.stderr and "Traceback" not in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and not (tmp_path / "data").exists()


def test_board_list_and_show():
    r = run_cli("board", "list")
    assert r.returncode == 0 and len(r.stdout.strip().splitlines()) == 8
    r = run_cli("board", "show", "classic-7")
    assert "   1  column a   Line: a1 a2 a3 a4 a5 a6 a7" in r.stdout


def test_a_game_s_flags_and_commands_are_refused_in_one_line():
    """Issue 21: --board is Tower Dream's (its OptionFlag): another game refuses it, a board there
    is not is named so, and its own command's bad arguments are argparse's one line."""
    for args, words in ((("simulate", "--game", "cattower", "--games", "1", "--board", "classic-7"),
                         "--board is Tower Dream's; CAT TOWER's choices are options"),
                        (("tournament", "--game", "towerup", "--board", "classic-7"), "--board is Tower Dream's"),
                        (("simulate", "--games", "1", "--board", "atlantis"), "no such board"),
                        (("simulate", "--games", "1", "--option", "board=atlantis"), "no such board"),
                        (("board", "frob"), "invalid choice"), (("board", "show"), "required"),
                        (("native", "--now"), "unrecognized arguments")):
        r = run_cli(*args)
        assert r.returncode == 2 and words in r.stderr and "Traceback" not in r.stderr, (args, r.stderr)
        assert len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def test_option_flags_and_commands_come_from_the_games(monkeypatch, capsys):
    """The command line knows a flag or a command only from a game's declaration (GameDef.program:
    flags, commands): a flag another game declared is that game's option, and every game's
    commands are added."""
    import pytest
    from tdream import cli
    from tdream.errors import TdreamError
    from tdream.platform import registry
    from tdream.platform.protocol import OptionFlag, Program
    towers = registry.get("towers")
    added = []
    monkeypatch.setattr(towers, "program", Program(flags=(OptionFlag("size", "size", "N", "the board's size"),),
                                                   commands=lambda sub: added.append(sub.add_parser(
                                                       "towers-rules", help="a test's command"))), raising=False)
    parser = cli.build_parser()
    assert added
    args = parser.parse_args(["simulate", "--game", "towers", "--games", "1", "--size", "10"])
    game, options = cli._game_and_options(args, "simulate")
    assert game is towers and options["size"] == 10
    with pytest.raises(TdreamError, match="--size is Towers'; Tower Dream's choices are options"):
        cli._game_and_options(parser.parse_args(["simulate", "--games", "1", "--size", "10"]), "simulate")
    board = parser.parse_args(["board", "list"])
    assert board.run.__module__ == "tdream.games.towerdream.cli" or "towerdream" in board.run.__code__.co_filename
    assert board.run(board) == 0 and len(capsys.readouterr().out.strip().splitlines()) == 8


def test_the_command_line_names_no_game():
    """Issue 21: cli.py's code (its names and strings, docstrings aside) names no game's id and
    none of a game's terms: each game declares its flags and commands."""
    import ast
    from tdream.platform import registry
    tree = ast.parse((ROOT / "tdream" / "cli.py").read_text())
    docstrings = {id(n.body[0].value) for n in ast.walk(tree)
                  if isinstance(n, (ast.Module, ast.FunctionDef, ast.ClassDef)) and n.body
                  and isinstance(n.body[0], ast.Expr) and isinstance(n.body[0].value, ast.Constant)}
    words = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings:
            words.append(node.value)
        elif isinstance(node, ast.Name):
            words.append(node.id)
        elif isinstance(node, ast.Attribute):
            words.append(node.attr)
        elif isinstance(node, (ast.ImportFrom,)):
            words.append(node.module or "")
    text = "\n".join(words).lower()
    terms = set(registry.ids()) | {"board", "wealth", "landmark", "company", "jackpot", "floor", "tower dream",
                                   "classic-10", "road"}
    import re
    assert not [t for t in sorted(terms) if re.search(rf"(?<![a-z]){re.escape(t)}(?![a-z])", text)]


def test_python_m_and_console_script_agree():
    r = subprocess.run([sys.executable, "-m", "tdream", "--version"], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0 and r.stdout.startswith("tdream ")


def test_the_platform_bench_imports_no_front_end():
    """Issue 21: layers go one way: the platform's bench (the games' figures) imports neither
    pygame nor the front end; ``tdream bench`` adds the front end's figures itself."""
    code = ("import sys\nimport tdream.platform.bench\n"
            "print(sorted(m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'tdream.frontend'))))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_nothing_below_the_frontend_imports_pygame():
    code = """
import importlib, pkgutil, sys
sys.modules["pygame"] = None
import tdream
bad = []
for m in pkgutil.walk_packages(tdream.__path__, "tdream."):
    if ".frontend" in m.name or m.name.endswith("__main__"):
        continue
    try:
        importlib.import_module(m.name)
    except ImportError as e:
        if "pygame" in str(e):
            bad.append(m.name)
print(bad)
"""
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_engine_imports_no_io_or_clock_modules():
    """Every game's rules (its ``rules`` package, or its rules modules) import no clock, I/O or
    randomness of their own."""
    import ast
    banned = {"time", "datetime", "random", "os", "pathlib", "yaml", "pygame", "socket", "io"}
    for path in (ROOT / "tdream" / "games" / "towerdream" / "rules").glob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name.split(".")[0] for a in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0:
                names = [node.module.split(".")[0]]
            assert not (set(names) & banned), (path.name, names)


def test_bad_play_and_bench_arguments_get_one_line_and_exit_2():
    """Issue 14 (11): --turns without --text, a bench of -1 seconds."""
    for args, words in ((("play", "--turns", "5"), "--turns goes with --text"),
                        (("bench", "--seconds", "-1"), "must be more than 0"),
                        (("bench", "--seconds", "soon"), "not a number of seconds")):
        r = run_cli(*args)
        assert r.returncode == 2 and words in r.stderr and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def test_every_option_says_what_it_does():
    """Issue 14 (11): no option of any command without a help text."""
    from tdream.cli import build_parser
    missing = []

    def walk(parser, where):
        for action in parser._actions:
            if action.option_strings and not action.help and action.dest not in ("help", "version"):
                missing.append(f"{where} {action.option_strings[0]}")
            for name, sub in (getattr(action, "choices", None) or {}).items() if hasattr(action, "_name_parser_map") \
                    else ():
                walk(sub, f"{where} {name}")
    walk(build_parser(), "tdream")
    assert not missing, missing


def test_importing_a_game_s_rules_starts_nothing():
    """Issue 15: importing the engine runs no compiler shim: no subprocess, signal or fcntl (and
    no pygame, sockets, threads or databases) in a fresh interpreter."""
    code = ("import sys\nimport tdream.games.towerdream.rules\nimport tdream.platform.session\n"
            "print(sorted(m for m in ('subprocess', 'signal', 'fcntl', 'pygame', 'socket', 'threading', 'sqlite3',"
            " 'multiprocessing') if m in sys.modules))")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"


def test_players_sets_the_seats_of_a_game_whose_seat_count_is_no_option(tmp_path):
    """CAT TOWER has no `players` option: --players N seats N (simulate, text play, the window)."""
    r = run_cli("simulate", "--game", "cattower", "--games", "2", "--players", "3", "--cpus", "cpu,kenta", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["seats"] == {"cpu": 4, "kenta": 2}
    rec = tmp_path / "ct.tdr"
    r = run_cli("play", "--game", "cattower", "--players", "2", "--cpus", "yuka", "--seed", "3",
                "--headless-frames", "60", "--record", str(rec))
    assert r.returncode == 0, r.stderr
    header = rec.read_text().split("\ninputs:")[0]
    assert header.count('"kind":') == 2 and '"kind": "human"' in header
    # Tower Dream's seats are its option players, which --players sets as before
    r = run_cli("simulate", "--games", "1", "--players", "3", "--json")
    assert r.returncode == 0 and json.loads(r.stdout)["seats"] == {"random": 3}
    r = run_cli("play", "--game", "towers", "--players", "5")
    assert r.returncode == 2 and "--players" in r.stderr and "Traceback" not in r.stderr


def _seat_option_game():
    """A game whose rules name the seat count among their options (``GameDef.seat_option``)."""
    from tdream.platform import registry
    return next(g for g in map(registry.get, registry.ids()) if g.seat_option)


PLAYING = {"simulate": ("simulate", "--games", "1"), "tournament": ("tournament",),
           "play --text": ("play", "--text", "--turns", "1"), "play": ("play", "--headless-frames", "1")}


@pytest.mark.parametrize("command", list(PLAYING))
def test_a_seat_count_its_option_contradicts_is_refused_in_one_line(command, tmp_path):
    """Issue 21 (3): --players 3 with the seat option saying 2 plays neither: every command that
    plays refuses it before a match starts, in one line, exit 2."""
    game = _seat_option_game()
    r = run_cli(*PLAYING[command], "--game", game.id, "--players", "3", "--option", f"{game.seat_option}=2",
                env={"XDG_DATA_HOME": str(tmp_path)})
    lines = r.stderr.strip().splitlines()
    assert r.returncode == 2 and len(lines) == 1, r.stderr
    assert "--players 3" in lines[0] and f"{game.seat_option}=2" in lines[0] and r.stdout == ""
    assert not list(tmp_path.iterdir())                  # no record begun: no match started


def test_tournament_players_seats_each_table():
    """--players N: a round robin of N-seat tables (a game whose seat count is an option)."""
    game = _seat_option_game()
    lo = game.seats[0]
    chars = [c for c in game.cpu_kinds() if c not in ("random", "cpu")][:lo + 1]
    r = run_cli("tournament", "--game", game.id, "--players", str(lo), "--characters", ",".join(chars), "--json")
    assert r.returncode == 0, r.stderr
    from math import comb
    assert json.loads(r.stdout)["games"] == comb(len(chars), lo) * lo          # each set, each seat in turn


# ---------------------------------------------------------------- issue 36: the command line's small defects
def test_a_reader_that_goes_away_leaves_no_broken_pipe(tmp_path):
    """``tdream records | head`` printed "Broken pipe": now the command ends quietly, exit 0."""
    import subprocess
    import sys
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "data"), XDG_CONFIG_HOME=str(tmp_path / "config"))
    p = subprocess.Popen([sys.executable, "-m", "tdream", "tournament", "--game", "towers", "--rounds", "1"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=ROOT)
    p.stdout.close()                                  # the reader is gone before the first line
    err = p.stderr.read().decode()
    assert p.wait(timeout=300) == 0 and "Broken pipe" not in err and "Traceback" not in err, err


def test_verify_of_the_other_kind_of_file_names_the_command_to_use(tmp_path):
    record = tmp_path / "g.tdr"
    assert run_cli("play", "--text", "--turns", "1", "--seed", "2", "--record", str(record)).returncode == 0
    r = run_cli("movie", "verify", str(record))
    assert r.returncode == 2 and "game record" in r.stderr and "tdream replay verify" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
    movie = ROOT / "tests" / "frontend" / "data" / "whole-game.tdm"
    r = run_cli("replay", "verify", str(movie))
    assert r.returncode == 2 and "input movie" in r.stderr and "tdream movie verify" in r.stderr


def test_tournament_tables_carry_whole_names():
    """The head-to-head and style columns were cut to 5 and 9 letters ("hazum", "build_sha")."""
    from tdream.platform.tournament import format_tournament
    from tdream.platform import registry
    kinds = ["hazumi", "cosmic-will"]
    figures = registry.get("towerup").style.figures
    t = {"game": "towerup", "variant": "", "games": 2, "difficulty": "normal", "win_rate": {k: 0.5 for k in kinds},
         "grade": {}, "grade_win_rate": {}, "head_to_head": {"hazumi": {"cosmic-will": 0.5},
                                                             "cosmic-will": {"hazumi": 0.5}},
         "style": {k: {f: 1.0 for f in figures} for k in kinds},
         "style_leaders": {}, "signature_led": {}}
    text = "\n".join(format_tournament(t))
    head = next(line for line in text.splitlines() if line.split() == ["hazumi", "cosmic-will"])
    assert head.rstrip().endswith("cosmic-will")
    header = next(line for line in text.splitlines() if line.split() == list(figures))
    assert "build_share" in header.split()


def test_simulate_has_a_default_game_count_and_refuses_more_cpus_than_seats():
    r = run_cli("simulate", "--game", "towers", "--json")
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["games"] == 100
    r = run_cli("simulate", "--game", "towerup", "--cpus", "kenta,yuka,joji", "--players", "2", "--games", "1")
    assert r.returncode == 2 and "--cpus names 3" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    r = run_cli("play", "--text", "--game", "towerup", "--cpus", "kenta,yuka,joji", "--players", "2")
    assert r.returncode == 2 and "--cpus names 3" in r.stderr
