"""The command line on CAT TOWER end to end (headless, SDL's dummy drivers): play with its
options, practice from a scenario, a record watched and resumed, CPU games simulated and in a
tournament, scenarios run, records verified, the movie verified; a bad input is one clear line
and exit 2."""
from tdream.platform.record import load_record
from tests.conftest import ROOT, run_cli

SCENARIOS = ROOT / "scenarios" / "cattower"


def test_play_cat_tower_headless_writes_its_record(tmp_path):
    rec = tmp_path / "p.tdr"
    r = run_cli("play", "--game", "cattower", "--seed", "3", "--headless-frames", "600", "--record", str(rec))
    assert r.returncode == 0, r.stderr
    record = load_record(str(rec))
    assert record.setup.game == "cattower" and record.setup.kinds.count("human") == 1
    assert len(record.setup.kinds) == 4


def test_play_with_the_games_options_and_seats(tmp_path):
    rec = tmp_path / "o.tdr"
    r = run_cli("play", "--game", "cattower", "--option", "pass_footprints=2", "--option", "dishes=kinds",
                "--option", "felt_needs_one=true", "--cpus", "yuka:hard,joji", "--seed", "4",
                "--headless-frames", "600", "--record", str(rec))
    assert r.returncode == 0, r.stderr
    record = load_record(str(rec))
    o = record.setup.options
    assert o["pass_footprints"] == 2 and o["dishes"] == "kinds" and o["felt_needs_one"] is True
    assert record.setup.kinds == ["human", "yuka:hard", "joji", "yuka:hard"]     # the shell fills four seats


def test_bad_options_and_seats_are_one_line_and_exit_2(tmp_path):
    for args in (("--option", "nope=1"), ("--option", "pass_footprints=16"), ("--option", "dishes=some"),
                 ("--option", "felt_needs_one=maybe"), ("--cpus", "nobody"), ("--humans", "5")):
        r = run_cli("play", "--game", "cattower", *args, "--headless-frames", "3")
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1, (args, r.stderr)


def test_practice_from_a_scenario(tmp_path):
    rec = tmp_path / "s.tdr"
    r = run_cli("play", "--scenario", str(SCENARIOS / "end_with_third_tower.yaml"), "--headless-frames", "300",
                "--record", str(rec))
    assert r.returncode == 0, r.stderr
    assert "start:" in rec.read_text()


def test_a_record_is_watched_resumed_and_verified(watched_record, tmp_path):
    r = run_cli("replay", "play", str(watched_record), "--speed", "16", "--headless-frames", "600")
    assert r.returncode == 0, r.stderr
    r = run_cli("replay", "verify", str(watched_record))
    assert r.returncode == 0, r.stdout + r.stderr
    cut = tmp_path / "cut.tdr"                           # a game stopped after 1500 frames, then resumed
    r = run_cli("play", "--game", "cattower", "--seed", "5", "--headless-frames", "1500", "--record", str(cut))
    assert r.returncode == 0, r.stderr
    assert not load_record(str(cut)).finished
    r = run_cli("play", "--resume", str(cut), "--headless-frames", "600")
    assert r.returncode == 0, r.stderr
    assert load_record(str(cut)).setup.game == "cattower"
    r = run_cli("replay", "verify", str(cut))
    assert r.returncode == 0, r.stdout + r.stderr


def test_simulate_tournament_and_scenarios(tmp_path):
    r = run_cli("simulate", "--game", "cattower", "--games", "2", "--seed", "7", "--json")
    assert r.returncode == 0, r.stderr
    r = run_cli("tournament", "--game", "cattower", "--rounds", "1", "--characters", "joji,yuka,kenta,hazumi",
                "--json")
    assert r.returncode == 0, r.stderr
    r = run_cli("scenario", "run", *sorted(str(p) for p in SCENARIOS.glob("*.yaml")))
    assert r.returncode == 0, r.stdout + r.stderr
    bad = tmp_path / "bad.tdr"
    bad.write_text("format: tdream-record\nversion: 9\n")
    for cmd in (("replay", "play", str(bad), "--headless-frames", "3"), ("play", "--resume", str(bad))):
        r = run_cli(*cmd)
        assert r.returncode == 2 and "Traceback" not in r.stderr, (cmd, r.stderr)


def test_a_text_game_with_human_seats_is_refused_in_one_line(tmp_path):
    """Issue 23, 7: ``play --text`` has no human input: ``--humans 1`` is refused (one line, exit
    2), never played silently by the CPU; ``--humans 0`` is a text game as before."""
    r = run_cli("play", "--game", "cattower", "--text", "--humans", "1", "--seed", "2", "--turns", "1",
                "--record", str(tmp_path / "h.tdr"))
    assert r.returncode == 2 and not (tmp_path / "h.tdr").exists(), r.stdout
    assert "Traceback" not in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert "--humans 1" in r.stderr and "--text" in r.stderr
    r = run_cli("play", "--game", "cattower", "--text", "--humans", "0", "--seed", "2", "--turns", "1",
                "--record", str(tmp_path / "c.tdr"))
    assert r.returncode == 0, r.stderr
