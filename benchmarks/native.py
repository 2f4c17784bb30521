"""Measure the engine compiled with mypyc against the pure-Python engine (docs/PERFORMANCE.md).

    .venv/bin/pip install mypy        # mypyc comes with mypy; needs a C compiler
    .venv/bin/python benchmarks/native.py

Copies ``tdream/`` to a temporary folder, compiles ``tdream/engine/game.py`` and ``rng.py`` there
(type errors ignored: no type work has been done for mypyc yet), and plays the same 25 classic-10
games with four ``random`` players on each, best of 5. Nothing in the project is changed.
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN = r"""
import sys, time
sys.path.insert(0, sys.argv[1])
import tdream.engine.game as game_module
from tdream.data import load_board, load_ruleset
from tdream.runner.simulate import play_game
rs = load_ruleset(); board = load_board(sys.argv[2], rs)
best = 1e9
for _ in range(5):
    start = time.perf_counter(); turns = 0
    for i in range(25):
        turns += play_game(rs, board, ["random"] * 4, i).turns
    best = min(best, time.perf_counter() - start)
kind = "compiled" if game_module.__file__.endswith(".so") else "python"
print(f"{kind}: {turns / best:.0f} turns/s, {25 / best:.1f} games/s ({turns} turns)")
"""


def main() -> int:
    if shutil.which("mypyc") is None and not (Path(sys.executable).parent / "mypyc").exists():
        print("mypyc not found: pip install mypy (and a C compiler)", file=sys.stderr)
        return 2
    mypyc = shutil.which("mypyc") or str(Path(sys.executable).parent / "mypyc")
    boards = str(ROOT / "boards" / "classic-10.yaml")
    with tempfile.TemporaryDirectory(prefix="tdream-native-") as tmp:
        shutil.copytree(ROOT / "tdream", Path(tmp) / "tdream", ignore=shutil.ignore_patterns("__pycache__"))
        Path(tmp, "mypy.ini").write_text("[mypy]\nignore_errors = True\n")
        built = subprocess.run([mypyc, "tdream/engine/game.py", "tdream/engine/rng.py"], cwd=tmp,
                               capture_output=True, text=True)
        if built.returncode != 0:
            print(built.stdout[-2000:] + built.stderr[-2000:], file=sys.stderr)
            return 1
        env = dict(os.environ, TDREAM_BOARDS=str(ROOT / "boards"))
        for where in (str(ROOT), tmp):
            subprocess.run([sys.executable, "-c", RUN, where, boards], env=env, check=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
