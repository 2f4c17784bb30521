"""Savestates: the machine frozen at a frame, brought back exactly (issue 38).

A ``Snapshot`` is the machine pickled (every scene, prompt, menu and text box as it is: the
logic's state and its ``_`` drawing caches alike) together with what the machine keeps outside
itself: its user folder (a movie's blank one: the records database and the saved games) and
the matches of the games being played. Three kinds of object are not pickled:

- services the window made once (the font, the sprite sheets, the pad reader, the records
  database's connection) and pictures (``pygame.Surface``, drawing caches only: never state) are
  kept by reference and handed back as they are;
- a game's match is kept as ``match.copy()`` (every game's engine copies itself exactly and
  cheaply, sharing its immutable tables: a sheet's drawings, a board) and each
  restore makes a fresh copy of that copy, so a snapshot loaded ten times runs on the same way
  ten times;
- an open file (a game record being written as the game goes) is kept by its path and opened
  again for appending once the folder's files are back as they were.

``restore`` returns a new machine whose ``state_hash()`` equals the one taken when the snapshot
was made (``Snapshot.hash``); the live machine is left to be dropped.
"""
from __future__ import annotations

import io
import os
import pickle
import sys
import types
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pygame

from ..frozen import KEPT
from ..platform import registry
from .frontends import frontend_of

@dataclass(frozen=True)
class Folder:
    """A user folder's contents: the records database's bytes and every other file's."""
    db: bytes | None
    files: tuple[tuple[str, bytes], ...]
    sign: tuple


@dataclass(frozen=True)
class Snapshot:
    frame: int
    blob: bytes                      # the machine, pickled
    matches: tuple                   # the matches' copies (restored by copying again)
    shared: tuple                    # services and pictures, by reference
    folder: Folder | None
    hash: str                        # the machine's state hash when it was taken


_PLAIN = {int, str, float, bool, type(None), list, dict, tuple, bytes, set, frozenset}
# Kept as they are: pictures (drawing caches, never state) and functions (code: a lambda a screen
# keeps, such as a set-up's style words, is not state either; a bound method is pickled as its
# object and name, and so follows its object). A function that closes over values is refused: what
# it holds would stay the live machine's.
_BY_REFERENCE = {pygame.Surface, types.FunctionType, types.BuiltinFunctionType}
_COPIES_ITSELF: dict[type, bool] = {}     # a match class -> whether its copy() is one of its kind


class _Pickler(pickle.Pickler):
    def __init__(self, file, services: dict[int, object]) -> None:
        super().__init__(file, protocol=pickle.HIGHEST_PROTOCOL)
        self.services = services
        self.shared: list = []
        self.shared_at: dict[int, int] = {}
        self.matches: list = []
        self.match_at: dict[int, int] = {}

    def persistent_id(self, obj):
        t = type(obj)
        if t in _PLAIN and id(obj) not in KEPT:
            return None
        if t is types.FunctionType and obj.__closure__:
            raise pickle.PicklingError(f"a savestate cannot keep {obj.__module__}.{obj.__qualname__}: a function that "
                                       f"closes over values (state kept by it would not be restored); make it a "
                                       f"bound method")
        if id(obj) in self.services or id(obj) in KEPT or t in _BY_REFERENCE:
            k = self.shared_at.get(id(obj))
            if k is None:
                k = self.shared_at[id(obj)] = len(self.shared)
                self.shared.append(obj)
            return ("s", k)
        if isinstance(obj, io.IOBase):
            return ("closed", "") if obj.closed else ("f", str(getattr(obj, "name", "")))
        if _COPIES_ITSELF.get(t, True) and hasattr(t, "awaiting") and hasattr(t, "fingerprint") and hasattr(t, "copy"):
            k = self.match_at.get(id(obj))
            if k is None:
                copy = obj.copy()
                _COPIES_ITSELF[t] = type(copy) is t   # a seat's view copies to the whole match: pickled
                if type(copy) is not t:                # field by field instead, its match by copy
                    return None
                k = self.match_at[id(obj)] = len(self.matches)
                self.matches.append(copy)
            return ("m", k)
        return None


