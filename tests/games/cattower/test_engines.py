"""Issue 25: the compiled engine (``tdream native``: the match, the scoring and the CPU players'
model, Program.native_modules) plays the same games as pure Python, record for record: the same
rolls, answers, CPU choices and checkpoints."""
import json

from ...conftest import run_cli

CPUS = "cpu:hard,joji:hard,yuka,kenta:easy"


def simulate(tmp_path, name: str, pure: bool) -> tuple[dict, dict]:
    folder = tmp_path / name
    r = run_cli("simulate", "--game", "cattower", "--cpus", CPUS, "--games", "2", "--seed", "4", "--json",
                "--records", str(folder), env={"TDREAM_PURE": "1" if pure else ""})
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    for key in ("seconds", "games_per_s", "turns_per_s"):
        out.pop(key, None)
    return out, {p.name: p.read_text() for p in sorted(folder.iterdir())}


def test_compiled_and_pure_engines_play_the_same_cattower_games(tmp_path):
    pure, pure_records = simulate(tmp_path, "pure", True)
    other, other_records = simulate(tmp_path, "other", False)
    assert pure == other
    assert pure_records == other_records and len(pure_records) == 2
