"""The records database (issue 8): profiles, finished games and campaign progress, in SQLite
(``sqlite3`` from the standard library) in the user data folder.

Schema versions are ``PRAGMA user_version``; ``MIGRATIONS[i]`` takes version i to i + 1 and all
pending ones run, in one transaction each, when the database is opened. A game is written in
one transaction (its row and every seat's row, or nothing). A database that cannot be read, fails
its integrity check or has a newer version than this program knows is never written to: it is
renamed aside (``records.db.damaged-1``, ``records.db.newer-1``) with a one-line message, and a
fresh one is started.

Every game carries which game it is (schema version 3; earlier rows are Tower Dream's, as they
were). Statistics (``stats``, in all games or one): games, wins (rank 1, ties included), last places (the last rank of the
game, when the game had more than one rank), win rate, largest Wealth lead (a winner's Wealth
minus the best other's; 0 if never won), best Wealth, favourite board (most played; ties:
alphabetical), the last games (newest first).
"""
from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path

MIGRATIONS = (
    # 0 -> 1: profiles, games and seats
    """
    CREATE TABLE profiles (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL UNIQUE,
        kind TEXT NOT NULL CHECK (kind IN ('human', 'cpu')),
        colour INTEGER NOT NULL DEFAULT 0,
        pad INTEGER NOT NULL DEFAULT 1
    );
    CREATE TABLE games (
        id INTEGER PRIMARY KEY,
        board TEXT NOT NULL,
        options TEXT NOT NULL,
        mode TEXT NOT NULL,
        date TEXT NOT NULL,
        record TEXT
    );
    CREATE TABLE seats (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        profile INTEGER NOT NULL REFERENCES profiles(id),
        rank INTEGER NOT NULL,
        wealth INTEGER NOT NULL,
        lead INTEGER NOT NULL,
        PRIMARY KEY (game, seat)
    );
    """,
    # 1 -> 2: Owner Bonuses per seat, and campaign progress
    """
    ALTER TABLE seats ADD COLUMN bonuses INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE campaign (
        profile INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        stage INTEGER NOT NULL DEFAULT 0,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX seats_profile ON seats(profile);
    """,
    # 2 -> 3 (issue 15): which game; a seat's score broken down (the column "wealth" holds its score)
    """
    ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT 'towerdream';
    ALTER TABLE seats ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
    CREATE INDEX games_game ON games(game);
    """,
)
VERSION = len(MIGRATIONS)


@dataclass
class SeatResult:
    name: str               # the profile's name (a character id for a CPU seat)
    kind: str               # human or cpu
    rank: int
    wealth: int             # the seat's score (Tower Dream's Wealth, a tower sum, points)
    bonuses: int = 0        # Tower Dream: Owner Bonuses
    details: dict = field(default_factory=dict)     # the score broken down (GameDef.score_parts)


@dataclass
class Stats:
    name: str
    kind: str
    games: int = 0
    wins: int = 0
    last_places: int = 0
    win_rate: float = 0.0
    largest_lead: int = 0
    best_wealth: int = 0
    favourite_board: str = ""
    last_games: list = field(default_factory=list)     # [{date, board, rank, wealth, record}]


def default_path() -> Path:
    import platformdirs
    return Path(platformdirs.user_data_dir("tdream")) / "records.db"