class _Unpickler(pickle.Unpickler):
    def __init__(self, file, snap: Snapshot) -> None:
        super().__init__(file)
        self.snap = snap
        self.copies: dict[int, object] = {}

    def persistent_load(self, pid):
        kind, key = pid
        if kind == "s":
            return self.snap.shared[key]
        if kind == "m":
            got = self.copies.get(key)
            if got is None:
                got = self.copies[key] = self.snap.matches[key].copy()
            return got
        if kind == "f":
            return open(key, "a", encoding="utf-8")
        if kind == "closed":
            f = io.StringIO()
            f.close()
            return f
        raise pickle.UnpicklingError(f"unknown persistent id {pid!r}")


@contextmanager
def _deep():
    """Pickling a machine goes deep (scenes, prompts, menus, a match's views): room for it."""
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 20000))
    try:
        yield
    finally:
        sys.setrecursionlimit(limit)


class Freezer:
    """Takes and restores snapshots of one sitting's machines (the services they share are named
    once: ``services``); keeps the user folder's last contents so that a snapshot taken while
    nothing was saved shares them."""

    def __init__(self, services=(), root: str | None = None, db=None) -> None:
        games = [registry.get(g) for g in registry.ids()]          # the games and their front ends: code
        fronts = [frontend_of(g.id) for g in games]
        self.services = {id(s): s for s in (*services, *games, *fronts) if s is not None}
        self.root = root                 # the user folder: its files (None: none kept)
        self.db = db                     # the records database (RecordsDB or None)
        self._folder: Folder | None = None

    # ---------------------------------------------------------------- the user folder
    def _files(self):
        """Every file of the user folder but the records database's own (and its journal)."""
        if self.root is None:
            return
        skip = Path(self.db.path).name if self.db is not None else "\0"
        for base, _dirs, names in os.walk(self.root):
            for name in names:
                if not name.startswith(skip):
                    yield os.path.join(base, name)

    def _sign(self) -> tuple:
        """What changes when the folder does: the database's changes, each file's size and time."""
        changes = self.db.db.total_changes if self.db is not None else 0
        files = []
        for p in self._files():
            st = os.stat(p)
            files.append((p, st.st_size, st.st_mtime_ns))
        return (changes, tuple(sorted(files)))

    def folder(self) -> Folder | None:
        if self.root is None and self.db is None:
            return None
        sign = self._sign()
        if self._folder is not None and self._folder.sign == sign:
            return self._folder
        db = self.db.db.serialize() if self.db is not None else None
        files = tuple((p, Path(p).read_bytes()) for p, _size, _mtime in sign[1])
        self._folder = Folder(db, files, sign)
        return self._folder

    def put_folder(self, folder: Folder | None) -> None:
        if folder is None:
            return
        if self.db is not None and folder.db is not None:
            self.db.db.deserialize(folder.db)
        keep = {p for p, _ in folder.files}
        for p in list(self._files()):
            if p not in keep:
                os.remove(p)
        for p, data in folder.files:
            os.makedirs(os.path.dirname(p), exist_ok=True)
            try:
                if Path(p).read_bytes() == data:
                    continue
            except OSError:
                pass
            Path(p).write_bytes(data)
        self._folder = None

    # ---------------------------------------------------------------- the machine
    def take(self, machine) -> Snapshot:
        buf = io.BytesIO()
        p = _Pickler(buf, self.services)
        with _deep():
            p.dump(machine)
        return Snapshot(machine.frame, buf.getvalue(), tuple(p.matches), tuple(p.shared), self.folder(),
                        machine.state_hash())

    def restore(self, snap: Snapshot):
        """A machine as it was when ``snap`` was taken (the user folder made as it was)."""
        self.put_folder(snap.folder)
        with _deep():
            return _Unpickler(io.BytesIO(snap.blob), snap).load()
