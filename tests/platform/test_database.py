"""The records database (issue 8): statistics, migrations, crash safety, damaged files."""
import json
import sqlite3
import subprocess
import sys

import pytest

from tdream.platform.database import VERSION, RecordsDB, SeatResult
from tests.conftest import ROOT, run_cli


def series(db):
    """A scripted series: Ann wins twice (leads 500 and 1000), is last once, ties for first once."""
    S = SeatResult
    db.add_game("classic-7", {}, "free", "2026-11-01", "a.tdr",
                [S("Ann", "human", 1, 5000), S("joji", "cpu", 2, 4500), S("yuka", "cpu", 3, 100)])
    db.add_game("classic-10", {}, "free", "2026-11-02", "b.tdr",
                [S("Ann", "human", 3, 200), S("joji", "cpu", 1, 9000), S("yuka", "cpu", 2, 800)])
    db.add_game("classic-7", {}, "campaign", "2026-11-03", "c.tdr",
                [S("Ann", "human", 1, 7000), S("joji", "cpu", 2, 6000), S("yuka", "cpu", 3, 50)])
    db.add_game("hong-kong", {}, "free", "2026-11-04", None,
                [S("Ann", "human", 1, 3000), S("Bob", "human", 1, 3000)])


def test_statistics_of_a_scripted_series(tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    series(db)
    ann = db.stats("Ann")
    assert (ann.games, ann.wins, ann.last_places) == (4, 3, 1)
    assert ann.win_rate == 0.75 and ann.largest_lead == 1000 and ann.best_wealth == 7000
    assert ann.favourite_board == "classic-7"
    assert [g["date"] for g in ann.last_games] == ["2026-11-04", "2026-11-03", "2026-11-02", "2026-11-01"]
    joji = db.stats("joji")
    assert (joji.games, joji.wins, joji.last_places, joji.largest_lead) == (3, 1, 0, 8200)
    bob = db.stats("Bob")
    assert (bob.games, bob.wins, bob.last_places, bob.largest_lead) == (1, 1, 0, 0)
    assert [p["name"] for p in db.profiles()] == ["Ann", "Bob"]


def test_practice_games_are_never_counted(tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    with pytest.raises(ValueError):
        db.add_game("classic-7", {}, "practice", "2026-11-01", None, [SeatResult("Ann", "human", 1, 1)])
    assert db.stats("Ann").games == 0


def test_erasing_a_profile_keeps_the_others(tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    series(db)
    assert db.erase("Ann") == 4
    assert db.stats("Ann").games == 0 and db.stats("joji").games == 3
    assert db.stats("Bob").games == 1                     # their game stays: Bob's seat is still in it
    assert db.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4
    assert db.erase("Bob") == 1 and db.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 3


@pytest.mark.parametrize("start", range(VERSION))
def test_migration_from_each_earlier_version_keeps_the_games(tmp_path, start):
    path = tmp_path / "r.db"
    old = RecordsDB(path, migrate_to=start)
    assert old.version == start
    if start >= 1:
        old.db.execute("INSERT INTO profiles (name, kind) VALUES ('Ann', 'human')")
        old.db.execute("INSERT INTO games (board, options, mode, date) VALUES ('classic-7', '{}', 'free', '2026-01-01')")
        old.db.execute("INSERT INTO seats (game, seat, profile, rank, wealth, lead) VALUES (1, 0, 1, 1, 900, 0)")
    old.close()
    db = RecordsDB(path)
    assert db.version == VERSION and db.warning is None
    if start >= 1:
        assert db.stats("Ann").games == 1
        assert db.db.execute("SELECT bonuses FROM seats").fetchone()[0] == 0
    db.advance_campaign("Ann", 3, False)
    assert db.campaign("Ann") == (3, False)


def test_a_crash_between_statements_leaves_no_half_game(tmp_path):
    path = tmp_path / "r.db"
    db = RecordsDB(path)
    series(db)
    db.close()
    code = f"""
import os
from tdream.platform.database import RecordsDB, SeatResult
db = RecordsDB({str(path)!r})
def die(i):
    if i == 2:
        os._exit(3)          # killed mid-write: no COMMIT, no cleanup
db.add_game("classic-7", {{}}, "free", "2026-12-01", None,
            [SeatResult("Ann", "human", 1, 1), SeatResult("joji", "cpu", 2, 0), SeatResult("Cy", "human", 3, 0)], die)
"""
    r = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert r.returncode == 3, r.stderr
    db = RecordsDB(path)
    assert db.warning is None
    assert db.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    assert db.db.execute("SELECT COUNT(*) FROM games").fetchone()[0] == 4
    assert db.db.execute("SELECT COUNT(*) FROM seats WHERE game NOT IN (SELECT id FROM games)").fetchone()[0] == 0
    assert db.stats("Ann").games == 4 and db.stats("Cy").games == 0


def test_a_damaged_database_is_set_aside_and_a_fresh_one_started(tmp_path):
    path = tmp_path / "r.db"
    path.write_bytes(b"this is not a database" * 100)
    db = RecordsDB(path)
    assert db.warning and "damaged" in db.warning and "\n" not in db.warning
    assert (tmp_path / "r.db.damaged-1").read_bytes().startswith(b"this is not")
    assert db.version == VERSION and db.stats("Ann").games == 0


def test_a_newer_database_is_never_overwritten(tmp_path):
    path = tmp_path / "r.db"
    con = sqlite3.connect(path)
    con.execute("PRAGMA user_version = 99")
    con.execute("CREATE TABLE future (x)")
    con.commit()
    con.close()
    db = RecordsDB(path)
    assert "newer" in db.warning
    old = sqlite3.connect(tmp_path / "r.db.newer-1")
    assert old.execute("PRAGMA user_version").fetchone()[0] == 99


def test_records_command_prints_the_series_and_survives_a_corrupt_file(tmp_path):
    env = {"XDG_DATA_HOME": str(tmp_path)}
    db = RecordsDB(tmp_path / "tdream" / "records.db")
    series(db)
    db.close()
    r = run_cli("records", "--json", env=env)
    assert r.returncode == 0, r.stderr
    data = json.loads(r.stdout)
    ann = next(p for p in data["profiles"] if p["name"] == "Ann")
    assert (ann["games"], ann["wins"], ann["last_places"], ann["win_rate"], ann["largest_lead"]) == (4, 3, 1, 0.75, 1000)
    assert {c["name"] for c in data["characters"]} == {"joji", "yuka"}
    assert set(data["by_game"]) == {"towerdream"}           # per game too: every game played
    assert next(p for p in data["by_game"]["towerdream"]["profiles"] if p["name"] == "Ann") == ann
    r = run_cli("records", env=env)
    assert r.returncode == 0 and "Ann" in r.stdout and "75.0%" in r.stdout
    (tmp_path / "tdream" / "records.db").write_bytes(b"\x00garbage")
    r = run_cli("records", "--json", env=env)
    assert r.returncode == 0 and "damaged" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert json.loads(r.stdout) == {"profiles": [], "characters": [], "by_game": {}}
    (tmp_path / "tdream" / "records.db").unlink()
    assert run_cli("records", env=env).returncode == 0
