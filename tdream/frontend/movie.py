"""Input movies (FORMATS.md section 4): every frame's pad states from power on, re-playable to
the frame.

    format: tdream-movie
    version: 2
    program: "tdream 0.1.0"
    game: "<id>"                  # the game the title shows at power on
    games: ["<id>", ...]          # every game the movie plays (tables and demos), in order
    data_hash: "<16 hex: the front end's version, those games' data (rules, boards, styles, comment lines)>"
    seed: 12345
    settings: {"text_speed": "normal", "anim_speed": "normal", "skip_cpu": false, "talk": "sometimes", "language": "en"}
    pads: 4
    author: "<who made it; may be empty>"
    rerecords: 0                  # savestate loads while it was recorded
    start: "power on"             # where it starts: ours always from power on
    frames:
    12 ............ ............ ............ ............ 1
    2 ....A....... ............ ............ ............ 1
    @600 <16 hex: the machine's state hash after frame 600>
    ...
    end: {"frames": 12345, "time": "0:03:25.41", "hash": "<sha256>"}

A frame line is a run: how many frames, then each pad's 12 buttons in FORMATS.md order
(``^v<>ABXYLRSE``, ``.`` for up), then the connected pads as a hex digit (bit 0: pad 1). A
checkpoint line every 600 frames lets ``verify`` name the first stretch that diverges. Lines are
appended at each checkpoint (a crash loses at most the frames since the last); the end line comes on quit,
and the header is then written again with every game played (``games``) and their data hash: a
movie that chooses another game on the title depends on that game's data, not the first one's.
Movies made before ``author``, ``rerecords`` and ``start`` were written have none: they read as
"", 0 and "power on". ``write_movie`` writes a whole movie at once (the same bytes as
``MovieWriter`` live: both format their lines with ``header_text`` and ``FrameLines``).

The text form (``movie_text``, ``read_movie_text``; ``tdream movie export`` / ``import``) is the
header as the movie's, a legend, ``frames: N`` and N lines, one a frame, a fixed column per button
per pad, for editing in any editor; no checkpoints or end: ``import`` re-runs the frames to make
them (``run.remake``).

A movie, recorded, verified or played, starts from a blank user folder (``BlankUser``): no
profiles, records or saved games but those it makes itself, its date ``MOVIE_DATE``; so what this
machine's folders hold never changes what the same pads do.
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
import tempfile
import zipfile
from dataclasses import dataclass, field
from io import BytesIO
from pathlib import Path

from .. import __version__
from ..errors import FormatError
from ..platform import registry
from ..platform.database import RecordsDB
from ..platform.record import write_atomic
from ..platform.registry import DEFAULT, LEGACY
from ..platform.roster import ROSTER_FILE
from ..yamlio import read_text
from .constants import BUTTONS, PADS, game_time
from .pads import PadFrame
from .settings import _check
from .text import JA_FILE

FORMAT = "tdream-movie"
VERSION = 2
# The front end's timing, as movies depend on it: raised whenever a change makes the same pads
# play out otherwise (issue 14's prompt guard and comments, issue 15's title, issue 21's seed per
# match and blank user folder, issue 36's text box pages, How to play on the title and the pause
# menu, take-backs). A movie names it through its data_hash, so an older one is refused with a
# reason rather than failing somewhere.
FRONT_END = 5
# Version-1 movies (one game on the program) by data hash, whose pads play the same here; their
# checkpoints hash that front end's scenes, so ``movie upgrade`` carries them over (re-run,
# checkpoints anew). The front end of issue 14's ("4613f88bd237c59c") did until front end 5: a
# told line longer than the text box now goes on over pages, and the same pads fall elsewhere
# (issue 36); none does now, and each is refused with the reason.
UPGRADABLE_V1: dict[str, str] = {}
LETTERS = "^v<>ABXYLRSE"
CHECK_EVERY = 600
MOVIE_DATE = "2026-01-01"     # a movie's calendar: the date its games are counted and saved with
PLAY_SETTINGS = ("text_speed", "anim_speed", "skip_cpu", "talk", "language", "last")   # they change frame counts
OPTIONAL_SETTINGS = ("last",)          # movies made before it was kept have none: the default
_RUN = re.compile(r"^(\d+) ([" + re.escape(LETTERS) + r".]{12}) ([" + re.escape(LETTERS) + r".]{12}) (["
                  + re.escape(LETTERS) + r".]{12}) ([" + re.escape(LETTERS) + r".]{12}) ([0-9a-f])$")
_CHECK = re.compile(r"^@(\d+) ([0-9a-f]{16})$")
_TEXT_COUNT = re.compile(r"^frames: (\d+)$")
START = "power on"          # where a movie starts (TASVideos' asks): ours always from power on


def pad_text(bits: int) -> str:
    return "".join(LETTERS[i] if bits >> i & 1 else "." for i in range(12))


def pad_bits(text: str) -> int:
    return sum(1 << i for i, ch in enumerate(text) if ch != ".")


def data_hash(game_ids=None) -> str:
    """What a movie's frames depend on besides the program's code: the front end's version, the
    shared words (characters, Japanese) and everything the data of the games it plays holds
    (``game_ids``: one id or a list; rules, boards, cards, styles and every comment line: their
    lengths set how long text types out)."""
    ids = [game_ids] if game_ids is None or isinstance(game_ids, str) else list(game_ids)
    h = hashlib.sha256(f"front end {FRONT_END}\0".encode())
    for f in (ROSTER_FILE, JA_FILE):
        h.update(f.read_bytes())
    for gid in ids:
        game = registry.get(gid)
        h.update(f"{game.id}\0{game.data_hash()}\0".encode())
        for f in game.data_files():
            h.update(f.read_bytes())
    return h.hexdigest()[:16]


@dataclass
class Movie:
    path: str
    seed: int
    settings: dict
    game: str = DEFAULT
    games: list = field(default_factory=list)       # every game played (empty: just ``game``)
    pads: int = PADS
    program: str = ""
    data_hash: str = ""
    runs: list = field(default_factory=list)        # (count, (b1, b2, b3, b4), connected)
    checks: list = field(default_factory=list)      # (frame, hash16)
    end: dict | None = None
    author: str = ""
    rerecords: int = 0                              # savestate loads while it was recorded
    start: str = START
    header: dict = field(default_factory=dict)      # the header as read, in its order (``movie_text``)
    user: str = ""                                  # the user folder it starts on (its digest; "": a blank one)

    def frames(self):
        for count, buttons, connected in self.runs:
            for _ in range(count):
                yield buttons, connected


def header_text(header: dict) -> str:
    """A movie's header lines (and its text form's): ``key: JSON`` each, the format's name bare."""
    return "".join(f"{k}: {v if k == 'format' else json.dumps(v)}\n" for k, v in header.items())


