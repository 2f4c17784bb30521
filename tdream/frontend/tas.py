"""A TAS in the making (issue 38): a movie's frames, the machine at one of them, savestates in
slots, the greenzone of snapshots behind and ahead, branches, markers and the rerecord count.

Every frame is counted from power on: frame f (1, 2, ...) is stepped with ``inputs[f - 1]`` and
leaves the machine at ``frame == f``. Two modes, as BizHawk's:

- **recording** (``readonly`` False): ``advance(live)`` steps with the runner's pads and writes
  them into the movie at that frame; if the movie went on past it, the rest is cut off first and
  kept as a branch. Loading a savestate cuts the movie at the state's frame (the tail kept as a
  branch), puts the state's own input before it, and adds one to ``rerecords``.
- **read-only** (``readonly`` True): ``advance`` plays the movie's own input and ignores the
  pads; loading a savestate keeps the movie and goes on playing it from the state's frame. A
  state whose input differs from the movie's before its frame (from another branch, another
  movie) is refused ("bulletproof": each savestate carries the input up to its frame).

The greenzone: a snapshot (``savestate.Snapshot``) of the machine every ``DENSE`` frames near
the frame being worked on and every ``SPARSE`` frames everywhere the machine has passed, dropped
from the first frame whose input changes; going to any frame (``seek``, ``toggle``, a branch)
restores the nearest snapshot at or before it and re-runs from there, headless.

A lag frame is one whose step asked no pad anything (``TasButtons``: no press, repeat or hold was
read, Y's fast-forward included), so that no input on it could have changed anything.

The tools run the pure engine: a savestate pickles the machine, and mypyc's compiled classes
cannot be made without calling their ``__init__`` (``tdream play --tas`` starts itself again
with ``TDREAM_PURE=1`` when its engine is compiled). A movie plays the same either way.

The movie written (``write``) is an ordinary one (FORMATS.md section 4) with the rerecord count
and the author in its header; what only the TAS needs (branches, markers, the slots' frames)
goes to the TAS project file beside it, ``NAME.tdm.tas`` (FORMATS.md section 4).
"""
from __future__ import annotations

import bisect
import copy
import hashlib
import json
import os
import pickle
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from .. import __version__
from ..errors import FormatError
from ..native import compiled_loaded
from ..platform.record import write_atomic
from ..yamlio import read_text
from .constants import PADS
from .movie import (_RUN, CHECK_EVERY, MOVIE_DATE, PLAY_SETTINGS, BlankUser, FrameLines, check_movie, end_of,
                    first_game, load_movie, new_header, pad_bits, write_movie)
from .pads import Buttons, PadFrame
from .run import init_pygame, make_machine
from .savestate import Freezer, Snapshot
from .settings import Settings

PROJECT_FORMAT = "tdream-tas"
PROJECT_VERSION = 1
PROJECT_SUFFIX = ".tas"    # NAME.tdm.tas beside NAME.tdm
DENSE = 60                 # a snapshot every second near the frame being worked on ...
DENSE_SPAN = 3600          # ... within this many frames of it (a minute either side)
SPARSE = 600               # and every ten seconds everywhere else (the movie's checkpoints' frames)
SLOTS = range(1, 10)
NOTHING = PadFrame((0, 0, 0, 0), 0b0001)


class TasButtons(Buttons):
    """The pads as the machine reads them, noting whether a step asked anything of them."""

    def __init__(self) -> None:
        super().__init__()
        self._asked = False

    def press(self, pad: int, mask: int) -> bool:
        self._asked = True
        return super().press(pad, mask)

    def repeat(self, pad: int, mask: int) -> bool:
        self._asked = True
        return super().repeat(pad, mask)

    def hold(self, pad: int, mask: int) -> bool:
        self._asked = True
        return super().hold(pad, mask)

    def held_any(self, mask: int) -> bool:
        self._asked = True
        return super().held_any(mask)

    def any_press(self, mask: int) -> int:
        self._asked = True
        return super().any_press(mask)


def _counting(machine) -> None:
    """The machine's pads read through ``TasButtons`` (the same state)."""
    if isinstance(machine.buttons, TasButtons):
        return
    b = TasButtons()
    b.held, b.pressed, b.age, b.connected = machine.buttons.held, machine.buttons.pressed, machine.buttons.age, \
        machine.buttons.connected
    machine.buttons = b


