"""Game records of every game (FORMATS.md sections 3 and 6): write as a match goes, read,
verify, resume.

A record is a YAML text file: a header naming everything needed to start the match again, then
``inputs:``, one input a line in the text of scenario steps, and a checkpoint after every turn::

    format: tdream-record
    version: 2
    program: "tdream 0.1.0"
    game: "<the game's id>"
    ruleset: "<its rules data's id>"
    data_hash: "6e530bc440682163"
    options: {"<option>": <value>, ...}                          # every one of the game's options
    seed: 123
    seats: [{"name": "A", "kind": "random", "colour": 0}, ...]   # as given; a game may draw the turn order
    start: null                                                  # or a scenario's position
    inputs:
    - {"roll": 7}                                                # drawn from the match's RNG
    - {"roll": 4, "given": true}                                 # supplied from outside (a pad, a scenario)
    - {"pick": {"A": 3}}                                         # one seat's answer at a point of several
    - {"check": 1, "state": "<sha256>", "parts": "<6 hex a part>"}

Version 1 (before issue 15) is the legacy game's (``registry.LEGACY``, the one game there was):
no ``game`` in the header but keys of that game's own (``GameDef.legacy``: a ``LegacyRecords``, its
``header_keys``), and checkpoints hashed as that program hashed them; it is read as it was
written (``LegacyRecords.fingerprint``). Each turn's lines are appended and flushed when the turn ends,
so a crash loses at most the turn in progress; a file rewritten whole is written atomically.
"""
from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from ..buildattrs import mypyc_attr
from .. import __version__
from ..errors import DataError, FormatError, IllegalAnswer
from ..yamlio import LDict, line_of, parse_yaml, read_text, short, type_name
from . import registry
from .protocol import CHANCE, GameDef, ScenarioContext
from .session import Seat
from .options import check_options, full_options, options_for

FORMAT = "tdream-record"
VERSION = 2
HEADER_KEYS = ("format", "version", "program", "game", "ruleset", "data_hash", "options", "seed", "seats", "start")


def v1_keys() -> tuple[str, ...]:
    """A version-1 header's keys: the legacy game's own in the place of ``game``."""
    return HEADER_KEYS[:3] + registry.get(registry.LEGACY).legacy.header_keys + HEADER_KEYS[4:]


