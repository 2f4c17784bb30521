"""Tower Up's balance with other four-player counts switched in (issue 24; docs/games/towerup.md
"Balance"): ``towerup_balance.py`` with ``Components.roofs_for``, ``supply_for`` and ``later_for``
replaced for four players for the run. The data files are not touched. A simulation, not a test.

    python benchmarks/towerup_counts.py ROOFS SUPPLY L1,L2,L3 CPU SEED [GAMES]
    python benchmarks/towerup_counts.py 9 36 2,3,4 cpu 11

Prints one line: the counts, the win share by turn position, the endings and the turns.
"""
from __future__ import annotations

import contextlib
import io
import json
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))
sys.path.insert(0, str(HERE))

from tdream.games.towerup import data  # noqa: E402


def main(argv: list[str]) -> int:
    if len(argv) not in (5, 6):
        print(__doc__, file=sys.stderr)
        return 2
    roofs, supply = int(argv[0]), int(argv[1])
    later = tuple(int(x) for x in argv[2].split(","))
    cpu, seed = argv[3], int(argv[4])
    games = int(argv[5]) if len(argv) > 5 else 400
    comp = data.Components
    o_r, o_s, o_l = comp.roofs_for, comp.supply_for, comp.later_for
    comp.roofs_for = lambda self, n: roofs if n == 4 else o_r(self, n)        # type: ignore[method-assign]
    comp.supply_for = lambda self, n: supply if n == 4 else o_s(self, n)      # type: ignore[method-assign]
    comp.later_for = lambda self, n: later if n == 4 else o_l(self, n)        # type: ignore[method-assign]
    import towerup_balance   # after the switch: its worker processes are forked with it
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        towerup_balance.main(["--players", "4", "--games", str(games), "--seed", str(seed), "--cpu", cpu,
                              "--jobs", "2"])
    r = json.loads(buf.getvalue().strip().splitlines()[-1])
    print(f"roofs {roofs} supply {supply} later_floors {list(later)} {cpu} seed {seed}: "
          f"{r['win_share_by_position']} endings {r['endings']} turns {r['turns']}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
