"""The strength benchmark runs (a smoke test: no figure is asserted, nothing is timed)."""
import json
import subprocess
import sys

from ...conftest import ROOT


def test_strength_script_runs_and_prints_json():
    out = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "cattower_strength.py"), "--games", "4",
                          "--part", "normal", "--json"], capture_output=True, text=True, check=True, cwd=ROOT).stdout
    data = json.loads(out)
    assert data["cpu_vs_random_games"] == 4 and 0 <= data["cpu_vs_random_win_pct"] <= 100
