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
    db.add_game("towerdream", "classic-7", {}, "free", "2026-11-01", "a.tdr",
                [S("Ann", "human", 1, 5000), S("joji", "cpu", 2, 4500), S("yuka", "cpu", 3, 100)])
    db.add_game("towerdream", "classic-10", {}, "free", "2026-11-02", "b.tdr",
                [S("Ann", "human", 3, 200), S("joji", "cpu", 1, 9000), S("yuka", "cpu", 2, 800)])
    db.add_game("towerdream", "classic-7", {}, "campaign", "2026-11-03", "c.tdr",
                [S("Ann", "human", 1, 7000), S("joji", "cpu", 2, 6000), S("yuka", "cpu", 3, 50)])
    db.add_game("towerdream", "hong-kong", {}, "free", "2026-11-04", None,
                [S("Ann", "human", 1, 3000), S("Bob", "human", 1, 3000)])


def test_statistics_of_a_scripted_series(tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    series(db)
    ann = db.stats("Ann", game="towerdream")
    assert (ann.games, ann.wins, ann.last_places) == (4, 3, 1)
    assert ann.win_rate == 0.75 and ann.largest_lead == 1000 and ann.best_score == 7000
    assert ann.favourite_variant == "classic-7"
    assert [g["date"] for g in ann.last_games] == ["2026-11-04", "2026-11-03", "2026-11-02", "2026-11-01"]
    assert ann.last_games[1] == {"date": "2026-11-03", "game": "towerdream", "variant": "classic-7", "rank": 1,
                                 "score": 7000, "record": "c.tdr"}
    joji = db.stats("joji", game="towerdream")
    assert (joji.games, joji.wins, joji.last_places, joji.largest_lead) == (3, 1, 0, 8200)
    bob = db.stats("Bob", game="towerdream")
    assert (bob.games, bob.wins, bob.last_places, bob.largest_lead) == (1, 1, 0, 0)
    assert [p["name"] for p in db.profiles()] == ["Ann", "Bob"]


def test_scores_of_two_games_are_never_compared(tmp_path):
    """Over every game a profile counts its games, wins and places; its best score, largest lead
    and favourite variant are each game's own (a sum of tower sizes is not a Wealth)."""
    db = RecordsDB(tmp_path / "r.db")
    series(db)
    db.add_game("towers", "8x8", {"size": 8}, "free", "2026-11-05", None,
                [SeatResult("Ann", "human", 1, 40, {"total": 40}), SeatResult("joji", "cpu", 2, 31)])
    every = db.stats("Ann")
    assert (every.games, every.wins, every.last_places) == (5, 4, 1)
    assert (every.best_score, every.largest_lead, every.favourite_variant) == (None, None, "")
    assert [g["game"] for g in every.last_games] == ["towers"] + ["towerdream"] * 4
    towers = db.stats("Ann", game="towers")
    assert (towers.games, towers.best_score, towers.largest_lead, towers.favourite_variant) == (1, 40, 9, "8x8")
    assert db.stats("Ann", game="towerdream").best_score == 7000
    none = db.stats("Ann", game="cattower")
    assert (none.games, none.best_score, none.largest_lead, none.favourite_variant, none.last_games) == (0, 0, 0, "", [])


def test_practice_games_are_never_counted(tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    with pytest.raises(ValueError):
        db.add_game("towerdream", "classic-7", {}, "practice", "2026-11-01", None, [SeatResult("Ann", "human", 1, 1)])
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
        first = ", ".join(c[1] for c in old.db.execute("PRAGMA table_info(seats)").fetchall()[:6])
        old.db.execute(f"INSERT INTO seats ({first}) VALUES (1, 0, 1, 1, 900, 0)")     # the score 5th
    old.close()
    db = RecordsDB(path)
    assert db.version == VERSION and db.warning is None
    if start >= 1:
        assert db.stats("Ann", game="towerdream").games == 1
        assert json.loads(db.db.execute("SELECT details FROM seats").fetchone()[0]) == {"bonuses": 0}
        assert db.stats("Ann", game="towerdream").best_score == 900
    db.advance_campaign("Ann", "towerdream", 3, False)
    assert db.campaign("Ann", "towerdream") == (3, False)


# The schema of version 3 as that tdream made it (MIGRATIONS 0-2 run one after the other): the
# test keeps its own copy, so that a change to the migrations cannot change what is migrated.
V3_SCHEMA = """
CREATE TABLE profiles (id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL CHECK (kind IN ('human', 'cpu')), colour INTEGER NOT NULL DEFAULT 0,
    pad INTEGER NOT NULL DEFAULT 1);
CREATE TABLE games (id INTEGER PRIMARY KEY, board TEXT NOT NULL, options TEXT NOT NULL, mode TEXT NOT NULL,
    date TEXT NOT NULL, record TEXT, game TEXT NOT NULL DEFAULT 'towerdream');
CREATE TABLE seats (game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE, seat INTEGER NOT NULL,
    profile INTEGER NOT NULL REFERENCES profiles(id), rank INTEGER NOT NULL, wealth INTEGER NOT NULL,
    lead INTEGER NOT NULL, bonuses INTEGER NOT NULL DEFAULT 0, details TEXT NOT NULL DEFAULT '{}',
    PRIMARY KEY (game, seat));
CREATE TABLE campaign (profile INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
    stage INTEGER NOT NULL DEFAULT 0, finished INTEGER NOT NULL DEFAULT 0);
CREATE INDEX seats_profile ON seats(profile);
CREATE INDEX games_game ON games(game);
INSERT INTO profiles (id, name, kind, colour, pad) VALUES (1, 'Ann', 'human', 2, 3), (2, 'joji', 'cpu', 0, 1),
    (3, 'Bob', 'human', 1, 2);
INSERT INTO games (id, board, options, mode, date, record, game) VALUES
    (1, 'classic-7', '{"board": "classic-7"}', 'free', '2026-10-01', 'a.tdr', 'towerdream'),
    (2, 'hong-kong', '{}', 'campaign', '2026-10-02', NULL, 'towerdream'),
    (3, '8x8', '{"size": 8}', 'free', '2026-10-03', 'c.tdr', 'towers'),
    (4, 'city-4', '{"players": 4}', 'free', '2026-10-04', NULL, 'towerup');
INSERT INTO seats (game, seat, profile, rank, wealth, lead, bonuses, details) VALUES
    (1, 0, 1, 1, 5000, 500, 0, '{}'),
    (1, 1, 2, 2, 4500, -500, 0, '{}'),
    (2, 0, 1, 2, 3000, -1200, 0, '{"bonuses": 700, "cash": 1300, "properties": 1000}'),
    (2, 1, 2, 1, 4200, 1200, 700, '{"bonuses": 700, "cash": 2000, "properties": 1500}'),
    (3, 0, 3, 1, 40, 9, 0, '{"total": 40}'),
    (3, 1, 2, 2, 31, -9, 0, '{"total": 31}'),
    (4, 0, 1, 2, 55, -8, 0, '{"chips": 5, "cone": 10, "vehicles": 40}'),
    (4, 1, 3, 1, 63, 8, 0, '{"chips": 3, "cone": 20, "vehicles": 40}');
UPDATE seats SET bonuses = 250 WHERE game = 1 AND seat = 1;
INSERT INTO campaign (profile, stage, finished) VALUES (1, 3, 0), (3, 8, 1);
PRAGMA user_version = 3;
"""


def test_a_version_3_database_migrates_keeping_every_row(tmp_path):
    """Schema 4 (issue 21): every game, seat, score, lead, Owner Bonus and campaign row of a
    version-3 database is kept, in neutral words (variant, score, details), the campaign rows
    Tower Dream's."""
    path = tmp_path / "r.db"
    con = sqlite3.connect(path)
    con.executescript(V3_SCHEMA)
    con.close()
    db = RecordsDB(path)
    assert db.version == VERSION == 4 and db.warning is None
    q = db.db.execute
    assert q("SELECT id, game, variant, options, mode, date, record FROM games ORDER BY id").fetchall() == [
        (1, "towerdream", "classic-7", '{"board": "classic-7"}', "free", "2026-10-01", "a.tdr"),
        (2, "towerdream", "hong-kong", "{}", "campaign", "2026-10-02", None),
        (3, "towers", "8x8", '{"size": 8}', "free", "2026-10-03", "c.tdr"),
        (4, "towerup", "city-4", '{"players": 4}', "free", "2026-10-04", None)]
    seats = [(g, s, p, r, score, lead, json.loads(d))
             for g, s, p, r, score, lead, d in q("SELECT game, seat, profile, rank, score, lead, details FROM seats "
                                                 "ORDER BY game, seat")]
    assert seats == [
        (1, 0, 1, 1, 5000, 500, {"bonuses": 0}),
        (1, 1, 2, 2, 4500, -500, {"bonuses": 250}),
        (2, 0, 1, 2, 3000, -1200, {"bonuses": 700, "cash": 1300, "properties": 1000}),
        (2, 1, 2, 1, 4200, 1200, {"bonuses": 700, "cash": 2000, "properties": 1500}),
        (3, 0, 3, 1, 40, 9, {"total": 40}),
        (3, 1, 2, 2, 31, -9, {"total": 31}),
        (4, 0, 1, 2, 55, -8, {"chips": 5, "cone": 10, "vehicles": 40}),
        (4, 1, 3, 1, 63, 8, {"chips": 3, "cone": 20, "vehicles": 40})]
    assert "bonuses" not in [c[1] for c in q("PRAGMA table_info(seats)")]
    assert q("SELECT profile, game, stage, finished FROM campaign ORDER BY profile").fetchall() == [
        (1, "towerdream", 3, 0), (3, "towerdream", 8, 1)]
    assert [p["name"] for p in db.profiles(None)] == ["Ann", "Bob", "joji"]
    assert {p["name"]: (p["colour"], p["pad"]) for p in db.profiles()} == {"Ann": (2, 3), "Bob": (1, 2)}
    assert q("PRAGMA foreign_keys").fetchone()[0] == 1 and q("PRAGMA foreign_key_check").fetchall() == []
    assert {r[0] for r in q("SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")} == \
        {"seats_profile", "games_game"}
    ann = db.stats("Ann", game="towerdream")
    assert (ann.games, ann.wins, ann.best_score, ann.largest_lead) == (2, 1, 5000, 500)
    assert db.stats("Bob", game="towerup").best_score == 63
    assert db.campaign("Ann", "towerdream") == (3, False) and db.campaign("Bob", "towerdream") == (8, True)
    db.add_game("towers", "8x8", {}, "free", "2026-11-01", None,
                [SeatResult("Ann", "human", 1, 44), SeatResult("Bob", "human", 2, 40)])
    assert db.stats("Ann", game="towers").largest_lead == 4
    assert db.erase("Bob") == 3 and q("SELECT COUNT(*) FROM games").fetchone()[0] == 5


def test_two_games_campaigns_of_one_profile_are_apart(tmp_path):
    db = RecordsDB(tmp_path / "r.db")
    db.advance_campaign("Ann", "towerdream", 3, False)
    db.advance_campaign("Ann", "towers", 1, False)
    assert db.campaign("Ann", "towerdream") == (3, False) and db.campaign("Ann", "towers") == (1, False)
    db.advance_campaign("Ann", "towers", 2, True)
    assert db.campaign("Ann", "towerdream") == (3, False) and db.campaign("Ann", "towers") == (2, True)
    assert db.campaign("Ann", "cattower") == (0, False) and db.campaign("Bob", "towers") == (0, False)
    assert db.db.execute("SELECT COUNT(*) FROM campaign").fetchone()[0] == 2
    db.erase("Ann")
    assert db.campaign("Ann", "towers") == (0, False)


def test_a_migration_that_fails_changes_nothing(tmp_path):
    """A migration runs in one transaction: a version-3 file it cannot migrate (a seat of no
    game) is left as it was, set aside as damaged, and a fresh database is started."""
    path = tmp_path / "r.db"
    con = sqlite3.connect(path)
    con.executescript(V3_SCHEMA + "INSERT INTO seats (game, seat, profile, rank, wealth, lead) "
                                  "VALUES (99, 0, 1, 1, 10, 0);")
    con.close()
    db = RecordsDB(path)
    assert db.warning and "damaged" in db.warning and "seats" in db.warning and "\n" not in db.warning
    assert db.version == VERSION and db.stats("Ann").games == 0
    con = sqlite3.connect(tmp_path / "r.db.damaged-1")
    assert con.execute("PRAGMA user_version").fetchone()[0] == 3
    assert con.execute("SELECT COUNT(*) FROM seats").fetchone()[0] == 9
    assert con.execute("SELECT wealth, bonuses FROM seats WHERE game = 1 AND seat = 1").fetchone() == (4500, 250)
    con.close()


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
db.add_game("towerdream", "classic-7", {{}}, "free", "2026-12-01", None,
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
    assert (ann["games"], ann["wins"], ann["last_places"], ann["win_rate"], ann["largest_lead"]) == (4, 3, 1, 0.75, None)
    assert {c["name"] for c in data["characters"]} == {"joji", "yuka"}
    assert set(data["by_game"]) == {"towerdream"}           # per game too: every game played
    td = next(p for p in data["by_game"]["towerdream"]["profiles"] if p["name"] == "Ann")
    assert (td["games"], td["largest_lead"], td["best_score"], td["favourite_variant"]) == (4, 1000, 7000, "classic-7")
    r = run_cli("records", env=env)
    assert r.returncode == 0 and "Ann" in r.stdout and "75.0%" in r.stdout
    (tmp_path / "tdream" / "records.db").write_bytes(b"\x00garbage")
    r = run_cli("records", "--json", env=env)
    assert r.returncode == 0 and "damaged" in r.stderr and len(r.stderr.strip().splitlines()) == 1
    assert json.loads(r.stdout) == {"profiles": [], "characters": [], "by_game": {}}
    (tmp_path / "tdream" / "records.db").unlink()
    assert run_cli("records", env=env).returncode == 0
