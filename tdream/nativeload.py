"""Which build of a compiled module is loaded: the mypyc-compiled one only when it is fresh.

``tdream native`` (``tdream/native.py``) compiles the modules the platform and the games name
(``Program.native_modules``), puts each extension beside its source, and stamps the sources it
built from (``_native.json``: module -> sha256 of its ``.py``). ``select()`` runs when ``tdream``
is first imported and puts a finder ahead of Python's own: a module of ``tdream`` with an
extension beside its source is loaded from the extension only when the stamp names that module
with the hash of its source as it is now; otherwise (a source changed since, a build the stamp
does not know, or any with ``TDREAM_PURE=1``) its ``.py`` source is loaded, so an edit always
takes effect. The finder knows no list of modules and no game: it reads the stamp and hashes a
source only for a module that has an extension; it starts no process and touches nothing else
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
STAMP = Path(os.environ.get("TDREAM_NATIVE_STAMP") or TOP / "_native.json")   # the variable: for tests
EXTENSIONS = (".so", ".pyd")


def source(module: str) -> Path:
    """The ``.py`` file of a module of tdream (``tdream.rng`` -> tdream/rng.py)."""
    return TOP.joinpath(*module.split(".")[1:]).with_suffix(".py")


def source_hash(module: str) -> str:
    return hashlib.sha256(source(module).read_bytes()).hexdigest()


def builds(module: str) -> list[Path]:
    """The extension files of a module's build: the module and its mypyc runtime (``name__mypyc``)."""
    path = source(module)
    stem = path.stem
    try:
        names = os.listdir(path.parent)
    except OSError:
        return []
    return sorted(path.parent / n for n in names
                  if n.startswith((f"{stem}.", f"{stem}__mypyc.")) and n.endswith(EXTENSIONS))


def stamp(path: Path | None = None) -> dict:
    """The stamp: {module: sha256 of the source it was built from}; {} when there is none."""
    try:
        data = json.loads((path or STAMP).read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


class Fresh:
    """A finder ahead of Python's own: for a module of ``package`` that has an extension beside
    its source, the source's spec unless the stamp says the extension was built from that source
    as it is now (None: Python's own finder then loads the extension, or a module without one)."""

    def __init__(self, package: str = "tdream", stamp_path: Path | None = None, pure: bool = False) -> None:
        self.prefix = package + "."
        self.stamp_path = stamp_path
        self.pure = pure
        self._listed: dict[str, tuple[int, frozenset[str]]] = {}   # folder -> (mtime, stems with an extension)

    def _extended(self, folder: str) -> frozenset[str]:
        try:
            mtime = os.stat(folder).st_mtime_ns
        except OSError:
            return frozenset()
        known = self._listed.get(folder)
        if known is None or known[0] != mtime:          # a build since: the folder's time changed
            try:
                names = os.listdir(folder)
            except OSError:
                names = []
            stems = frozenset(n.split(".", 1)[0] for n in names if n.endswith(EXTENSIONS) and "." in n)
            known = self._listed[folder] = (mtime, stems)
        return known[1]

    def find_spec(self, fullname: str, path=None, target=None):
        if path is None or not fullname.startswith(self.prefix):
            return None
        stem = fullname.rpartition(".")[2]
        for folder in path:
            src = Path(folder) / f"{stem}.py"
            if stem in self._extended(str(folder)) and src.is_file():
                if self.pure or stamp(self.stamp_path).get(fullname) != hashlib.sha256(src.read_bytes()).hexdigest():
                    return importlib.util.spec_from_file_location(fullname, src)
                return None
        return None


def select() -> None:
    """Have the pure-Python source of any compiled module of tdream that is stale (or of all of
    them with TDREAM_PURE=1) imported instead of its build, whenever it is imported."""
    if not any(isinstance(f, Fresh) for f in sys.meta_path):
        sys.meta_path.insert(0, Fresh(pure=bool(os.environ.get("TDREAM_PURE"))))
