"""Game records (FORMATS.md section 3): write as the game goes, read, verify, resume.

A record is a YAML text file. Its header names everything needed to start the game again; then
``inputs:`` lists, one a line, every input (the same text form as scenario steps) and a
checkpoint after every turn::

    format: tdream-record
    version: 1
    program: "tdream 0.1.0"
    board: "classic-10"
    ruleset: "tower-dream-1996"
    data_hash: "5c46f1bd65d1d273"
    options: {"starting_cash": 1500, ...}
    seed: 123
    seats: [{"name": "A", "kind": "random"}, ...]      # as given; the turn order is drawn (R2.2)
    start: null                                         # or a scenario position
    inputs:
    - {"roll": 7}                                       # drawn from the game's RNG
    - {"roll": 4, "given": true}                        # supplied from outside (a pad, a scenario)
    - {"place": "g3"}
    - {"check": 1, "state": "<sha256>", "parts": "<6 hex per part>"}
    - {"check": 80, "state": "...", "parts": "...", "end": "percent"}

Each turn's lines are appended and flushed when the turn ends, so a crash loses at most the turn
in progress. A file rewritten whole (a resume cutting a record back) is written atomically.
"""
from __future__ import annotations

import json
import os
import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from .. import __version__
from ..games.towerdream.data import load_board, load_ruleset
from ..games.towerdream.rules import events as ev
from ..games.towerdream.rules.answers import KINDS, answer_from_step
from ..platform.replay import Checkpoint, Divergence, Input, Setup, checkpoint_of, replay, start_game
from ..errors import DataError, FormatError
from ..yamlio import parse_yaml, read_text, short, type_name

FORMAT = "tdream-record"
VERSION = 1
HEADER_KEYS = ("format", "version", "program", "board", "ruleset", "data_hash", "options", "seed", "seats", "start")


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


def _dump(value) -> str:
    return json.dumps(value, separators=(", ", ": "), ensure_ascii=False)


def header_text(header: dict) -> str:
    # Every value as JSON (a YAML subset), so that a hash of digits stays text.
    lines = [f"{k}: {header[k] if k == 'format' else _dump(header[k])}" for k in HEADER_KEYS]
    return "\n".join(lines) + "\ninputs:\n"


def input_line(answer, given: bool = False) -> str:
    item = {answer.kind: answer.to_step()}
    if given:
        item["given"] = True
    return f"- {_dump(item)}\n"


def checkpoint_line(game) -> str:
    state, parts = checkpoint_of(game)
    item = {"check": game.turn - 1, "state": state, "parts": parts}
    if game.over:
        item["end"] = game.over_reason
    return f"- {_dump(item)}\n"


def make_header(ruleset, board, setup: Setup) -> dict:
    return {
        "format": FORMAT, "version": VERSION, "program": f"tdream {__version__}", "board": board.id,
        "ruleset": ruleset.id, "data_hash": ruleset.data_hash, "options": setup.options, "seed": setup.seed,
        "seats": [dict({"name": n, "kind": k}, **({"colour": setup.colours[n]} if n in setup.colours else {}))
                  for n, k in zip(setup.names, setup.kinds)],
        "start": setup.position,
    }


class RecordWriter:
    """Appends a game's inputs as it goes; each whole turn (and the end) is flushed at once."""

    def __init__(self, path: Path | str, header: dict | None = None, prefix: str | None = None) -> None:
        self.path = Path(path)
        write_atomic(self.path, prefix if prefix is not None else header_text(header))
        self.file = open(self.path, "a", encoding="utf-8")
        self.pending: list[str] = []

    def add(self, game, answer, events, given: bool = False) -> None:
        """Record one applied input and its events; at a turn's end (or the game's), flush."""
        self.pending.append(input_line(answer, given))
        for e in events:
            if isinstance(e, (ev.TurnEnded, ev.GameOver)):
                self.pending.append(checkpoint_line(game))
                self.file.write("".join(self.pending))
                self.file.flush()
                self.pending = []
                break

    def close(self) -> None:
        if not self.file.closed:
            self.file.flush()
            os.fsync(self.file.fileno())
            self.file.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc) -> None:
        self.close()


# ---------------------------------------------------------------------- reading
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
    def finished(self) -> bool:
        return bool(self.items) and isinstance(self.items[-1], Checkpoint) and bool(self.items[-1].over)

    def whole_turns(self) -> list:
        """The items up to the last checkpoint (a cut record resumes from there)."""
        for i in range(len(self.items) - 1, -1, -1):
            if isinstance(self.items[i], Checkpoint):
                return self.items[: i + 1]
        return []


