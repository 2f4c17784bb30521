"""The analysis's benchmarks (benchmarks/analysis_calibration.py, benchmarks/analysis_bench.py) stay
runnable: they are measures, not timed tests, so only their arithmetic and arguments are checked
here, in this process (no game is played)."""
import importlib.util
import sys

import pytest

from tdream.platform import registry

from .conftest import ROOT


def _load(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "benchmarks" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod          # analysis_bench imports analysis_calibration by name
    spec.loader.exec_module(mod)
    return mod


CAL = _load("analysis_calibration")
BENCH = _load("analysis_bench")


def test_the_table_buckets_pairs_by_tenth_and_judges_only_full_tenths():
    pairs = [(0.05, 0.0)] * 40 + [(0.05, 1.0)] * 4 + [(1.0, 1.0)] * 10 + [(0.55, 0.0)] * 29
    rows = CAL.table(pairs)
    assert [r["pairs"] for r in rows] == [44, 0, 0, 0, 0, 29, 0, 0, 0, 10]
    low = rows[0]
    assert low["judged"] and low["mean"] == 0.05 and low["observed"] == round(4 / 44, 4)
    assert low["gap"] == round(100 * (4 / 44 - 0.05), 2) and low["ok"]      # 4.1 points: within 5
    assert not rows[5]["judged"] and rows[5]["ok"]                          # 29 pairs, 55 points off: not judged
    assert rows[9]["tenth"] == "90-100%" and rows[9]["mean"] == 1.0          # 100% falls in the last tenth
    rows = CAL.table([(0.05, 0.0)] * 30 + [(0.05, 1.0)] * 4)
    assert rows[0]["judged"] and not rows[0]["ok"]                          # 6.8 points off


def test_line_ups_are_the_games_characters_at_its_table_size_and_seeded():
    for gid in CAL.GAMES:
        game = registry.get(gid)
        a = CAL.lineup(game, 40, 3)
        assert a == CAL.lineup(game, 40, 3) and len(set(a)) == len(a) == CAL.table_size(game)
        assert not set(a) & set(CAL.NOT_CHARACTERS) and set(a) <= set(game.cpu_kinds())
    assert len({tuple(CAL.lineup(registry.get("towerdream"), 40, i)) for i in range(6)}) > 1


@pytest.mark.parametrize("mod, argv", [(CAL, ["--game", "nope"]), (CAL, ["--positions", "0"]),
                                        (CAL, ["--policy", "nobody", "--game", "towers"]),
                                        (BENCH, ["--game", "nope"]), (BENCH, ["--jobs", "x"])])
def test_bad_arguments_exit_2_with_one_line(mod, argv, capsys):
    with pytest.raises(SystemExit) as e:
        mod.main(argv)
    assert e.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "analysis_" in err[0]