def write_atomic(path: Path | str, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file and a rename: never half a file."""
    path = Path(path)
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    except OSError as e:
        raise OSError(e.errno, e.strerror, str(path)) from None
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        mask = os.umask(0)                 # mkstemp makes 0600; a saved file is as any other
        os.umask(mask)
        os.chmod(tmp, 0o666 & ~mask)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


# One encoder, made once: json.dumps with these settings would build a new one on every line written.
_ENCODE = json.JSONEncoder(separators=(", ", ": "), ensure_ascii=False).encode


def _dump(value) -> str:
    return _ENCODE(value)


# ---------------------------------------------------------------------- the set-up
@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
@dataclass
class Setup:
    """How a recorded match began."""

    game: str
    seed: int
    seats: list[Seat]
    options: dict
    position: dict | None = None       # a match that began at a scenario position
    version: int = VERSION

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    @property
    def kinds(self) -> list[str]:
        return [s.kind for s in self.seats]

    @property
    def colours(self) -> dict[str, int]:
        return {s.name: s.colour for s in self.seats if s.colour >= 0}


def header_of(game, setup: Setup) -> dict:
    return {
        "format": FORMAT, "version": VERSION, "program": f"tdream {__version__}", "game": game.id,
        "ruleset": game.rules_id(), "data_hash": game.data_hash(), "options": setup.options, "seed": setup.seed,
        "seats": [s.to_json() for s in setup.seats], "start": setup.position,
    }


def header_text(header: dict) -> str:
    # Every value as JSON (a YAML subset), so that a hash of digits stays text.
    keys = HEADER_KEYS if header.get("version", VERSION) >= 2 else v1_keys()
    lines = [f"{k}: {header[k] if k == 'format' else _dump(header[k])}" for k in keys]
    return "\n".join(lines) + "\ninputs:\n"


def start_match(game, setup: Setup):
    """The match of a set-up, waiting for its first input. Raises ValueError (or PositionError)."""
    if setup.position is not None:
        match, _ = game.load_position(setup.position, setup.names, setup.options, setup.seed)
    else:
        match, _ = game.new_match(setup.names, setup.options, setup.seed)
    return match


# ---------------------------------------------------------------------- writing
def checkpoint_item(game, match, setup: Setup | None = None) -> dict:
    state, parts = fingerprint_of(game, match, setup)
    item = {"check": match.progress(), "state": state, "parts": parts}
    if match.over:
        item["end"] = match.result().reason
    return item


def fingerprint_of(game, match, setup: Setup | None = None, parts: bool = True) -> tuple[str, str]:
    """The fingerprint and the part hashes of a match now, as a record of ``setup``'s version has
    them (``parts=False``: the fingerprint alone, "" for the parts: verify's hot path, which needs
    the parts only where a checkpoint disagrees)."""
    if setup is not None and setup.version < 2:
        legacy = game.legacy.fingerprint(match, [s.to_json() for s in setup.seats], parts)
        if legacy is not None:
            return legacy
    if not parts:
        return match.fingerprint(), ""
    return match.fingerprint(), match.part_hashes() if game.parts else ""


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class RecordWriter:
    """Appends a match's inputs as it goes; each whole turn (and the end) is flushed at once."""

    def __init__(self, path: Path | str, game, header: dict | None = None, prefix: str | None = None,
                 setup: Setup | None = None, progress: int = 0) -> None:
        self.path = Path(path)
        self.game = game
        self.setup = setup
        if prefix is None:
            if header is None:
                raise ValueError("a record is written from its header or from the lines it keeps (prefix)")
            prefix = header_text(header)
        write_atomic(self.path, prefix)
        self.file = open(self.path, "a", encoding="utf-8")
        self.pending: list[str] = []
        self.progress = progress            # the turns played when the last checkpoint was written
        self.written = len(prefix)          # characters in the file (the lines flushed)

    def add(self, match, seat: int, answer, events, given: bool = False) -> None:
        """Record one applied input; at a turn's end (or the match's), flush."""
        item = self.game.scenario.step_text(answer, seat, match)
        if given:
            item = dict(item, given=True)
        self.pending.append(f"- {_dump(item)}\n")
        progress = match.progress()
        if progress != self.progress or match.over:
            self.progress = progress
            self.pending.append(f"- {_dump(checkpoint_item(self.game, match, self.setup))}\n")
            text = "".join(self.pending)
            self.file.write(text)
            self.file.flush()
            self.written += len(text)
            self.pending = []

    def mark(self) -> tuple[int, int, int]:
        """Where the record is now (``rewind`` goes back there): the characters flushed, the
        lines pending, the turns counted."""
        return self.written, len(self.pending), self.progress

    def rewind(self, mark: tuple[int, int, int]) -> None:
        """Take back what was written since ``mark`` (a take-back: the record keeps only what
        stood). A flushed turn is cut off the file by writing it again whole (atomically)."""
        written, pending, progress = mark
        if written != self.written:          # a turn was flushed since: its lines go back to pending
            self.file.close()
            text = self.path.read_text(encoding="utf-8")
            self.pending = text[written:].splitlines(keepends=True) + self.pending
            write_atomic(self.path, text[:written])
            self.file = open(self.path, "a", encoding="utf-8")
            self.written = written
        del self.pending[pending:]
        self.progress = progress

    def close(self) -> None:
        if not self.file.closed:
            self.file.flush()
            os.fsync(self.file.fileno())
            self.file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


def writer_for(path, game, setup: Setup, match=None) -> RecordWriter:
    """A writer of a new record of ``setup`` (``match``: its match, if it has played some turns)."""
    return RecordWriter(path, game, header_of(game, setup), setup=setup,
                        progress=match.progress() if match is not None else 0)


def scenario_header(s) -> tuple:
    """(game, setup) of a scenario's match (``scenario run --record``)."""
    return s.game, Setup(s.game.id, s.seed, list(s.seats), full_options(s.game, s.options), s.position)


# ---------------------------------------------------------------------- reading
# Input and Checkpoint are made once a line of every record read: plain classes (not dataclasses,
# whose __init__ stays interpreted in the compiled module), with the fields a dataclass would have.
@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Input:
    """An input line: its step, and its answers once read against a match's seats."""

    def __init__(self, step: dict, given: bool = False, line: int = 0, answers: list | None = None,
                 read: dict | None = None) -> None:
        self.step = step                 # the line's step: {key: value}
        self.given = given               # a chance outcome supplied from outside (not drawn from the RNG)
        self.line = line
        self.answers = answers           # [(seat, answer)] once read against a match's seats
        # the answers of the same line text read before, by ``answers_key``: shared by every
        # Input of that text (a record's lines recur: "- {"roll": 7}")
        self.read: dict = {} if read is None else read

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Input) and (self.step, self.given, self.line, self.answers) == \
            (other.step, other.given, other.line, other.answers)

    def __repr__(self) -> str:
        return f"Input(step={self.step!r}, given={self.given!r}, line={self.line!r}, answers={self.answers!r})"


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
class Checkpoint:
    """A checkpoint line: the turns played, the state's fingerprint and its part hashes."""

    def __init__(self, turn: int, state: str, parts: str = "", over: str = "", line: int = 0) -> None:
        self.turn = turn
        self.state = state
        self.parts = parts
        self.over = over                 # the end reason on the last checkpoint of a finished match
        self.line = line

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Checkpoint) and (self.turn, self.state, self.parts, self.over, self.line) == \
            (other.turn, other.state, other.parts, other.over, other.line)

    def __repr__(self) -> str:
        return (f"Checkpoint(turn={self.turn!r}, state={self.state!r}, parts={self.parts!r}, over={self.over!r}, "
                f"line={self.line!r})")


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
@dataclass
class Divergence:
    """Where a replay stopped agreeing with its record."""

    line: int
    step: int                    # 1-based index of the item
    turn: int
    what: str
    expected: str = ""
    actual: str = ""
    parts: list[str] = field(default_factory=list)