def header_of(movie: Movie) -> dict:
    """The header a movie was read with, or (a Movie made in code) the one its fields give."""
    return movie.header or {"format": FORMAT, "version": VERSION, "program": movie.program, "game": movie.game,
                            "games": movie.games or [movie.game], "data_hash": movie.data_hash, "seed": movie.seed,
                            "settings": movie.settings, "pads": movie.pads, "author": movie.author,
                            "rerecords": movie.rerecords, "start": movie.start}


def with_games(header: dict, games) -> dict:
    """``header`` naming every game the movie played and the data hash of their data, its keys in
    their order (a header without ``games`` gets it after ``game``)."""
    games = list(games)
    out: dict = {}
    for key, value in header.items():
        out[key] = games if key == "games" else data_hash(games) if key == "data_hash" else value
        if key == "game" and "games" not in header:
            out["games"] = games
    out.setdefault("data_hash", data_hash(games))
    return out


def end_of(frames: int, state_hash: str) -> dict:
    """The end line's value: the frame count, the in-game time and the machine's final state hash."""
    return {"frames": frames, "time": game_time(frames), "hash": state_hash}


class FrameLines:
    """A movie's frame lines as its frames come: a run of identical frames at a time, cut at every
    checkpoint (a run never crosses one), then the end line. ``MovieWriter`` (live) and
    ``write_movie`` (whole) both write with it: the same frames give the same bytes."""

    def __init__(self) -> None:
        self.run: tuple | None = None
        self.count = 0
        self.frames = 0
        self.lines: list[str] = []

    def add(self, buttons, connected: int) -> bool:
        """One frame; True when a checkpoint is due after it (``check``)."""
        key = (buttons, connected)
        if key == self.run:
            self.count += 1
        else:
            self.flush()
            self.run, self.count = key, 1
        self.frames += 1
        if self.frames % CHECK_EVERY == 0:
            self.flush()
            return True
        return False

    def check(self, hash16: str) -> None:
        """The checkpoint after the frame just added: the machine's state hash, 16 hex digits."""
        self.lines.append(f"@{self.frames} {hash16}\n")

    def finish(self, end: dict) -> None:
        self.flush()
        self.lines.append(f"end: {json.dumps(end)}\n")

    def flush(self) -> None:
        if self.run is not None and self.count:
            buttons, connected = self.run
            self.lines.append(f"{self.count} " + " ".join(pad_text(b) for b in buttons) + f" {connected:x}\n")
        self.run, self.count = None, 0

    def take(self) -> str:
        """The lines made since the last ``take``."""
        text, self.lines = "".join(self.lines), []
        return text