class RecordsDB:
    """Open (and migrate, or set aside and start afresh) the records database at ``path``."""

    def __init__(self, path: Path | str | None = None, migrate_to: int = VERSION) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.warning: str | None = None
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = self._open(migrate_to)
        except (sqlite3.DatabaseError, _Unusable) as e:
            aside = self._set_aside("newer" if isinstance(e, _Newer) else "damaged")
            self.warning = f"{self.path}: {e}; kept as {aside.name}, a fresh records database is started"
            self.db = self._open(migrate_to)

    def _open(self, migrate_to: int) -> sqlite3.Connection:
        db = sqlite3.connect(str(self.path), isolation_level=None, timeout=5)
        try:
            db.execute("PRAGMA foreign_keys = ON")
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > VERSION:
                raise _Newer(f"made by a newer tdream (schema version {version}, this one knows {VERSION})")
            ok = db.execute("PRAGMA integrity_check").fetchone()[0]
            if ok != "ok":
                raise _Unusable(f"damaged ({ok})")
            for v in range(version, migrate_to):
                db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _statements(MIGRATIONS[v]):
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version = {v + 1}")
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            return db
        except BaseException:
            db.close()
            raise

    def _set_aside(self, why: str) -> Path:
        n = 1
        while (aside := self.path.with_name(f"{self.path.name}.{why}-{n}")).exists():
            n += 1
        os.replace(self.path, aside)
        for extra in ("-journal", "-wal", "-shm"):
            side = self.path.with_name(self.path.name + extra)
            if side.exists():
                os.replace(side, aside.with_name(aside.name + extra))
        return aside

    @property
    def version(self) -> int:
        return self.db.execute("PRAGMA user_version").fetchone()[0]

    def close(self) -> None:
        self.db.close()

    # ---------------------------------------------------------------- profiles
    def profile(self, name: str, kind: str = "human", colour: int = 0, pad: int = 1) -> int:
        """The id of the profile ``name``, made if it is new."""
        row = self.db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()
        if row:
            return row[0]
        cur = self.db.execute("INSERT INTO profiles (name, kind, colour, pad) VALUES (?, ?, ?, ?)",
                              (name, kind, colour, pad))
        return cur.lastrowid

    def set_prefs(self, name: str, colour: int, pad: int) -> None:
        """Change a profile's colour (0-3) and pad (1-4)."""
        self.db.execute("UPDATE profiles SET colour = ?, pad = ? WHERE name = ?", (colour, pad, name))

    def profiles(self, kind: str | None = "human") -> list[dict]:
        q = "SELECT id, name, kind, colour, pad FROM profiles" + (" WHERE kind = ?" if kind else "") + " ORDER BY name"
        rows = self.db.execute(q, (kind,) if kind else ()).fetchall()
        return [{"id": r[0], "name": r[1], "kind": r[2], "colour": r[3], "pad": r[4]} for r in rows]

    def erase(self, name: str) -> int:
        """Erase a profile's records (its seats; games left with no seat go too). Returns seats erased."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            row = self.db.execute("SELECT id FROM profiles WHERE name = ?", (name,)).fetchone()
            if row is None:
                self.db.execute("COMMIT")
                return 0
            n = self.db.execute("DELETE FROM seats WHERE profile = ?", (row[0],)).rowcount
            self.db.execute("DELETE FROM games WHERE id NOT IN (SELECT game FROM seats)")
            self.db.execute("DELETE FROM campaign WHERE profile = ?", (row[0],))
            self.db.execute("COMMIT")
            return n
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    # ---------------------------------------------------------------- games
    def add_game(self, board: str, options: dict, mode: str, date: str, record: str | None,
                 seats: list[SeatResult], between=None, *, game: str = "towerdream") -> int:
        """One finished game of ``game`` and its seats, in one transaction (``board``: the
        variant the records group by, a board for Tower Dream). ``between`` (tests) is called
        between the statements."""
        if mode == "practice":
            raise ValueError("practice games are not recorded")
        wealth = [s.wealth for s in seats]
        self.db.execute("BEGIN IMMEDIATE")
        try:
            ids = [self.profile(s.name, s.kind) for s in seats]
            cur = self.db.execute("INSERT INTO games (board, options, mode, date, record, game) "
                                  "VALUES (?, ?, ?, ?, ?, ?)",
                                  (board, json.dumps(options, sort_keys=True), mode, date, record, game))
            gid = cur.lastrowid
            for i, (s, pid) in enumerate(zip(seats, ids)):
                if between is not None:
                    between(i)
                others = [w for j, w in enumerate(wealth) if j != i]
                lead = s.wealth - max(others) if others else 0
                self.db.execute("INSERT INTO seats (game, seat, profile, rank, wealth, lead, bonuses, details) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                                (gid, i, pid, s.rank, s.wealth, lead, s.bonuses, json.dumps(s.details, sort_keys=True)))
            self.db.execute("COMMIT")
            return gid
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def stats(self, name: str, last: int = 5, game: str | None = None) -> Stats:
        """A profile's (or character's) record, in every game or in ``game`` only."""
        row = self.db.execute("SELECT id, kind FROM profiles WHERE name = ?", (name,)).fetchone()
        st = Stats(name, row[1] if row else "human")
        if row is None:
            return st
        pid = row[0]
        where = " AND g.game = ?" if game else ""
        rows = self.db.execute(
            "SELECT s.rank, s.wealth, s.lead, g.board, g.date, g.record, g.id, "
            "(SELECT MAX(rank) FROM seats WHERE game = g.id), (SELECT MIN(rank) FROM seats WHERE game = g.id), g.game "
            "FROM seats s JOIN games g ON g.id = s.game WHERE s.profile = ?" + where +
            " ORDER BY g.date DESC, g.id DESC", (pid, game) if game else (pid,)).fetchall()
        boards: dict[str, int] = {}
        for rank, wealth, lead, board, date, record, gid, worst, best, gname in rows:
            st.games += 1
            if rank == 1:
                st.wins += 1
                st.largest_lead = max(st.largest_lead, lead)
            if rank == worst and worst != best:
                st.last_places += 1
            st.best_wealth = max(st.best_wealth, wealth) if st.games > 1 else wealth
            boards[board] = boards.get(board, 0) + 1
            if len(st.last_games) < last:
                st.last_games.append({"date": date, "board": board, "rank": rank, "wealth": wealth, "record": record,
                                      "game": gname})
        if st.games:
            st.win_rate = round(st.wins / st.games, 4)
            st.favourite_board = sorted(boards.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        return st

    def games_played(self) -> list[str]:
        """The games with a finished game in the records, in the registry's order."""
        have = {r[0] for r in self.db.execute("SELECT DISTINCT game FROM games")}
        from . import registry
        return [g for g in registry.GAMES if g in have] + sorted(have - set(registry.GAMES))

    def all_stats(self, game: str | None = None) -> dict:
        """Every profile's statistics (humans, then CPU characters), in every game or in ``game``;
        and per game (``by_game``) the same, for every game played."""
        out: dict = {"profiles": [], "characters": []}
        for p in self.profiles(None):
            st = self.stats(p["name"], game=game)
            if st.games or game is None:
                out["profiles" if p["kind"] == "human" else "characters"].append(asdict(st))
        if game is None:
            out["by_game"] = {g: self.all_stats(g) for g in self.games_played()}
        return out

    # ---------------------------------------------------------------- campaign
    def campaign(self, name: str) -> tuple[int, bool]:
        """(the board reached 0-7, finished) of a profile's campaign."""
        pid = self.profile(name)
        row = self.db.execute("SELECT stage, finished FROM campaign WHERE profile = ?", (pid,)).fetchone()
        return (row[0], bool(row[1])) if row else (0, False)

    def advance_campaign(self, name: str, stage: int, finished: bool) -> None:
        pid = self.profile(name)
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("INSERT INTO campaign (profile, stage, finished) VALUES (?, ?, ?) "
                            "ON CONFLICT(profile) DO UPDATE SET stage = excluded.stage, finished = excluded.finished",
                            (pid, stage, int(finished)))
            self.db.execute("COMMIT")
        except BaseException:
            self.db.execute("ROLLBACK")
            raise


class _Unusable(Exception):
    pass


class _Newer(_Unusable):
    pass


def _statements(script: str) -> list[str]:
    return [s.strip() for s in script.split(";") if s.strip()]