def load_record(path: Path | str) -> Record:
    """Read a record. Raises FormatError (``file:line: what``) for anything that is not one."""
    path = Path(path)
    name = str(path)
    text = read_text(path, FormatError)
    lines = text.split("\n")
    ended = text.endswith("\n")
    if ended:
        lines.pop()
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
        item.line = line_no
        items.append(item)
    if not ended and not cut and len(lines) > start + 1:
        cut = True
        note = f"{name}:{len(lines)}: the file ends without a newline (a crash mid-turn)"
    rec = Record(name, header, setup, items, cut, note, start + 1, lines)
    if items and not isinstance(items[-1], Checkpoint):
        rec.cut = True
        rec.cut_note = rec.cut_note or f"{name}:{items[-1].line}: the record stops in the middle of a turn"
    return rec


_INPUTS: dict[str, tuple] = {}     # an input line's text -> (answer, given): the same lines recur


def _fast_header(lines: list[str]):
    """The header as this program writes it (one JSON value a line), read without YAML; None
    for anything else (a hand-edited header then goes through the YAML reader)."""
    from ..yamlio import LDict
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


# A checkpoint exactly as RecordWriter writes it (anything else takes the general path below).
_CHECKPOINT = re.compile(r'- \{"check": (0|[1-9][0-9]{0,17}), "state": "([0-9a-f]{64})", "parts": "([0-9a-f]*)"\}')


def _parse_item(line: str, name: str, line_no: int):
    known = _INPUTS.get(line)
    if known is not None:
        return Input(known[0], known[1])
    m = _CHECKPOINT.fullmatch(line)
    if m is not None:
        return Checkpoint(int(m.group(1)), m.group(2), m.group(3), "")
    item = _parse_new_item(line, name, line_no)
    if isinstance(item, Input) and len(_INPUTS) < 100_000:
        _INPUTS[line] = (item.answer, item.given)
    return item


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
        return Checkpoint(turn, state, item.get("parts", ""), item.get("end", ""))
    given = item.pop("given", False)
    if given is not True and given is not False:
        raise FormatError([f"{name}:{line_no}: given is true or false, not {short(given)}"])
    if len(item) != 1:
        raise FormatError([f"{name}:{line_no}: an input has one kind, like {{roll: 4}}, not {short(body)}"])
    (kind, value), = item.items()
    if kind not in KINDS:
        raise FormatError([f"{name}:{line_no}: unknown input kind {short(kind)}"])
    try:
        answer = answer_from_step(kind, value)
    except ValueError as e:
        raise FormatError([f"{name}:{line_no}: {e}"]) from None
    return Input(answer, given)


def _check_header(h, name: str) -> Setup:
    def bad(what: str, line: int = 1):
        raise FormatError([f"{name}:{line}: {what}"])
    from ..yamlio import line_of
    if not isinstance(h, dict):
        bad(f"a record starts with a header mapping (format: {FORMAT}), not {type_name(h)}")
    if h.get("format") != FORMAT:
        bad(f"format: must be {FORMAT!r}, not {short(h.get('format'))}", line_of(h, "format") or 1)
    v = h.get("version")
    if v != VERSION:
        newer = isinstance(v, int) and not isinstance(v, bool) and v > VERSION
        bad(f"version: {short(v)}: " + ("a newer record format than this program reads (1)" if newer else "must be 1"),
            line_of(h, "version") or 1)
    for k in HEADER_KEYS:
        if k not in h:
            bad(f"{k}: missing from the header")
    for k in h:
        if k not in HEADER_KEYS:
            bad(f"{k}: unknown header key", line_of(h, k))
    for k in ("board", "ruleset", "data_hash", "program"):
        if not isinstance(h[k], str):
            bad(f"{k}: must be text, not {short(h[k])}", line_of(h, k))
    seed = h["seed"]
    if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64:
        bad(f"seed: must be a whole number 0..2^64-1, not {short(seed)}", line_of(h, "seed"))
    if not isinstance(h["options"], dict):
        bad(f"options: must be a mapping, not {short(h['options'])}", line_of(h, "options"))
    from ..games.towerdream.data import check_options
    from ..yamlio import Problems, Schema
    pr = Problems(name, FormatError)
    check_options(h["options"], "options", pr, Schema(pr))
    pr.raise_if_any()
    seats = h["seats"]
    if not isinstance(seats, list) or not 2 <= len(seats) <= 4 or not all(
            isinstance(s, dict) and {"name", "kind"} <= set(s) <= {"name", "kind", "colour"}
            and isinstance(s["name"], str) and isinstance(s["kind"], str)
            and (s.get("colour", 0) in (0, 1, 2, 3) and not isinstance(s.get("colour", 0), bool)) for s in seats):
        bad(f"seats: must be 2-4 of {{name, kind}} (and colour 0-3), not {short(seats)}", line_of(h, "seats"))
    start = h["start"]
    if start is not None and not isinstance(start, dict):
        bad(f"start: must be a scenario position or null, not {short(start)}", line_of(h, "start"))
    return Setup(seed, [s["name"] for s in seats], [s["kind"] for s in seats], dict(h["options"]),
                 _position_from_json(start) if start is not None else None,
                 {s["name"]: s["colour"] for s in seats if "colour" in s})