def new_header(seed: int, settings, author: str = "", rerecords: int = 0, user: str = "") -> dict:
    """The header of a movie recorded from power on now (``MovieWriter``'s; ``write_movie`` takes
    it): this program, the title's game at power on, the seed, the settings that change play,
    the author and the rerecord count; ``user``: the digest of the user folder it starts on (a
    netplay sitting's, the host's: ``UserFolder``), left out for a blank one."""
    game = first_game(settings)
    header = {"format": FORMAT, "version": VERSION, "program": f"tdream {__version__}", "game": game,
              "games": [game], "data_hash": data_hash(game), "seed": seed,
              "settings": {k: getattr(settings, k) for k in PLAY_SETTINGS}, "pads": PADS, "author": author,
              "rerecords": rerecords, "start": START}
    if user:
        header["user"] = user
    return header


class MovieWriter:
    """Appends a run of identical frames at a time; a checkpoint every CHECK_EVERY frames."""

    def __init__(self, path: str, seed: int, settings, author: str = "", user: "UserFolder | None" = None) -> None:
        self.path = Path(path)
        self.header = new_header(seed, settings, author, user=user.digest() if user is not None else "")
        if user is not None:                       # the folder it starts on, beside it (FORMATS.md section 4)
            user.write(user_path(self.path))
        write_atomic(self.path, self._header_text())
        self.file = open(self.path, "a", encoding="utf-8")
        self.out = FrameLines()

    @property
    def frames(self) -> int:
        """Frames recorded so far."""
        return self.out.frames

    def add(self, frame, machine) -> None:
        """Record the frame just stepped (and a checkpoint after every CHECK_EVERY frames)."""
        if self.out.add(frame.buttons, frame.connected):
            self.out.check(machine.state_hash()[:16])
            self.file.write(self.out.take())
            self.file.flush()

    def _header_text(self) -> str:
        return header_text(self.header) + "frames:\n"

    def close(self, machine) -> None:
        if self.file.closed:
            return
        self.out.finish(end_of(self.out.frames, machine.state_hash()))
        self.file.write(self.out.take())
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()
        games = list(machine.games_played) or self.header["games"]
        if games != self.header["games"]:          # the header again: the games the movie played
            old = self._header_text()
            self.header = with_games(self.header, games)
            body = self.path.read_text(encoding="utf-8")
            write_atomic(self.path, self._header_text() + body[len(old):])


def write_movie(path, header: dict, frames, checks: dict, end: dict | None, games) -> None:
    """Write a whole movie at once, atomically (``movie import``, a TAS saved): ``header`` in its
    order (``games`` and ``data_hash`` set from ``games``, the games played), the frames (PadFrames,
    or (buttons, connected) pairs), after every CHECK_EVERY frames the checkpoint ``checks`` gives
    (``{frame: hash16}``), and the end line (``end_of``; None: an unfinished movie). The bytes are
    the ones ``MovieWriter`` writes live for the same frames and machine. Raises ValueError when
    a checkpoint is missing or the end's frame count is not the frames'."""
    out = FrameLines()
    for buttons, connected in frames:
        if out.add(buttons, connected):
            if out.frames not in checks:
                raise ValueError(f"write_movie: no checkpoint for frame {out.frames}")
            out.check(checks[out.frames])
    if end is not None:
        if end.get("frames") != out.frames:
            raise ValueError(f"write_movie: the end says {end.get('frames')} frames, there are {out.frames}")
        out.finish(end)
    else:
        out.flush()
    write_atomic(path, header_text(with_games(header, games)) + "frames:\n" + out.take())