@mypyc_attr(serializable=True)      # a savestate pickles it (tdream/buildattrs.py)
@dataclass
class Record:
    path: str
    header: dict
    setup: Setup
    items: list
    cut: bool = False            # the file ends in the middle of a turn (a crash)
    cut_note: str = ""
    header_lines: int = 0
    lines: list[str] = field(default_factory=list)

    @property
    def game(self) -> GameDef:
        return registry.get(self.setup.game)

    @property
    def finished(self) -> bool:
        return bool(self.items) and isinstance(self.items[-1], Checkpoint) and bool(self.items[-1].over)

    def whole_turns(self) -> list:
        """The items up to the last checkpoint (a cut record resumes from there)."""
        for i in range(len(self.items) - 1, -1, -1):
            if isinstance(self.items[i], Checkpoint):
                return self.items[: i + 1]
        return []

    def turns(self) -> int:
        """The whole turns (or rounds) played, as the last checkpoint counts them (a match may
        end inside a turn: its last checkpoint then repeats the count)."""
        return max([i.turn for i in self.items if isinstance(i, Checkpoint)] + [0])


_LINES: dict[str, Input | Checkpoint] = {}      # an input line's text -> its parsed item (the same lines recur)


def load_record(path: Path | str) -> Record:
    """Read a record. Raises FormatError (``file:line: what``) for anything that is not one."""
    path = Path(path)
    name = str(path)
    text = read_text(path, FormatError)
    lines = text.split("\n")
    ended = text.endswith("\n")
    if ended:
        lines.pop()
    if "frames:" in lines and "inputs:" not in lines and any(line.strip() == "format: tdream-movie" for line in lines[:3]):
        raise FormatError([f"{name}:1: this is an input movie, not a game record: use tdream movie verify "
                           f"(or tdream movie play) on it"])
    try:
        start = lines.index("inputs:")
    except ValueError:
        raise FormatError([f"{name}:{len(lines)}: no 'inputs:' line: not a tdream record (or cut off in its header)"]) from None
    header = _fast_header(lines[:start]) or parse_yaml("\n".join(lines[:start]) + "\n", name, FormatError)
    setup = _check_header(header, name)
    items: list = []
    cut = False
    note = ""
    for i in range(start + 1, len(lines)):
        line_no = i + 1
        line = lines[i]
        last = i == len(lines) - 1
        try:
            item = _parse_item(line, name, line_no)
        except FormatError:
            if last and not ended:
                cut = True
                note = f"{name}:{line_no}: the last line is cut off (a crash mid-turn)"
                break
            raise
        items.append(item)
    if not ended and not cut and len(lines) > start + 1:
        cut = True
        note = f"{name}:{len(lines)}: the file ends without a newline (a crash mid-turn)"
    rec = Record(name, header, setup, items, cut, note, start + 1, lines)
    if items and not isinstance(items[-1], Checkpoint):
        rec.cut = True
        rec.cut_note = rec.cut_note or f"{name}:{items[-1].line}: the record stops in the middle of a turn"
    return rec


