"""The hot modules compiled with mypyc: optional, and never stale (the build; loading is
``tdream/nativeload.py``).

``tdream native`` compiles ``tdream/rng.py`` and Tower Dream's ``rules/game.py`` with mypyc (from the
``native`` extra: ``pip install -e '.[native]'``; it needs a C compiler) and puts the extension
modules beside the sources, with a stamp of the sources they were built from. It never fails: with
no mypyc, no compiler or a failed build it says so in one line and the engine stays pure Python.

``nativeload.select()`` runs first thing when ``tdream`` is imported: a compiled module whose source
has changed since (or any, with ``TDREAM_PURE=1``) is passed over and its ``.py`` source loaded
instead, so an edit always takes effect. The compiled engine plays exactly the same games (the
test suite runs against whichever is in use; a test compares the two).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from .nativeload import MODULES, STAMP, TOP, compiled as _compiled, source, source_hash as _source_hash, stamp as _stamp


def engine_kind() -> str:
    """``compiled`` when the engine's game module is the mypyc build, else ``python``."""
    from .games.towerdream.rules import game
    return "compiled" if not game.__file__.endswith(".py") else "python"


def _clean(name: str) -> None:
    for p in _compiled(name):
        p.unlink()


def up_to_date() -> bool:
    """Every module compiled, from the sources as they are now (nothing to do)."""
    stamp = _stamp()
    return all(_compiled(name) and stamp.get(name) == _source_hash(name) for name in MODULES)


def build(out=sys.stdout) -> int:
    """Compile the engine modules; exit status 0 whatever happens (the engine works either way)."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        print("tdream.native: mypyc is not installed (pip install -e '.[native]'); the engine stays pure Python",
              file=out)
        return 0
    if not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")):
        print("tdream.native: no C compiler found; the engine stays pure Python", file=out)
        return 0
    if up_to_date():
        print(f"tdream.native: {', '.join(MODULES)} already compiled from these sources", file=out)
        return 0
    stamp = {}
    for name, full in MODULES.items():
        _clean(name)
        rel = source(name).relative_to(TOP.parent)
        with tempfile.TemporaryDirectory(prefix="tdream-native-") as tmp:
            shutil.copytree(TOP, Path(tmp) / "tdream",
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native.json"))
            Path(tmp, "mypy.ini").write_text("[mypy]\nignore_errors = True\n")
            src = _source_hash(name)
            run = subprocess.run([sys.executable, "-c", "from mypyc.__main__ import main; main()", str(rel)],
                                 cwd=tmp, capture_output=True, text=True)
            out_dir = Path(tmp) / rel.parent
            built = sorted(out_dir.glob(f"{rel.stem}*.so")) + sorted(out_dir.glob(f"{rel.stem}*.pyd"))
            if run.returncode != 0 or not built:
                last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
                print(f"tdream.native: building {name} failed ({last[0]}); the engine stays pure Python", file=out)
                for other in MODULES:
                    _clean(other)
                if STAMP.exists():
                    STAMP.unlink()
                return 0
            for p in built:
                shutil.copy2(p, source(name).parent / p.name)
            stamp[name] = src
    tmp_stamp = STAMP.with_suffix(".tmp")
    tmp_stamp.write_text(json.dumps(stamp, indent=1))
    os.replace(tmp_stamp, STAMP)
    print(f"tdream.native: compiled {', '.join(MODULES)} with mypyc", file=out)
    return 0