USER_LIMIT = 16 << 20          # bytes of a user folder a movie (a netplay sitting) may start on
USER_DB = "records.sqlite"
USER_FILES = "records/"


@dataclass(frozen=True)
class UserFolder:
    """A user folder's contents a movie starts on (a netplay sitting's, the host's): the records
    database's bytes and the saved games (paths below the records folder, with ``/``). Written
    beside the movie as ``MOVIE.user``: a zip, stored, its entries sorted and dated 1980-01-01,
    so the same folder is the same bytes; its digest (sha256 of the contents, 16 hex) is the
    movie header's ``user``."""
    db: bytes | None
    files: tuple[tuple[str, bytes], ...]

    def digest(self) -> str:
        h = hashlib.sha256(b"tdream user folder\0")
        h.update(len(self.db or b"").to_bytes(8, "big") + (self.db or b""))
        for name, data in self.files:
            h.update(name.encode() + b"\0" + len(data).to_bytes(8, "big") + data)
        return h.hexdigest()[:16]

    def size(self) -> int:
        return len(self.db or b"") + sum(len(d) for _, d in self.files)

    def to_bytes(self) -> bytes:
        out = BytesIO()
        with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
            entries = ([(USER_DB, self.db)] if self.db is not None else []) + [(USER_FILES + n, d) for n, d in self.files]
            for name, data in sorted(entries):
                z.writestr(zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0)), data)
        return out.getvalue()

    def write(self, path) -> None:
        """Written atomically (a temporary file beside it, then a rename)."""
        path = Path(path)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
        try:
            with os.fdopen(fd, "wb") as f:
                f.write(self.to_bytes())
                f.flush()
                os.fsync(f.fileno())
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            if os.path.exists(tmp):
                os.unlink(tmp)
            raise

    @staticmethod
    def from_bytes(data: bytes, where: str) -> "UserFolder":
        """Read one (``where`` names it in the one line of a FormatError)."""
        db = None
        files = []
        try:
            with zipfile.ZipFile(BytesIO(data)) as z:
                infos = z.infolist()
                if sum(i.file_size for i in infos) > USER_LIMIT:
                    raise FormatError([f"{where}: a user folder over {USER_LIMIT >> 20} MB"])
                for info in infos:
                    name = info.filename
                    if name == USER_DB:
                        db = z.read(info)
                    elif name.startswith(USER_FILES) and _safe_name(name[len(USER_FILES):]):
                        files.append((name[len(USER_FILES):], z.read(info)))
                    else:
                        raise FormatError([f"{where}: {name[:60]!r} is not a user folder's file"])
        except (zipfile.BadZipFile, OSError, ValueError, EOFError) as e:
            raise FormatError([f"{where}: not a user folder ({e})"]) from None
        return UserFolder(db, tuple(sorted(files)))

    @staticmethod
    def of(db: bytes | None, record_dir) -> "UserFolder":
        """A user folder of the records database's bytes ``db`` (``sqlite3.Connection.serialize``)
        and every file below ``record_dir``."""
        files = []
        if record_dir is not None and os.path.isdir(record_dir):
            for base, _dirs, names in os.walk(record_dir):
                for name in names:
                    full = os.path.join(base, name)
                    rel = os.path.relpath(full, record_dir).replace(os.sep, "/")
                    if _safe_name(rel):
                        files.append((rel, Path(full).read_bytes()))
        return UserFolder(db, tuple(sorted(files)))


def _safe_name(name: str) -> bool:
    """A saved game's path below the records folder: plain names, no way out of it."""
    parts = name.split("/")
    return bool(name) and all(p and p not in (".", "..") and "\\" not in p and ":" not in p for p in parts)


def user_path(movie_path) -> Path:
    """Where a movie's user folder lies: beside it, ``MOVIE.user``."""
    return Path(str(movie_path) + ".user")


