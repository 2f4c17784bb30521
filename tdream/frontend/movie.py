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
    frames:
    12 ............ ............ ............ ............ 1
    2 ....A....... ............ ............ ............ 1
    @600 <16 hex: the machine's state hash after frame 600>
    ...
    end: {"frames": 12345, "time": "0:03:25.41", "hash": "<sha256>"}

A frame line is a run: how many frames, then each pad's 12 buttons in FORMATS.md order
(``^v<>ABXYLRSE``, ``.`` for up), then the connected pads as a hex digit (bit 0: pad 1). A
checkpoint line every 600 frames lets ``verify`` name the first stretch that diverges. Lines are
appended as the game goes (a crash loses at most the last second); the end line comes on quit,
and the header is then written again with every game played (``games``) and their data hash: a
movie that chooses another game on the title depends on that game's data, not the first one's.

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
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..errors import FormatError
from ..platform import registry
from ..platform.record import write_atomic
from ..platform.registry import DEFAULT, LEGACY
from ..platform.roster import ROSTER_FILE
from ..yamlio import read_text
from .constants import PADS, game_time
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

    def frames(self):
        for count, buttons, connected in self.runs:
            for _ in range(count):
                yield buttons, connected


class MovieWriter:
    """Appends a run of identical frames at a time; a checkpoint every CHECK_EVERY frames."""

    def __init__(self, path: str, seed: int, settings) -> None:
        self.path = Path(path)
        game = first_game(settings)
        self.header = {"format": FORMAT, "version": VERSION, "program": f"tdream {__version__}", "game": game,
                       "games": [game], "data_hash": data_hash(game), "seed": seed,
                       "settings": {k: getattr(settings, k) for k in PLAY_SETTINGS}, "pads": PADS}
        write_atomic(self.path, self._header_text())
        self.file = open(self.path, "a", encoding="utf-8")
        self.run: tuple | None = None
        self.count = 0
        self.frames = 0
        self.lines: list[str] = []

    def add(self, frame, machine) -> None:
        """Record the frame just stepped (and a checkpoint after every CHECK_EVERY frames)."""
        key = (frame.buttons, frame.connected)
        if key == self.run:
            self.count += 1
        else:
            self._flush_run()
            self.run, self.count = key, 1
        self.frames += 1
        if self.frames % CHECK_EVERY == 0:
            self._flush_run()
            self.lines.append(f"@{self.frames} {machine.state_hash()[:16]}\n")
            self.file.write("".join(self.lines))
            self.file.flush()
            self.lines = []

    def _header_text(self) -> str:
        return "".join(f"{k}: {v if k == 'format' else json.dumps(v)}\n" for k, v in self.header.items()) + "frames:\n"

    def _flush_run(self) -> None:
        if self.run is not None and self.count:
            buttons, connected = self.run
            self.lines.append(f"{self.count} " + " ".join(pad_text(b) for b in buttons) + f" {connected:x}\n")
        self.run, self.count = None, 0

    def close(self, machine) -> None:
        if self.file.closed:
            return
        self._flush_run()
        end = {"frames": self.frames, "time": game_time(self.frames), "hash": machine.state_hash()}
        self.lines.append(f"end: {json.dumps(end)}\n")
        self.file.write("".join(self.lines))
        self.file.flush()
        os.fsync(self.file.fileno())
        self.file.close()
        games = list(machine.games_played) or self.header["games"]
        if games != self.header["games"]:          # the header again: the games the movie played
            old = self._header_text()
            self.header["games"] = games
            self.header["data_hash"] = data_hash(games)
            body = self.path.read_text(encoding="utf-8")
            write_atomic(self.path, self._header_text() + body[len(old):])


class BlankUser:
    """A movie's user folder (FORMATS.md section 4), like a console with a new save: an empty
    records database (no profiles, nothing counted) and an empty records folder (Continue lists
    only the games saved during the movie), in a temporary directory that goes on ``close``."""

    def __init__(self) -> None:

        self.root = tempfile.mkdtemp(prefix="tdream-movie-")
        self.record_dir = os.path.join(self.root, "records")
        from ..platform.database import RecordsDB  # start-up: sqlite only when a movie plays or records
        self.db = RecordsDB(Path(self.root) / "records.sqlite")

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


def load_movie(path, upgrade: bool = False) -> Movie:
    """Read a movie. Raises FormatError naming the file, the line and what is wrong (``upgrade``:
    read a version-1 movie that ``UPGRADABLE_V1`` knows, as the legacy game's: ``registry.LEGACY``)."""
    text = read_text(path, FormatError)
    lines = text.split("\n")
    if "inputs:" in lines and "frames:" not in lines and any(line.strip() == "format: tdream-record"
                                                            for line in lines[:3]):
        raise FormatError([f"{path}:1: this is a game record, not an input movie: use tdream replay verify "
                           f"(or tdream replay play) on it"])
    header: dict = {}
    i = 0
    while i < len(lines) and lines[i] != "frames:":
        line = lines[i]
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
    if header.get("format") != FORMAT:
        raise FormatError([f"{path}:1: not an input movie (format is {header.get('format')!r}, not {FORMAT})"])
    version = header.get("version")
    if version == 1:
        if header.get("data_hash") in UPGRADABLE_V1 and upgrade:
            header = {**header, "game": LEGACY}
        elif header.get("data_hash") in UPGRADABLE_V1:
            raise FormatError([f"{path}:2: a movie of version 1 ({UPGRADABLE_V1[header['data_hash']]}): its pads play "
                               f"the same here, but its checkpoints hash that front end: run tdream movie upgrade "
                               f"{path}"])
        else:
            raise FormatError([f"{path}:2: a movie of version 1 was made with an earlier front end (before four "
                               f"games on one program, text pages and How to play); the same pads do not play the "
                               f"same here: record it again"])
    if not isinstance(version, int) or version > VERSION or version < 1:
        raise FormatError([f"{path}:2: movie version {version!r}; this program reads version {VERSION}"])
    for key in ("program", "game", "data_hash", "seed", "settings", "pads"):
        if key not in header:
            raise FormatError([f"{path}:0: the header has no {key}"])
    settings = header["settings"]
    if not isinstance(settings, dict) or not set(PLAY_SETTINGS) - set(OPTIONAL_SETTINGS) <= set(settings) \
            or not set(settings) <= set(PLAY_SETTINGS):
        raise FormatError([f"{path}:0: settings must give exactly {', '.join(PLAY_SETTINGS)}"])
    checked, problems = _check({"format": "tdream-settings", "version": 1, **settings})
    if problems:
        raise FormatError([f"{path}:0: settings: {problems[0]}"])
    seed = header["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        raise FormatError([f"{path}:0: seed must be a whole number 0..2^64-1"])
    if header["pads"] != PADS:
        raise FormatError([f"{path}:0: pads must be {PADS}"])
    if i >= len(lines):
        raise FormatError([f"{path}:{i}: no 'frames:' line"])
    if header["game"] not in registry.ids():
        raise FormatError([f"{path}:0: game {header['game']!r}: no such game here (known: {', '.join(registry.ids())})"])
    games = header.get("games", [header["game"]])
    if not isinstance(games, list) or not games or any(g not in registry.ids() for g in games):
        raise FormatError([f"{path}:0: games must list the games the movie plays (known: {', '.join(registry.ids())})"])
    movie = Movie(str(path), seed, settings, header["game"], games, PADS, str(header["program"]),
                  str(header["data_hash"]))
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
