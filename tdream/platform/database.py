"""The records database (issue 8): profiles, finished games and campaign progress, in SQLite
(``sqlite3`` from the standard library) in the user data folder.

Schema versions are ``PRAGMA user_version``; ``MIGRATIONS[i]`` takes version i to i + 1 and all
pending ones run, in one transaction each, when the database is opened. A game is written in
one transaction (its row and every seat's row, or nothing). A database that cannot be read, fails
its integrity check or has a newer version than this program knows is never written to: it is
renamed aside (``records.db.damaged-1``, ``records.db.newer-1``) with a one-line message, and a
fresh one is started.

The schema (version 4, issue 21) speaks no game's words: a game row names its ``game`` (a
registry id) and its ``variant`` (``GameDef.variant``: what the records group by, a board or
``8x8``); a seat row its ``rank``, ``score`` (``match.scores()``), ``lead`` (its score minus the
best other's) and ``details`` (``GameDef.score_parts`` as JSON); the campaign is kept per
profile and game. Rows of versions 1-3 (a ``board`` and the first game's own word for the score,
a ``bonuses`` column, one campaign per profile) were the first game's (``registry.LEGACY``:
the one game there was, and the one with a campaign), and version 4 keeps every one of them.

Statistics (``stats``, in all games or one): games, wins (rank 1, ties included), last places
(the last rank of the game, when the game had more than one rank), win rate, the last games
(newest first); and, in one game only (scores of two games do not compare): the largest lead
(a winner's score minus the best other's; 0 if never won), the best score and the favourite
variant (most played; ties: alphabetical).
"""
from __future__ import annotations

import json
import os
import sqlite3
from dataclasses import asdict, dataclass, field
from pathlib import Path

from . import registry

FIRST_GAME = registry.LEGACY        # the game of the rows of versions 1-3 (the one game there was)