def user_of(movie: "Movie") -> UserFolder | None:
    """The user folder a movie starts on (None: a blank one); FormatError when its file is missing,
    damaged or not the one the header names."""
    if not movie.user:
        return None
    path = user_path(movie.path)
    try:
        data = path.read_bytes()
    except OSError as e:
        raise FormatError([f"{path}: cannot read the user folder the movie starts on ({e.strerror or e})"]) from None
    folder = UserFolder.from_bytes(data, str(path))
    if folder.digest() != movie.user:
        raise FormatError([f"{path}: not the user folder {movie.path} starts on (its digest is {folder.digest()}, "
                           f"the movie's header says {movie.user})"])
    return folder


class BlankUser:
    """A movie's user folder (FORMATS.md section 4), like a console with a new save: an empty
    records database (no profiles, nothing counted) and an empty records folder (Continue lists
    only the games saved during the movie), in a temporary directory that goes on ``close``.
    ``folder``: one that starts with a user folder's contents instead (a movie whose header
    names one: ``UserFolder``)."""

    def __init__(self, folder: "UserFolder | None" = None) -> None:

        self.root = tempfile.mkdtemp(prefix="tdream-movie-")
        self.record_dir = os.path.join(self.root, "records")
        self.db = RecordsDB(Path(self.root) / "records.sqlite")
        if folder is not None:
            if folder.db is not None:
                self.db.db.deserialize(folder.db)
            for name, data in folder.files:
                target = os.path.join(self.record_dir, *name.split("/"))
                os.makedirs(os.path.dirname(target), exist_ok=True)
                Path(target).write_bytes(data)

    def close(self) -> None:
        self.db.close()
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self) -> "BlankUser":
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def first_game(settings) -> str:
    """The game the title shows at power on: the one last chosen, if it is here."""
    last = settings.last.get("game")
    return last if last in registry.ids() else registry.DEFAULT


def _read_header(lines: list[str], path) -> tuple[dict, dict, int]:
    """The header's ``key: JSON`` lines up to the frames line (``frames:``, or a text form's
    ``frames: N``), comments and blank lines skipped: (the header in its order, each key's line,
    the index of the frames line: ``len(lines)`` when there is none)."""
    header: dict = {}
    at: dict = {}
    i = 0
    while i < len(lines) and not lines[i].rstrip("\r").startswith("frames:"):
        line = lines[i].rstrip("\r")
        i += 1
        if not line.strip() or line.startswith("#"):
            continue
        key, sep, value = line.partition(": ")
        if not sep:
            raise FormatError([f"{path}:{i}: expected 'key: value' in the header, not {line[:40]!r}"])
        try:
            header[key] = value if key == "format" else json.loads(value)
        except ValueError:
            raise FormatError([f"{path}:{i}: {key}: not a JSON value: {value[:40]!r}"]) from None
        at[key] = i
    return header, at, i


def _check_version(header: dict, at: dict, path, upgrade: bool = False) -> dict:
    """The format and version a reader takes (a version-1 movie: see ``load_movie``); returns the
    header to read on with."""
    if header.get("format") != FORMAT:
        raise FormatError([f"{path}:{at.get('format', 1)}: not an input movie (format is {header.get('format')!r}, "
                           f"not {FORMAT})"])
    version = header.get("version")
    line = at.get("version", 2)
    if version == 1:
        if header.get("data_hash") in UPGRADABLE_V1 and upgrade:
            header = {**header, "game": LEGACY}
        elif header.get("data_hash") in UPGRADABLE_V1:
            raise FormatError([f"{path}:{line}: a movie of version 1 ({UPGRADABLE_V1[header['data_hash']]}): its pads "
                               f"play the same here, but its checkpoints hash that front end: run tdream movie upgrade "
                               f"{path}"])
        else:
            raise FormatError([f"{path}:{line}: a movie of version 1 was made with an earlier front end (before four "
                               f"games on one program, text pages and How to play); the same pads do not play the "
                               f"same here: record it again"])
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise FormatError([f"{path}:{line}: movie version {version!r}; this program reads version {VERSION}"])
    return header


