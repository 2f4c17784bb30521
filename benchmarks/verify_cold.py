"""Replay verify of records a process has not seen before: turns a second, one pass.

`tdream bench`'s `replay_verify_turns_per_s` verifies the same 20 records round after round and
keeps the best round, so what a replay keeps between records (each line's parsed item and its
answers) is warm there. A user's `tdream replay verify *.tdr` reads each record once: this is that
figure. The records are written first (4 `random` players, seeds 1000 on), then a fresh process
verifies one of them to warm up (imports, rules data) and the others once each.

    python benchmarks/verify_cold.py [--records 20] [--game towerdream] [--tree PATH]

``--tree``: verify with another checkout's ``tdream`` (say a compiled worktree of an earlier
commit, for a side-by-side; its rules data must be the same). Prints
``replay_verify_cold_turns_per_s: N``.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VERIFY = r"""
import glob, sys, time
from tdream.platform.replay import verify_record
paths = sorted(glob.glob(sys.argv[1] + "/*.tdr"))
verify_record(paths[0])
start = time.perf_counter()
turns = 0
for p in paths[1:]:
    verdict = verify_record(p)
    if not verdict.ok:
        raise SystemExit(f"{p} does not verify")
    turns += verdict.turns
print(round(turns / (time.perf_counter() - start), 1))
"""


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--records", type=int, default=20)
    p.add_argument("--game", default="towerdream")
    p.add_argument("--tree", default=str(ROOT), help="the checkout whose tdream verifies (default: this one)")
    a = p.parse_args()
    sys.path.insert(0, str(ROOT))
    from tdream.platform import registry
    from tdream.platform.simulate import play_game
    game = registry.get(a.game)
    with tempfile.TemporaryDirectory(prefix="tdream-cold-") as folder:
        for i in range(a.records + 1):
            play_game(game, ["random"] * game.default_seats, 1000 + i, None,
                      record=os.path.join(folder, f"r{i:03d}.tdr"))
        env = dict(os.environ, PYTHONPATH=a.tree)
        out = subprocess.run([sys.executable, "-c", VERIFY, folder], cwd=a.tree, env=env,
                             capture_output=True, text=True)
        if out.returncode != 0:
            print(out.stderr.strip().splitlines()[-1] if out.stderr.strip() else "verify failed", file=sys.stderr)
            return 1
    print(f"replay_verify_cold_turns_per_s: {out.stdout.strip()}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
