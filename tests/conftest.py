import os
import sys
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs the same examples every time (a new failing example is found by local runs, which
# stay random, and then kept by hypothesis's example database).
settings.register_profile("ci", derandomize=True)
if os.environ.get("CI"):
    settings.load_profile("ci")

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"

# The suite never touches the real user folders (issue 14): settings, records and the records
# database of every test, and of every process a test starts, live in a folder of their own.
_USER = Path(__import__("tempfile").mkdtemp(prefix="tdream-tests-"))
for _var in ("XDG_DATA_HOME", "XDG_CONFIG_HOME", "XDG_CACHE_HOME", "XDG_STATE_HOME"):
    os.environ[_var] = str(_USER / _var.split("_")[1].lower())


def pytest_unconfigure(config):
    """The folder goes when the run ends (xdist workers and subprocesses are done by then)."""
    __import__("shutil").rmtree(_USER, ignore_errors=True)


@pytest.fixture(scope="session")
def ruleset():
    from tdream.games.towerdream.data import load_ruleset
    return load_ruleset()


@pytest.fixture(scope="session")
def boards(ruleset):
    from tdream.games.towerdream.data import board_ids, load_board
    return {b: load_board(b, ruleset) for b in board_ids()}


def run_cli(*args, input=None, env=None, timeout=300):
    """Run ``python -m tdream ARGS`` in a fresh process; return the CompletedProcess."""
    import subprocess
    e = dict(os.environ)
    e.update(env or {})
    return subprocess.run([sys.executable, "-m", "tdream", *args], capture_output=True, text=True,
                          input=input, env=e, timeout=timeout, cwd=ROOT)


def pytest_addoption(parser):
    parser.addoption("--update-goldens", action="store_true", default=False,
                     help="rewrite the golden frames of tests/frontend/goldens from the current code")


def seated(game, names: list[str], kinds: list[str]) -> list[str]:
    """The seats' kinds in a game's turn order (the game drew it; seats are not in its state)."""
    by_name = dict(zip(names, kinds))
    return [by_name[n] for n in game.names]