def _movie_of(header: dict, at: dict, path, frames_line: int) -> Movie:
    """A movie's header fields, checked (``frames_line``: where a missing key should have been)."""
    for key in ("program", "game", "data_hash", "seed", "settings", "pads"):
        if key not in header:
            raise FormatError([f"{path}:{frames_line}: the header has no {key}"])
    settings = header["settings"]
    if not isinstance(settings, dict) or not set(PLAY_SETTINGS) - set(OPTIONAL_SETTINGS) <= set(settings) \
            or not set(settings) <= set(PLAY_SETTINGS):
        raise FormatError([f"{path}:{at['settings']}: settings must give exactly {', '.join(PLAY_SETTINGS)}"])
    checked, problems = _check({"format": "tdream-settings", "version": 1, **settings})
    if problems:
        raise FormatError([f"{path}:{at['settings']}: settings: {problems[0]}"])
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise FormatError([f"{path}:{at['seed']}: seed must be a whole number 0..2^64-1"])
    if header["pads"] != PADS:
        raise FormatError([f"{path}:{at['pads']}: pads must be {PADS}"])
    if header["game"] not in registry.ids():
        raise FormatError([f"{path}:{at['game']}: game {header['game']!r}: no such game here (known: "
                           f"{', '.join(registry.ids())})"])
    games = header.get("games", [header["game"]])
    if not isinstance(games, list) or not games or any(g not in registry.ids() for g in games):
        raise FormatError([f"{path}:{at.get('games', frames_line)}: games must list the games the movie plays "
                           f"(known: {', '.join(registry.ids())})"])
    author = header.get("author", "")
    if not isinstance(author, str):
        raise FormatError([f"{path}:{at['author']}: author must be a string (\"\" for nobody named), not "
                           f"{json.dumps(author)[:40]}"])
    rerecords = header.get("rerecords", 0)
    if not isinstance(rerecords, int) or isinstance(rerecords, bool) or rerecords < 0:
        raise FormatError([f"{path}:{at['rerecords']}: rerecords must be a whole number 0 or more (the savestate "
                           f"loads while recording), not {json.dumps(rerecords)[:40]}"])
    start = header.get("start", START)
    if start != START:
        raise FormatError([f"{path}:{at['start']}: start must be {json.dumps(START)} (every movie starts from power "
                           f"on), not {json.dumps(start)[:40]}"])
    user = header.get("user", "")
    if not isinstance(user, str) or (user and not re.fullmatch(r"[0-9a-f]{16}", user)):
        raise FormatError([f"{path}:{at['user']}: user must be the 16 hex digits of the user folder the movie starts "
                           f"on (MOVIE.user), not {json.dumps(user)[:40]}"])
    return Movie(str(path), seed, settings, header["game"], games, PADS, str(header["program"]),
                 str(header["data_hash"]), author=author, rerecords=rerecords, start=start, header=dict(header),
                 user=user)


def load_movie(path, upgrade: bool = False) -> Movie:
    """Read a movie. Raises FormatError naming the file, the line and what is wrong (``upgrade``:
    read a version-1 movie that ``UPGRADABLE_V1`` knows, as the legacy game's: ``registry.LEGACY``).
    A movie without ``author``, ``rerecords`` or ``start`` (made before they were written) reads as
    "", 0 and "power on"."""
    text = read_text(path, FormatError)
    lines = text.split("\n")
    if "inputs:" in lines and "frames:" not in lines and any(line.strip() == "format: tdream-record"
                                                            for line in lines[:3]):
        raise FormatError([f"{path}:1: this is a game record, not an input movie: use tdream replay verify "
                           f"(or tdream replay play) on it"])
    header, at, i = _read_header(lines, path)
    if i < len(lines) and lines[i] != "frames:":
        if _TEXT_COUNT.match(lines[i].rstrip("\r")):
            raise FormatError([f"{path}:{i + 1}: this is a movie's text form ('frames: N', one line a frame), not a "
                               f"movie: tdream movie import {path} MOVIE makes the movie"])
        raise FormatError([f"{path}:{i + 1}: expected 'frames:' after the header, not {lines[i][:40]!r}"])
    header = _check_version(header, at, path, upgrade)
    movie = _movie_of(header, at, path, min(i + 1, len(lines)))
    if i >= len(lines):
        raise FormatError([f"{path}:{i}: no 'frames:' line"])
    total = 0
    for n in range(i + 1, len(lines)):
        line = lines[n]
        if not line:
            continue
        m = _RUN.match(line)
        if m:
            count = int(m.group(1))
            if count < 1:
                raise FormatError([f"{path}:{n + 1}: a run of {count} frames"])
            movie.runs.append((count, tuple(pad_bits(m.group(k)) for k in range(2, 6)), int(m.group(6), 16)))
            total += count
            continue
        c = _CHECK.match(line)
        if c:
            movie.checks.append((int(c.group(1)), c.group(2)))
            continue
        if line.startswith("end: "):
            try:
                end = json.loads(line[5:])
            except ValueError:
                end = None
            if not isinstance(end, dict) or not isinstance(end.get("frames"), int) or not isinstance(end.get("hash"), str):
                raise FormatError([f"{path}:{n + 1}: end must be {{\"frames\": N, \"time\": T, \"hash\": H}}"])
            if end["frames"] != total:
                raise FormatError([f"{path}:{n + 1}: end says {end['frames']} frames, the runs add up to {total}"])
            movie.end = end
            continue
        raise FormatError([f"{path}:{n + 1}: not a frame run, checkpoint or end line: {line[:50]!r}"])
    return movie


