"""The hot modules compiled with mypyc: optional, never stale, never in the way (the build;
loading is ``tdream/nativeload.py``).

``tdream native`` compiles the platform's own hot modules (``PLATFORM``: the RNG, the drive loop
and the records) and those each game names (``Program.native_modules``: its hot rules) with mypyc
(from the ``native`` extra: ``pip install -e '.[native]'``; it needs a C compiler) and puts the
extension modules beside the sources, with a stamp of the sources they were built from. It never
fails: with no mypyc or no compiler it says so in one line and the engine stays pure Python; a
module whose build fails is named and stays pure Python, the others compiled all the same.

``tdream native --background`` starts the same build in a process of its own (detached, at low
priority, its output in ``_native.log``) and returns at once, so that the game starts on pure
Python straight away; a build holds ``_native.lock`` (its process id) while it runs, and the
title says while it is built and when it is ready (``notice``): the next start uses it.

``nativeload.select()`` runs first thing when ``tdream`` is imported: a compiled module whose source
has changed since (or any, with ``TDREAM_PURE=1``) is passed over and its ``.py`` source loaded
instead, so an edit always takes effect. The compiled engine plays exactly the same games (the
test suite runs against whichever is in use; a test compares the two).
"""
from __future__ import annotations

import importlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .nativeload import STAMP, TOP, builds, source, source_hash, stamp
from .platform import registry

# The platform's own, built first (the games' modules import the RNG): the RNG, the drive loop
# (``Session``: next, give, the fast path of run) and the records (reading, ``Replay``, verify).
PLATFORM = ("tdream.rng", "tdream.platform.session", "tdream.platform.record", "tdream.platform.replay")
LOCK = STAMP.with_suffix(".lock")   # a build running: its process id
LOG = STAMP.with_suffix(".log")     # the background build's output


def modules() -> tuple[str, ...]:
    """Every module ``tdream native`` compiles: the platform's, then each registered game's
    ``program.native_modules`` (in the registry's order, each once)."""
    out = list(PLATFORM)
    for gid in registry.ids():
        out += [m for m in registry.get(gid).program.native_modules if m not in out]
    return tuple(out)


def engine_kind() -> str:
    """``compiled`` when every module of ``modules()`` is loaded from its mypyc build, else ``python``."""
    compiled = [not (importlib.import_module(m).__file__ or "").endswith(".py") for m in modules()]
    return "compiled" if compiled and all(compiled) else "python"


def compiled_loaded(load: bool = False) -> bool:
    """Whether any module this process has loaded is a mypyc build (``load``: importing them
    first). The TAS tools then start again on the pure engine: their savestates pickle the
    machine, and mypyc's classes cannot be made without calling their ``__init__``."""
    mods = [importlib.import_module(m) if load else sys.modules.get(m) for m in modules()]
    return any(not (getattr(m, "__file__", None) or ".py").endswith(".py") for m in mods)


def _clean(module: str) -> None:
    for p in builds(module):
        p.unlink()


def up_to_date(mods: tuple[str, ...] | None = None) -> bool:
    """Every module compiled, from the sources as they are now (nothing to do)."""
    known = stamp()
    return all(builds(m) and known.get(m) == source_hash(m) for m in (mods or modules()))


def _cannot_build() -> str | None:
    """Why no build can be made here (no mypyc, no C compiler), or None."""
    try:
        import mypyc  # noqa: F401
    except ImportError:
        return "mypyc is not installed (pip install -e '.[native]'); the engine stays pure Python"
    if not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")):
        return "no C compiler found; the engine stays pure Python"
    return None


# ---------------------------------------------------------------- one build at a time
def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return True
    if os.name == "nt":                  # os.kill would end it there: a lock younger than 15 minutes counts
        try:
            return time.time() - LOCK.stat().st_mtime < 900
        except OSError:
            return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:              # someone else's process: alive
        return True
    return True


def builder() -> int | None:
    """The process id of the build running now, or None (a lock left by a build that died is none)."""
    try:
        pid = int(LOCK.read_text().strip() or 0)
    except (OSError, ValueError):
        return None
    return pid if pid > 0 and _alive(pid) else None


def _take_lock() -> bool:
    """Hold the lock for this process; False when another build holds it."""
    for _ in range(2):
        try:
            fd = os.open(LOCK, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o644)
        except FileExistsError:
            if builder() is not None:
                return False
            try:                         # a dead build's lock
                LOCK.unlink()
            except FileNotFoundError:
                pass
            continue
        with os.fdopen(fd, "w") as f:
            f.write(str(os.getpid()))
        return True
    return False


def _drop_lock() -> None:
    if builder() == os.getpid():
        LOCK.unlink()


# ---------------------------------------------------------------- the build
def build(out=sys.stdout, mods: tuple[str, ...] | None = None, compile=None) -> int:
    """Compile the modules (``modules()``); exit status 0 whatever happens (the engine works either
    way). A build already running is waited for. ``compile(module, folder)`` makes the extension
    files of one module in a copy of the tree (``_mypyc``; tests give another)."""
    mods = mods or modules()
    why = _cannot_build() if compile is None else None
    if why:
        print(f"tdream.native: {why}", file=out)
        return 0
    try:
        while not _take_lock():
            running = builder()
            if running is not None:
                print(f"tdream.native: waiting for the build already running (process {running})", file=out,
                      flush=True)
            while builder() is not None:
                time.sleep(0.5)
        try:
            return _build(out, mods, compile or _mypyc)
        finally:
            _drop_lock()
    except OSError as e:                # a folder it may not write to: the engine stays as it is
        print(f"tdream.native: {e.filename or ''}: {e.strerror or e}; the engine stays pure Python", file=out)
        return 0