@dataclass
class Slot:
    """A savestate: the frame, the movie's input up to it, and the machine there (None: rebuilt
    from the greenzone when loaded, as after the project file was read)."""
    frame: int
    inputs: tuple
    snapshot: Snapshot | None = None
    checks: dict = field(default_factory=dict)     # the movie's checkpoints up to its frame


@dataclass
class Branch:
    """Input a load or an edit cut off the movie: the frames that followed its first ``frame``
    frames then (brought back, they follow the movie's first ``frame`` frames again). Only the
    tail is kept: a runner's thousand loads cost their tails, not a thousand movies."""
    frame: int                     # where it parted from the movie
    inputs: tuple                  # the frames cut off, from frame + 1 on
    note: str = ""


@dataclass
class _Zone:
    """The greenzone: snapshots by frame, kept sorted."""
    frames: list[int] = field(default_factory=list)
    snaps: dict[int, Snapshot] = field(default_factory=dict)

    def put(self, snap: Snapshot) -> None:
        if snap.frame not in self.snaps:
            bisect.insort(self.frames, snap.frame)
        self.snaps[snap.frame] = snap

    def at_or_before(self, frame: int) -> Snapshot | None:
        i = bisect.bisect_right(self.frames, frame)
        return self.snaps[self.frames[i - 1]] if i else None

    def drop_after(self, frame: int) -> None:
        """Every snapshot of a frame after ``frame`` (its input changed at frame + 1)."""
        i = bisect.bisect_right(self.frames, frame)
        for f in self.frames[i:]:
            del self.snaps[f]
        del self.frames[i:]

    def thin(self, near: int) -> None:
        """Keep the dense snapshots near ``near`` and the sparse ones everywhere."""
        keep = [f for f in self.frames if f % SPARSE == 0 or abs(f - near) <= DENSE_SPAN]
        if len(keep) != len(self.frames):
            for f in set(self.frames) - set(keep):
                del self.snaps[f]
            self.frames = keep


