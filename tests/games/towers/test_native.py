"""Issue 25: Towers' compiled engine (``Towers.program.native_modules``: the board, the match, the CPU's
search, built by ``tdream native``) plays the same games as pure Python, bit for bit: the same
answers, events and fingerprints after every input, CPU players of every level included."""
import json
import os
import subprocess
import sys

from tdream.games.towers import GAME
from tests.conftest import ROOT

# Each line-up with its options and games: a digest of every (seat, answer, events, fingerprint).
PLAYS = """
import hashlib, json, sys
import tdream.native as native
from tdream.platform import registry
from tdream.platform.session import Seat, Session
from tdream.rng import derive_seed
game = registry.get("towers")
out = {"engine": native.engine_kind()}
for kinds, options, games in json.loads(sys.argv[1]):
    h = hashlib.sha256()
    for g in range(games):
        s, events = Session.start(game, [Seat(f"P{i + 1}", k) for i, k in enumerate(kinds)], options,
                                  derive_seed(9, g))
        h.update(repr(events).encode())
        s.observers.append(lambda _s, seat, a, e, _g: h.update(repr((seat, a, e, _s.match.fingerprint())).encode()))
        while s.advance() is not None:
            pass
    out[f"{kinds} {options}"] = h.hexdigest()
print(json.dumps(out))
"""
LINEUPS = [
    (["random", "random"], {}, 6),
    (["random", "random"], {"demolish": "war", "size": 7}, 4),
    (["random", "random", "random"], {"demolish": "advanced", "claim_mode": "enclosed", "size": 10}, 3),
    (["random"] * 4, {"claim_mode": "literal", "size": 12}, 2),
    (["cpu:hard", "cpu"], {}, 1),
    (["kenta:easy", "cosmic-will:hard"], {"demolish": "war", "size": 6}, 1),
    (["yuka", "hazumi:hard", "random"], {"demolish": "advanced", "size": 7}, 1),
]


def plays(pure: bool) -> dict:
    env = {k: v for k, v in os.environ.items() if k != "TDREAM_PURE"}
    if pure:
        env["TDREAM_PURE"] = "1"
    r = subprocess.run([sys.executable, "-c", PLAYS, json.dumps(LINEUPS)], capture_output=True, text=True,
                       cwd=ROOT, env=env, timeout=600)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_towers_hot_modules_are_named_for_the_build():
    assert GAME.program.native_modules == ("tdream.games.towers.board", "tdream.games.towers.match",
                                   "tdream.games.towers.search")


def test_compiled_and_pure_towers_play_the_same_games():
    pure, other = plays(True), plays(False)
    assert pure.pop("engine") == "python"
    other.pop("engine")                 # "compiled" once `tdream native` has built it; the same games either way
    assert pure == other
