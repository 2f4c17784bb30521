"""The engine's hot modules compiled with mypyc: optional, and never stale.

``tdream native`` compiles ``tdream/engine/rng.py`` and ``game.py`` with mypyc (from the
``native`` extra: ``pip install -e '.[native]'``; it needs a C compiler) and puts the extension
modules beside the sources, with a stamp of the sources they were built from. It never fails: with
no mypyc, no compiler or a failed build it says so in one line and the engine stays pure Python.

``guard()`` runs first thing when ``tdream.engine`` is imported: a compiled module whose source has changed since
(or any, with ``TDREAM_PURE=1``) is passed over and the ``.py`` source loaded instead, so an edit
to the engine always takes effect. The compiled engine plays exactly the same games (the test suite
runs against whichever is in use; a test compares the two).
"""
from __future__ import annotations

import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ENGINE = Path(__file__).resolve().parent / "engine"
MODULES = ("rng", "game")            # rng first: game imports it
STAMP = Path(os.environ.get("TDREAM_NATIVE_STAMP") or ENGINE / "_native.json")   # the variable: for tests


def _source_hash(name: str) -> str:
    return hashlib.sha256((ENGINE / f"{name}.py").read_bytes()).hexdigest()


def _compiled(name: str) -> list[Path]:
    return sorted(p for p in ENGINE.iterdir()
                  if p.name.startswith((f"{name}.", f"{name}__mypyc.")) and p.suffix in (".so", ".pyd"))


def _stamp() -> dict:
    try:
        return json.loads(STAMP.read_text())
    except (OSError, ValueError):
        return {}


def guard() -> None:
    """Load the pure-Python source of any compiled engine module that is stale (or all of them
    with TDREAM_PURE=1), before anything imports the engine."""
    stamp = None
    for name in MODULES:
        if not any(p.name.startswith(f"{name}.") for p in _compiled(name)):
            continue
        if stamp is None:
            stamp = _stamp()
        if os.environ.get("TDREAM_PURE") or stamp.get(name) != _source_hash(name):
            full = f"tdream.engine.{name}"
            spec = importlib.util.spec_from_file_location(full, ENGINE / f"{name}.py")
            module = importlib.util.module_from_spec(spec)
            sys.modules[full] = module
            spec.loader.exec_module(module)


def engine_kind() -> str:
    """``compiled`` when the engine's game module is the mypyc build, else ``python``."""
    from .engine import game
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
    for name in MODULES:
        _clean(name)
        with tempfile.TemporaryDirectory(prefix="tdream-native-") as tmp:
            shutil.copytree(ENGINE.parent, Path(tmp) / "tdream",
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native.json"))
            Path(tmp, "mypy.ini").write_text("[mypy]\nignore_errors = True\n")
            source = _source_hash(name)
            run = subprocess.run([sys.executable, "-c", "from mypyc.__main__ import main; main()",
                                  f"tdream/engine/{name}.py"], cwd=tmp, capture_output=True, text=True)
            built = sorted((Path(tmp) / "tdream" / "engine").glob(f"{name}*.so")) + \
                sorted((Path(tmp) / "tdream" / "engine").glob(f"{name}*.pyd"))
            if run.returncode != 0 or not built:
                last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
                print(f"tdream.native: building {name} failed ({last[0]}); the engine stays pure Python", file=out)
                for other in MODULES:
                    _clean(other)
                if STAMP.exists():
                    STAMP.unlink()
                return 0
            for p in built:
                shutil.copy2(p, ENGINE / p.name)
            stamp[name] = source
    tmp_stamp = STAMP.with_suffix(".tmp")
    tmp_stamp.write_text(json.dumps(stamp, indent=1))
    os.replace(tmp_stamp, STAMP)
    print(f"tdream.native: compiled {', '.join(MODULES)} with mypyc", file=out)
    return 0