def _fast_header(lines: list[str]):
    """The header as this program writes it (one JSON value a line), read without YAML; None
    for anything else (a hand-edited header then goes through the YAML reader)."""
    out = LDict()
    out.line = 1
    out.key_lines = {}
    for i, line in enumerate(lines):
        key, sep, value = line.partition(": ")
        if not sep or key in out or not key.isidentifier():
            return None
        if key == "format":
            out[key] = value
        else:
            try:
                out[key] = json.loads(value)
            except ValueError:
                return None
        out.key_lines[key] = i + 1
    return out


def _parse_item(line: str, name: str, line_no: int):
    # A checkpoint line is read first: its state hash makes it one of a kind, never in _LINES
    # (a look-up there would hash its 190 characters for nothing).
    check = _written_checkpoint(line, line_no)
    if check is not None:
        return check
    known = _LINES.get(line)
    if known is not None:
        if isinstance(known, Checkpoint):
            return Checkpoint(known.turn, known.state, known.parts, known.over, line_no)
        return Input(known.step, known.given, line_no, None, known.read)
    item = _parse_new_item(line, name, line_no)
    if len(_LINES) < 100_000:
        _LINES[line] = item
    return item


def _written_checkpoint(line: str, line_no: int) -> Checkpoint | None:
    """A checkpoint line in the form this program writes, ``- {"check": TURN, "state": "HASH",
    "parts": "HEX"}`` (TURN without leading zeros, at most 18 digits; HASH 64 letters or digits,
    HEX any number), read with a few slices (a record has one a turn); None for any other line, which
    the JSON reader then takes."""
    if not line.startswith('- {"check": ') or not line.endswith('"}'):
        return None
    comma = line.find(",", 12)
    turn = line[12:comma]
    if comma < 0 or not turn.isascii() or not turn.isdigit() or len(turn) > 18 or (turn[0] == "0" and turn != "0"):
        return None
    at = comma + 12                                  # ', "state": "' is 12 characters
    state = line[at:at + 64]
    if line[comma:at] != ', "state": "' or line[at + 64:at + 77] != '", "parts": "':
        return None
    parts = line[at + 77:-2]
    # Letters and digits only: read as they are, as the JSON reader would read them (a quote, a
    # backslash or anything else leaves the line to that reader).
    if len(state) != 64 or not state.isalnum() or not state.isascii() \
            or (parts and (not parts.isalnum() or not parts.isascii())):
        return None
    return Checkpoint(int(turn), state, parts, "", line_no)


def _parse_new_item(line: str, name: str, line_no: int):
    if not line.startswith("- "):
        raise FormatError([f"{name}:{line_no}: an input line starts with '- ', not {short(line)}"])
    body = line[2:]
    try:
        item = json.loads(body)
    except ValueError:
        try:
            item = parse_yaml(body, name, FormatError)
        except FormatError:
            raise FormatError([f"{name}:{line_no}: not a valid input: {short(body)}"]) from None
    if not isinstance(item, dict):
        raise FormatError([f"{name}:{line_no}: an input is a mapping like {{roll: 4}}, not {type_name(item)}"])
    if "check" in item:
        extra = set(item) - {"check", "state", "parts", "end"}
        turn, state = item.get("check"), item.get("state")
        if extra or not isinstance(turn, int) or isinstance(turn, bool) or not isinstance(state, str) \
                or not isinstance(item.get("parts", ""), str) or not isinstance(item.get("end", ""), str):
            raise FormatError([f"{name}:{line_no}: a checkpoint is {{check: TURN, state: HASH, parts: HEX}}, not {short(body)}"])
        return Checkpoint(turn, state, item.get("parts", ""), item.get("end", ""), line_no)
    item = dict(item)
    given = item.pop("given", False)
    if given is not True and given is not False:
        raise FormatError([f"{name}:{line_no}: given is true or false, not {short(given)}"])
    if len(item) != 1:
        raise FormatError([f"{name}:{line_no}: an input has one kind, like {{roll: 4}}, not {short(body)}"])
    return Input(item, given, line_no)


