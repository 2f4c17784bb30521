"""Instructions per turn, counted by callgrind: a speed figure that does not move with the
machine's load (wall-clock figures here vary by about 30% from run to run).

    python benchmarks/instructions.py            # simulate: 10 classic-10 games, 4 random players
    python benchmarks/instructions.py verify     # replay verify of 10 records of such games

Needs valgrind (Debian: apt-get install valgrind). Prints ``instructions_per_turn: N``.
"""
from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent   # the tree measured: this script's, wherever it runs from
GAMES = 10
WORK = r"""
import sys, glob
from tdream.platform import registry
from tdream.platform.simulate import play_game
from tdream.platform.replay import verify_record
mode, n, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
game = registry.get("towerdream")
turns = 0
if mode == "simulate":
    for i in range(n):
        turns += play_game(game, ["random"] * 4, i, {"board": "classic-10"}).turns
else:
    for p in sorted(glob.glob(folder + "/*.tdr"))[:n]:
        turns += verify_record(p).turns
print("TURNS", turns)
"""


def count(mode: str, n: int, folder: str) -> tuple[int, int]:
    # ``python -c`` puts the working folder first on the path: run it in this script's tree.
    out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", sys.executable, "-c",
                          WORK, mode, str(n), folder], capture_output=True, text=True, check=True, cwd=ROOT)
    instructions = int(re.search(r"Collected : (\d+)", out.stderr).group(1))
    turns = int(re.search(r"TURNS (\d+)", out.stdout).group(1))
    return instructions, turns


def main() -> int:
    sys.path.insert(0, str(ROOT))
    mode = sys.argv[1] if len(sys.argv) > 1 else "simulate"
    with tempfile.TemporaryDirectory() as folder:
        if mode == "verify":
            from tdream.platform import registry
            from tdream.platform.simulate import play_game
            game = registry.get("towerdream")
            for i in range(GAMES):
                play_game(game, ["random"] * 4, i, {"board": "classic-10"}, record=os.path.join(folder, f"g{i:02d}.tdr"))
        big, turns_big = count(mode, GAMES, folder)
        small, turns_small = count(mode, 1, folder)
    print(f"instructions_per_turn: {(big - small) // (turns_big - turns_small)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