class Tas:
    """A TAS in the making (the module's docstring)."""

    def __init__(self, seed: int, settings, inputs=(), author: str = "", rerecords: int = 0,
                 services=()) -> None:
        if compiled_loaded():
            raise RuntimeError("the TAS tools run the pure engine (savestates pickle the machine, which mypyc's "
                               "classes do not allow): start this process with TDREAM_PURE=1")
        self.seed = seed
        self.author = author
        self.rerecords = rerecords
        self.inputs: list[PadFrame] = list(inputs)
        self.readonly = bool(self.inputs)
        self.markers: dict[int, str] = {}
        self.branches: list[Branch] = []
        self.slots: dict[int, Slot] = {}
        self.message: str | None = None
        self.checks: dict[int, str] = {}          # frame -> the state hash's 16 hex (every SPARSE frames)
        self._lag = bytearray(1)                  # _lag[f]: frame f was a lag frame (index 0 unused)
        self.folder = BlankUser()
        run_settings = Settings(**{k: getattr(settings, k) for k in PLAY_SETTINGS})
        self.game = first_game(run_settings)
        run_settings.last = {**run_settings.last, "game": self.game}   # the title shows it at power on
        # the movie's header as at power on (the machine's settings change as it plays: the game
        # last chosen, its options)
        self.head = copy.deepcopy(new_header(seed, run_settings))
        if not pygame.display.get_init():       # headless (tests, bench); in the window, its display
            init_pygame(True)
        self.machine = make_machine(seed, run_settings, records=self.folder.db, record_dir=self.folder.record_dir,
                                    today=MOVIE_DATE, movie=True)
        _counting(self.machine)
        self.freezer = Freezer((self.machine.font, self.machine.art, self.machine.records, self.machine.reader,
                                *services), self.folder.root, self.folder.db)
        self.zone = _Zone()
        self.zone.put(self.freezer.take(self.machine))      # frame 0: power on

    # ---------------------------------------------------------------- where we are
    @property
    def frame(self) -> int:
        return self.machine.frame

    def lag(self, frame: int) -> bool:
        return 0 < frame < len(self._lag) and bool(self._lag[frame])

    @property
    def lag_count(self) -> int:
        return self._lag.count(1, 0, self.frame + 1)

    def press_preview(self) -> str | None:
        """What pressing A on this frame would give (the luck watch), when a press decides."""
        if not self.machine.stack:
            return None
        preview = getattr(self.machine.top, "press_preview", None)
        return preview(self.machine) if preview is not None else None

    # ---------------------------------------------------------------- stepping
    def _step(self, pads: PadFrame) -> None:
        m = self.machine
        b = m.buttons
        b._asked = False
        m.step(pads)
        f = m.frame
        if len(self._lag) <= f:
            self._lag.extend(bytes(f + 1 - len(self._lag)))
        self._lag[f] = 0 if b._asked else 1
        if f % CHECK_EVERY == 0:
            self.checks[f] = m.state_hash()[:16]

    def _remember(self) -> None:
        """A snapshot here when the greenzone wants one."""
        f = self.frame
        if f % DENSE == 0 and f not in self.zone.snaps:
            self._snap()
            if len(self.zone.frames) % 64 == 0:
                self.zone.thin(f)

    def advance(self, live: PadFrame) -> bool:
        """One frame (the module's docstring); False when nothing was stepped (``message`` says why)."""
        if self.machine.quit:
            self.message = "the game has quit: the movie ends here"
            return False
        f = self.frame
        if self.readonly:
            if f >= len(self.inputs):
                self.message = "end of the movie (read-only): switch to recording to go on"
                return False
            pads = self.inputs[f]
        else:
            pads = live
            self._cut(f)                        # recording over the movie: the rest kept as a branch
            self.inputs.append(pads)
        self._step(pads)
        self._remember()
        return True

    def _cut(self, frame: int) -> None:
        """The movie cut after ``frame`` frames: what went on is kept as a branch."""
        if len(self.inputs) > frame:
            self._keep_branch(frame, "cut at frame %d" % frame)
            del self.inputs[frame:]
            self._forget_after(frame)

    def _keep_branch(self, frame: int, note: str) -> None:
        """The movie's frames after ``frame`` kept as a branch (unless there are none, or the
        same branch is kept already)."""
        tail = tuple(self.inputs[frame:])
        if tail and not any(b.frame == frame and b.inputs == tail for b in self.branches):
            self.branches.append(Branch(frame, tail, note))

    def _forget_after(self, frame: int) -> None:
        """The input after ``frame`` changed: the greenzone and checkpoints past it go."""
        self.zone.drop_after(frame)
        for f in [f for f in self.checks if f > frame]:
            del self.checks[f]

    def _go(self, frame: int, valid: bool = True) -> None:
        """The machine at ``frame`` (<= len(inputs)): from the nearest snapshot at or before it,
        or on from here when that is nearer (``valid`` False: the machine here is not the movie's
        any more, its input changed before it)."""
        snap = self.zone.at_or_before(frame)
        if snap is None:                        # cannot happen: frame 0 is always kept
            raise RuntimeError("no snapshot at or before frame %d" % frame)
        if not valid or frame < self.frame or snap.frame > self.frame:
            self.machine = self.freezer.restore(snap)
        while self.frame < frame and not self.machine.quit:
            self._step(self.inputs[self.frame])
            f = self.frame
            if f % SPARSE == 0 and f not in self.zone.snaps:
                self._snap()
        if self.machine.quit and self.frame < len(self.inputs):     # no frame after the quit's in a movie
            self._keep_branch(self.frame, f"after the game quit at frame {self.frame}")
            del self.inputs[self.frame:]
            self.message = f"the game quits at frame {self.frame}: the movie ends there (the rest kept as a branch)"
        if self.frame % DENSE == 0 and self.frame not in self.zone.snaps:
            self._snap()
        self.zone.thin(self.frame)

    def seek(self, frame: int) -> None:
        """To any frame of the movie (0: power on)."""
        self._go(max(0, min(frame, len(self.inputs))))

    # ---------------------------------------------------------------- savestates
    def _snap(self) -> Snapshot | None:
        """A snapshot of the machine here, kept in the greenzone; None (and why in ``message``)
        when this screen holds what cannot be kept (``savestate``: a closure over state)."""
        try:
            snap = self.freezer.take(self.machine)
        except pickle.PicklingError as e:
            self.message = f"no savestate here: {e}"
            return None
        self.zone.put(snap)
        return snap

    def save(self, slot: int) -> bool:
        """The machine here in slot ``slot``; False when it cannot be kept here (``message``)."""
        self._check_slot(slot)
        try:
            snap = self.freezer.take(self.machine)
        except pickle.PicklingError as e:
            self.message = f"state {slot} not saved: {e}"
            return False
        self.slots[slot] = Slot(self.frame, tuple(self.inputs[:self.frame]), snap,
                                {f: h for f, h in self.checks.items() if f <= self.frame})
        self.message = f"state {slot} saved (frame {self.frame})"
        return True

    def _check_slot(self, slot: int) -> None:
        if slot not in SLOTS:
            raise ValueError(f"savestate slot {slot}: slots are 1-9")

    def load(self, slot: int) -> bool:
        self._check_slot(slot)
        s = self.slots.get(slot)
        if s is None:
            self.message = f"state {slot} is empty"
            return False
        ours = self.inputs[:s.frame]
        same = len(ours) == s.frame and tuple(ours) == s.inputs
        if self.readonly:
            if not same:
                differs = next((f + 1 for f, (a, b) in enumerate(zip(ours, s.inputs)) if a != b), len(ours) + 1)
                self.message = (f"state {slot} is from another branch or movie: its input differs from this "
                                f"movie's at frame {differs}; not loaded (read-only)")
                return False
        else:
            if not same:                        # another branch's state: its input becomes the movie's
                agree = self._agree(self.inputs, s.inputs)
                self._keep_branch(agree, "before loading state %d" % slot)
                self.inputs = list(s.inputs)
                self._forget_after(agree)
            else:
                self._cut(s.frame)
            self.rerecords += 1
        self.checks.update(s.checks)
        if s.snapshot is not None:
            self.machine = self.freezer.restore(s.snapshot)
            if self.frame % DENSE == 0:
                self.zone.put(s.snapshot)
        else:
            self._go(s.frame, valid=False)
            s.snapshot = self._snap()
        self.message = f"state {slot} loaded (frame {self.frame})"
        return True

    @staticmethod
    def _agree(a, b) -> int:
        """How many first frames two inputs share."""
        n = 0
        for x, y in zip(a, b):
            if x != y:
                break
            n += 1
        return n

    # ---------------------------------------------------------------- editing
    def toggle(self, frame: int, pad: int, button: int) -> None:
        """Flip ``button`` (0-11) of ``pad`` (0-3) on ``frame`` (1..len(inputs)), and re-run to
        the frame the runner was on (which pads are plugged in stays as recorded)."""
        if not 1 <= frame <= len(self.inputs):
            raise ValueError(f"frame {frame}: the movie has frames 1-{len(self.inputs)}")
        if not (0 <= pad < PADS and 0 <= button < 12):
            raise ValueError("pad 0-3, button 0-11")
        old = self.inputs[frame - 1]
        b = list(old.buttons)
        b[pad] ^= 1 << button
        self.set_input(frame, PadFrame((b[0], b[1], b[2], b[3]), old.connected))

    def set_input(self, frame: int, pads: PadFrame) -> None:
        """Frame ``frame``'s input made ``pads`` (what it was kept as a branch), and the game
        re-run to the frame the runner was on."""
        if not 1 <= frame <= len(self.inputs):
            raise ValueError(f"frame {frame}: the movie has frames 1-{len(self.inputs)}")
        if self.inputs[frame - 1] == pads:
            return
        here = self.frame
        self._keep_branch(frame - 1, f"before the edit at frame {frame}")
        self.inputs[frame - 1] = pads
        self._forget_after(frame - 1)
        if here >= frame:
            self._go(here, valid=False)

    def restore_branch(self, k: int) -> bool:
        """Branch ``k``'s frames after the movie's first ``frame`` frames again (what they
        replace kept as a branch in turn); False when the movie is shorter than that now."""
        if not 0 <= k < len(self.branches):
            raise ValueError(f"branch {k + 1}: there are {len(self.branches)}")
        b = self.branches[k]
        if b.frame > len(self.inputs):
            self.message = (f"branch {k + 1} follows frame {b.frame}: the movie has {len(self.inputs)} frames now "
                            f"(record up to it first)")
            return False
        del self.branches[k]
        here = self.frame
        new = self.inputs[:b.frame] + list(b.inputs)
        agree = self._agree(self.inputs, new)
        self._keep_branch(b.frame, "before branch %d was brought back" % (k + 1))
        self.inputs = new
        self._forget_after(agree)
        self._go(min(here, len(self.inputs)), valid=here <= agree)
        self.message = f"branch {k + 1} brought back ({len(self.inputs)} frames)"
        return True

    def mark(self, frame: int, note: str) -> None:
        if note:
            self.markers[frame] = note
        else:
            self.markers.pop(frame, None)

    # ---------------------------------------------------------------- files
    def whole(self) -> tuple[dict[int, str], dict, list[str]]:
        """The movie's checkpoints, end and games played, its last frame reached (the machine is
        brought back to where it was)."""
        here = self.frame
        for f in range(CHECK_EVERY, len(self.inputs) + 1, CHECK_EVERY):
            if f not in self.checks:            # a stretch never stepped since its input changed
                self._go(f, valid=f >= self.frame)
        self._go(len(self.inputs))
        n = self.frame
        end = end_of(n, self.machine.state_hash())
        games = list(self.machine.games_played) or [self.game]
        checks = {f: h for f, h in sorted(self.checks.items()) if f <= n}
        self._go(here)                          # back where the runner was (the greenzone's snapshot before it)
        return checks, end, games

    def write(self, path: str) -> None:
        """The movie at ``path`` (an ordinary one: it verifies from power on) and its TAS project
        at ``path + ".tas"``, each written atomically; the movie first."""
        checks, end, games = self.whole()
        write_movie(path, {**self.head, "author": self.author, "rerecords": self.rerecords}, self.inputs, checks, end,
                    games)
        write_atomic(Path(path + PROJECT_SUFFIX), self.project_text(Path(path).name))
        self.message = f"written: {path} ({len(self.inputs)} frames, {self.rerecords} rerecords)"

    def project_text(self, movie_name: str) -> str:
        """The TAS project (FORMATS.md section 4): what the movie does not hold."""
        head = {"format": PROJECT_FORMAT, "version": PROJECT_VERSION, "program": f"tdream {__version__}",
                "movie": movie_name, "movie_frames": inputs_digest(self.inputs), "frame": self.frame,
                "readonly": self.readonly, "markers": {str(f): n for f, n in sorted(self.markers.items())}}
        lines = [f"{k}: {v if k == 'format' else json.dumps(v)}" for k, v in head.items()]
        for b in self.branches:
            lines.append("branch: " + json.dumps({"frame": b.frame, "note": b.note, "frames": len(b.inputs)}))
            lines += frames_text(b.inputs)
        for k, sl in sorted(self.slots.items()):
            lines.append("slot: " + json.dumps({"slot": k, "frame": sl.frame,
                                                "checks": {str(f): h for f, h in sorted(sl.checks.items())}}))
            lines += frames_text(sl.inputs)
        return "\n".join(lines) + "\n"

    def read_project(self, path: str) -> None:
        """Branches, markers and slots from a TAS project file; FormatError naming the file, the
        line and the problem (nothing is taken from a bad one)."""
        text = read_text(path, FormatError)
        got = parse_project(path, text)
        if got["movie_frames"] != inputs_digest(self.inputs):
            raise FormatError([f"{path}:0: made for another {got['movie']} (its frames differ from the movie's): "
                               f"move it aside to open the movie alone"])
        self.markers = got["markers"]
        self.branches = got["branches"]
        self.slots = got["slots"]
        self.readonly = got["readonly"]
        self.seek(got["frame"])

    @classmethod
    def open(cls, path: str, services=()) -> "Tas":
        """A movie to go on with (read-only, at power on, or where its project left it), with the
        settings its header names; FormatError for a bad movie or project, or one made with other
        data."""
        movie = load_movie(path)
        check_movie(movie)
        if movie.user:
            raise FormatError([f"{path}:{movie.header and list(movie.header).index('user') + 1}: this movie starts on a "
                               f"user folder of its own (a netplay sitting's, {path}.user): the TAS tools start "
                               f"from a blank one"])
        settings = Settings(**movie.settings)
        settings.last = {**settings.last, "game": movie.game}     # the title shows the movie's game at power on
        tas = cls(movie.seed, settings, [PadFrame(b, c) for b, c in movie.frames()], author=movie.author,
                  rerecords=movie.rerecords, services=services)
        project = path + PROJECT_SUFFIX
        if os.path.exists(project):
            try:
                tas.read_project(project)
            except FormatError:
                tas.close()
                raise
        return tas

    def close(self) -> None:
        self.machine.close()
        self.folder.close()