def _check_header(h, name: str) -> Setup:
    def bad(what: str, line: int = 1):
        raise FormatError([f"{name}:{line}: {what}"])
    if not isinstance(h, dict):
        bad(f"a record starts with a header mapping (format: {FORMAT}), not {type_name(h)}")
    if h.get("format") != FORMAT:
        bad(f"format: must be {FORMAT!r}, not {short(h.get('format'))}", line_of(h, "format") or 1)
    v = h.get("version")
    if v not in (1, VERSION):
        newer = isinstance(v, int) and not isinstance(v, bool) and v > VERSION
        bad(f"version: {short(v)}: " + (f"a newer record format than this program reads ({VERSION})" if newer
                                        else f"must be 1 or {VERSION}"), line_of(h, "version") or 1)
    keys = v1_keys() if v == 1 else HEADER_KEYS
    for k in keys:
        if k not in h:
            bad(f"{k}: missing from the header")
    for k in h:
        if k not in keys:
            bad(f"{k}: unknown header key", line_of(h, k))
    own = registry.get(registry.LEGACY).legacy.header_keys if v == 1 else ("game",)
    for k in ("ruleset", "data_hash", "program") + own:
        if not isinstance(h[k], str):
            bad(f"{k}: must be text, not {short(h[k])}", line_of(h, k))
    gid = registry.LEGACY if v == 1 else h["game"]
    if gid not in registry.ids():
        bad(f"game: {short(gid)}: no such game here (known: {', '.join(registry.ids())})", line_of(h, "game"))
    game = registry.get(gid)
    seed = h["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        bad(f"seed: must be a whole number 0..2^64-1, not {short(seed)}", line_of(h, "seed"))
    options = h["options"]
    if not isinstance(options, dict):
        bad(f"options: must be a mapping, not {short(options)}", line_of(h, "options"))
    options = dict(options)
    start = h["start"]
    if start is not None and not isinstance(start, dict):
        bad(f"start: must be a scenario position or null, not {short(start)}", line_of(h, "start"))
    if v == 1:
        options, start = game.legacy.header(h, options, start)
    for key, why in check_options(game, options):
        bad(f"options.{key}: {why}", line_of(h, "options"))
    lo, hi = game.seats
    seats = h["seats"]
    if not isinstance(seats, list) or not lo <= len(seats) <= hi or not all(
            isinstance(s, dict) and {"name", "kind"} <= set(s) <= {"name", "kind", "colour"}
            and isinstance(s["name"], str) and isinstance(s["kind"], str)
            and (s.get("colour", 0) in (0, 1, 2, 3) and not isinstance(s.get("colour", 0), bool)) for s in seats) \
            or len({s["name"] for s in seats}) != len(seats):
        bad(f"seats: must be {lo}-{hi} of {{name, kind}} (and colour 0-3), names unique, not {short(seats)}",
            line_of(h, "seats"))
    try:                                   # the seat count, as every match's is checked before it starts
        options_for(game, options, len(seats))
    except ValueError as e:
        bad(f"options: {e}", line_of(h, "options"))
    return Setup(gid, seed, [Seat(s["name"], s["kind"], s.get("colour", -1)) for s in seats], options, start, v)


def answers_key(game, names) -> str:
    """What an input line's answers are kept by (``Input.read``): the game and the seats' names,
    as one string, JSON so that no two differ only in where a name ends (a string keeps its
    hash: a tuple's is made again at every look-up); the game alone where its steps never name
    a seat (``ScenarioAdapter.steps_name_seats``), so that every record of it shares them."""
    if not game.scenario.steps_name_seats:
        return json.dumps([game.id])
    return json.dumps([game.id, list(names)])


def read_answers(game, match, item: Input, path: str, key: str | None = None) -> list:
    """The answers of an input line, read against the match's seats (FormatError naming the line).
    ``key``: ``answers_key`` of the game and the match's seats, as a replay keeps it (else made)."""
    if item.answers is not None:
        return item.answers
    if key is None:
        key = answers_key(game, match.names)
    known = item.read.get(key)
    if known is not None:
        item.answers = known
        return known
    names = list(match.names)
    (kind, value), = item.step.items()
    if kind not in game.scenario.step_keys:
        raise FormatError([f"{path}:{item.line}: unknown input kind {short(kind)}"])
    ctx = ScenarioContext(None, None, names, {n: i for i, n in enumerate(names)}, {}, {}, game)
    try:
        answers = game.scenario.read_step(kind, value, ctx)
    except ValueError as e:
        raise FormatError([f"{path}:{item.line}: {e}"]) from None
    item.answers = item.read[key] = answers
    return answers


# ---------------------------------------------------------------------- re-playing
def differing_parts(game, expected: str, actual: str) -> list[str]:
    names = list(game.parts)
    if not names or len(expected) != 6 * len(names):
        return []
    return [names[i] for i in range(len(names)) if expected[6 * i:6 * i + 6] != actual[6 * i:6 * i + 6]]


__all__ = ["FORMAT", "VERSION", "Setup", "Record", "Input", "Checkpoint", "Divergence", "RecordWriter", "writer_for",
           "header_of", "header_text", "write_atomic", "load_record", "start_match", "fingerprint_of", "answers_key",
           "read_answers", "differing_parts", "scenario_header"]