def check_movie(movie) -> None:
    """A FormatError when the movie was made with other data or another front end than here."""
    here = data_hash(movie.games or [movie.game])
    if movie.data_hash != here:
        raise FormatError([f"{movie.path}:0: made with other rules data or another front end ({movie.data_hash}, "
                           f"this program has {here}); refused (--force to try anyway)"])


# ---------------------------------------------------------------- the text form (FORMATS.md section 4)
TEXT_NOTE = ("# a tdream movie's text form (FORMATS.md section 4): one line a frame, edit in any editor; "
             "tdream movie import makes the movie again")
FRAME_WIDTH = 8              # the frame number's column, right-aligned (wider when the frames need it)
PAD_COLUMNS = PADS * 13 - 1  # each pad's 12 buttons, a "|" between pads
LINE_COLUMNS = PAD_COLUMNS + 2  # then a space and the connected pads: one hex digit
_TEXT_NUMBER = re.compile(r" *(?:(\d+) )?")
_NAMES = [name.upper() if len(name) == 1 else name.capitalize() for name in BUTTONS]    # Up ... A ... Select


@dataclass
class MovieText:
    """A movie's text form as read: the movie its header gives (``runs`` from the frame lines; no
    checkpoints or end, ``remake`` makes them), every frame, and the text's line of each."""
    movie: Movie
    frames: list            # PadFrame, frame by frame
    lines: list             # lines[k]: the line (from 1) of frame k + 1


def text_legend(width: int = FRAME_WIDTH) -> str:
    """The legend line above the frames: each column's button, over its column."""
    return "#" + "frame".rjust(width - 1) + " " + "|".join([LETTERS] * PADS) + " pads"


def movie_text(movie: Movie) -> str:
    """A movie as text: its header as read (``header_of``), the legend, ``frames: N`` and one line
    a frame: its number (right-aligned in FRAME_WIDTH columns or wider), each pad's 12 buttons in
    FORMATS order ``^v<>ABXYLRSE`` (the letter when held, ``.`` when up), pads 1-4 left to right
    with ``|`` between, then the connected pads as one hex digit (bit 0: pad 1, ..., bit 3: pad 4)."""
    total = sum(count for count, _, _ in movie.runs)
    width = max(FRAME_WIDTH, len(str(total)))
    out = [TEXT_NOTE + "\n", header_text(header_of(movie)), text_legend(width) + "\n", f"frames: {total}\n"]
    n = 0
    for count, buttons, connected in movie.runs:
        body = " " + "|".join(pad_text(b) for b in buttons) + f" {connected:x}\n"
        for _ in range(count):
            n += 1
            out.append(f"{n:>{width}}{body}")
    return "".join(out)


