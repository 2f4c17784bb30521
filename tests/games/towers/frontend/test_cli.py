"""Everything the platform gives every game, for Towers, end to end through ``tdream`` (headless:
SDL's dummy drivers): play, options, simulate, tournament, scenarios, records watched and
resumed, movies, and one clear line with exit 2 for a bad file or argument."""
import pytest

from tdream.platform.record import load_record
from tdream.platform.replay import verify_paths
from tests.conftest import ROOT, run_cli

from .movies import SHIPPED


def one_line_exit_2(r) -> None:
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr, r.stderr


@pytest.fixture(scope="module")
def records(tmp_path_factory):
    d = tmp_path_factory.mktemp("sim")
    r = run_cli("simulate", "--game", "towers", "--games", "2", "--seed", "4", "--cpus", "kenta,yuka",
                "--records", str(d))
    assert r.returncode == 0, r.stderr
    return sorted(d.glob("*.tdr"))


def test_play_game_towers_headless_records_the_game(tmp_path):
    path = tmp_path / "p.tdr"
    r = run_cli("play", "--game", "towers", "--seed", "3", "--record", str(path), "--headless-frames", "600")
    assert r.returncode == 0, r.stderr
    record = load_record(str(path))
    assert record.setup.game == "towers" and record.setup.kinds[0] == "human"


def test_play_with_options_and_cpus(tmp_path):
    path = tmp_path / "o.tdr"
    r = run_cli("play", "--game", "towers", "--option", "size=10", "--option", "demolish=war", "--option",
                "first_player=random", "--humans", "0", "--cpus", "joji,hazumi", "--seed", "2", "--record", str(path),
                "--headless-frames", "900")
    assert r.returncode == 0, r.stderr
    record = load_record(str(path))
    assert record.setup.options["size"] == 10 and record.setup.options["demolish"] == "war"
    assert "place" in path.read_text()                     # the CPUs played on: the table drives the match
    assert verify_paths([str(path)], False, None, None) == 0


@pytest.mark.parametrize("args", [
    ("--option", "size=13"), ("--option", "demolish=maybe"), ("--option", "colour=red"), ("--board", "classic-7"),
    ("--cpus", "nobody"), ("--humans", "3", "--option", "players=2"),
])
def test_bad_arguments_are_one_line_and_exit_2(args):
    one_line_exit_2(run_cli("play", "--game", "towers", *args, "--headless-frames", "5"))


def test_simulate_tournament_and_scenarios_run_for_towers(records, tmp_path):
    assert len(records) == 2 and verify_paths([str(p) for p in records], False, None, None) == 0
    r = run_cli("tournament", "--game", "towers", "--rounds", "1", "--seed", "1", "--characters", "kenta,yuka,joji")
    assert r.returncode == 0, r.stderr
    r = run_cli("scenario", "run", "--game", "towers", str(ROOT / "scenarios" / "towers"))
    assert r.returncode == 0, r.stdout + r.stderr
    r = run_cli("replay", "verify", *[str(p) for p in records])
    assert r.returncode == 0, r.stdout + r.stderr


def test_replay_play_watches_a_record(records, tmp_path):
    r = run_cli("replay", "play", str(records[0]), "--speed", "16", "--headless-frames", "600")
    assert r.returncode == 0, r.stderr
    bad = tmp_path / "bad.tdr"
    bad.write_text("format: tdream-record\nversion: 9\n")
    one_line_exit_2(run_cli("replay", "play", str(bad), "--headless-frames", "3"))


def test_play_resume_continues_a_record(tmp_path):
    path = tmp_path / "r.tdr"
    r = run_cli("play", "--game", "towers", "--humans", "0", "--cpus", "kenta,joji", "--seed", "8", "--record",
                str(path), "--headless-frames", "700")
    assert r.returncode == 0, r.stderr
    before = path.read_text()
    assert "place" in before and "end:" not in before.splitlines()[-1]
    r = run_cli("play", "--resume", str(path), "--headless-frames", "900")
    assert r.returncode == 0, r.stderr
    after = path.read_text()
    assert len(after.splitlines()) > len(before.splitlines())
    assert verify_paths([str(path)], False, None, None) == 0
    one_line_exit_2(run_cli("play", "--resume", str(tmp_path / "missing.tdr"), "--headless-frames", "3"))


def test_practice_from_a_scenario(tmp_path):
    r = run_cli("play", "--scenario", str(ROOT / "scenarios" / "towers" / "walled_in.yaml"), "--headless-frames", "300",
                "--record", str(tmp_path / "s.tdr"))
    assert r.returncode == 0, r.stderr
    assert "start:" in (tmp_path / "s.tdr").read_text()


def test_movie_verify_on_the_shipped_movie_and_a_damaged_one(shipped, tmp_path):
    r = run_cli("movie", "verify", str(SHIPPED))
    assert r.returncode == 0, r.stdout + r.stderr
    bad = tmp_path / "bad.tdm"
    bad.write_text(SHIPPED.read_text().replace('games: ["towers"]', 'games: ["nowhere"]'))
    one_line_exit_2(run_cli("movie", "verify", str(bad)))


def test_the_records_database_counts_a_finished_free_game(tmp_path):
    """A Free game of Towers finished in the front end is a row of the records database."""
    from tdream.frontend.run import Headless
    from tdream.frontend.scenes.results import ResultsScene
    from tdream.games.towers.frontend import FRONTEND
    from tdream.games.towers.frontend.table import TowersSetup
    from tdream.platform.database import RecordsDB
    db = RecordsDB(tmp_path / "r.db")
    h = Headless(seed=2, setup=TowersSetup(2, ["human", "marimo"]), records=db, record_path=str(tmp_path / "g.tdr"))
    ap = FRONTEND.autopilot()
    for _ in range(60000):
        h.step(ap.buttons(h.machine))
        if isinstance(h.machine.stack[-1], ResultsScene):
            break
    stats = db.all_stats("towers")
    names = {s["name"] for s in stats["profiles"]} | {s["name"] for s in stats["characters"]}
    assert "marimo" in names or "Marimo" in names, stats
    db.close()
