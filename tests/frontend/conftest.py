import pytest


@pytest.fixture(scope="session")
def screens():
    """Every screen's frame, from one scripted run from power on (tests/frontend/screens.py)."""
    from .screens import capture
    return capture()


@pytest.fixture(scope="session")
def update_goldens(request):
    return request.config.getoption("--update-goldens")


# The TAS tools' tests on the pure engine, from a process whose engine is compiled (CI builds it):
# started as soon as they are collected, in a process of their own, so that they run on the second
# core beside the rest of the suite; test_tas_pure.py waits for them and reports.
TAS_FILES = ("test_tas.py", "test_tas_window.py", "test_press_preview.py")
_TAS_RUN: dict = {}


def pytest_collection_modifyitems(session, config, items):
    if not any(item.name == "test_the_tas_tools_pass_on_the_pure_engine" for item in items):
        return
    from tdream.native import compiled_loaded
    if not compiled_loaded(load=True):
        return
    import os
    import subprocess
    import sys
    import tempfile
    from pathlib import Path
    here = Path(__file__).parent
    out = tempfile.TemporaryFile(mode="w+")
    env = {**os.environ, "TDREAM_PURE": "1", "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    proc = subprocess.Popen([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             *[str(here / f) for f in TAS_FILES]],
                            cwd=here.parents[1], env=env, stdout=out, stderr=subprocess.STDOUT, text=True)
    _TAS_RUN.update(proc=proc, out=out)


@pytest.fixture
def tas_pure_run():
    """(return code, output) of the TAS tools' tests run on the pure engine (started at collection)."""
    proc, out = _TAS_RUN["proc"], _TAS_RUN["out"]
    try:
        code = proc.wait(timeout=1800)
    except Exception:
        proc.kill()
        raise
    out.seek(0)
    return code, out.read()


# Netplay's sittings (test_netplay.py): processes that mostly wait on the loopback, started as
# soon as the tests that wait for them are collected, so that they run beside the rest of the
# suite; every one still running is killed when the session ends.
_NETPLAY: list = []


def pytest_collection_finish(session):
    if session.config.option.collectonly or not any(
            item.nodeid.split("::")[0].endswith("test_netplay.py") for item in session.items):
        return
    from . import netplay_helpers  # netplay's processes: only when their tests run
    netplay_helpers.suite(session.config._tmp_path_factory.mktemp("netplay"))
    _NETPLAY.append(netplay_helpers)


def pytest_sessionfinish(session):
    for helpers in _NETPLAY:
        helpers.stop_suite()
