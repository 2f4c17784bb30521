"""Which build of the hot modules is loaded: the mypyc-compiled one only when it is fresh.

``tdream native`` (``tdream/native.py``) compiles ``tdream/rng.py`` and Tower Dream's
``rules/game.py`` and stamps the sources it built from. ``select()`` runs when ``tdream`` is first
imported, before either module is: a compiled module whose source has changed since (or any, with
``TDREAM_PURE=1``) is passed over and its ``.py`` source loaded instead, so an edit always takes
effect. It reads the stamp and hashes two sources; it starts no process and touches nothing else
(the compiler lives in ``tdream/native.py``, imported only to build).
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import sys
from pathlib import Path

TOP = Path(__file__).resolve().parent
MODULES = {"rng": "tdream.rng", "game": "tdream.games.towerdream.rules.game"}    # rng first: game imports it
STAMP = Path(os.environ.get("TDREAM_NATIVE_STAMP") or TOP / "_native.json")   # the variable: for tests


def source(name: str) -> Path:
    return TOP.joinpath(*MODULES[name].split(".")[1:]).with_suffix(".py")


def source_hash(name: str) -> str:
    return hashlib.sha256(source(name).read_bytes()).hexdigest()


def compiled(name: str) -> list[Path]:
    """The extension files of a module's build (the module and its mypyc runtime)."""
    path = source(name)
    stem = path.stem
    return sorted(p for p in path.parent.iterdir()
                  if p.name.startswith((f"{stem}.", f"{stem}__mypyc.")) and p.suffix in (".so", ".pyd"))


def stamp() -> dict:
    try:
        return json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}


class _Source:
    """A finder that gives the ``.py`` source of the modules it names, ahead of their builds."""

    def __init__(self, names: set[str]) -> None:
        self.names = names

    def find_spec(self, fullname: str, path=None, target=None):
        if fullname not in self.names:
            return None
        name = next(k for k, v in MODULES.items() if v == fullname)
        return importlib.util.spec_from_file_location(fullname, source(name))


def select() -> None:
    """Have the pure-Python source of any compiled module that is stale (or of all of them with
    TDREAM_PURE=1) imported instead of its build, whenever it is imported."""
    known = None
    stale = set()
    for name, full in MODULES.items():
        if full in sys.modules or not any(p.name.startswith(f"{source(name).stem}.") for p in compiled(name)):
            continue
        if known is None:
            known = stamp()
        if os.environ.get("TDREAM_PURE") or known.get(name) != source_hash(name):
            stale.add(full)
    if stale:
        sys.meta_path.insert(0, _Source(stale))