def _position_from_json(start: dict) -> dict:
    pos = dict(start)
    pos["lands"] = {k: tuple(v) for k, v in start.get("lands", {}).items()}
    return pos


# ---------------------------------------------------------------------- verify
@dataclass
class Verdict:
    path: str
    ok: bool
    turns: int
    message: str = ""
    divergence: Divergence | None = None


def _game_data(record: Record, force: bool, ruleset_cache: dict):
    h = record.header
    rs = ruleset_cache.get("ruleset") or ruleset_cache.setdefault("ruleset", load_ruleset())
    if h["ruleset"] != rs.id or not rs.plays_like(h["data_hash"]):
        if not force:
            from ..yamlio import line_of
            raise FormatError([f"{record.path}:{line_of(h, 'data_hash')}: made with other rules data "
                               f"({h['ruleset']} {h['data_hash']}; this program has {rs.id} {rs.data_hash}): "
                               f"use --force to play it anyway"])
    boards = ruleset_cache.setdefault("boards", {})
    if h["board"] not in boards:
        try:
            boards[h["board"]] = load_board(h["board"], rs)
        except DataError:
            raise FormatError([f"{record.path}:1: board {h['board']!r}: no such board here"]) from None
    return rs, boards[h["board"]]


def _start(record, rs, board):
    """The record's game before its first input; a header that gives no game is a FormatError."""
    try:
        return start_game(rs, board, record.setup)
    except (ValueError, KeyError, TypeError) as e:
        what = f"missing {e}" if isinstance(e, KeyError) else str(e)
        raise FormatError([f"{record.path}:1: the header does not give a game: {what}"]) from None


def verify_record(path, force: bool = False, cache: dict | None = None) -> Verdict:
    """Re-play a record from its header alone and check every checkpoint.

    Raises FormatError for a file that is not a valid record (or other rules data, unless
    ``force``)."""
    cache = cache if cache is not None else {}
    record = load_record(path)
    rs, board = _game_data(record, force, cache)
    game = _start(record, rs, board)
    div = replay(game, record.items)
    turns = sum(1 for i in record.items if isinstance(i, Checkpoint))
    if div is not None:
        return Verdict(record.path, False, turns, divergence=div)
    note = ""
    if record.cut:
        note = f"cut off after turn {game.turn - 1}"
    elif not record.finished:
        note = "unfinished"
    return Verdict(record.path, True, turns, note)


def format_divergence(path: str, d: Divergence) -> list[str]:
    out = [f"{path}:{d.line}: step {d.step}, turn {d.turn}: {d.what}"]
    if d.expected:
        out.append(f"  expected {d.expected}")
        out.append(f"  actual   {d.actual}")
    if d.parts:
        out.append(f"  parts that differ: {', '.join(d.parts)}")
    return out


def verify_paths(paths: list[str], force: bool, out, err) -> int:
    """``tdream replay verify``: exit 0 all agree, 1 a divergence, 2 a file that is not a record."""
    cache: dict = {}
    worst = 0
    for p in paths:
        try:
            v = verify_record(p, force, cache)
        except FormatError as e:
            for line in e.problems:
                print(line, file=err)
            worst = 2
            continue
        if v.ok:
            print(f"ok   {p}: {v.turns} turns" + (f" ({v.message})" if v.message else ""), file=out)
        else:
            print(f"DIFF {p}", file=out)
            for line in format_divergence(p, v.divergence):
                print(line, file=out)
            worst = max(worst, 1)
    return worst


# ---------------------------------------------------------------------- resume
def resume_record(path, players_for=None):
    """Re-play a record up to its last whole turn, to go on from there.

    Returns (record, game, kept text, note, players). ``players_for`` may give the CPU players, who
    are asked again for each of their recorded decisions so that their own state (their RNG)
    is where it was; it is called with the game and the record's seed.
    Raises FormatError if the record disagrees with itself or is finished."""
    record = load_record(path)
    rs, board = _game_data(record, False, {})
    game = _start(record, rs, board)
    items = record.whole_turns()
    players = players_for(game, record.setup.seed) if players_for else {}
    for step, item in enumerate(items, 1):
        if isinstance(item, Input):
            aw = game.awaiting()
            if aw is not None and aw.player >= 0 and aw.player in players:
                players[aw.player].choose(game)        # the CPU's own state moves on as before
        div = replay(game, [item])
        if div is not None:
            div.step = step
            raise FormatError(format_divergence(record.path, div))
    if game.over:
        raise FormatError([f"{record.path}:{items[-1].line}: the game is over ({game.over_reason}); nothing to resume"])
    last_line = items[-1].line if items else record.header_lines
    kept = "\n".join(record.lines[:last_line]) + "\n"
    note = record.cut_note if record.cut else ""
    return record, game, kept, note, players