def _column_problem(rest: str) -> tuple[int, str] | None:
    """The first column of a frame line (after its number) that holds what it may not: (its
    index, what is wrong), or None."""
    for p, ch in enumerate(rest[:LINE_COLUMNS]):
        if p < PAD_COLUMNS:
            pad, b = divmod(p, 13)
            if b == 12:
                if ch != "|":
                    return p, f"expected '|' between pad {pad + 1} and pad {pad + 2}, not {ch!r}"
            elif ch not in (LETTERS[b], "."):
                return p, (f"pad {pad + 1}'s {_NAMES[b]} column holds {ch!r}: only {LETTERS[b]!r} (held) or "
                           f"'.' (up)")
        elif p == PAD_COLUMNS:
            if ch != " ":
                return p, f"expected a space before the pads connected, not {ch!r}"
        elif ch not in "0123456789abcdef":
            return p, f"the pads connected must be one hex digit 0-f (bit 0: pad 1), not {ch!r}"
    return None


def read_movie_text(path) -> MovieText:
    """Read a movie's text form (``movie_text``; edited or not). A line may leave out its frame
    number (frames inserted); a number given must be its frame's. Comment (``#``) and blank lines
    are skipped. Raises FormatError naming the file, the line and what is wrong: a bad header, a
    line too short or too long, a column that holds what it may not, a frame number out of order,
    a frame count that disagrees with ``frames: N``."""
    lines = read_text(path, FormatError).split("\n")
    header, at, i = _read_header(lines, path)
    if i >= len(lines):
        raise FormatError([f"{path}:{len(lines)}: no 'frames: N' line (the frame count, before the frame lines)"])
    head = _TEXT_COUNT.match(lines[i].rstrip())
    if head is None:
        if lines[i].rstrip() == "frames:":
            raise FormatError([f"{path}:{i + 1}: 'frames:' without a count: this looks like a movie, not its text "
                               f"form (tdream movie export MOVIE TEXT writes one)"])
        raise FormatError([f"{path}:{i + 1}: expected 'frames: N' (the frame count), not {lines[i][:40]!r}"])
    count = int(head.group(1))
    header = _check_version(header, at, path)
    movie = _movie_of(header, at, path, i + 1)
    frames: list[PadFrame] = []
    where: list[int] = []
    for n in range(i + 1, len(lines)):
        line = lines[n].rstrip()
        if not line or line.startswith("#"):
            continue
        if line.startswith("@") or line.startswith("end:"):
            raise FormatError([f"{path}:{n + 1}: a checkpoint or end line: the text form has none (import makes "
                               f"them)"])
        k = len(frames) + 1
        if k > count:
            raise FormatError([f"{path}:{n + 1}: frame {k}, but line {i + 1} says 'frames: {count}'"])
        m = _TEXT_NUMBER.match(line)            # it matches every line: the number may be left out
        skip = m.end() if m else 0
        number = m.group(1) if m else None
        rest = line[skip:]
        if number is not None and int(number) != k:
            raise FormatError([f"{path}:{n + 1}: frame number {number} out of order: this line is frame {k} "
                               f"(frames count 1, 2, 3, ... down the lines)"])
        if len(rest) != LINE_COLUMNS:
            raise FormatError([f"{path}:{n + 1}: the line is too {'short' if len(rest) < LINE_COLUMNS else 'long'}: "
                               f"{len(rest)} columns after the frame number, a frame has {LINE_COLUMNS} (4 pads of "
                               f"12 buttons, '|' between, a space, the pads connected as one hex digit)"])
        problem = _column_problem(rest)
        if problem is not None:
            p, what = problem
            raise FormatError([f"{path}:{n + 1}: column {skip + p + 1}: {what}"])
        b1, b2, b3, b4 = (pad_bits(rest[13 * j:13 * j + 12]) for j in range(PADS))
        frames.append(PadFrame((b1, b2, b3, b4), int(rest[-1], 16)))
        where.append(n + 1)
    if len(frames) != count:
        last = len(lines) - 1 if lines[-1] == "" and len(lines) > 1 else len(lines)
        raise FormatError([f"{path}:{last}: {len(frames)} frame lines, but line {i + 1} says 'frames: {count}'"])
    for frame in frames:
        if movie.runs and movie.runs[-1][1:] == (frame.buttons, frame.connected):
            movie.runs[-1] = (movie.runs[-1][0] + 1, frame.buttons, frame.connected)
        else:
            movie.runs.append((1, frame.buttons, frame.connected))
    return MovieText(movie, frames, where)