MIGRATIONS = tuple(m.replace("$FIRST_GAME", FIRST_GAME) for m in (
    # 0 -> 1: profiles, games and seats (a database made before issue 21 calls the score column
    # by the first game's own word: version 4 copies the column by its place, not its name)
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
        score INTEGER NOT NULL,
        lead INTEGER NOT NULL,
        PRIMARY KEY (game, seat)
    );
    """,
    # 1 -> 2: the first game's bonuses per seat, and campaign progress
    """
    ALTER TABLE seats ADD COLUMN bonuses INTEGER NOT NULL DEFAULT 0;
    CREATE TABLE campaign (
        profile INTEGER PRIMARY KEY REFERENCES profiles(id) ON DELETE CASCADE,
        stage INTEGER NOT NULL DEFAULT 0,
        finished INTEGER NOT NULL DEFAULT 0
    );
    CREATE INDEX seats_profile ON seats(profile);
    """,
    # 2 -> 3 (issue 15): which game (the rows before: the first game's); a seat's score broken down
    """
    ALTER TABLE games ADD COLUMN game TEXT NOT NULL DEFAULT '$FIRST_GAME';
    ALTER TABLE seats ADD COLUMN details TEXT NOT NULL DEFAULT '{}';
    CREATE INDEX games_game ON games(game);
    """,
    # 3 -> 4 (issue 21): neutral words, every row kept. The board is the game's variant; the
    # score column is copied by its place (5th: version 1's columns, then bonuses and details);
    # the bonuses go into the seat's details (rows of version 3 have them there already, as
    # score_parts gave them; rows of versions 1-2 have no details); the campaign is kept per
    # profile and game, the old rows the first game's. The tables are made anew and copied (a
    # primary key cannot change in place, and DROP COLUMN needs SQLite 3.35), with the foreign
    # keys off while the old ones go.
    """
    CREATE TABLE games_v4 (
        id INTEGER PRIMARY KEY,
        game TEXT NOT NULL,
        variant TEXT NOT NULL,
        options TEXT NOT NULL,
        mode TEXT NOT NULL,
        date TEXT NOT NULL,
        record TEXT
    );
    INSERT INTO games_v4 (id, game, variant, options, mode, date, record)
        SELECT id, game, board, options, mode, date, record FROM games;
    CREATE TEMP TABLE seats_v3 (game, seat, profile, rank, score, lead, bonuses, details);
    INSERT INTO seats_v3 SELECT * FROM seats;
    CREATE TABLE seats_v4 (
        game INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL,
        profile INTEGER NOT NULL REFERENCES profiles(id),
        rank INTEGER NOT NULL,
        score INTEGER NOT NULL,
        lead INTEGER NOT NULL,
        details TEXT NOT NULL DEFAULT '{}',
        PRIMARY KEY (game, seat)
    );
    INSERT INTO seats_v4 (game, seat, profile, rank, score, lead, details)
        SELECT game, seat, profile, rank, score, lead,
               CASE WHEN details = '{}' THEN '{"bonuses": ' || bonuses || '}' ELSE details END
        FROM seats_v3;
    DROP TABLE seats_v3;
    CREATE TABLE campaign_v4 (
        profile INTEGER NOT NULL REFERENCES profiles(id) ON DELETE CASCADE,
        game TEXT NOT NULL,
        stage INTEGER NOT NULL DEFAULT 0,
        finished INTEGER NOT NULL DEFAULT 0,
        PRIMARY KEY (profile, game)
    );
    INSERT INTO campaign_v4 (profile, game, stage, finished)
        SELECT profile, '$FIRST_GAME', stage, finished FROM campaign;
    DROP TABLE seats;
    DROP TABLE games;
    DROP TABLE campaign;
    ALTER TABLE games_v4 RENAME TO games;
    ALTER TABLE seats_v4 RENAME TO seats;
    ALTER TABLE campaign_v4 RENAME TO campaign;
    CREATE INDEX seats_profile ON seats(profile);
    CREATE INDEX games_game ON games(game);
    """,
))
VERSION = len(MIGRATIONS)


def _row_id(cur: sqlite3.Cursor) -> int:
    """The id of the row an INSERT just made."""
    if cur.lastrowid is None:          # pragma: no cover - sqlite3 gives one after every INSERT
        raise sqlite3.DatabaseError("an INSERT made no row")
    return cur.lastrowid


@dataclass
class SeatResult:
    name: str               # the profile's name (a character id for a CPU seat)
    kind: str               # human or cpu
    rank: int
    score: int              # the seat's score (match.scores(): a sum of money, of tower sizes, points)
    details: dict = field(default_factory=dict)     # the score broken down (GameDef.score_parts)


@dataclass
class Stats:
    name: str
    kind: str
    games: int = 0
    wins: int = 0
    last_places: int = 0
    win_rate: float = 0.0
    largest_lead: int | None = None     # these three in one game only (None over every game)
    best_score: int | None = None
    favourite_variant: str = ""
    last_games: list = field(default_factory=list)     # [{date, game, variant, rank, score, record}]


def default_path() -> Path:
    import platformdirs  # the user's folders: only when one is read or written
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
            version = db.execute("PRAGMA user_version").fetchone()[0]
            if version > VERSION:
                raise _Newer(f"made by a newer tdream (schema version {version}, this one knows {VERSION})")
            ok = db.execute("PRAGMA integrity_check").fetchone()[0]
            if ok != "ok":
                raise _Unusable(f"damaged ({ok})")
            db.execute("PRAGMA foreign_keys = OFF")      # a migration drops tables others refer to
            for v in range(version, migrate_to):
                db.execute("BEGIN IMMEDIATE")
                try:
                    for statement in _statements(MIGRATIONS[v]):
                        db.execute(statement)
                    broken = db.execute("PRAGMA foreign_key_check").fetchone()
                    if broken is not None:
                        raise _Unusable(f"damaged (a {broken[0]} row refers to no {broken[2]} row)")
                    db.execute(f"PRAGMA user_version = {v + 1}")
                    db.execute("COMMIT")
                except BaseException:
                    db.execute("ROLLBACK")
                    raise
            db.execute("PRAGMA foreign_keys = ON")
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
        return _row_id(cur)

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
    def add_game(self, game: str, variant: str, options: dict, mode: str, date: str, record: str | None,
                 seats: list[SeatResult], between=None) -> int:
        """One finished match of ``game`` (a registry id) and its seats, in one transaction
        (``variant``: ``GameDef.variant`` of its options, what the records group by). Each
        seat's lead is its score minus the best other's. ``between`` (tests) is called between
        the statements. Raises ValueError for a practice game (never recorded)."""
        if mode == "practice":
            raise ValueError("practice games are not recorded")
        scores = [s.score for s in seats]
        self.db.execute("BEGIN IMMEDIATE")
        try:
            ids = [self.profile(s.name, s.kind) for s in seats]
            cur = self.db.execute("INSERT INTO games (game, variant, options, mode, date, record) "
                                  "VALUES (?, ?, ?, ?, ?, ?)",
                                  (game, variant, json.dumps(options, sort_keys=True), mode, date, record))
            gid = _row_id(cur)
            for i, (s, pid) in enumerate(zip(seats, ids)):
                if between is not None:
                    between(i)
                others = [w for j, w in enumerate(scores) if j != i]
                lead = s.score - max(others) if others else 0
                self.db.execute("INSERT INTO seats (game, seat, profile, rank, score, lead, details) "
                                "VALUES (?, ?, ?, ?, ?, ?, ?)",
                                (gid, i, pid, s.rank, s.score, lead, json.dumps(s.details, sort_keys=True)))
            self.db.execute("COMMIT")
            return gid
        except BaseException:
            self.db.execute("ROLLBACK")
            raise

    def stats(self, name: str, last: int = 5, game: str | None = None) -> Stats:
        """A profile's (or character's) record, in every game or in ``game`` only (the largest
        lead, best score and favourite variant only then: scores of two games do not compare)."""
        row = self.db.execute("SELECT id, kind FROM profiles WHERE name = ?", (name,)).fetchone()
        st = Stats(name, row[1] if row else "human")
        if game is not None:
            st.largest_lead, st.best_score = 0, 0
        if row is None:
            return st
        pid = row[0]
        where = " AND g.game = ?" if game else ""
        rows = self.db.execute(
            "SELECT s.rank, s.score, s.lead, g.variant, g.date, g.record, g.id, "
            "(SELECT MAX(rank) FROM seats WHERE game = g.id), (SELECT MIN(rank) FROM seats WHERE game = g.id), g.game "
            "FROM seats s JOIN games g ON g.id = s.game WHERE s.profile = ?" + where +
            " ORDER BY g.date DESC, g.id DESC", (pid, game) if game else (pid,)).fetchall()
        variants: dict[str, int] = {}
        for rank, score, lead, variant, date, record, gid, worst, best, gname in rows:
            st.games += 1
            if rank == worst and worst != best:
                st.last_places += 1
            if rank == 1:
                st.wins += 1
            if game is not None:
                if rank == 1:
                    st.largest_lead = max(st.largest_lead, lead)
                st.best_score = max(st.best_score, score) if st.games > 1 else score
                variants[variant] = variants.get(variant, 0) + 1
            if len(st.last_games) < last:
                st.last_games.append({"date": date, "game": gname, "variant": variant, "rank": rank, "score": score,
                                      "record": record})
        if st.games:
            st.win_rate = round(st.wins / st.games, 4)
        if variants:
            st.favourite_variant = sorted(variants.items(), key=lambda kv: (-kv[1], kv[0]))[0][0]
        return st

    def games_played(self) -> list[str]:
        """The games with a finished game in the records, in the registry's order."""
        have = {r[0] for r in self.db.execute("SELECT DISTINCT game FROM games")}
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
    def campaign(self, name: str, game: str) -> tuple[int, bool]:
        """(the stage reached, finished) of a profile's campaign of ``game``."""
        pid = self.profile(name)
        row = self.db.execute("SELECT stage, finished FROM campaign WHERE profile = ? AND game = ?",
                              (pid, game)).fetchone()
        return (row[0], bool(row[1])) if row else (0, False)

    def advance_campaign(self, name: str, game: str, stage: int, finished: bool) -> None:
        """Keep the stage a profile's campaign of ``game`` has reached."""
        pid = self.profile(name)
        self.db.execute("BEGIN IMMEDIATE")
        try:
            self.db.execute("INSERT INTO campaign (profile, game, stage, finished) VALUES (?, ?, ?, ?) "
                            "ON CONFLICT(profile, game) DO UPDATE SET stage = excluded.stage, "
                            "finished = excluded.finished", (pid, game, stage, int(finished)))
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
