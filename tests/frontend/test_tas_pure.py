"""The TAS tools' tests on the pure engine, from a process whose engine is compiled (CI builds
it): savestates pickle the machine, which mypyc's classes do not allow, so ``tdream play --tas``
runs on the pure engine and so do its tests."""
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tdream.native import compiled_loaded

FILES = ("test_tas.py", "test_tas_window.py", "test_press_preview.py")
ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.skipif(not compiled_loaded(load=True), reason="the engine is pure here: those files ran in this process")
def test_the_tas_tools_pass_on_the_pure_engine():
    env = {**os.environ, "TDREAM_PURE": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    r = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                        *[str(Path(__file__).parent / f) for f in FILES]],
                       cwd=ROOT, env=env, capture_output=True, text=True, timeout=1800)
    assert r.returncode == 0, r.stdout[-4000:] + r.stderr[-2000:]
    assert " passed" in r.stdout and " skipped" not in r.stdout.splitlines()[-1], r.stdout[-1000:]