def _build(out, mods: tuple[str, ...], compile) -> int:
    if up_to_date(mods):
        print(f"tdream.native: {', '.join(mods)} already compiled from these sources", file=out)
        return 0
    done = {k: v for k, v in stamp().items() if k in mods}
    for gone in [k for k in stamp() if k not in mods and k.startswith("tdream.")]:
        try:                                            # a module no longer named: its build goes
            _clean(gone)
        except OSError:
            pass
    failed: list[str] = []
    for module in mods:
        src = source_hash(module)
        if builds(module) and done.get(module) == src:
            continue                                    # this one is fresh already
        _clean(module)
        done.pop(module, None)
        _write_stamp(done)
        with tempfile.TemporaryDirectory(prefix="tdream-native-") as tmp:
            shutil.copytree(TOP, Path(tmp) / "tdream",
                            ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd", "_native.*"))
            built, problem = compile(module, Path(tmp))
            if problem or not built:     # this one stays pure Python; the others are built all the same
                print(f"tdream.native: building {module} failed ({problem or 'no output'}); it stays "
                      f"pure Python", file=out, flush=True)
                failed.append(module)
                continue
            for p in built:                             # a new file each (a running game keeps its own)
                dest = source(module).parent / p.name
                shutil.copy2(p, dest.with_name(dest.name + ".tmp"))
                os.replace(dest.with_name(dest.name + ".tmp"), dest)
        done[module] = src
        _write_stamp(done)
    if not failed:
        print(f"tdream.native: compiled {', '.join(mods)} with mypyc", file=out)
    elif len(failed) < len(mods):
        print(f"tdream.native: compiled {', '.join(m for m in mods if m not in failed)} with mypyc; "
              f"{', '.join(failed)} stay{'s' if len(failed) == 1 else ''} pure Python", file=out)
    return 0


def _write_stamp(data: dict) -> None:
    tmp = STAMP.with_suffix(".tmp")
    tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
    os.replace(tmp, STAMP)


def _mypyc(module: str, tree: Path) -> tuple[list[Path], str]:
    """mypyc on one module in ``tree`` (a copy of tdream's folder's parent): its extension files,
    or why not (the compiler's last line)."""
    rel = source(module).relative_to(TOP.parent)
    (tree / "mypy.ini").write_text("[mypy]\nignore_errors = True\n")
    run = subprocess.run([sys.executable, "-c", "from mypyc.__main__ import main; main()", str(rel)],
                         cwd=tree, capture_output=True, text=True)
    folder = tree / rel.parent
    built = sorted(p for p in folder.iterdir() if p.name.startswith((f"{rel.stem}.", f"{rel.stem}__mypyc."))
                   and p.suffix in (".so", ".pyd"))
    if run.returncode != 0:
        last = (run.stderr or run.stdout).strip().splitlines()[-1:] or ["no output"]
        return [], last[0]
    return built, ""


# ---------------------------------------------------------------- in the background
def start_background(out=sys.stdout, argv: list[str] | None = None) -> int:
    """Start the build in a detached process of its own (low priority, its output in ``LOG``) and
    return at once (exit status 0); nothing to start when the build is fresh, running already, or
    cannot be made here (each said in one line). ``argv``: the command to start (tests)."""
    why = _cannot_build() if argv is None else None
    if why:
        print(f"tdream.native: {why}", file=out)
        return 0
    if argv is None and up_to_date():
        print("tdream.native: the compiled engine is fresh", file=out)
        return 0
    running = builder()
    if running is not None:
        print(f"tdream.native: the engine is being compiled already (process {running})", file=out)
        return 0
    argv = argv or [sys.executable, "-m", "tdream", "native"]
    try:
        with open(LOG, "w") as log:
            if sys.platform == "win32":
                flags = subprocess.CREATE_NEW_PROCESS_GROUP | subprocess.DETACHED_PROCESS | \
                    subprocess.BELOW_NORMAL_PRIORITY_CLASS
                proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                        creationflags=flags)
            else:
                proc = subprocess.Popen(argv, stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT,
                                        start_new_session=True, preexec_fn=lambda: os.nice(10))
    except OSError as e:
        print(f"tdream.native: {e.filename or ''}: {e.strerror or e}; the engine stays pure Python", file=out)
        return 0
    print(f"tdream.native: compiling the engine in the background (process {proc.pid}, output in {LOG}); "
          f"the game runs pure Python until it is done, and compiled from the next start", file=out)
    return 0


def notice() -> str | None:
    """The title's line on the compiled engine (English; the front end translates it): while a
    build runs, and once a build is fresh that this process does not run (the next start will);
    None otherwise (compiled already, ``TDREAM_PURE``, no build, a build that failed)."""
    if os.environ.get("TDREAM_PURE"):
        return None
    if builder() is not None:
        return "Compiling a faster engine in the background"
    loaded = [m for m in stamp() if m in sys.modules]
    if any((sys.modules[m].__file__ or "").endswith(".py") for m in loaded) and up_to_date():
        return "Faster engine ready: restart to use it"
    return None