def inputs_digest(inputs) -> str:
    """16 hex of the frames' sha256 (a project names the movie's frames it was made with)."""
    h = hashlib.sha256()
    for line in frames_text(inputs):
        h.update(line.encode() + b"\n")
    return h.hexdigest()[:16]


def parse_project(path: str, text: str) -> dict:
    """A TAS project's contents (``Tas.read_project``); FormatError on the first problem."""
    def bad(n: int, why: str) -> FormatError:
        return FormatError([f"{path}:{n}: {why}"])

    lines = text.split("\n")
    head: dict = {}
    n = 0
    while n < len(lines) and lines[n] and not lines[n].startswith(("branch: ", "slot: ")):
        key, sep, value = lines[n].partition(": ")
        n += 1
        if not sep:
            raise bad(n, f"expected 'key: value', not {lines[n - 1][:40]!r}")
        try:
            head[key] = value if key == "format" else json.loads(value)
        except ValueError:
            raise bad(n, f"{key}: not a JSON value") from None
    if head.get("format") != PROJECT_FORMAT:
        raise bad(1, f"not a TAS project (format {head.get('format')!r}, not {PROJECT_FORMAT})")
    if head.get("version") != PROJECT_VERSION:
        raise bad(2, f"TAS project version {head.get('version')!r}; this program reads version {PROJECT_VERSION}")
    for key, kind in (("movie", str), ("movie_frames", str), ("frame", int), ("readonly", bool), ("markers", dict)):
        if not isinstance(head.get(key), kind) or (kind is int and isinstance(head.get(key), bool)):
            raise bad(0, f"{key} missing or not a {kind.__name__}")
    markers = {}
    for f, note in head["markers"].items():
        if not f.isdigit() or not isinstance(note, str):
            raise bad(0, f"markers: {f!r}: a frame number and a note")
        markers[int(f)] = note
    branches: list[Branch] = []
    slots: dict[int, Slot] = {}
    while n < len(lines):
        line = lines[n]
        n += 1
        if not line:
            continue
        what, _, value = line.partition(": ")
        if what not in ("branch", "slot"):
            raise bad(n, f"expected a branch or slot line, not {line[:40]!r}")
        try:
            item = json.loads(value)
        except ValueError:
            raise bad(n, f"{what}: not a JSON value") from None
        if not isinstance(item, dict) or not isinstance(item.get("frame"), int) or item["frame"] < 0:
            raise bad(n, f"{what}: {{\"frame\": N, ...}} with a frame number >= 0")
        start = n
        inputs: list[PadFrame] = []
        while n < len(lines) and lines[n] and not lines[n].startswith(("branch: ", "slot: ")):
            run = _RUN.match(lines[n])
            n += 1
            if not run or int(run.group(1)) < 1:
                raise bad(n, f"not a frame run: {lines[n - 1][:50]!r}")
            pads = (pad_bits(run.group(2)), pad_bits(run.group(3)), pad_bits(run.group(4)), pad_bits(run.group(5)))
            frame = PadFrame(pads, int(run.group(6), 16))
            inputs.extend([frame] * int(run.group(1)))
        if what == "branch":
            if item.get("frames") != len(inputs) or not isinstance(item.get("note", ""), str):
                raise bad(start, f"branch: says {item.get('frames')} frames, its runs add up to {len(inputs)}")
            branches.append(Branch(item["frame"], tuple(inputs), item.get("note", "")))
        else:
            k = item.get("slot")
            checks = item.get("checks", {})
            if not isinstance(k, int) or k not in SLOTS or k in slots:
                raise bad(start, f"slot: {k!r} is not a free slot 1-9")
            if len(inputs) != item["frame"]:
                raise bad(start, f"slot {k}: at frame {item['frame']}, its runs add up to {len(inputs)}")
            if not isinstance(checks, dict) or not all(f.isdigit() and isinstance(h, str) for f, h in checks.items()):
                raise bad(start, f"slot {k}: checks must map frames to hashes")
            slots[k] = Slot(item["frame"], tuple(inputs), None, {int(f): h for f, h in checks.items()})
    return {**head, "markers": markers, "branches": branches, "slots": slots}


def frames_text(inputs) -> list[str]:
    """Frames as a movie's run lines (a project file's branches and slots)."""
    out = FrameLines()
    for f in inputs:
        out.add(f.buttons, f.connected)
    out.flush()
    return out.take().splitlines()
